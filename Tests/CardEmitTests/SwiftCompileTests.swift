import CardDriver
import CardEmit
import CardModel
import CardSema
import Foundation
import Testing

/// The generated Swift compiled with the toolchain's `swiftc` (skipped when there is none):
///
/// - the Observation flavor of every sample and of the fixtures (hostile, dark Turbo) is compiled (Swift 6
///   mode, warnings as errors) with a `main.swift` that prints every view model's fields, run,
///   and its output compared byte for byte with the model's defaults;
/// - the CardParts flavor of every sample, of the reference deck and of the fixtures
///   type-checks against the shims of CardParts, RxSwift, UIKit and the stack libraries
///   (`Tests/SwiftShims`, built once and cached by content) in the Swift 6 language mode,
///   warnings as errors.
///
/// Each compiler run covers many files: they are the slow part of the suite. The Swift 5
/// mode, the `public`/`package` access levels and the 200-card type-check timing are checked by
/// `Tests/EndToEnd/swift-compile.sh`, which `swift test` does not run.
@Suite(.serialized) struct SwiftCompileTests {
    /// The decks the Observation program prints (the reference deck's names repeat the samples').
    static let runInputs = SwiftTestInputs.samples + SwiftTestInputs.fixtureInputs

    @Test(.enabled(if: SwiftToolchain.isAvailable, "swiftc not found"))
    func observationOutputCompilesAndPrintsTheDefaults() throws {
        let directory = try SwiftToolchain.temporaryDirectory("observation")
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        var program = ObservationProgram()
        for input in Self.runInputs {
            let deck = try SwiftTestInputs.deck(input)
            let name = SwiftTestInputs.name(of: input) + ".swift"
            let bytes = SwiftEmitter().emit(deck, options: BackendOptions(swiftFlavor: .observation))
            try Data(bytes).write(to: directory.appendingPathComponent(name))
            files.append(name)
            program.add(deck)
        }
        try Data(program.source.utf8).write(to: directory.appendingPathComponent("main.swift"))
        let compiled = try #require(try SwiftToolchain.swiftc(["-swift-version", "6", "-warnings-as-errors"] + files
            + ["main.swift", "-o", "printer"], in: directory))
        #expect(compiled.status == 0, "swiftc failed:\n\(compiled.stderr.prefix(4000))")
        guard compiled.status == 0 else { return }
        let run = try SwiftToolchain.run(directory.appendingPathComponent("printer").path, [])
        #expect(run.status == 0, "\(run.stderr)")
        let expected = Array(program.expected.utf8)
        let actual = [UInt8](run.stdout)
        #expect(program.lines > 100, "the program prints every field")
        if actual != expected {
            let a = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let e = program.expected.split(separator: "\n", omittingEmptySubsequences: false)
            let index = Array(zip(a, e)).firstIndex { $0 != $1 } ?? min(a.count, e.count)
            Issue.record("printed defaults differ at line \(index + 1): expected `\(index < e.count ? String(e[index]).debugDescription : "<end>")`, got `\(index < a.count ? String(a[index]).debugDescription : "<end>")`")
        }
    }

    @Test(.enabled(if: SwiftToolchain.isAvailable, "swiftc not found"))
    func cardPartsOutputTypeChecksAgainstTheShims() throws {
        let modules: URL
        switch SwiftToolchain.shimModules {
        case .success(let url): modules = url
        case .failure(let error):
            Issue.record("cannot build the shims: \(error)")
            return
        }
        // Samples together; the reference deck and the fixtures together (their card names
        // differ from each other, not from the samples').
        let groups: [(name: String, inputs: [String], access: SwiftAccess)] = [
            ("samples", SwiftTestInputs.samples, .internal),
            ("reference", ["Examples/Reference.cards"] + SwiftTestInputs.fixtureInputs, .internal),
        ]
        for group in groups {
            let directory = try SwiftToolchain.temporaryDirectory("cardparts-\(group.name)")
            defer { try? FileManager.default.removeItem(at: directory) }
            var files: [String] = []
            for input in group.inputs {
                let deck = try SwiftTestInputs.deck(input)
                let name = SwiftTestInputs.name(of: input) + ".swift"
                try Data(SwiftEmitter().emit(deck, options: BackendOptions(access: group.access))).write(to: directory.appendingPathComponent(name))
                files.append(name)
            }
            for version in ["6"] {
                var arguments = ["-typecheck", "-I", modules.path, "-swift-version", version, "-warnings-as-errors"]
                if group.access == .package { arguments += ["-package-name", "CardcTests"] }
                let result = try #require(try SwiftToolchain.swiftc(arguments + files, in: directory))
                #expect(result.status == 0, "\(group.name), Swift \(version):\n\(result.stderr.prefix(4000))")
            }
        }
    }
}

extension SwiftCompileTests {
    /// The stack kinds of `Fixtures/pawpal.cards`, each with an app file in
    /// `Fixtures/StackFactories/` that subclasses the stack, overrides a card's factory to return
    /// its own subclass of the card's controller, and calls the card's actions through the stack.
    static let stackKinds = ["List", "FullScreen", "Collapsible", "Swipe", "Sheet"]

    /// The PawPal fixture's CardParts Swift and the five app files, type-checked together against
    /// the shims once for every kind's test (Swift 6 mode, warnings as errors): the compiler's
    /// output, or why it could not run. The shims' bodies trap, so the app code is checked, not
    /// run; `Tests/EndToEnd/swift-compile.sh` checks it from another module too, with `--access public`.
    static let stackFactoryCheck: Result<SwiftToolchain.Output, SwiftToolchain.ShimError> = {
        guard case .success(let modules) = SwiftToolchain.shimModules else {
            return .failure(SwiftToolchain.ShimError(message: "cannot build the shims"))
        }
        do {
            let directory = try SwiftToolchain.temporaryDirectory("factories")
            defer { try? FileManager.default.removeItem(at: directory) }
            let deck = try SwiftTestInputs.deck("Fixtures/pawpal.cards")
            try Data(SwiftEmitter().emit(deck, options: BackendOptions())).write(to: directory.appendingPathComponent("pawpal.swift"))
            let apps = SwiftTestInputs.fixtures.appendingPathComponent("StackFactories")
            let files = ["pawpal.swift"] + stackKinds.map { apps.appendingPathComponent($0 + ".swift").path }
            guard let output = try SwiftToolchain.swiftc(["-typecheck", "-I", modules.path, "-swift-version", "6", "-warnings-as-errors"] + files,
                                                         in: directory) else {
                return .failure(SwiftToolchain.ShimError(message: "no swiftc"))
            }
            return .success(output)
        } catch {
            return .failure(SwiftToolchain.ShimError(message: "\(error)"))
        }
    }()

    /// In each stack kind, an app's subclass of a card's controller comes from the stack's
    /// overridable factory (`makeToday()`, `makeDog(at:)`…), and the card's actions — a pushed
    /// sheet card's and a swipe card's footer buttons included — reach the app's code.
    @Test(.enabled(if: SwiftToolchain.isAvailable, "swiftc not found"), arguments: stackKinds)
    func stackFactorySuppliesTheAppsCard(_ kind: String) throws {
        let output: SwiftToolchain.Output
        switch Self.stackFactoryCheck {
        case .success(let result): output = result
        case .failure(let error):
            Issue.record("\(error)")
            return
        }
        let ownErrors = output.stderr.split(separator: "\n").filter { $0.contains("StackFactories/\(kind).swift:") }
        #expect(ownErrors.isEmpty, "\(kind).swift:\n\(ownErrors.joined(separator: "\n").prefix(3000))")
        let generatedErrors = output.stderr.split(separator: "\n").filter { $0.contains("pawpal.swift:") }
        #expect(generatedErrors.isEmpty, "the generated Swift:\n\(generatedErrors.joined(separator: "\n").prefix(3000))")
        // A failure that names no file (a missing module, a crash) fails every kind.
        let attributed = output.stderr.contains("StackFactories/") || output.stderr.contains("pawpal.swift:")
        #expect(output.status == 0 || attributed, "swiftc failed:\n\(output.stderr.prefix(3000))")
    }
}

extension SwiftCompileTests {
    /// The PawPal fixture's Observation Swift with `Fixtures/ObservationApp/main.swift`, an app that
    /// implements the cards' actions and the swipe stack's delegate and drives the swipe deck and
    /// the sheet's navigation, compiled (Swift 6 mode, warnings as errors) and run once for every
    /// kind's test: what it printed, or why it could not.
    static let observationAppRun: Result<String, SwiftToolchain.ShimError> = {
        do {
            let directory = try SwiftToolchain.temporaryDirectory("observation-app")
            defer { try? FileManager.default.removeItem(at: directory) }
            let deck = try SwiftTestInputs.deck("Fixtures/pawpal.cards")
            try Data(SwiftEmitter().emit(deck, options: BackendOptions(swiftFlavor: .observation)))
                .write(to: directory.appendingPathComponent("pawpal.swift"))
            let main = SwiftTestInputs.fixtures.appendingPathComponent("ObservationApp/main.swift").path
            guard let compiled = try SwiftToolchain.swiftc(["-swift-version", "6", "-warnings-as-errors", "pawpal.swift", main,
                                                            "-o", "app"], in: directory) else {
                return .failure(SwiftToolchain.ShimError(message: "no swiftc"))
            }
            guard compiled.status == 0 else { return .failure(SwiftToolchain.ShimError(message: "swiftc failed:\n" + compiled.stderr)) }
            let run = try SwiftToolchain.run(directory.appendingPathComponent("app").path, [])
            guard run.status == 0 else { return .failure(SwiftToolchain.ShimError(message: "the app failed:\n" + run.stderr)) }
            return .success(String(decoding: run.stdout, as: UTF8.self))
        } catch {
            return .failure(SwiftToolchain.ShimError(message: "\(error)"))
        }
    }()

    /// In each stack kind, the Observation flavor carries what the app needs: the cards' actions
    /// (list, fullScreen, collapsible), the swipe deck with each swipe's direction, the sheet's
    /// navigation with `push`/`pop` and the cards' `title:`/`subtitle:`; and the theme's values.
    /// The lines the app prints for a kind (`swipe: …`) match `expected.txt`'s.
    @Test(.enabled(if: SwiftToolchain.isAvailable, "swiftc not found"), arguments: ["list", "fullScreen", "collapsible", "swipe", "sheet", "theme"])
    func observationAppDrivesTheStack(_ kind: String) throws {
        let output: String
        switch Self.observationAppRun {
        case .success(let text): output = text
        case .failure(let error):
            Issue.record("\(error.message.prefix(4000))")
            return
        }
        let expectedFile = SwiftTestInputs.fixtures.appendingPathComponent("ObservationApp/expected.txt")
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        func lines(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.hasPrefix(kind + ": ") } }
        #expect(!lines(expected).isEmpty, "expected.txt has no `\(kind): ` lines")
        #expect(lines(output) == lines(expected))
    }
}

/// A `main.swift` printing every field of every view model of some decks, and the output it
/// must print, built from the checked model independently of the back end: one line
/// `Card.field=value` per scalar (strings raw, numbers as Swift prints them, colors as hex),
/// lists as `.count` and `[i]`, rows by label, and the state of each card that has states.
struct ObservationProgram {
    private(set) var source = "// Prints every field of the generated view models.\n\nfunc put(_ label: String, _ value: String) {\n    print(label + \"=\" + value)\n}\n\n"
    private(set) var expected = ""
    private(set) var lines = 0

    mutating func add(_ deck: CheckedUnit) {
        for position in deck.cards.indices where deck.cards.file(at: position) == deck.entry {
            let card = deck.cards[position]
            let defaultCell = Self.defaultCellFields(card)
            // `_ =`: a card with no fields and no states prints nothing of its view model.
            source += "do {\n    let viewModel = \(card.name)ViewModel()\n    _ = viewModel\n"
            for field in card.model where field.name != Catalog.stateFieldName {
                emit(label: "\(card.name).\(field.name)", expression: "viewModel.`\(field.name)`", type: field.type,
                     value: field.defaultValue, optionalLabels: defaultCell.contains(field.name))
            }
            // A card without states has no state property (its view model would not compile with this line).
            if card.states.first?.span != nil || card.field(named: Catalog.stateFieldName) != nil {
                put("\(card.name).state", "\"\\(viewModel.state)\"", expected: card.initialState)
            }
            source += "}\n"
        }
    }

    private mutating func put(_ label: String, _ expression: String, expected value: String) {
        source += "    put(\(Self.literal(label)), \(expression))\n"
        expected += label + "=" + value + "\n"
        lines += 1
    }

    /// Prints `expression` of `type` whose default is `value`.
    private mutating func emit(label: String, expression: String, type: ValueType, value: Value?, optionalLabels: Bool) {
        switch type {
        case .list(let element):
            let items: [Value]
            if case .list(let list)? = value { items = list } else { items = [] }
            put(label + ".count", "String(\(expression).count)", expected: String(items.count))
            for (index, item) in items.enumerated() {
                emit(label: label + "[\(index)]", expression: expression + "[\(index)]", type: element, value: item,
                     optionalLabels: optionalLabels)
            }
        case .record(let fields):
            guard case .record(let arguments)? = value else { return }
            for argument in arguments {
                guard let name = argument.label else { continue }
                let member = expression + ".`\(name)`"
                let fieldType = fields.first { $0.label == name }?.type ?? Self.type(of: argument.value)
                if optionalLabels {
                    put(label + "." + name, "\(member) ?? \"nil\"", expected: Self.text(argument.value, type: fieldType))
                } else {
                    emit(label: label + "." + name, expression: member, type: fieldType, value: argument.value, optionalLabels: false)
                }
            }
        case .openRecord:
            break
        case .int, .double, .bool:
            put(label, "String(\(expression))", expected: value.map { Self.text($0, type: type) } ?? Self.zero(type))
        case .size:
            put(label, "\"\\(\(expression).width)x\\(\(expression).height)\"", expected: value.map { Self.text($0, type: type) } ?? "0.0x0.0")
        default:
            put(label, expression, expected: value.map { Self.text($0, type: type) } ?? Self.zero(type))
        }
    }

    /// What the program prints for a default value.
    static func text(_ value: Value, type: ValueType) -> String {
        switch value {
        case .string(let s): return s
        case .int(let n): return type == .double ? "\(Double(n))" : "\(n)"
        case .double(let d): return "\(d)"
        case .bool(let b): return "\(b)"
        case .color(let color, _): return color.hex
        case .size(let w, let h): return "\(w)x\(h)"
        case .insets(let t, let l, let b, let r): return CatalogValue.insets(top: t, left: l, bottom: b, right: r).description
        case .font(let font): return font.description
        case .enumCase(let name, _): return name
        default: return ""
        }
    }

    static func zero(_ type: ValueType) -> String {
        switch type {
        case .int: "0"
        case .double: "0.0"
        case .bool: "false"
        case .color: "#00000000"
        default: ""
        }
    }

    static func type(of value: Value) -> ValueType {
        switch value {
        case .int: .int
        case .double: .double
        case .bool: .bool
        case .color: .color
        default: .string
        }
    }

    /// The fields bound to a `table` without a `cell`: rows of CardParts' default cell, whose
    /// labels are optional.
    static func defaultCellFields(_ card: CardView) -> Set<String> {
        var fields = Set<String>()
        func visit(_ part: PartView) {
            if part.part == "table", !part.children.contains(where: { $0.part == "cell" }),
               case .binding(let binding)? = part.property("rows"), binding.path.count == 1 {
                fields.insert(binding.path[0])
            }
            part.children.forEach(visit)
        }
        for state in card.states { state.parts.forEach(visit) }
        return fields
    }

    /// A Swift string literal for a label (labels are identifiers and dots: no escaping needed
    /// beyond what `debugDescription` gives).
    static func literal(_ text: String) -> String { text.debugDescription }
}
