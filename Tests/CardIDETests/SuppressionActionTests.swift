import CardDiagnostics
import CardIDE
import CardSema
import Testing

/// The editor side of suppressions and of the project configuration: "ignore this warning"
/// quick fixes (plain edits, applied here as an editor would), suppressions honoured in the
/// document's diagnostics, and the nearest `cardc.json` deciding levels and the root.
@Suite struct SuppressionActionTests {
    static let deck = """
    card Budget {
      model {
        spent: 0.62
        label: "May"
      }
      bar(percent: $spent)
    }

    """

    /// The text after applying `edits` (non-overlapping, in one file) to `text`.
    static func applying(_ edits: [FileEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.location.range.lowerBound > $1.location.range.lowerBound }) {
            bytes.replaceSubrange(edit.location.range, with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func ignoreHereAddsACommentAboveTheLine() throws {
        let workspace = memoryWorkspace()
        workspace.open(path: "/p/main.cards", bytes: Array(Self.deck.utf8), version: 1)
        let snapshot = try #require(workspace.snapshot(of: "/p/main.cards"))
        let warning = try #require(snapshot.documentDiagnostics().first { $0.code == .w101 })
        let actions = snapshot.codeActions(in: warning.range)
        let here = try #require(actions.first { $0.title == "Ignore W101 on this line (// cardc:ignore W101)" })
        #expect(here.kind == .quickFix)
        #expect(!here.isPreferred)
        let fixed = Self.applying(here.edits, to: Self.deck)
        #expect(fixed.contains("    spent: 0.62\n    // cardc:ignore W101\n    label: \"May\"\n"))
        workspace.replaceAll(path: "/p/main.cards", with: Array(fixed.utf8), version: 2)
        let after = try #require(workspace.snapshot(of: "/p/main.cards"))
        #expect(after.documentDiagnostics().isEmpty, "\(after.documentDiagnostics().map(\.message))")

        // Another warning on that line joins the comment already there.
        var moved = warning
        let inserted = fixed.utf8.count - Self.deck.utf8.count
        moved.range = (warning.range.lowerBound + inserted)..<(warning.range.upperBound + inserted)
        let second = try #require(after.suppressionActions(for: moved).first)
        #expect(second.edits.first?.newText == ", W101")
    }

    @Test func ignoreInFileAddsAFileSuppression() throws {
        let workspace = memoryWorkspace()
        workspace.open(path: "/p/main.cards", bytes: Array(Self.deck.utf8), version: 1)
        let snapshot = try #require(workspace.snapshot(of: "/p/main.cards"))
        let warning = try #require(snapshot.documentDiagnostics().first { $0.code == .w101 })
        let whole = try #require(snapshot.codeActions(in: warning.range).first { $0.title.hasPrefix("Ignore W101 in this file") })
        let fixed = Self.applying(whole.edits, to: Self.deck)
        #expect(fixed.hasPrefix("// cardc:ignore-file W101\ncard Budget {"))
        workspace.replaceAll(path: "/p/main.cards", with: Array(fixed.utf8), version: 2)
        #expect(workspace.snapshot(of: "/p/main.cards")?.documentDiagnostics().isEmpty == true)
    }

    @Test func errorsAreNotOfferedSuppression() throws {
        let text = "card Budget: shadow(color: .lightGray, radius: 10) {\n  text(\"x\")\n}\n"
        let snapshot = snapshot(text)
        let error = try #require(snapshot.documentDiagnostics().first { $0.code == .e501 })
        #expect(!snapshot.codeActions(in: error.range).contains { $0.title.hasPrefix("Ignore") })
    }

    @Test func unusedSuppressionIsReportedWithARemovingFix() throws {
        let text = "card Budget {\n  text(\"x\") // cardc:ignore W105\n}\n"
        let snapshot = snapshot(text)
        let unused = try #require(snapshot.documentDiagnostics().first { $0.code == .w901 })
        let fix = try #require(snapshot.codeActions(in: unused.range).first { $0.kind == .quickFix })
        #expect(Self.applying(fix.edits, to: text) == "card Budget {\n  text(\"x\")\n}\n")
    }

    @Test func nearestConfigurationDecidesLevelsAndRoot() throws {
        let workspace = memoryWorkspace(files: [
            "/p/app/cardc.json": #"{ "diagnostics": { "W101": "error" } }"#,
            "/p/app/theme.cards": "theme Brand: Mint {\n  titleColor: #0B3D2E\n}\n",
        ])
        let text = "import \"../theme.cards\"\n" + Self.deck
        workspace.open(path: "/p/app/cards/main.cards", bytes: Array(text.utf8), version: 1)
        let snapshot = try #require(workspace.snapshot(of: "/p/app/cards/main.cards"))
        let diagnostics = snapshot.documentDiagnostics()
        #expect(diagnostics.map(\.code) == [.w101], "the import inside the project resolves: \(diagnostics.map(\.message))")
        #expect(diagnostics.first?.severity == .error)
        #expect(snapshot.dependencies.contains("/p/app/cardc.json"))
        #expect(snapshot.configurationProblem == nil)
    }

    /// The editor lays out at the project's `textSize`, as `cardc check` does: W104 at AX3 in
    /// the project that says so, none beside it.
    @Test func configurationTextSizeAppliesToTheLayout() throws {
        let deck = """
        card Statement {
          text("Statement", style: .title)
          text("Due Jun 3")
          text("Minimum $35")
        }
        stack Wallet: collapsible(cardHeight: 120) {
          Statement
        }

        """
        let workspace = memoryWorkspace(files: ["/p/big/cardc.json": #"{ "textSize": "AX3" }"#])
        workspace.open(path: "/p/big/wallet.cards", bytes: Array(deck.utf8), version: 1)
        workspace.open(path: "/p/wallet.cards", bytes: Array(deck.utf8), version: 1)
        let big = try #require(workspace.snapshot(of: "/p/big/wallet.cards"))
        #expect(big.textSize == .ax3)
        let found = big.documentDiagnostics()
        #expect(found.map(\.code) == [.w104])
        #expect(found.first?.message.hasPrefix("card `Statement` is 156 pt tall in state `none` at text size AX3") == true)
        let plain = try #require(workspace.snapshot(of: "/p/wallet.cards"))
        #expect(plain.textSize == .large && plain.documentDiagnostics().isEmpty)
    }

    @Test func brokenConfigurationIsReportedAndTheDefaultsApply() throws {
        let workspace = memoryWorkspace(files: ["/p/cardc.json": #"{ "diagnostic": {} }"#])
        workspace.open(path: "/p/main.cards", bytes: Array(Self.deck.utf8), version: 1)
        let snapshot = try #require(workspace.snapshot(of: "/p/main.cards"))
        #expect(snapshot.configurationProblem?.contains("unknown key \"diagnostic\"") == true)
        #expect(snapshot.documentDiagnostics().map(\.severity) == [.warning])
    }
}
