import CardPipeline
import CardDiagnostics
import CardSyntax
import Foundation
import Testing
import CardModel
import CardSources
@testable import CardSema

/// `Testing` has a `SourceLocation` too.
typealias CardLocation = CardDiagnostics.SourceLocation

/// Checks in-memory sources as `/deck/<path>` files (the first is the entry), no disk access.
func checkSources(_ files: [String: String], entry: String = "main.cards") -> Pipeline.Result {
    var memory: [String: String] = [:]
    for (path, text) in files { memory["/deck/" + path] = text }
    let entryPath = "/deck/" + entry
    return Pipeline.check(paths: [entryPath], root: "/deck", provider: MemoryFileProvider(memory),
                          sources: [entryPath: Array((files[entry] ?? "").utf8)])
}

func checkSource(_ text: String) -> Pipeline.Result { checkSources(["main.cards": text]) }

extension Pipeline.Result {
    /// `line CODE` of every diagnostic, for compact assertions.
    var summary: [String] {
        diagnostics.map { "\(fileSet[$0.span.file].location(of: $0.span.start).line) \($0.code.rawValue)" }
    }

    func location(_ span: SourceSpan) -> CardLocation { fileSet[span.file].location(of: span.start) }

    func text(_ span: SourceSpan) -> String { fileSet[span.file].text(span.range) }

    /// The entry file with every fix-it of `diagnostics` applied (non-overlapping, back to front).
    func applyingFixIts(of diagnostics: [Diagnostic]) -> String {
        var bytes = fileSet.files[0].bytes
        let fixes = diagnostics.flatMap(\.fixIts).filter { $0.span.file == fileSet.files[0].id }.sorted { $0.span.start > $1.span.start }
        for fix in fixes { bytes.replaceSubrange(fix.span.range, with: Array(fix.replacement.utf8)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Focused assertions on messages, notes and fix-its, and on the checked model.
@Suite struct CheckerTests {
    // MARK: E501

    @Test func missingRequirementsAreOneDiagnosticListingEach() throws {
        let result = checkSource("""
            card Budget: shadow(color: .lightGray, radius: 10) {
              text("x")
            }
            """)
        #expect(result.summary == ["1 E501"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "trait `shadow` is missing `opacity` and `offset`")
        #expect(result.text(d.span) == "shadow")
        #expect(d.label == "ShadowCardTrait requires shadowOpacity() and shadowOffset()")
        #expect(d.help == "add `opacity: 0.5, offset: size(0, 0)`")
        let fix = try #require(d.fixIts.first)
        #expect(d.fixIts.count == 1)
        #expect(fix.span.start == fix.span.end, "the fix-it inserts")
        #expect(fix.replacement == ", opacity: 0.5, offset: size(0, 0)")
        #expect(result.applyingFixIts(of: result.diagnostics).hasPrefix(
            "card Budget: shadow(color: .lightGray, radius: 10, opacity: 0.5, offset: size(0, 0)) {"))
    }

    @Test func threeMissingRequirementsAreStillOneDiagnostic() throws {
        let result = checkSource("card Budget: shadow(color: .black) { text(\"x\") }")
        #expect(result.summary == ["1 E501"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "trait `shadow` is missing `radius`, `opacity` and `offset`")
        #expect(d.label == "ShadowCardTrait requires shadowRadius(), shadowOpacity() and shadowOffset()")
        #expect(d.fixIts.map(\.replacement) == [", radius: 10, opacity: 0.5, offset: size(0, 0)"])
    }

    /// Every E501 fix-it, applied, gives a deck with no diagnostics: the placeholders are
    /// valid values (with and without parentheses, with and without other arguments).
    @Test func applyingTheFixItsGivesACleanDeck() throws {
        let result = checkSource("""
            card Budget: shadow(color: .black), editable, rounded(), hidden, border(width: 1),
                         longPress, visibility, customMargin, gradient {
              text("x", color: .black)
            }
            """)
        // And W503: the gradient takes the border away; its fix-it is not applied here.
        let missing = result.diagnostics.filter { $0.code == .e501 }
        #expect(missing.count == 9)
        #expect(result.diagnostics.map(\.code).filter { $0 != .e501 } == [.w503])
        for d in missing { #expect(d.fixIts.count == 1, "\(d.message)") }
        let fixed = result.applyingFixIts(of: missing)
        let again = checkSource(fixed)
        #expect(again.summary == ["1 W503"], "\(fixed)\n\(again.summary) \(again.diagnostics.map(\.message))")
        #expect(fixed.contains("editable(onEdit: editCard)"))
        #expect(fixed.contains("rounded(radius: 10)"))
        #expect(fixed.contains("hidden(isHidden: $isHidden)"))
    }

    /// A value written without its label is one E310 whose fix-it inserts the label; the
    /// requirement is not also reported missing.
    @Test func unlabeledValueGetsItsLabelInserted() throws {
        let result = checkSource("card A: rounded(10) {\n  bar(0.5)\n}")
        #expect(result.summary == ["1 E310", "2 E310"])
        #expect(result.diagnostics.map { $0.fixIts.map(\.replacement) } == [["radius: "], ["percent: "]])
        let fixed = result.applyingFixIts(of: result.diagnostics)
        #expect(fixed == "card A: rounded(radius: 10) {\n  bar(percent: 0.5)\n}")
        #expect(checkSource(fixed).diagnostics.isEmpty)
    }

    // MARK: Did-you-mean

    @Test func unknownPartByCardPartsClassSuggestsThePart() throws {
        let result = checkSource("card A {\n  CardPartTextView(\"x\")\n}")
        #expect(result.summary == ["2 E301"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "unknown part `CardPartTextView`")
        #expect(d.help == "did you mean `text`?")
        #expect(d.fixIts.map(\.replacement) == ["text"])
        #expect(result.text(try #require(d.fixIts.first).span) == "CardPartTextView")
    }

    @Test func unknownPartByTypoSuggestsThePart() throws {
        let result = checkSource("card A {\n  txet(\"x\")\n}")
        let d = try #require(result.diagnostics.first)
        #expect(d.code == .e301)
        #expect(d.help == "did you mean `text`?")
    }

    @Test func unknownTraitByProtocolSuggestsTheTrait() throws {
        let result = checkSource("card A: ShadowCardTrait {\n  text(\"x\")\n}")
        #expect(result.summary == ["1 E302"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "unknown trait `ShadowCardTrait`")
        #expect(d.help == "did you mean `shadow`?")
        // Renamed, with the requirements E501 would ask for: applying it leaves no error.
        #expect(d.fixIts.map(\.replacement) == ["shadow", "(color: .lightGray, radius: 10, opacity: 0.5, offset: size(0, 0))"])
        #expect(checkSource(result.applyingFixIts(of: result.diagnostics)).diagnostics.isEmpty)
    }

    @Test func unknownTraitSuggestionNeverDuplicatesATrait() throws {
        // `shadow` is applied already: suggesting it would be E502.
        let applied = checkSource("card A: shadw, shadow(color: .black, radius: 2, opacity: 1, offset: size(0, 1)) {\n  text(\"x\")\n}")
        #expect(applied.summary == ["1 E302"])
        #expect(applied.diagnostics.first?.help == nil)
        #expect(applied.diagnostics.first?.fixIts == [])
        // Two misspellings of one trait: only the first is offered it.
        let twice = checkSource("card A: shadw, ShadowCardTrait {\n  text(\"x\")\n}")
        #expect(twice.summary == ["1 E302", "1 E302"])
        #expect(twice.diagnostics.map(\.help) == ["did you mean `shadow`?", nil])
        #expect(checkSource(twice.applyingFixIts(of: twice.diagnostics)).summary == ["1 E302"])
    }

    @Test func unknownTraitWhoseArgumentsDoNotFitGetsNoFixIt() throws {
        // `rounded` takes no `color:`: renaming alone would be E310.
        let result = checkSource("card A: rounde(color: .red) {\n  text(\"x\")\n}")
        #expect(result.summary == ["1 E302"])
        let d = try #require(result.diagnostics.first)
        #expect(d.help == "did you mean `rounded`?")
        #expect(d.fixIts.isEmpty)
    }

    @Test func misspeltLabelOfAMissingParameterIsOneDiagnostic() throws {
        // Not also E501 for the missing `radius`: its fix-it would add a second one.
        let result = checkSource("card A: rounded(radios: 10) {\n  bar(percnt: 0.5)\n}")
        #expect(result.summary == ["1 E310", "2 E310"])
        #expect(result.diagnostics.map(\.help) == ["did you mean `radius`?", "did you mean `percent`?"])
        #expect(checkSource(result.applyingFixIts(of: result.diagnostics)).diagnostics.isEmpty)
        // The value is checked as the meant parameter's.
        #expect(checkSource("card A: rounded(radios: \"big\") {\n  text(\"x\")\n}").summary == ["1 E310", "1 E801"])
        // A parameter given by another argument is not suggested: that would be a duplicate.
        let given = checkSource("card A: rounded(radios: 10, radius: 4) {\n  text(\"x\")\n}")
        #expect(given.summary == ["1 E310"])
        #expect(given.diagnostics.first?.help == nil)
    }

    @Test func unknownCardPropertySuggestedOnlyWhenTheValueFits() throws {
        let fits = checkSource("card A {\n  titel: \"Trip\"\n  text(\"x\")\n}")
        #expect(fits.summary == ["2 E310"])
        #expect(fits.diagnostics.first?.help == "did you mean `title`?")
        // `size` is close to `swipe`, but a size is no list of directions.
        let misfit = checkSource("card A {\n  size: size(1, 2)\n  text(\"x\")\n}")
        #expect(misfit.summary == ["2 E310"])
        #expect(misfit.diagnostics.first?.help == nil)
        #expect(misfit.diagnostics.first?.fixIts == [])
        // Nor a property the card sets already.
        let set = checkSource("card A {\n  title: \"a\"\n  titel: \"b\"\n  text(\"x\")\n}")
        #expect(set.diagnostics.first { $0.code == .e310 }?.help == nil)
    }

    @Test func unknownCardSuggestionsKeepTheFixValid() throws {
        let source = """
            card Budget { text("x") }
            card Budgets { text("y") }
            stack Wallet: list {
              Budget
              Budgte
            }
            stack Deck: swipe {
              Budget
              Budgte
            }
            """
        let result = checkSource(source)
        #expect(result.summary == ["5 E303", "9 E303"])
        // In a list, `Budget` is listed already (E705 if repeated); a swipe stack repeats cards.
        #expect(result.diagnostics.map(\.help) == ["did you mean `Budgets`?", "did you mean `Budget`?"])
        // A push target: only a card of the pushing card's sheet.
        let push = checkSource("""
            card Home { title: "Home"\n  button("Go", action: push(Detial)) }
            card Detail { title: "Detail"\n  text("d") }
            card Detal { text("elsewhere") }
            stack Map: sheet {
              Home
              Detail
            }
            """)
        #expect(push.summary == ["2 E303"])
        #expect(push.diagnostics.first?.help == "did you mean `Detail`?")
    }

    @Test func unknownStackKindSuggestsTheKind() throws {
        let result = checkSource("card A { text(\"x\") }\nstack S: collapsable {\n  A\n}")
        #expect(result.summary == ["2 E309"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "unknown stack kind `collapsable`")
        #expect(d.help == "did you mean `collapsible`?")
        #expect(d.fixIts.map(\.replacement) == ["collapsible"])
    }

    @Test func unknownCardSuggestsTheCard() throws {
        let result = checkSource("card Budget { text(\"x\") }\nstack S: list {\n  Budgte\n}")
        #expect(result.summary == ["3 E303"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "unknown card `Budgte`")
        #expect(d.help == "did you mean `Budget`?")
        #expect(d.fixIts.map(\.replacement) == ["Budget"])
    }

    @Test func misspeltBindingIsAWarningWithItsFieldNotAlsoUnused() throws {
        let result = checkSource("card A {\n  model { name: \"Ada\" }\n  text($nmae)\n  text($nmae)\n}")
        #expect(result.summary == ["3 W801"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "`$nmae` names no model field; did you mean `$name`?")
        #expect(d.fixIts.map(\.replacement) == ["name", "name"])
        #expect(checkSource(result.applyingFixIts(of: result.diagnostics)).diagnostics.isEmpty)
        // Far from every field: legal, no diagnostic but the unused field's.
        #expect(checkSource("card A {\n  model { name: \"Ada\" }\n  text($greeting)\n}").summary == ["2 W101"])
    }

    @Test func misspeltRowFieldIsOfferedTheRowsLabel() throws {
        let result = checkSource("""
            card A {
              model { rows: [(title: "Rent", amount: "$900")] }
              table(rows: $rows) {
                cell {
                  text($item.titel)
                  text($item.amount)
                }
              }
            }
            """)
        // At the misspelt use, where the caret should be, with a note at the rows' default.
        #expect(result.summary == ["5 E803"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "the rows of `$rows` have no `titel`")
        #expect(d.help == "did you mean `$item.title`?")
        #expect(d.notes.first?.message == "the rows of `rows` are declared here, with `title`, `amount`")
        #expect(d.fixIts.map(\.replacement) == ["title"])
        #expect(checkSource(result.applyingFixIts(of: result.diagnostics)).diagnostics.isEmpty)
    }

    /// E703's fix-it: a `title:` as the card's first item, on a line of its own when the block
    /// spans lines (after a comment on the `{` line), indented as the block's items.
    @Test func sheetCardWithoutTitleGetsOne() throws {
        let source = "card Day { // the day's plan\n    text(\"Belém\")\n}\ncard Night {}\nstack Plan: sheet {\n  Day\n  Night\n}\n"
        let result = checkSource(source)
        #expect(result.summary == ["6 E703", "7 E703"])
        let fixed = result.applyingFixIts(of: result.diagnostics)
        #expect(fixed == "card Day { // the day's plan\n    title: \"Day\"\n    text(\"Belém\")\n}\ncard Night { title: \"Night\"}\nstack Plan: sheet {\n  Day\n  Night\n}\n")
        #expect(checkSource(fixed).diagnostics.isEmpty)
    }

    /// Inside a `cell`, a binding with no field is first offered the rows' label, and never a
    /// field whose type its uses cannot take (`$walks`, the list itself).
    @Test func bindingInACellIsOfferedTheRowsLabel() throws {
        let source = """
            card A {
              model { walks: [(walker: "Sam", route: "Park")] }
              table(rows: $walks) {
                cell {
                  text($walker)
                  text($item.route)
                }
              }
            }
            """
        let result = checkSource(source)
        #expect(result.summary == ["5 W801"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "`$walker` names no model field; did you mean the row's `$item.walker`?")
        #expect(d.fixIts.map(\.replacement) == ["item.walker"])
        #expect(checkSource(result.applyingFixIts(of: result.diagnostics)).diagnostics.isEmpty)
        // A row label the use cannot take (a String for a Bool) is not offered, nor is the list.
        let bool = checkSource(source.replacingOccurrences(of: "text($walker)", with: "radio(selected: $walker)"))
        // The radio is a small tap target (W1003, from the layout pass); nothing else is reported.
        #expect(bool.diagnostics.allSatisfy { $0.code == .w1003 }, "\(bool.summary)")
    }

    @Test func recordsOfAListAgree() throws {
        let missing = checkSource("card A {\n  model { rows: [(name: \"a\", price: \"1\"), (name: \"b\")] }\n  table(rows: $rows) { cell { text($item.price) } }\n}")
        #expect(missing.summary == ["2 E801"])
        #expect(missing.diagnostics.first?.message == "record 2 of the list has no `price`, which the first record has")
        let retyped = checkSource("card A {\n  model { rows: [(price: 2), (price: \"1\")] }\n  table(rows: $rows) { cell { text($item.price) } }\n}")
        #expect(retyped.diagnostics.first?.message == "record 2 of the list has `price` of type String, but the first record's is Int")
        // Labels in another order, an Int and a Double: one row type with a Double.
        let deck = try #require(checkSource("card A {\n  model { rows: [(n: \"a\", p: 2), (p: 2.5, n: \"b\")] }\n  table(rows: $rows) { cell { slider(value: $item.p) text($item.n) } }\n}").decks.first)
        let rows = try #require(deck.cards.first?.field(named: "rows"))
        #expect(rows.type == .list(.record([RecordField("p", .double), RecordField("n", .string)])))
    }

    @Test func defaultCellRowsGiveAnyOfTheFourLabels() throws {
        let result = checkSource("""
            card A {
              model { rows: [(leftTitle: "Rent", rightTitle: "$900"), (rightDescription: "pending")] }
              table(rows: $rows)
            }
            """)
        #expect(result.diagnostics.isEmpty)
        let rows = try #require(result.decks.first?.cards.first?.field(named: "rows"))
        // Typed with all four labels, the type the default cell reads; each row holds the labels
        // it gives, in the cell's order, so a label left out stays absent (nil in the Swift row).
        #expect(rows.type == .list(.record(["leftTitle", "leftDescription", "rightTitle", "rightDescription"].map { RecordField($0, .string) })))
        #expect(rows.defaultValue == .list([
            .record([Argument("leftTitle", .string("Rent")), Argument("rightTitle", .string("$900"))]),
            .record([Argument("rightDescription", .string("pending"))]),
        ]))
        let typo = checkSource("card A {\n  model { rows: [(leftTitle: \"a\", rightTitel: \"b\")] }\n  table(rows: $rows)\n}")
        #expect(typo.summary == ["2 E310"])
        #expect(typo.diagnostics.first?.message == "the default table cell has no label `rightTitel`")
        #expect(typo.diagnostics.first?.help == "did you mean `rightTitle`?")
    }

    @Test func farOffNamesGetNoSuggestion() throws {
        let result = checkSource("card Budget { text(\"x\") }\nstack S: list {\n  Wallet\n}")
        let d = try #require(result.diagnostics.first)
        #expect(d.code == .e303)
        #expect(d.help == nil)
        #expect(d.fixIts.isEmpty)
    }

    // MARK: Duplicates and conflicts

    @Test func duplicateDeclarationNotesTheEarlierOne() throws {
        let result = checkSource("""
            card Budget {
              text("a")
            }
            card Budget {
              text("b")
            }
            """)
        #expect(result.summary == ["4 E305"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "card `Budget` is declared twice")
        #expect(result.location(d.span) == CardLocation(line: 4, column: 6))
        let note = try #require(d.notes.first)
        #expect(note.message == "first declared here")
        #expect(note.span.map(result.location) == CardLocation(line: 1, column: 6))
    }

    /// An imported file's declarations come before the importing file's (docs/language.md §4):
    /// the duplicate is reported in the file that imports, not in the file the user did not touch.
    @Test func duplicateAcrossFilesIsAtTheLaterDeclaration() throws {
        let result = checkSources([
            "main.cards": "import \"lib.cards\"\nimport \"other.cards\"\ncard Budget { text(\"a\") }\n",
            "lib.cards": "card Budget { text(\"b\") }\ntheme Night { titleColor: #FFFFFF }\n",
            "other.cards": "theme Night { titleColor: #000000 }\n",
        ])
        #expect(result.diagnostics.count == 2)
        let d = try #require(result.diagnostics.first)
        #expect(d.code == .e305)
        #expect(result.fileSet[d.span.file].path.hasSuffix("main.cards"))
        let noteSpan = try #require(d.notes.first?.span)
        #expect(result.fileSet[noteSpan.file].path.hasSuffix("lib.cards"))
        // Of two imports, the later one in the importing file declares the later duplicate.
        let theme = try #require(result.diagnostics.last)
        #expect(result.fileSet[theme.span.file].path.hasSuffix("other.cards"))
    }

    @Test func conflictingBindingUsesListEveryUseAsNotes() throws {
        let result = checkSource("""
            card Budget {
              text($amount)
              bar(percent: $amount)
              pill($amount)
            }
            """)
        #expect(result.summary == ["3 E802"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "binding `$amount` is used as String and as Double")
        #expect(d.notes.map(\.message) == ["used as String here", "used as Double here", "used as String here"])
        #expect(d.notes.compactMap { $0.span.map(result.location)?.line } == [2, 3, 4])
    }

    @Test func modelDefaultMismatchIsOneDiagnosticAtTheDefault() throws {
        let result = checkSource("""
            card Budget {
              model {
                spent: "62%"
              }
              bar(percent: $spent)
            }
            """)
        #expect(result.summary == ["3 E803"])
        let d = try #require(result.diagnostics.first)
        #expect(result.text(d.span) == "\"62%\"")
        #expect(d.notes.count == 1)
    }

    // MARK: Imports

    @Test func importCycleNamesTheWholeCycleWithNotes() throws {
        let result = checkSources([
            "main.cards": "import \"a.cards\"\n",
            "a.cards": "import \"b.cards\"\ncard A { text(\"a\") }\n",
            "b.cards": "import \"c.cards\"\ncard B { text(\"b\") }\n",
            "c.cards": "import \"a.cards\"\ncard C { text(\"c\") }\n",
        ])
        #expect(result.diagnostics.count == 1)
        let d = try #require(result.diagnostics.first)
        #expect(d.code == .e307)
        #expect(result.fileSet[d.span.file].path == "/deck/a.cards")
        #expect(d.message == "import cycle: /deck/a.cards → /deck/b.cards → /deck/c.cards → /deck/a.cards")
        #expect(d.notes.compactMap { $0.span.map { result.fileSet[$0.file].path } } == ["/deck/b.cards", "/deck/c.cards"])
        // The files of the cycle are still loaded once each; only the closing import is refused.
        #expect(result.decks.first?.cards.map(\.name) == ["A", "B", "C"])
    }

    /// A chain of 20,000 files, each importing the next: loaded depth-first in order with a stack
    /// of the loader's own (a chain of 60,000 overflowed the thread's stack when each import
    /// recursed).
    @Test func longImportChains() throws {
        let count = 20_000
        var files = ["main.cards": "import \"f0.cards\"\nstack S: list { C0 }\n"]
        for i in 0..<count {
            files["f\(i).cards"] = (i + 1 < count ? "import \"f\(i + 1).cards\"\n" : "") + "card C\(i) { text(\"x\") }\n"
        }
        let result = checkSources(files)
        #expect(result.diagnostics.isEmpty)
        #expect(result.fileSet.files.count == count + 1)
        #expect(result.decks.first?.cards.count == count)
        #expect(result.decks.first?.cards.prefix(3).map(\.name) == ["C0", "C1", "C2"])
    }

    /// 400 files in a chain, each also importing the first: each of those imports closes a
    /// cycle through the files between, found without a search, and each E307 names at most a
    /// dozen files and has at most a dozen notes (listing every member made the output grow with
    /// the square of the chain).
    @Test func manyLongImportCyclesStayShort() throws {
        let count = 400
        var files = ["main.cards": "import \"f0.cards\"\n"]
        for i in 0..<count {
            let next = i + 1 < count ? "import \"f\(i + 1).cards\"\n" : ""
            files["f\(i).cards"] = next + (i > 0 ? "import \"f0.cards\"\n" : "") + "card C\(i) { text(\"x\") }\n"
        }
        let result = checkSources(files)
        let cycles = result.diagnostics.filter { $0.code == .e307 }
        #expect(cycles.count == count - 1)
        let longest = try #require(cycles.first { $0.message.contains("f399.cards") })
        #expect(longest.message.hasPrefix("import cycle: /deck/f0.cards → /deck/f1.cards → "))
        #expect(longest.message.contains("… 388 more files …"))
        #expect(longest.message.hasSuffix("→ /deck/f399.cards → /deck/f0.cards"))
        #expect(longest.notes.count == SourceLoader.cycleNamesShown + 1)
        #expect(longest.notes.last?.message == "and 387 more imports of the cycle")
        let shortest = try #require(cycles.first { $0.message.hasSuffix("/deck/f1.cards → /deck/f0.cards") })
        #expect(shortest.message == "import cycle: /deck/f0.cards → /deck/f1.cards → /deck/f0.cards")
        #expect(cycles.allSatisfy { $0.message.components(separatedBy: " → ").count <= SourceLoader.cycleNamesShown + 2 })
    }

    @Test func themeCycleIsOneDiagnosticWithNotes() throws {
        let result = checkSource("""
            theme Day: Night { titleColor: #000000 }
            theme Night: Day { titleColor: #FFFFFF }
            """)
        #expect(result.summary == ["1 E307"])
        let d = try #require(result.diagnostics.first)
        #expect(d.message == "theme inheritance cycle: Day → Night → Day")
        #expect(d.notes.count == 1)
    }

    // MARK: The checked model

    static func overview() throws -> CheckedUnit {
        let path = SemaTestPaths.samples.appendingPathComponent("overview.cards").path
        let result = Pipeline.check(paths: [path])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        return try #require(result.decks.first)
    }

    @Test func overviewCardsInLoadOrder() throws {
        let deck = try Self.overview()
        #expect(deck.cards.map(\.name) == ["Budget", "NetWorth", "WeeklySpending", "RecentTransactions", "UpcomingBills", "CreditScore"])
        #expect(deck.card(named: "Budget")?.documentation?.hasPrefix("This month's budget") == true)
        #expect(deck.card(named: "Budget")?.location == CardLocation(line: 10, column: 6))
    }

    @Test func overviewStatesAndSharedParts() throws {
        let deck = try Self.overview()
        let budget = try #require(deck.card(named: "Budget"))
        #expect(budget.states.map(\.name) == ["loading", "empty", "hasData", "overBudget"])
        #expect(budget.states.map(\.isBuiltIn) == [true, true, true, false])
        #expect(budget.initialState == "hasData")
        // The shared title comes first in every state.
        #expect(budget.states.map { $0.parts.map(\.part) } == [
            ["title", "text"],
            ["title", "text", "button"],
            ["title", "text", "bar", "text"],
            ["title", "iconLabel", "bar", "button"],
        ])
        #expect(budget.states.map { $0.tap?.description } == [nil, "createBudget", "openBudget", "reviewSpending"])
        #expect(budget.actions == ["budgetMenuSelected", "createBudget", "editBudgets", "openBudget", "reviewSpending"])
        // A card without state blocks has the single state `none`, with the card's tap.
        let netWorth = try #require(deck.card(named: "NetWorth"))
        #expect(netWorth.states.map(\.name) == ["none"])
        #expect(netWorth.states.first?.tap == .method("openNetWorth"))
        #expect(netWorth.initialState == "none")
    }

    @Test func sharedPartsBeforeAndAfterTheStates() throws {
        let result = checkSource("""
            card A {
              title("Shared before")
              state loading {
                text("own")
              }
              separator
              state hasData {
                bar(percent: 0.5)
                tap: open
              }
              button("Shared after", action: more)
              tap: fallback
            }
            """)
        #expect(result.diagnostics.isEmpty)
        let card = try #require(result.decks.first?.card(named: "A"))
        #expect(card.states.map { $0.parts.map(\.part) } == [
            ["title", "text", "separator", "button"],
            ["title", "bar", "separator", "button"],
        ])
        #expect(card.states.map { $0.tap } == [.method("fallback"), .method("open")])
        #expect(card.initialState == "loading")
    }

    @Test func overviewTraitsInCatalogOrderWithDefaults() throws {
        let deck = try Self.overview()
        let budget = try #require(deck.card(named: "Budget"))
        #expect(budget.traits.map(\.name) == ["rounded", "shadow", "editable"])
        let shadow = try #require(budget.trait(.shadow))
        #expect(shadow.properties.map(\.name) == ["color", "radius", "opacity", "offset"])
        #expect(shadow.properties.last?.value == .size(width: 0, height: 5))
        #expect(budget.trait(.editable)?.properties == [Property("onEdit", .action(.method("editBudgets")))])
        let netWorth = try #require(deck.card(named: "NetWorth"))
        #expect(netWorth.trait(.customMargin)?.properties == [Property("margin", .double(16))])
        #expect(netWorth.trait(.gradient)?.properties.map(\.name) == ["colors", "angle"])
    }

    @Test func traitDefaultsAreFilledIn() throws {
        let result = checkSource("""
            card A: gradient(colors: [#FFFFFF, #DDDDDD]), longPress(action: pressed) {
              text("x", color: .black)
            }
            """)
        #expect(result.diagnostics.isEmpty)
        let card = try #require(result.decks.first?.card(named: "A"))
        #expect(card.trait(.gradient)?.properties.last == Property("angle", .double(0)))
        #expect(card.trait(.longPress)?.properties == [Property("action", .action(.method("pressed"))),
                                                         Property("minimumDuration", .double(1.0))])
    }

    @Test func overviewModelTypesAreInferred() throws {
        let deck = try Self.overview()
        func types(_ card: String) -> [String: String] {
            Dictionary(uniqueKeysWithValues: (deck.card(named: card).map { Array($0.model) } ?? []).map { ($0.name, $0.type.description) })
        }
        #expect(types("Budget") == ["title": "String", "summary": "String", "remaining": "String", "spent": "Double",
                                    "overage": "String", "state": "CardState"])
        #expect(deck.card(named: "Budget")?.model.map(\.name) == ["title", "summary", "remaining", "spent", "overage", "state"])
        #expect(types("WeeklySpending")["daily"] == "[Double]")
        #expect(types("RecentTransactions")["transactions"] == "[(merchant: String, category: String, amount: String, date: String)]")
        #expect(types("UpcomingBills")["bills"] == "[(leftTitle: String, leftDescription: String, rightTitle: String, rightDescription: String)]")
        // An Int default used where a Number is expected is a Double field.
        #expect(types("CreditScore")["score"] == "Double")
        let spent = try #require(deck.card(named: "Budget")?.model.first { $0.name == "spent" })
        #expect(spent.defaultValue == .double(0.62))
        #expect(!spent.isTwoWay)
    }

    @Test func listOfRecordsDefaultsAgreeAcrossTheirElements() throws {
        // Elements with the first one's fields take a shortcut; every other shape is compared.
        let fields = ["same", "extra", "fewer", "reordered", "numbers", "unlabeled", "mixed", "nested", "spelled"]
        let result = checkSource("""
            card A {
              model {
                same: [(name: "a", n: 1), (name: "b", n: 2), (name: "c", n: 3)]
                extra: [(name: "a"), (name: "b", n: 2)]
                fewer: [(name: "a", n: 1), (name: "b")]
                reordered: [(name: "a", n: 1), (n: 2, name: "b")]
                numbers: [(n: 1), (n: 2.5)]
                unlabeled: [("a", 1), ("b", 2)]
                mixed: [(name: "a"), ("b")]
                nested: [(p: (x: 1)), (p: (x: 2, y: 3))]
                spelled: [("a"), (_0: "b")]
              }
            \(fields.map { "  text($\($0))" }.joined(separator: "\n"))
            }
            """)
        // E801 for records that disagree (then there is no default), else E803 naming the type.
        func e803(_ field: String, _ type: String) -> String { "model default for `\(field)` is \(type), but `$\(field)` is used as String" }
        #expect(result.diagnostics.map(\.message) == [
            e803("same", "[(name: String, n: Int)]"),
            "record 2 of the list has `n`, which the first record does not",
            "record 2 of the list has no `n`, which the first record has",
            e803("reordered", "[(name: String, n: Int)]"),
            e803("numbers", "[(n: Double)]"),
            e803("unlabeled", "[(_0: String, _1: Int)]"),
            "record 2 of the list has no `name`, which the first record has",
            "record 2 of the list has `p` of type (x: Int, y: Int), but the first record's is (x: Int)",
            e803("spelled", "[(_0: String)]"),
        ])
    }

    @Test func twoWayBindingsAndFieldsWithoutDefaults() throws {
        let result = checkSource("""
            card A {
              slider(value: $volume)
              textField(text: $name)
              text($label)
            }
            """)
        #expect(result.diagnostics.isEmpty)
        let model = try #require(result.decks.first?.card(named: "A")?.model)
        #expect(model.map(\.name) == ["volume", "name", "label"])
        #expect(model.map(\.isTwoWay) == [true, true, false])
        #expect(model.map(\.type) == [.double, .string, .string])
        #expect(model.allSatisfy { $0.defaultValue == nil })
    }

    @Test func overviewStack() throws {
        let deck = try Self.overview()
        let stack = try #require(deck.stacks.first)
        #expect(deck.stacks.map(\.name) == ["Overview"])
        #expect(stack.kind == "list")
        #expect(stack.theme == "Evergreen")
        #expect(stack.cards.map(\.name) == ["Budget", "NetWorth", "WeeklySpending", "RecentTransactions", "UpcomingBills", "CreditScore"])
        #expect(stack.configuration.isEmpty)
        #expect(stack.properties.properties == [Property("margins", .insets(top: 0, left: 16, bottom: 0, right: 16))])
    }

    @Test func stackConfigurationDefaultsAreFilledIn() throws {
        let result = checkSource("""
            card A {
              title: "A"
              text("x")
            }
            stack Wallet: collapsible(cardHeight: 180) {
              A
            }
            stack Picks: swipe {
              A
            }
            stack Planner: sheet {
              A
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let deck = try #require(result.decks.first)
        let wallet = try #require(deck.stacks.first { $0.name == "Wallet" })
        #expect(wallet.configuration.properties.map(\.name) == ["cardOffset", "collapsedHeight", "expandedHeight", "cardHeight",
                                                     "downwardThreshold", "upwardThreshold", "leftSpacing", "rightSpacing",
                                                     "verticalSpacing"])
        #expect(wallet.configuration.properties.compactMap(\.value.number) == [40, 200, 500, 180, 20, 20, 8, 8, 8])
        #expect(wallet.properties.properties == [Property("initial", .enumCase("collapsed", arguments: []))])
        #expect(wallet.theme == "Mint")
        let picks = try #require(deck.stacks.first { $0.name == "Picks" })
        #expect(picks.number("visibleCards") == 2)
        #expect(picks.number("minimumSwipeSpeed") == 1100)
        #expect(picks.number("minimumSwipeMargin") == 0.5)
        #expect(picks.number("maximumRotation") == 18)
        #expect(picks.configuration.value(named: "insets") == .insets(top: 10, left: 10, bottom: 10, right: 10))
        let planner = try #require(deck.stacks.first { $0.name == "Planner" })
        #expect(planner.number("extendedTop") == 64)
        #expect(planner.properties.properties == [Property("initial", .enumCase("peaking", arguments: []))])
    }

    @Test func themeInheritanceIsResolved() throws {
        let deck = try Self.overview()
        let evergreen = try #require(deck.themes.first { $0.name == "Evergreen" })
        let mint = try #require(deck.themes.first { $0.name == "Mint" })
        #expect(!evergreen.isBuiltIn)
        #expect(deck.parents(ofTheme: "Evergreen") == ["Mint"])
        #expect(evergreen.properties.map(\.name) == Catalog.themeProperties.map(\.name))
        #expect(evergreen.value("titleColor") == .color(try #require(ColorValue(hex: "#0B3D2E")), name: nil))
        #expect(evergreen.value("buttonCornerRadius") == .double(6))
        #expect(evergreen.value("cardCellMargins") == .insets(top: 10, left: 12, bottom: 10, right: 12))
        #expect(evergreen.value("titleFont") == .font(FontValue(.system, size: 17, weight: .semibold)))
        // Not overridden: inherited from Mint.
        for name in ["smallTextFont", "smallTextColor", "normalTextFont", "normalTextColor", "titleTextFont",
                     "headerTextFont", "detailTextFont", "detailTextColor", "buttonTitleFont"] {
            #expect(evergreen.value(name) == mint.value(name), "\(name)")
            #expect(evergreen.value(name) != nil, "\(name)")
        }
    }

    @Test func themeChainsResolveNearestOverrideFirst() throws {
        let result = checkSource("""
            theme Leaf: Branch { titleColor: #111111 }
            theme Branch: Turbo { titleColor: #222222, separatorColor: #333333 }
            card A { text("x") }
            stack S: list {
              theme: Leaf
              A
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let deck = try #require(result.decks.first)
        let leaf = try #require(deck.themes.first { $0.name == "Leaf" })
        #expect(deck.parents(ofTheme: "Leaf") == ["Branch", "Turbo"])
        #expect(leaf.value("titleColor") == .color(try #require(ColorValue(hex: "#111111")), name: nil))
        #expect(leaf.value("separatorColor") == .color(try #require(ColorValue(hex: "#333333")), name: nil))
        #expect(leaf.value("normalTextFont") == .font(FontValue(.system, size: 14))) // Turbo's
    }

    // MARK: Samples

    static let samples: [String] = SemaTestPaths.cardsFiles(in: SemaTestPaths.samples)

    /// A chain of 3,000 themes, declared leaf first, each resolved once (each used to walk its
    /// whole chain, with a linear search per step: 5,000 themes took two minutes), and a cycle
    /// with a theme leading into it: one E307, neither resolved.
    @Test func longThemeChainsAndCycles() throws {
        let count = 3_000
        var source = (1...count).reversed().map { "theme T\($0): T\($0 - 1) { separatorColor: #\(String(format: "%06X", $0)) }\n" }.joined()
        source += "theme T0: Turbo { titleColor: #222222 }\n"
        source += "theme Lead: LoopA\ntheme LoopA: LoopB\ntheme LoopB: LoopA\n"
        source += "card A { text(\"x\") }\nstack S: list { theme: T\(count)  A }\n"
        let result = checkSource(source)
        #expect(result.summary == ["\(count + 3) E307"], "one cycle, at LoopA (declared before LoopB)")
        let deck = try #require(result.decks.first)
        let themes = Dictionary(deck.themes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(themes["Lead"] == nil && themes["LoopA"] == nil && themes["LoopB"] == nil)
        let leaf = try #require(themes["T\(count)"])
        #expect(leaf.parent == "T\(count - 1)")
        #expect(deck.parents(ofTheme: leaf.name).count == count + 1 && deck.parents(ofTheme: leaf.name).last == "Turbo")
        #expect(leaf.value("separatorColor") == .color(try #require(ColorValue(hex: String(format: "#%06X", count))), name: nil))
        #expect(leaf.value("titleColor") == .color(try #require(ColorValue(hex: "#222222")), name: nil))
        #expect(deck.parents(ofTheme: "T1") == ["T0", "Turbo"])
        // In load order.
        #expect(deck.themes.filter { !$0.isBuiltIn }.first?.name == "T\(count)")
    }

    /// Did-you-mean for unknown cards and themes goes to the first 100 in source order; the rest
    /// are reported without one.
    @Test func deckNameSuggestionsAreLimitedAndDeterministic() throws {
        let count = 300
        var source = (0..<count).map { "card Card\($0) { title: \"t\"  button(\"b\", action: push(Crad\($0))) }\n" }.joined()
        source += "stack S: sheet {\n" + (0..<count).map { "  Card\($0)\n" }.joined() + "}\n"
        source += "stack T: list { theme: Evergren  Card0 }\ntheme Evergreen: Mint {}\n"
        let serial = Pipeline.check(paths: ["d.cards"], root: ".", provider: MemoryFileProvider(["d.cards": source]))
        let unknown = serial.diagnostics.filter { $0.code == .e303 || $0.code == .e304 }
        #expect(unknown.count == count + 1)
        let hinted = unknown.filter { $0.help != nil }
        #expect(hinted.count == DeckChecker.suggestedDeckNameLimit)
        #expect(hinted.map(\.span) == unknown.map(\.span).sorted().prefix(DeckChecker.suggestedDeckNameLimit).map { $0 })
        #expect(unknown.first?.help == "did you mean `Card0`?")
        #expect(unknown.first?.fixIts.map(\.replacement) == ["Card0"])
        // The theme comes last in the file: past the limit, no hint.
        #expect(unknown.last { $0.code == .e304 }?.help == nil)
        // Below the limit, a theme gets its hint too.
        let small = checkSource("card A { text(\"x\") }\nstack T: list { theme: Evergren  A }\ntheme Evergreen: Mint {}\ntheme Sub: Evergren {}\n")
        #expect(small.diagnostics.filter { $0.code == .e304 }.map(\.help) == ["did you mean `Evergreen`?", "did you mean `Evergreen`?"])
    }

    /// A card in two sheet stacks may push the cards of either, and only those (E704).
    @Test func pushTargetsComeFromEverySheetStackOfTheCard() {
        let result = checkSource("""
            card A { title: "A"  button("B", action: push(B))  button("C", action: push(C))  button("D", action: push(D)) }
            card B { title: "B" }
            card C { title: "C" }
            card D { title: "D" }
            stack One: sheet { A B }
            stack Two: sheet { C A }
            stack Three: list { D A }
            stack Four: sheet { D }
            """)
        #expect(result.summary == ["1 E704"])
        #expect(result.diagnostics.first?.message.contains("push(D)") == true)
    }

    /// The cards of a sheet stack share one set of the stack's card names: a stack of n cards
    /// holds n names, not n² (one copy per card: 8,000 cards took 21 s and 2 GB).
    @Test func sheetStackMembersShareOneNameSet() {
        let count = 2_000
        let source = (0..<count).map { "card C\($0) { title: \"t\" }\n" }.joined()
            + "stack S: sheet {\n" + (0..<count).map { "  C\($0)\n" }.joined() + "  C0\n}\n"
            + "stack T: sheet { C1 }\n"
        let tree = Parser.parse(SourceFile(id: FileID(0), path: "sheet.cards", bytes: Array(source.utf8)))
        var checker = DeckChecker(trees: [FileID(0): tree], order: [FileID(0)])
        checker.collectDeclarations()
        let (_, membership, _) = checker.checkStacks(themeNames: [])
        #expect(membership.count == count)
        let shared = membership[0].sheetStacks.first
        #expect(membership[0].sheetStacks.count == 1, "listed twice, one stack")
        #expect(membership[1].sheetStacks.count == 2)
        #expect(membership.allSatisfy { $0.sheetStacks.first === shared })
        #expect(shared?.names.count == count)
        #expect(membership[5].sharesSheetStack(with: "C1999") && !membership[5].sharesSheetStack(with: "D"))
        // A sheet stack's cards may not repeat: the second `C0` is E705, pointing at the first.
        #expect(checker.diagnostics.map(\.code) == [.e705])
        let firstListing = Array(source.utf8).firstRange(of: Array("stack S: sheet {\n  C0".utf8)).map { $0.upperBound - 2 }
        #expect(checker.diagnostics.first?.notes.first?.span?.start == firstListing)
    }

    @Test(arguments: samples)
    func sampleChecksClean(_ name: String) {
        let path = SemaTestPaths.samples.appendingPathComponent(name).path
        let result = Pipeline.check(paths: [path])
        #expect(result.unreadable.isEmpty)
        #expect(result.diagnostics.isEmpty, "\(name):\n\(CheckerFixtureTests.describe(result))")
        #expect(result.decks.count == 1)
    }

    @Test func samplesAreFound() {
        #expect(Self.samples.count >= 5, "no samples in \(SemaTestPaths.samples.path)")
    }
}
