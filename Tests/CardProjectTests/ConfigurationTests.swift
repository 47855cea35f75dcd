import CardDiagnostics
import CardLayout
import CardModel
import CardSema
import CardSources
import Foundation
import Testing
@testable import CardProject

/// `cardc.json` as the reader takes it: the fixtures in `Fixtures/config/` (`valid-*` read,
/// `invalid-*` refused with the message below), levels, and exclude patterns.
/// `Tests/EndToEnd/config-schema.sh` checks the same fixtures against the JSON schema.
@Suite struct ConfigurationTests {
    static let fixtures = ProjectTestPaths.fixtures.appendingPathComponent("config")
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()

    /// What each invalid fixture's error says (a part of it).
    static let expectedErrors: [String: String] = [
        "invalid-access.json": #""access" must be "internal", "public" or "package", found "open""#,
        "invalid-baseline-empty.json": #""baseline" must be the baseline file's path"#,
        "invalid-beyond-schema-duplicate-key.json": #""flavor" is given twice"#,
        "invalid-beyond-schema-zero-viewport.json": #""viewport" must be "WxH" in points, such as "390x844", found "0x844""#,
        "invalid-diagnostics-type.json": #""diagnostics" must be an object of codes and levels"#,
        "invalid-error-off.json": #""E501" is an error, and errors cannot be made warnings or turned off"#,
        "invalid-error-warning.json": #""E306" is an error, and errors cannot be made warnings or turned off"#,
        "invalid-exclude-absolute.json": #""/abs/path" is absolute"#,
        "invalid-exclude-empty.json": "a pattern must not be empty",
        "invalid-exclude-parent.json": #""../sibling" leaves the folder of cardc.json"#,
        "invalid-exclude-type.json": #""exclude" must be a list of path patterns"#,
        "invalid-flavor.json": #""flavor" must be "cardparts" or "observation", found "swiftui""#,
        "invalid-level-type.json": #""W104" must be "error", "warning" or "off", found false"#,
        "invalid-level.json": #""W104" must be "error", "warning" or "off", found "fatal""#,
        "invalid-lowercase-code.json": #"unknown diagnostic code "w104" (did you mean "W104"?)"#,
        "invalid-not-object.json": "expected a JSON object",
        "invalid-schema-type.json": #""$schema" must be a string"#,
        "invalid-syntax-trailing-comma.json": "1:28: not valid JSON: expected a key",
        "invalid-syntax-unterminated.json": "not valid JSON",
        "invalid-unknown-code.json": #"unknown diagnostic code "W14" (did you mean "W104"?)"#,
        "invalid-unknown-key.json": #"unknown key "flavour" (did you mean "flavor"?"#,
        "invalid-text-size.json": #""textSize" must be "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4" or "AX5", found "huge""#,
        "invalid-text-size-case.json": #"found "ax3" (did you mean "AX3"?)"#,
        "invalid-viewport-type.json": #""viewport" must be "WxH" in points"#,
        "invalid-viewport.json": #""viewport" must be "WxH" in points, such as "390x844", found "390""#,
    ]

    @Test func fixturesAreFound() {
        #expect(Self.names.filter { $0.hasPrefix("valid-") }.count >= 3)
        #expect(Set(Self.names.filter { $0.hasPrefix("invalid-") }) == Set(Self.expectedErrors.keys))
    }

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        if name.hasPrefix("valid-") {
            #expect(throws: Never.self) { try ProjectConfiguration(parsing: bytes, path: name) }
            return
        }
        do {
            _ = try ProjectConfiguration(parsing: bytes, path: name)
            Issue.record("\(name) was accepted")
        } catch {
            let expected = try #require(Self.expectedErrors[name])
            #expect(error.message.hasPrefix(name + ":"), "\(error.message)")
            #expect(error.message.contains(expected), "\(name): \(error.message)")
        }
    }

    @Test func everyKeyIsRead() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("valid-every-key.json")))
        let configuration = try ProjectConfiguration(parsing: bytes, path: "cardc.json")
        #expect(configuration.flavor == .observation)
        #expect(configuration.access == .public)
        #expect(configuration.viewport == Viewport(width: 375, height: 667))
        #expect(configuration.textSize == .ax3)
        #expect(configuration.level(of: .w104) == .error)
        #expect(configuration.level(of: .w801) == .off)
        #expect(configuration.level(of: .w101) == .warning)
        #expect(configuration.level(of: .w105) == .warning, "not configured: its own severity")
        #expect(configuration.level(of: .e501) == .error)
        #expect(configuration.level(of: .e306) == .error)
        #expect(configuration.exclude.map(\.text) == ["Generated/**", "Legacy/old-*.cards", "**/scratch"])
        #expect(configuration.baseline == "cardc-baseline.json")
    }

    @Test func excludePatterns() throws {
        func matches(_ pattern: String, _ path: String) throws -> Bool { try ExcludePattern(pattern).matches(path) }
        #expect(try matches("Generated", "Generated/a.cards"), "a folder leaves out what is below it")
        #expect(try matches("Generated/**", "Generated/deep/a.cards"))
        #expect(try matches("Generated/", "Generated/a.cards"))
        #expect(try !matches("Generated", "Cards/Generated/a.cards"), "anchored at the configuration's folder")
        #expect(try matches("**/Generated", "Cards/Generated/a.cards"))
        #expect(try matches("**/Generated", "Generated/a.cards"), "** may match no folder")
        #expect(try matches("Legacy/old-*.cards", "Legacy/old-wallet.cards"))
        #expect(try !matches("Legacy/old-*.cards", "Legacy/new-wallet.cards"))
        #expect(try !matches("*.cards", "Legacy/a.cards"), "* stays within one component")
        #expect(try matches("*.cards", "a.cards"))
        #expect(try matches("?.cards", "a.cards"))
        #expect(try !matches("?.cards", "ab.cards"))
        #expect(try matches("./Generated", "Generated/x.cards"))
        #expect(try matches("a/**/**/**/b", "a/b"))
        #expect(try !matches("a*b*c*d*e*f*g*h*i*j*k", String(repeating: "ab", count: 200)), "many stars stay fast")
        #expect(throws: ConfigurationError.self) { try ExcludePattern(".") }
    }
}

/// Paths of this test target, found from `#filePath` (no resource bundles).
enum ProjectTestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
}
