import Testing
@testable import CardSema
import CardDiagnostics

/// The byte-keyed lookups the checker uses instead of `String` dictionaries must answer exactly
/// as those dictionaries did.
@Suite struct NameTableTests {
    func index(_ table: NameTable, _ text: String) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { table.index(of: $0) }
    }

    @Test func findsEveryNameAndNothingElse() {
        let names = ["text", "a", "", "hstack", "verticalSeparator", "minimumSwipeMargin", "exactlySixteen16",
                     "seventeen_chars_x", "a_name_much_longer_than_twenty_four_bytes"]
        let table = NameTable(names)
        for (i, name) in names.enumerated() {
            #expect(index(table, name) == i, "\(name)")
            #expect(table.index(of: name) == i)
        }
        for miss in ["tex", "texts", "Text", "hstacK", "verticalSeparatoR", "seventeen_chars_y", "b", " "] {
            #expect(index(table, miss) == nil, "\(miss)")
        }
    }

    @Test func firstOfDuplicatesWins() {
        let table = NameTable(["x", "y", "x"])
        #expect(index(table, "x") == 0)
    }

    /// Byte equality stands in for `String` equality only because no catalog name holds one of
    /// the ASCII characters another character is canonically equivalent to (K ← U+212A KELVIN
    /// SIGN, `;` ← U+037E, a backtick ← U+1FEF) or a non-ASCII byte.
    @Test func catalogNamesAreSafeForByteComparison() {
        var names = Catalog.nodes.map(\.name) + Catalog.traits.map(\.name) + Catalog.cardProperties.map(\.name)
            + Catalog.namedColors.map(\.name) + Catalog.builtInStates.map(\.name) + Catalog.stackKinds.map(\.name)
        for spec in Catalog.nodes { names += spec.parameters.map(\.name) }
        for spec in Catalog.traits { names += spec.parameters.map(\.name) }
        for spec in Catalog.stackKinds { names += spec.arguments.map(\.name) }
        for spec in Catalog.nodes {
            for parameter in spec.parameters { names += parameter.type.enumType?.caseNames ?? [] }
        }
        for name in names {
            #expect(name.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "K") && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "`") },
                    "\(name)")
        }
    }

    @Test func internerIdentityFollowsStringEquality() {
        let names = NameInterner()
        func intern(_ text: String) -> InternedName { names.intern(text) }
        let plain = intern("balance")
        #expect(intern("balance").identity == plain.identity)
        #expect(intern("balanc").identity != plain.identity)
        // Precomposed and decomposed é: equal Strings, one identity, each keeps its own bytes.
        let precomposed = intern("caf\u{E9}")
        let decomposed = intern("cafe\u{301}")
        #expect(precomposed.identity == decomposed.identity)
        #expect(precomposed.spelling != decomposed.spelling)
        #expect(Array(names.text(decomposed).utf8) == Array("cafe\u{301}".utf8))
        // An ASCII name seen after the first non-ASCII one still finds its canonical twin.
        let kelvin = intern("\u{212A}ey")
        #expect(intern("Key").identity == kelvin.identity)
        #expect(intern("balance").identity == plain.identity)
    }

    @Test func internerResolvesBindingTargets() {
        let names = NameInterner()
        guard case .row(let field) = names.bindingTarget(names.intern("item.amount")) else { Issue.record("not a row field"); return }
        #expect(names.text(field) == "amount")
        let balance = names.intern("balance")
        guard case .card(let name) = names.bindingTarget(balance) else { Issue.record("not a card field"); return }
        #expect(name == balance)
        // Dots dropped around the name: the field is the name without them.
        guard case .card(let dotted) = names.bindingTarget(names.intern(".balance.")) else { Issue.record("not a card field"); return }
        #expect(dotted.identity == balance.identity)
        guard case .invalid = names.bindingTarget(names.intern("a.b.c")) else { Issue.record("not invalid"); return }
    }

    @Test func internerGrowsPastItsFirstTable() {
        let names = NameInterner()
        let spellings = (0..<3000).map { "name\($0)" }
        let ids = spellings.map { names.intern($0) }
        for (spelling, id) in zip(spellings, ids) {
            #expect(names.intern(spelling) == id)
            #expect(names.text(id) == spelling)
        }
    }

    /// Setting a card's heavy fields replaces its stored form without touching other copies.
    @Test func cardFieldsCanBeSetWithValueSemantics() throws {
        let source = """
            card A: rounded(radius: 4) { title: "T"  text("x") }
            """
        let result = Compiler.check(paths: ["a.cards"], root: ".", provider: MemoryFileProvider(["a.cards": source]))
        let original = try #require(result.decks.first?.cards.first)
        var changed = original
        changed.traits = []
        changed.title = .string("U")
        #expect(changed.traits.isEmpty)
        #expect(changed.title == .string("U"))
        #expect(changed.states.first?.parts.first?.part == "text")
        #expect(original.traits.map(\.trait) == ["rounded"])
        #expect(original.title == .string("T"))
        #expect(original.swipeDirections == SwipeDirection.allCases)
    }
}
