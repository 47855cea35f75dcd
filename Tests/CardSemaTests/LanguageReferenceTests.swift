import CardPipeline
import CardDiagnostics
import CardSyntax
import Foundation
import Testing
import CardModel
import CardSources
@testable import CardSema
import CardTestSupport

/// `docs/language.md` is the language reference users read. Its catalog tables are generated
/// from the catalog and the code table: each sits between `<!-- generated: NAME -->` and
/// `<!-- end generated -->`, and this suite fails when a region differs from what
/// `ReferenceTables` renders now. `CARDC_UPDATE=1 swift test` rewrites the regions (review the
/// diff). Every ```cards example in the document is checked too: with no `// expect: CODE`
/// annotation it must produce no diagnostic at all, with annotations exactly the codes they name
/// on the lines they name (the fixtures' convention, `Expectations`).
@Suite struct LanguageReferenceTests {
    static let document = SemaTestPaths.packageRoot.appendingPathComponent("docs/language.md")

    static var updating: Bool { Golden.isUpdating }

    static func documentText() throws -> String {
        try String(contentsOf: document, encoding: .utf8)
    }

    // MARK: Generated tables

    @Test func generatedTablesMatchTheCatalog() throws {
        let text = try Self.documentText()
        let regions = GeneratedRegions(text)
        let tables = ReferenceTables.all
        let known = Set(tables.map(\.name))
        for name in regions.names where !known.contains(name) {
            Issue.record("docs/language.md has a generated region `\(name)` that no table renders")
        }
        #expect(regions.problems.isEmpty, "\(regions.problems)")
        let missing = tables.filter { !regions.names.contains($0.name) }.map(\.name)
        #expect(missing.isEmpty, """
            docs/language.md lacks the generated regions \(missing): add `<!-- generated: NAME -->` \
            and `<!-- end generated -->` lines where each belongs
            """)

        if Self.updating {
            let updated = regions.replacing(tables.map { ($0.name, $0.render()) })
            if updated != text { try updated.write(to: Self.document, atomically: true, encoding: .utf8) }
            return
        }
        for table in tables {
            guard let content = regions.content(of: table.name) else { continue }
            let rendered = table.render()
            let agrees = content == rendered // compared outside `#expect`, which would print both tables
            #expect(agrees, """
                docs/language.md's `\(table.name)` table differs from the catalog; re-generate with \
                `CARDC_UPDATE=1 swift test --filter LanguageReferenceTests` and review the diff. \
                First differing line: \(Self.firstDifference(content, rendered))
                """)
        }
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false)
        let right = b.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : "(none)"
            let r = index < right.count ? String(right[index]) : "(none)"
            if l != r { return "document: \(l)\ncatalog:  \(r)" }
        }
        return "(none)"
    }

    /// Every table is non-trivial and covers every entry of its source.
    @Test func tablesCoverTheirEntries() {
        func rows(_ name: String) -> Int {
            let table = ReferenceTables.all.first { $0.name == name }?.render() ?? ""
            return table.split(separator: "\n").count - 2 // header and separator
        }
        #expect(rows("parts") == Catalog.parts.count)
        // The arguments every part shares are one row each, not one per part.
        let shared = Catalog.sharedPartParameters.count
        #expect(rows("part-arguments") == Catalog.parts.reduce(0) { $0 + $1.parameters.count - shared } + shared)
        #expect(rows("structural-nodes") == Catalog.structuralNodes.count)
        #expect(rows("traits") == Catalog.traits.count)
        #expect(rows("trait-requirements") == Catalog.traits.reduce(0) { $0 + $1.requirements.count })
        #expect(rows("stack-kinds") == Catalog.stackKinds.count)
        #expect(rows("stack-arguments") == Catalog.stackKinds.reduce(0) { $0 + $1.arguments.count })
        #expect(rows("stack-body") == Catalog.stackKinds.reduce(0) { $0 + $1.bodyProperties.count })
        #expect(rows("theme-properties") == Catalog.themeProperties.count)
        #expect(rows("named-colors") == Catalog.namedColors.count)
        #expect(rows("card-properties") == Catalog.cardProperties.count)
        #expect(rows("built-in-states") == Catalog.builtInStates.count)
        #expect(rows("built-in-actions") == Catalog.builtInActions.count)
        #expect(rows("value-constructors") == Catalog.valueConstructors.count)
        #expect(rows("diagnostic-codes") == DiagnosticCode.allCases.count)
        #expect(rows("enumerations") >= 20)
    }

    // MARK: Examples

    /// The documents whose ```cards examples are checked: the reference, and the README's tour.
    static let documentsWithExamples = ["docs/language.md", "README.md"]

    /// Every ```cards example of those documents, with the line its fence opens on.
    static func examples() -> [ReferenceExample] {
        documentsWithExamples.flatMap { path -> [ReferenceExample] in
            let url = SemaTestPaths.packageRoot.appendingPathComponent(path)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
            return ReferenceExample.extract(from: text, document: path)
        }
    }

    @Test func documentHasExamples() {
        let examples = Self.examples().filter { $0.document == "docs/language.md" }
        #expect(examples.count >= 30, "found \(examples.count) examples in docs/language.md")
        #expect(examples.contains { $0.expectsDiagnostics }, "no error examples")
        #expect(examples.contains { $0.files.count > 1 }, "no multi-file examples")
    }

    @Test(arguments: examples())
    func exampleChecksAsAnnotated(_ example: ReferenceExample) {
        let directory = "/reference"
        var files: [String: String] = [:]
        for (name, text) in example.files { files[directory + "/" + name] = text }
        guard let entry = example.files.first?.name else {
            Issue.record("example at \(example) is empty")
            return
        }
        let result = Pipeline.check(paths: [directory + "/" + entry], root: directory, provider: MemoryFileProvider(files))
        #expect(result.unreadable.isEmpty)
        let report = Expectations.verify(result.fileSet, diagnostics: result.diagnostics)
        #expect(report.isEmpty, "example at \(example): \(report)")
    }

    /// The README's tour is what `cardc fmt` writes: the first code a user reads is in the one
    /// canonical style.
    @Test func readmeExamplesAreInTheCanonicalStyle() throws {
        let examples = Self.examples().filter { $0.document == "README.md" }
        #expect(!examples.isEmpty)
        for example in examples {
            for (name, text) in example.files {
                let formatted = try Formatter.formattedBytes(Parser.parse(SourceFile(path: name, bytes: Array(text.utf8))))
                #expect(String(decoding: formatted, as: UTF8.self) == text, "\(example), \(name)")
            }
        }
    }

    // MARK: Section numbers

    /// Code, tests, the grammar and the samples cite the reference by section (`§6.1`): every
    /// section they cite is a heading of the document (`## 6. Stacks`, `### 6.1 Stack geometry`).
    @Test func citedSectionsExist() throws {
        let text = try Self.documentText()
        var headings = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.drop { $0 == " " }
            let number = title.prefix { $0.isNumber || $0 == "." }
            guard !number.isEmpty else { continue }
            headings.insert(number.hasSuffix(".") ? String(number.dropLast()) : String(number))
        }
        var cited = Set<String>()
        let root = SemaTestPaths.packageRoot
        for directory in ["Sources", "Tests", "Grammar", "Samples"] {
            let base = root.appendingPathComponent(directory)
            let entries = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for entry in entries where [".swift", ".md", ".ebnf", ".json"].contains(where: { entry.hasSuffix($0) }) {
                guard let content = try? String(contentsOf: base.appendingPathComponent(entry), encoding: .utf8) else { continue }
                cited.formUnion(Self.sectionCitations(in: content))
            }
        }
        #expect(cited.count >= 10, "found only \(cited.sorted()) cited")
        let missing = cited.subtracting(headings).sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        #expect(missing.isEmpty, "sections cited in the code but not headings of docs/language.md: \(missing)")
        for number in 1...12 { #expect(headings.contains(String(number)), "docs/language.md has no `## \(number).` section") }
    }

    /// The section numbers after each `§` in `text`.
    static func sectionCitations(in text: String) -> Set<String> {
        var result = Set<String>()
        var rest = text[...]
        while let mark = rest.firstIndex(of: "§") {
            rest = rest[rest.index(after: mark)...]
            let number = rest.drop { $0 == " " }.prefix { $0.isNumber || $0 == "." }
            let trimmed = number.hasSuffix(".") ? number.dropLast() : number
            if !trimmed.isEmpty { result.insert(String(trimmed)) }
        }
        return result
    }
}

// MARK: - Generated regions

/// The `<!-- generated: NAME -->` … `<!-- end generated -->` regions of a document.
struct GeneratedRegions {
    static let open = "<!-- generated: "
    static let close = "<!-- end generated -->"

    /// The document's lines, each with its line break.
    let lines: [Substring]
    /// Per region: name, index of the opening line, index of the closing line.
    private(set) var regions: [(name: String, open: Int, close: Int)] = []
    private(set) var problems: [String] = []

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var current: (name: String, open: Int)?
        for (index, line) in lines.enumerated() {
            if line.hasPrefix(Self.open) {
                if let current { problems.append("region `\(current.name)` is not closed before line \(index + 1)") }
                let name = line.dropFirst(Self.open.count).prefix { $0 != " " }
                current = (String(name), index)
            } else if line.hasPrefix(Self.close) {
                guard let open = current else {
                    problems.append("`\(Self.close)` without an opening line at line \(index + 1)")
                    continue
                }
                if regions.contains(where: { $0.name == open.name }) { problems.append("region `\(open.name)` appears twice") }
                regions.append((open.name, open.open, index))
                current = nil
            }
        }
        if let current { problems.append("region `\(current.name)` is never closed") }
    }

    var names: [String] { regions.map(\.name) }

    /// The text between the region's marker lines, each line with its line break.
    func content(of name: String) -> String? {
        guard let region = regions.first(where: { $0.name == name }) else { return nil }
        return lines[(region.open + 1)..<region.close].map { $0 + "\n" }.joined()
    }

    /// The document with each named region's content replaced.
    func replacing(_ contents: [(name: String, text: String)]) -> String {
        var out: [String] = []
        var index = 0
        for region in regions.sorted(by: { $0.open < $1.open }) {
            out += lines[index...region.open].map(String.init)
            if let replacement = contents.first(where: { $0.name == region.name })?.text {
                out += replacement.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            } else {
                out += lines[(region.open + 1)..<region.close].map(String.init)
            }
            index = region.close
        }
        out += lines[index...].map(String.init)
        return out.joined(separator: "\n")
    }
}

// MARK: - Examples

/// One ```cards block of a document. A line `// file: NAME` starts another file of the same
/// example (the first file, `main.cards` unless named, is the entry).
struct ReferenceExample: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    /// The document's path in the repository.
    let document: String
    /// The 1-based line of the opening fence.
    let line: Int
    let files: [(name: String, text: String)]

    var description: String { "\(document):\(line)" }
    var testDescription: String { description }

    var expectsDiagnostics: Bool {
        files.contains { !Expectations.parse($0.text).isEmpty }
    }

    static let filePrefix = "// file: "

    static func extract(from text: String, document: String) -> [ReferenceExample] {
        var result: [ReferenceExample] = []
        var open: Int?
        var body: [Substring] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let start = open {
                if line.hasPrefix("```") {
                    result.append(ReferenceExample(document: document, line: start + 1, files: split(body)))
                    open = nil
                    body = []
                } else {
                    body.append(line)
                }
            } else if line == "```cards" {
                open = index
            }
        }
        return result
    }

    static func split(_ lines: [Substring]) -> [(name: String, text: String)] {
        var files: [(name: String, text: String)] = []
        var name = "main.cards"
        var current: [Substring] = []
        var started = false
        for line in lines {
            if line.hasPrefix(filePrefix) {
                if started || !current.isEmpty { files.append((name, current.joined(separator: "\n") + "\n")) }
                name = String(line.dropFirst(filePrefix.count)).trimmingCharacters(in: .whitespaces)
                current = []
                started = true
            } else {
                current.append(line)
            }
        }
        files.append((name, current.joined(separator: "\n") + "\n"))
        return files
    }
}

// MARK: - The tables

/// Renders the catalog and the code table as the markdown tables of `docs/language.md`.
enum ReferenceTables {
    static let all: [(name: String, render: @Sendable () -> String)] = [
        ("card-properties", cardProperties),
        ("built-in-actions", builtInActions),
        ("structural-nodes", structuralNodes),
        ("stack-kinds", stackKinds),
        ("stack-arguments", stackArguments),
        ("stack-body", stackBody),
        ("parts", parts),
        ("part-arguments", partArguments),
        ("enumerations", enumerations),
        ("traits", traits),
        ("trait-requirements", traitRequirements),
        ("built-in-states", builtInStates),
        ("named-colors", namedColors),
        ("value-constructors", valueConstructors),
        ("theme-properties", themeProperties),
        ("diagnostic-codes", diagnosticCodes),
    ]

    // MARK: Helpers

    /// A markdown table: a header row, the separator, one row per entry.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        func row(_ cells: [String]) -> String { "| " + cells.map(escape).joined(separator: " | ") + " |\n" }
        return row(header) + "|" + String(repeating: " --- |", count: header.count) + "\n" + rows.map(row).joined()
    }

    /// Pipes end a cell even inside backticks, and line breaks end the row.
    static func escape(_ cell: String) -> String {
        let text = cell.isEmpty ? "—" : cell
        return text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    static func code(_ text: String) -> String { "`" + text + "`" }

    static func codes(_ items: [String], separator: String = ", ") -> String {
        items.map(code).joined(separator: separator)
    }

    /// `` `_ text` `` for a positional parameter, `` `name:` `` otherwise.
    static func argumentName(_ parameter: Parameter) -> String {
        if parameter.positional { return code("_ " + parameter.name) }
        if parameter.labelOptional { return code(parameter.name + ":") + " (label optional)" }
        return code(parameter.name + ":")
    }

    static func type(_ type: ValueType) -> String { code(type.description) }

    /// `_ width: Double`, `weight: FontWeight`: a parameter as written in a signature, without
    /// its default.
    static func signature(_ parameter: Parameter) -> String {
        (parameter.positional ? "_ " : "") + parameter.name + ": " + parameter.type.description
    }

    static func defaultValue(_ parameter: Parameter) -> String {
        parameter.defaultValue.map { code($0.description) } ?? ""
    }

    /// What the checker enforces about one argument: required, range, count, binding rules.
    static func rules(_ parameter: Parameter, rangeCode: DiagnosticCode) -> String {
        var notes: [String] = []
        if parameter.required { notes.append("required") }
        if let range = parameter.range { notes.append("\(range.description) (\(rangeCode.rawValue))") }
        if let minimum = parameter.minimumCount { notes.append("at least \(minimum) entries (\(rangeCode.rawValue))") }
        if parameter.bindingRequired { notes.append("binding only") }
        if parameter.twoWay { notes.append("two-way binding") }
        // The card checker's rule for ids (`CardChecker.notePartID`, `checkPartIDs`).
        if parameter === Catalog.partIDParameter {
            notes.append("an identifier, not a Swift keyword, once per card (\(DiagnosticCode.e313.rawValue)); no name the generated Swift has (\(DiagnosticCode.e312.rawValue))")
        }
        return notes.joined(separator: "; ")
    }

    static func crossRule(_ rule: CrossParameterRule, rangeCode: DiagnosticCode) -> String {
        switch rule {
        case .requiredWhenPresent(let required, let trigger):
            "`\(required):` required with `\(trigger):` (\(DiagnosticCode.e804.rawValue))"
        case .lessThan(let lower, let upper):
            "`\(lower)` < `\(upper)` (\(rangeCode.rawValue))"
        case .sameCount(let first, let second):
            "`\(first)` and `\(second)` have as many entries (\(DiagnosticCode.e806.rawValue))"
        case .warnWhenAbsent(let parameter):
            "without `\(parameter):`: \(DiagnosticCode.w105.rawValue)"
        case .warnWhenUnlabelled(let label, let decorative):
            "without `\(label):` or `\(decorative): true`: \(DiagnosticCode.w1002.rawValue)"
        }
    }

    static func children(_ spec: PartSpec) -> String {
        var text: String
        switch spec.children {
        case .leaf:
            text = "leaf"
        case .anyParts(let minimum, let warnIfEmpty):
            text = minimum == 0 ? "any parts"
                : "≥ \(minimum) part\(minimum == 1 ? "" : "s") (\(warnIfEmpty ? "\(DiagnosticCode.w103.rawValue) when empty" : DiagnosticCode.e404.rawValue))"
        case .exactlyParts(let count):
            text = "exactly \(count) parts" + (spec.childRoles.isEmpty ? "" : ": " + spec.childRoles.joined(separator: ", "))
                + " (\(DiagnosticCode.e404.rawValue))"
        case .onlyKinds(let kinds, let minimum):
            text = "only " + codes(kinds, separator: " or ") + " (\(DiagnosticCode.e403.rawValue))"
            if minimum > 0 { text += ", ≥ \(minimum) (\(DiagnosticCode.w103.rawValue) when empty)" }
        case .cellTemplate(let required):
            text = (required ? "exactly one `cell { … }` (\(DiagnosticCode.e404.rawValue))"
                : "at most one `cell { … }` (\(DiagnosticCode.e406.rawValue)), or none for the default cell")
                + "; nothing else (\(DiagnosticCode.e403.rawValue))"
        case .modelFields:
            text = "`field: value` entries"
        }
        for limit in spec.childLimits {
            text += ", at most \(limit.maximum) `\(limit.kind)` (\(DiagnosticCode.e406.rawValue))"
        }
        return text
    }

    /// The parts that give a horizontal context (W402).
    static var horizontalParts: [String] { Catalog.parts.filter(\.providesHorizontalContext).map(\.name) }

    static func stackKindNames(_ predicate: (StackKindSpec) -> Bool) -> String {
        codes(Catalog.stackKinds.filter(predicate).map(\.name), separator: " or ")
    }

    // MARK: Cards (§5)

    static func cardProperties() -> String {
        table(["Property", "Type", "Default", "In a `state` block", "Takes effect in", "Description"],
              Catalog.cardProperties.map { spec in
                  [code(spec.name + ":"), type(spec.parameter.type), defaultValue(spec.parameter),
                   spec.allowedInState ? "yes (that state only)" : "no (\(DiagnosticCode.e310.rawValue))",
                   spec.meaningfulInStackKind.map { code($0) + " stacks" } ?? "every stack",
                   spec.parameter.doc]
              })
    }

    static func builtInActions() -> String {
        table(["Action", "Arguments", "Valid in", "Description"],
              Catalog.builtInActions.map { spec in
                  let arguments = spec.parameters.isEmpty ? "none"
                      : spec.parameters.map { code(signature($0)) + " — " + $0.doc }.joined(separator: "; ")
                  return [code(spec.parameters.isEmpty ? spec.name : spec.name + "(" + spec.parameters.map(signature).joined(separator: ", ") + ")"), arguments,
                          codes(spec.validInStackKinds, separator: " or ") + " stacks (\(DiagnosticCode.e704.rawValue) elsewhere)", spec.doc]
              })
    }

    static func placement(_ placement: Placement) -> String {
        switch placement {
        case .partContext: "wherever a part may be"
        case .cardLevel(let allowedInState): allowedInState ? "a card's body or a state block" : "directly in a card's body"
        case .directlyInside(let parents): "directly inside " + codes(parents, separator: " or ")
        }
    }

    static func structuralNodes() -> String {
        table(["Node", "Where (\(DiagnosticCode.e405.rawValue) elsewhere)", "Arguments", "Children", "Rules", "Description"],
              Catalog.structuralNodes.map { spec in
                  var rules: [String] = []
                  if spec.swipeOnly { rules.append("only shows in \(stackKindNames(\.allowsSwipeNodes)) stacks (\(DiagnosticCode.w703.rawValue) elsewhere)") }
                  if let maximum = spec.maximumPerCard { rules.append("at most \(maximum) per card (\(DiagnosticCode.e406.rawValue))") }
                  if let unique = spec.uniqueBy { rules.append("one per `\(unique)` (\(DiagnosticCode.e406.rawValue))") }
                  let arguments = spec.parameters.isEmpty ? "none"
                      : spec.parameters.map { parameter in
                          var text = argumentName(parameter) + " " + type(parameter.type)
                          if let value = parameter.defaultValue { text += " = " + code(value.description) }
                          let extra = Self.rules(parameter, rangeCode: ArgumentOwner.part.rangeCode)
                          return extra.isEmpty ? text : text + ", " + extra
                      }.joined(separator: "; ")
                  return [code(spec.name), placement(spec.placement), arguments, children(spec), rules.joined(separator: "; "), spec.doc]
              })
    }

    // MARK: Stacks (§6)

    static func stackKinds() -> String {
        table(["Kind", "Seed", "Arguments", "Cards", "Geometry (§6.1)", "Layout positions", "Rules", "Description"],
              Catalog.stackKinds.map { kind in
                  var cards: String
                  switch kind.cardCount {
                  case .atLeast(let minimum): cards = "≥ \(minimum) (\(DiagnosticCode.e701.rawValue))"
                  case .exactly(let count): cards = "exactly \(count) (\(DiagnosticCode.e702.rawValue))"
                  }
                  cards += kind.cardsMayRepeat ? "; may repeat" : "; each once (\(DiagnosticCode.e705.rawValue))"
                  var rules: [String] = []
                  if kind.allowsSwipeNodes { rules.append("cards' `overlay` and `footer` show") }
                  if kind.allowsCardPosition { rules.append("cards' `position:` applies") }
                  if kind.requiresCardTitle { rules.append("every card needs `title:` (\(DiagnosticCode.e703.rawValue))") }
                  if kind.supportsNavigation { rules.append("`push(Card)` of its own cards and `pop` (\(DiagnosticCode.e704.rawValue))") }
                  rules += kind.rules.map { crossRule($0, rangeCode: ArgumentOwner.stack.rangeCode) }
                  let geometry: String
                  switch kind.geometry {
                  case .list: geometry = "list"
                  case .collapsible: geometry = "collapsible"
                  case .swipe: geometry = "swipe"
                  case .sheet: geometry = "sheet"
                  }
                  return [code(kind.name), kind.seedSystem + " " + code(kind.seedClass),
                          kind.arguments.isEmpty ? "none" : codes(kind.arguments.map(\.name)),
                          cards, geometry, codes(kind.layoutPositions), rules.joined(separator: "; "), kind.doc]
              })
    }

    static func stackArguments() -> String {
        table(["Kind", "Argument", "Type", "Default", "Rules", "Description"],
              Catalog.stackKinds.flatMap { kind in
                  kind.arguments.map { parameter in
                      [code(kind.name), argumentName(parameter), type(parameter.type), defaultValue(parameter),
                       rules(parameter, rangeCode: ArgumentOwner.stack.rangeCode), parameter.doc]
                  }
              })
    }

    static func stackBody() -> String {
        table(["Kind", "Property", "Type", "Default", "Rules", "Description"],
              Catalog.stackKinds.flatMap { kind in
                  kind.bodyProperties.map { parameter in
                      [code(kind.name), code(parameter.name + ":"), type(parameter.type), defaultValue(parameter),
                       rules(parameter, rangeCode: ArgumentOwner.stack.rangeCode), parameter.doc]
                  }
              })
    }

    // MARK: Parts (§7.1)

    static func parts() -> String {
        table(["Part", "CardParts class", "Children", "Rules", "Description"],
              Catalog.parts.map { spec in
                  var rules = spec.rules.map { crossRule($0, rangeCode: ArgumentOwner.part.rangeCode) }
                  if spec.needsHorizontalContext {
                      rules.append("outside " + codes(horizontalParts, separator: " or ") + ": \(DiagnosticCode.w402.rawValue)")
                  }
                  if spec.isTapTarget {
                      rules.append("a tap target: under \(CatalogValue.format(Catalog.minimumTapTarget)) × \(CatalogValue.format(Catalog.minimumTapTarget)) pt laid out: \(DiagnosticCode.w1003.rawValue)")
                  }
                  if !spec.defaultRowFields.isEmpty {
                      rules.append("rows of the default cell: " + codes(spec.defaultRowFields))
                  }
                  if case .cellTemplate = spec.children {
                      rules.append("`$item.field` in the `cell` reads the row")
                  }
                  return [code(spec.name), spec.cardPartsClass.map(code) ?? "", children(spec), rules.joined(separator: "; "), spec.doc]
              })
    }

    static func partArguments() -> String {
        func row(_ part: String, _ parameter: Parameter) -> [String] {
            [part, argumentName(parameter), type(parameter.type), defaultValue(parameter),
             rules(parameter, rangeCode: ArgumentOwner.part.rangeCode), parameter.doc]
        }
        let shared = Catalog.sharedPartParameters
        return table(["Part", "Argument", "Type", "Default", "Rules", "Description"],
                     Catalog.parts.flatMap { spec in
                         spec.parameters.filter { parameter in !shared.contains { $0 === parameter } }.map { row(code(spec.name), $0) }
                     } + shared.map { row("every part", $0) })
    }

    /// Every enumeration a parameter anywhere in the catalog takes, in order of first use.
    static func enumerations() -> String {
        var order: [EnumType] = []
        var uses: [EnumType: [String]] = [:]
        func note(_ type: ValueType, _ use: String) {
            var type = type
            if case .list(let element) = type { type = element }
            guard case .enumeration(let enumType) = type else { return }
            if uses[enumType] == nil { order.append(enumType) }
            if uses[enumType]?.contains(use) != true { uses[enumType, default: []].append(use) }
            for enumCase in enumType.cases {
                for argument in enumCase.arguments { note(argument.type, ".\(enumCase.name)(\(argument.label):)") }
            }
        }
        func label(_ parameter: Parameter) -> String { parameter.positional ? "_" : parameter.name }
        for spec in Catalog.nodes {
            for parameter in spec.parameters { note(parameter.type, "\(spec.name)(\(label(parameter)):)") }
        }
        for trait in Catalog.traits {
            for parameter in trait.parameters { note(parameter.type, "\(trait.name)(\(label(parameter)):)") }
        }
        for kind in Catalog.stackKinds {
            for parameter in kind.arguments { note(parameter.type, "\(kind.name)(\(label(parameter)):)") }
            for parameter in kind.bodyProperties { note(parameter.type, "\(kind.name) { \(parameter.name): }") }
        }
        for property in Catalog.cardProperties { note(property.parameter.type, "card { \(property.name): }") }
        for constructor in Catalog.valueConstructors {
            for overload in constructor.overloads {
                for parameter in overload { note(parameter.type, "\(constructor.name)(\(label(parameter)):)") }
            }
        }
        return table(["Enumeration", "Cases", "Used by", "Swift type"],
                     order.map { enumType in
                         [code(enumType.name), enumType.cases.map { code($0.description) }.joined(separator: " "),
                          codes(uses[enumType] ?? []), code(enumType.swiftType)]
                     })
    }

    // MARK: Traits (§7.2)

    static func traits() -> String {
        table(["Trait", "CardParts protocol", "Arguments", "Rules", "Also implements", "Description"],
              Catalog.traits.map { trait in
                  var rules: [String] = []
                  if trait.isLayerShadow {
                      rules.append("on a `transparent` card without " + codes(Catalog.traits.filter(\.fillsCard).map(\.name), separator: " or ")
                                   + ", falls from the parts (\(DiagnosticCode.w501.rawValue))")
                  }
                  for remover in Catalog.traits where remover.removes.contains(trait.name) {
                      rules.append("no effect with `\(remover.name)` (\(DiagnosticCode.w503.rawValue))")
                  }
                  if !trait.ineffectiveInStackKinds.isEmpty {
                      rules.append("no effect when all the card's stacks are " + codes(trait.ineffectiveInStackKinds, separator: " or ")
                                   + " (\(DiagnosticCode.w502.rawValue))")
                  }
                  return [code(trait.name), code(trait.cardPartsProtocol),
                          trait.parameters.isEmpty ? "none" : codes(trait.parameters.map { $0.name + ":" }),
                          rules.joined(separator: "; "), codes(trait.impliedMembers.map(\.declaration)), trait.doc]
              })
    }

    static func traitRequirements() -> String {
        table(["Trait", "Argument", "Type", "Default", "Rules", "CardParts member", "Description"],
              Catalog.traits.flatMap { trait in
                  trait.requirements.map { requirement in
                      let parameter = requirement.parameter
                      var rules = self.rules(parameter, rangeCode: ArgumentOwner.trait.rangeCode)
                      if parameter.required { rules = rules.replacingOccurrences(of: "required", with: "required (\(DiagnosticCode.e501.rawValue))") }
                      return [code(trait.name), argumentName(parameter), type(parameter.type), defaultValue(parameter), rules,
                              code(requirement.member.declaration), parameter.doc]
                  }
              })
    }

    // MARK: States (§7.3)

    static func builtInStates() -> String {
        table(["State", "CardParts `CardState`", "Expects", "Description"],
              Catalog.builtInStates.map { state in
                  [code(state.name), code(state.swiftCase),
                   state.expects.map { code($0) + " (\(DiagnosticCode.w601.rawValue) without it)" } ?? "", state.doc]
              })
    }

    // MARK: Values (§8)

    static func namedColors() -> String {
        table(["Color", "sRGB", "UIKit"],
              Catalog.namedColors.map { color in [code("." + color.name), code(color.hex), code(color.swiftName)] })
    }

    static func valueConstructors() -> String {
        table(["Constructor", "Forms", "Type", "Rules", "Description"],
              Catalog.valueConstructors.map { constructor in
                  let forms = constructor.overloads.map { overload in
                      code(constructor.name + "(" + overload.map(signature).joined(separator: ", ") + ")")
                  }.joined(separator: " or ")
                  var rules: [String] = []
                  for overload in constructor.overloads {
                      for parameter in overload {
                          if let range = parameter.range {
                              let rule = "`\(parameter.name)` \(range.description) (\(ArgumentOwner.constructor.rangeCode.rawValue))"
                              if !rules.contains(rule) { rules.append(rule) }
                          }
                          if let value = parameter.defaultValue {
                              let rule = "`\(parameter.name)` defaults to `\(value.description)`"
                              if !rules.contains(rule) { rules.append(rule) }
                          }
                      }
                  }
                  return [code(constructor.name), forms, type(constructor.result), rules.joined(separator: "; "), constructor.doc]
              })
    }

    // MARK: Themes (§9)

    static func themeProperties() -> String {
        table(["Property", "Type", "CardParts type", "`Mint`", "`Turbo`", "Scales as (§9.1)", "Description"],
              Catalog.themeProperties.map { property in
                  [code(property.name), type(property.type), code(property.swiftType),
                   code(property.mintValue.description), code(property.turboValue.description),
                   property.textStyle.map { code("." + $0.swiftName) } ?? "", property.doc]
              })
    }

    // MARK: Diagnostics (§10)

    static func diagnosticCodes() -> String {
        table(["Code", "Severity", "Title"],
              DiagnosticCode.allCases.map { code in
                  [code.rawValue, code.severity == .error ? "error" : "warning", code.title]
              })
    }
}
