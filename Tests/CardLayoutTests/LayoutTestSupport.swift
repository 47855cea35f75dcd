import CardPipeline
import CardJSON
import CardDiagnostics
import CardDriver
import CardEmit
import CardLayout
import CardModel
import CardSources
import CardSema
import Foundation
import Testing

/// Paths of this test target's inputs and of the package files the tests read.
enum LayoutTestPaths {
    /// `Tests/CardLayoutTests`.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    static let golden = testsDirectory.appendingPathComponent("Golden")
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let samples = packageRoot.appendingPathComponent("Samples")
    static let schema = packageRoot.appendingPathComponent("Grammar/layout.schema.json")

    /// The `.cards` file names directly in `directory`, sorted.
    static func cardsFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".cards") }.sorted()
    }

    static func text(of url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}

/// Compiles `name` from `directory` through an in-memory provider holding every `.cards` file of
/// that directory under its bare name, so paths in the output (`"file": "overview.cards"`) do not
/// depend on where the package is checked out. Layout diagnostics are added as `cardc check`
/// adds them.
func compileInMemory(_ name: String, in directory: URL, viewport: Viewport = .standard,
                     textSize: ContentSizeCategory = .default) -> Pipeline.Result {
    var files: [String: String] = [:]
    for file in LayoutTestPaths.cardsFiles(in: directory) {
        files[file] = LayoutTestPaths.text(of: directory.appendingPathComponent(file))
    }
    return compileWithLayout(paths: [name], files: files, viewport: viewport, textSize: textSize)
}

/// Compiles in-memory sources (path → text) as `cardc check` does (`Pipeline.check`): layout
/// diagnostics for every unit without errors, at `textSize`.
func compileWithLayout(paths: [String], files: [String: String], viewport: Viewport = .standard,
                       textSize: ContentSizeCategory = .default) -> Pipeline.Result {
    Pipeline.check(paths: paths, root: ".", provider: MemoryFileProvider(files), viewport: viewport, textSize: textSize)
}

/// Compiles one source text as `deck.cards` and returns its checked deck (failing the test on
/// errors).
func checkedDeck(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CheckedUnit {
    let result = Pipeline.check(paths: ["deck.cards"], root: ".", provider: MemoryFileProvider(["deck.cards": source]))
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors.isEmpty, "unexpected errors: \(errors)", sourceLocation: sourceLocation)
    return try #require(result.decks.first, sourceLocation: sourceLocation)
}

/// The layout JSON schema, parsed once.
let layoutSchema: JSONValue = {
    (try? JSONParser.parse(Array(LayoutTestPaths.text(of: LayoutTestPaths.schema).utf8))) ?? .null
}()

/// Schema violations of a layout document, plus key-order violations: every object whose schema
/// lists its properties with `additionalProperties: false` must have its keys in that order.
func schemaViolations(_ document: JSONValue) -> [String] {
    let validator = JSONSchemaValidator(root: layoutSchema)
    var errors = validator.validate(document)
    checkKeyOrder(document, schema: layoutSchema, validator: validator, path: "", errors: &errors)
    return errors
}

/// Walks `instance` along `schema` (following `$ref` and the matching `oneOf`/`anyOf` branch)
/// and reports objects whose keys are out of the schema's declared order.
func checkKeyOrder(_ instance: JSONValue, schema: JSONValue, validator: JSONSchemaValidator, path: String,
                   errors: inout [String]) {
    var schema = schema
    while case .string(let reference)? = schema["$ref"], let target = validator.resolve(reference) { schema = target }
    for keyword in ["oneOf", "anyOf"] {
        if case .array(let options)? = schema[keyword],
           let match = options.first(where: { validator.isValid(instance, against: $0) }) {
            checkKeyOrder(instance, schema: match, validator: validator, path: path, errors: &errors)
        }
    }
    switch instance {
    case .object(let members):
        if case .object(let properties)? = schema["properties"] {
            let order = properties.map(\.0)
            if case .bool(false)? = schema["additionalProperties"] {
                let positions = members.compactMap { order.firstIndex(of: $0.0) }
                if positions != positions.sorted() {
                    errors.append("\(path): keys \(members.map(\.0)) are not in the schema's order \(order)")
                }
            }
            for (key, member) in members {
                if let subschema = properties.first(where: { $0.0 == key })?.1 {
                    checkKeyOrder(member, schema: subschema, validator: validator, path: path + "/" + key, errors: &errors)
                }
            }
        }
    case .array(let elements):
        if let items = schema["items"] {
            for (index, element) in elements.enumerated() {
                checkKeyOrder(element, schema: items, validator: validator, path: path + "/\(index)", errors: &errors)
            }
        }
    default:
        break
    }
}

/// Runs `cardc` in-process with captured streams.
func runCardc(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
    CapturedOutput.run(arguments)
}

/// A fresh temporary directory holding the given files (relative path → text).
func makeTemporaryDirectory(_ files: [String: String] = [:]) throws -> String {
    let directory = NSTemporaryDirectory() + "cardc-layout-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (name, text) in files {
        let path = directory + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    return directory
}

/// Everything about a directory tree that a build could change: each entry's relative path,
/// bytes, modification date and inode.
struct DirectorySnapshot: Equatable {
    struct Entry: Equatable {
        var path: String
        var bytes: [UInt8]?
        var modified: Date?
        var inode: UInt64?
    }
    var exists: Bool
    var entries: [Entry]

    init(_ directory: String) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        exists = fm.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
        var entries: [Entry] = []
        let names = ((try? fm.subpathsOfDirectory(atPath: directory)) ?? []).sorted()
        for name in names {
            let path = directory + "/" + name
            let attributes = try? fm.attributesOfItem(atPath: path)
            entries.append(Entry(path: name, bytes: fm.contents(atPath: path).map { [UInt8]($0) },
                                 modified: attributes?[.modificationDate] as? Date,
                                 inode: (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value))
        }
        self.entries = entries
    }
}
