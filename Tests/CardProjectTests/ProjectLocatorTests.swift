import CardDiagnostics
import Foundation
import Testing
@testable import CardProject

/// How `cardc` finds a file's configuration and project root, and what the configuration does,
/// tried through the command line on real folders: the nearest `cardc.json` (up to the top of
/// the Git work tree), `--config` and `--root` over it, levels, viewport, flavor and access,
/// exclusion, errors (exit 2) and `--print-config`.
@Suite struct ProjectLocatorTests {
    @Test func nearestConfigurationIsTheProjectAndItsRoot() throws {
        let directory = try makeTemporaryDirectory([
            "app/cardc.json": #"{ "diagnostics": { "W101": "off" } }"#,
            "app/theme.cards": "theme Brand: Mint { titleColor: #0B3D2E }\n",
            "app/Cards/deck.cards": "import \"../theme.cards\"\n" + twoWarnings,
            "app/Cards/Nested/cardc.json": #"{ "diagnostics": { "W801": "error" } }"#,
            "app/Cards/Nested/inner.cards": twoWarnings,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The issue's case: a file importing `../theme.cards` inside its project, checked alone.
        let deck = runCardc(["check", directory + "/app/Cards/deck.cards"])
        #expect(deck.code == 0, "\(deck.err)")
        #expect(!deck.err.contains("E308"))
        #expect(!deck.err.contains("W101"), "turned off by app/cardc.json")
        #expect(deck.err.contains("warning[W801]"))
        // The nested configuration is the nearer one for its file: W801 an error, W101 back on.
        let inner = runCardc(["check", directory + "/app/Cards/Nested/inner.cards"])
        #expect(inner.code == 1)
        #expect(inner.err.contains("error[W801]"))
        #expect(inner.err.contains("warning[W101]"))
        // Both in one run: each file keeps its own project's levels.
        let both = runCardc(["check", "--format", "json", directory + "/app"])
        #expect(both.code == 1)
        #expect(both.out.contains("\"severity\": \"error\",\n    \"code\": \"W801\""))
        #expect(both.out.components(separatedBy: "\"code\": \"W101\"").count == 2, "W101 only from the nested project")
    }

    @Test func importsStayInsideTheProject() throws {
        let directory = try makeTemporaryDirectory([
            "outside.cards": "card Outside {\n  text(\"outside\")\n}\n",
            "proj/cardc.json": "{}",
            "proj/a/deck.cards": "import \"../../outside.cards\"\n" + cleanCard,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = runCardc(["check", directory + "/proj/a/deck.cards"])
        #expect(result.code == 1)
        #expect(result.err.contains("error[E308]"))
        #expect(result.err.contains("outside the project root `\(directory)/proj`"))
        // --root widens it again.
        #expect(runCardc(["check", "--root", directory, directory + "/proj/a/deck.cards"]).code == 0)
    }

    @Test func gitWorkTreeIsTheRootAndEndsTheSearch() throws {
        let directory = try makeTemporaryDirectory([
            "cardc.json": #"{ "diagnostics": { "W101": "error" } }"#,
            "repo/.git/HEAD": "ref: refs/heads/main\n",
            "repo/theme.cards": "theme Brand: Mint { titleColor: #0B3D2E }\n",
            "repo/Cards/deck.cards": "import \"../theme.cards\"\n" + twoWarnings,
            "worktree/.git": "gitdir: /elsewhere\n",
            "worktree/deck.cards": twoWarnings,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The cardc.json above the repository does not apply to it; the repository's top is the root.
        let repo = runCardc(["check", directory + "/repo/Cards/deck.cards"])
        #expect(repo.code == 0, "\(repo.err)")
        #expect(repo.err.contains("warning[W101]"))
        let printed = runCardc(["check", "--print-config", directory + "/repo/Cards/deck.cards"])
        #expect(printed.out.contains("root           \(directory)/repo (the top of the Git work tree)"))
        #expect(printed.out.contains("configuration  none"))
        // A linked work tree has a `.git` file: the same.
        #expect(runCardc(["check", directory + "/worktree/deck.cards"]).err.contains("warning[W101]"))
    }

    @Test func withoutConfigurationOrGitTheDirectoryGivenIsTheRoot() throws {
        let directory = try makeTemporaryDirectory([
            "Cards/theme.cards": "theme Brand: Mint { titleColor: #0B3D2E }\n",
            "Cards/wallet/deck.cards": "import \"../theme.cards\"\n" + cleanCard,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Skipped when the temporary folder lies in a Git work tree (then that is the root).
        guard !FileManager.default.fileExists(atPath: "/tmp/.git") && !FileManager.default.fileExists(atPath: "/.git") else { return }
        #expect(runCardc(["check", directory + "/Cards"]).code == 0)
        let alone = runCardc(["check", directory + "/Cards/wallet/deck.cards"])
        #expect(alone.code == 1)
        #expect(alone.err.contains("E308"), "the file's own directory is the root")
    }

    @Test func configOptionReplacesTheSearch() throws {
        let directory = try makeTemporaryDirectory([
            "proj/cardc.json": #"{ "diagnostics": { "W101": "off" } }"#,
            "proj/deck.cards": twoWarnings,
            "ci/strict.json": #"{ "diagnostics": { "W101": "error", "W801": "off" } }"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let found = runCardc(["check", directory + "/proj/deck.cards"])
        #expect(found.code == 0)
        #expect(!found.err.contains("W101"))
        let given = runCardc(["check", "--config", directory + "/ci/strict.json", directory + "/proj/deck.cards"])
        #expect(given.code == 1)
        #expect(given.err.contains("error[W101]"))
        #expect(!given.err.contains("W801"))
        let printed = runCardc(["check", "--print-config", "--config", directory + "/ci/strict.json", "--root", directory, directory + "/proj/deck.cards"])
        #expect(printed.code == 0)
        #expect(printed.out.contains("configuration  \(directory)/ci/strict.json (--config)"))
        #expect(printed.out.contains("root           \(directory) (--root)"))
        #expect(printed.out.contains("diagnostics    W101 error, W801 off (\(directory)/ci/strict.json)"))
        let missing = runCardc(["check", "--config", directory + "/nope.json", directory + "/proj/deck.cards"])
        #expect(missing.code == 2)
        #expect(missing.err == "cardc: error: --config \(directory)/nope.json: no such file\n")
        #expect(runCardc(["check", "--config", directory + "/proj", directory + "/proj/deck.cards"]).code == 2)
    }

    /// `--no-config` (what the build plugin passes for a target without a `cardc.json`): no
    /// configuration applies, not even an invalid one on the way; with `--config` it is a
    /// usage error.
    @Test func noConfigOptionReadsNoConfiguration() throws {
        let directory = try makeTemporaryDirectory([
            "proj/cardc.json": #"{ "flavor": "observation", "diagnostics": { "W101": "off" } }"#,
            "proj/deck.cards": twoWarnings,
            "broken/cardc.json": #"{ "flavor": "observations" }"#,
            "broken/deck.cards": twoWarnings,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let found = runCardc(["check", directory + "/proj/deck.cards"])
        #expect(found.code == 0)
        #expect(!found.err.contains("W101"))
        let none = runCardc(["check", "--no-config", directory + "/proj/deck.cards"])
        #expect(none.code == 0)
        #expect(none.err.contains("W101"), "the configuration's level is not applied: \(none.err)")
        let built = runCardc(["build", "--no-config", "--emit", "swift", "-o", "-", directory + "/proj/deck.cards"])
        #expect(built.code == 0)
        #expect(built.out.contains("import CardParts"), "the default flavor, not the configuration's")
        #expect(runCardc(["check", directory + "/broken/deck.cards"]).code == 2)
        #expect(runCardc(["check", "--no-config", directory + "/broken/deck.cards"]).code == 0)
        let both = runCardc(["build", "--no-config", "--config", directory + "/proj/cardc.json", directory + "/proj/deck.cards"])
        #expect(both.code == 2)
        #expect(both.err == "cardc: error: --config and --no-config cannot be used together\n")
    }

    @Test func configurationErrorsAreUsageErrors() throws {
        let directory = try makeTemporaryDirectory([
            "proj/cardc.json": #"{ "diagnostics": { "W101": "off" }, "severity": {} }"#,
            "proj/deck.cards": twoWarnings,
            "dir/cardc.json/x": "",
            "dir/deck.cards": cleanCard,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for command in [["check"], ["build", "--emit", "json", "-o", directory + "/out"], ["fmt", "--check"], ["preview"]] {
            let result = runCardc(command + [directory + "/proj/deck.cards"])
            #expect(result.code == 2, "\(command)")
            #expect(result.err.hasPrefix("cardc: error: \(directory)/proj/cardc.json: unknown key \"severity\""), "\(command): \(result.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
        let notAFile = runCardc(["check", directory + "/dir/deck.cards"])
        #expect(notAFile.code == 2)
        #expect(notAFile.err.contains("cardc.json is a directory, not a regular file"))
    }

    @Test func viewportFlavorAndAccessFromTheConfiguration() throws {
        let wallet = """
        card Tall {
          spacer(height: 180)
        }

        card Wide {
          text("A sentence long enough to wrap onto several lines when the card is narrow, but not when it is wide.")
        }

        stack Wallet: collapsible(cardHeight: 200) {
          Tall
          Wide
        }

        """
        let directory = try makeTemporaryDirectory([
            "proj/cardc.json": #"{ "viewport": "2000x844", "flavor": "observation", "access": "public" }"#,
            "proj/wallet.cards": wallet,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/proj/wallet.cards"
        let printed = runCardc(["check", "--print-config", path])
        #expect(printed.out.contains("viewport       2000x844 (\(directory)/proj/cardc.json)"))
        #expect(printed.out.contains("flavor         observation (\(directory)/proj/cardc.json)"))
        #expect(runCardc(["check", "--print-config", "--viewport", "320x568", path]).out.contains("viewport       320x568 (--viewport)"))
        // The layout JSON records the viewport it was laid out for.
        let json = runCardc(["build", path, "--emit", "json", "-o", "-"])
        #expect(json.code == 0, "\(json.err)")
        #expect(json.out.contains("\"width\": 2000"))
        let swift = runCardc(["build", path, "--emit", "swift", "-o", "-"])
        #expect(swift.out.contains("@Observable"))
        #expect(swift.out.contains("public "))
        // Options win over the configuration.
        let overridden = runCardc(["build", path, "--emit", "swift", "--swift-flavor", "cardparts", "--access", "internal", "-o", "-"])
        #expect(!overridden.out.contains("@Observable"))
        #expect(!overridden.out.contains("public "))
    }

    /// `textSize` in `cardc.json` is `--text-size`'s default for `check`, `build` and `preview`;
    /// the option wins.
    @Test func textSizeFromTheConfiguration() throws {
        let statement = """
        card Statement {
          text("Statement", style: .title)
          text("Due Jun 3")
          text("Minimum $35")
        }

        stack Wallet: collapsible(cardHeight: 120) {
          Statement
        }

        """
        let directory = try makeTemporaryDirectory([
            "proj/cardc.json": #"{ "textSize": "AX3" }"#,
            "proj/wallet.cards": statement,
            "other/wallet.cards": statement,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/proj/wallet.cards"
        #expect(runCardc(["check", "--print-config", path]).out.contains("text size      AX3 (\(directory)/proj/cardc.json)"))
        #expect(runCardc(["check", "--print-config", "--text-size", "xl", path]).err.contains("invalid value 'xl' for '--text-size'"))
        #expect(runCardc(["check", "--print-config", "--text-size", "large", path]).out.contains("text size      large (--text-size)"))
        let checked = runCardc(["check", path])
        #expect(checked.code == 0 && checked.err.contains("W104") && checked.err.contains("at text size AX3"), "\(checked.err)")
        #expect(!runCardc(["check", "--text-size", "large", path]).err.contains("W104"), "the option wins")
        // Each file at its own project's size: the same deck without the configuration fits.
        let both = runCardc(["check", path, directory + "/other/wallet.cards"])
        #expect(both.err.components(separatedBy: "warning[W104]").count == 2 && both.err.contains("proj/wallet.cards:8"), "\(both.err)")
        let json = runCardc(["build", path, "--emit", "json", "-o", "-"])
        #expect(json.out.contains("\"textSize\": \"AX3\""), "\(json.out.prefix(300))")
        let preview = runCardc(["preview", path, "--color", "never"])
        #expect(preview.out.contains("AX3 · "), "\(preview.out.prefix(200))")
    }

    @Test func excludedFilesAreLeftOut() throws {
        let directory = try makeTemporaryDirectory([
            "proj/cardc.json": #"{ "exclude": ["Generated", "**/*-draft.cards"] }"#,
            "proj/deck.cards": cleanCard,
            "proj/Generated/broken.cards": "card {\n",
            "proj/Cards/wip-draft.cards": "card {\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let walked = runCardc(["check", directory + "/proj"])
        #expect(walked.code == 0, "\(walked.err)")
        #expect(walked.err.contains("in 1 file"))
        // Named on the command line (as pre-commit passes them): left out too.
        let named = runCardc(["check", directory + "/proj/Generated/broken.cards", directory + "/proj/deck.cards"])
        #expect(named.code == 0, "\(named.err)")
        #expect(runCardc(["fmt", "--check", directory + "/proj/Cards/wip-draft.cards"]).code == 0)
        #expect(runCardc(["fmt", "--check", directory + "/proj"]).code == 0)
        let printed = runCardc(["check", "--print-config", directory + "/proj/Cards/wip-draft.cards"])
        #expect(printed.out.contains("excluded       yes, by **/*-draft.cards"))
        // `build` builds what it is told.
        #expect(runCardc(["build", directory + "/proj/Generated/broken.cards", "-o", directory + "/out"]).code == 1)
    }
}
