import CardDiagnostics
import CardEmit
import CardJSON
import CardModel
import CardSema
import CardSources
import Foundation
import Testing
@testable import CardProject
import CardTestSupport

/// `Grammar/cardc.schema.json`, the JSON schema of `cardc.json` that editors complete and check
/// the file with, is generated here from the reader's own tables (its keys, the flavors, the
/// access levels, every diagnostic code with its title), so it cannot drift from what `cardc`
/// accepts. After changing the configuration, run
/// `CARDC_UPDATE=1 swift test --filter ConfigurationSchemaTests` and review the diff;
/// `Tests/EndToEnd/config-schema.sh` then checks every configuration fixture with a real
/// validator (Python's `jsonschema`) against what `cardc` says of it.
@Suite struct ConfigurationSchemaTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let schemaFile = packageRoot.appendingPathComponent("Grammar/cardc.schema.json")
    static var updating: Bool { Golden.isUpdating }

    /// The VS Code extension's copy, which it gives every `cardc.json` (`jsonValidation`).
    static let extensionCopy = packageRoot.appendingPathComponent("Editors/vscode/schemas/cardc.schema.json")

    @Test func schemaIsGeneratedFromTheReader() throws {
        let expected = Self.schema().serialized(pretty: true) + "\n"
        for file in [Self.schemaFile, Self.extensionCopy] {
            if Self.updating {
                try Data(expected.utf8).write(to: file)
                continue
            }
            let actual = (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) }
            #expect(actual == expected, "\(file.path) is out of date: run CARDC_UPDATE=1 swift test --filter ConfigurationSchemaTests")
        }
    }

    @Test func schemaNamesEveryKeyTheReaderTakes() throws {
        let properties = try #require(Self.schema()["properties"])
        guard case .object(let members) = properties else { Issue.record("no properties"); return }
        #expect(members.map(\.0) == ProjectConfiguration.keys)
    }

    static func strings(_ names: [String]) -> JSONValue { .array(names.map { .string($0) }) }

    /// The schema, in draft 2020-12, using only keywords every editor's JSON support reads.
    static func schema() -> JSONValue {
        let levels = ProjectConfiguration.Level.allCases.map(\.rawValue)
        let codes: [(String, JSONValue)] = DiagnosticCode.allCases.map { code in
            let isError = code.severity == .error
            let description = "\(code.rawValue): \(code.title)." + (isError ? " An error: it cannot be made a warning or turned off." : "")
            return (code.rawValue, .object([
                ("description", .string(description)),
                ("enum", strings(isError ? ["error"] : levels)),
            ]))
        }
        let properties: [(String, JSONValue)] = [
            ("$schema", .object([
                ("description", "The address of this schema, for editors."),
                ("type", "string"),
            ])),
            ("flavor", .object([
                ("description", "The Swift that `cardc build --emit swift` and the build plugin write: CardParts controllers with RxSwift view models (`cardparts`), or `@Observable` view models (`observation`). `--swift-flavor` overrides it."),
                ("enum", strings(SwiftNames.Flavor.allCases.map(\.rawValue))),
                ("default", .string(SwiftNames.Flavor.cardParts.rawValue)),
            ])),
            ("access", .object([
                ("description", "The access level of the generated Swift declarations. `--access` overrides it."),
                ("enum", strings(SwiftAccess.allCases.map(\.rawValue))),
                ("default", "internal"),
            ])),
            ("viewport", .object([
                ("description", "The screen size the layout (and its warning W104) is computed for, `WxH` in points. `--viewport` overrides it."),
                ("type", "string"),
                ("pattern", .string(#"^([0-9]+\.?[0-9]*|\.[0-9]+)[xX×]([0-9]+\.?[0-9]*|\.[0-9]+)$"#)),
                ("default", "390x844"),
            ])),
            ("textSize", .object([
                ("description", "The Dynamic Type text size the layout (and its warnings W104 and W1003), the preview, the gallery and the editor's checks run at, spelled as Apple's Human Interface Guidelines do. `--text-size` overrides it."),
                ("enum", strings(ContentSizeCategory.names)),
                ("default", .string(ContentSizeCategory.default.name)),
            ])),
            ("diagnostics", .object([
                ("description", "A level per diagnostic code: a warning can be made an `error` (it keeps its code) or turned `off`; errors cannot be turned off."),
                ("type", "object"),
                ("properties", .object(codes)),
                ("additionalProperties", false),
            ])),
            ("exclude", .object([
                ("description", "Paths `cardc check` and `cardc fmt` leave out, whether named or found in a directory: patterns relative to the folder of cardc.json, where `*` matches within one path component, `?` one character and `**` any number of components; a pattern matching a folder leaves out everything below it."),
                ("type", "array"),
                ("items", .object([
                    ("type", "string"),
                    ("pattern", .string(#"^(?!/)(?!.*(^|/)\.\.(/|$)).+$"#)),
                ])),
            ])),
            ("baseline", .object([
                ("description", "The baseline file `cardc check` reads (written by `cardc check --write-baseline FILE`), relative to the folder of cardc.json: the warnings it records are not reported. `--baseline` overrides it."),
                ("type", "string"),
                ("minLength", 1),
            ])),
        ]
        return .object([
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("$id", "https://cardc.dev/schemas/cardc.schema.json"),
            ("title", "cardc project configuration (cardc.json)"),
            ("description", "The settings of a project's .cards files, in the nearest cardc.json above them (up to the top of the Git work tree), or the file named by `--config`. Its folder is the project root: no import leaves it. Every key is optional; an unknown key or a bad value is an error (exit 2). See docs/cli.md, \"Project configuration\"."),
            ("type", "object"),
            ("properties", .object(properties)),
            ("additionalProperties", false),
        ])
    }
}
