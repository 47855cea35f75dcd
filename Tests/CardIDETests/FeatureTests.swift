import CardDiagnostics
import CardIDE
import CardModel
import CardSources
import CardSema
import Foundation
import Testing

/// A small deck exercising every kind of name, with a theme in an imported file.
let deckText = """
import "theme.cards"

/// Monthly budget summary.
card Budget: rounded(radius: 10) {
  model {
    spent: 0.62
    rows: [(merchant: "Shell", amount: "-$4"), (merchant: "Netflix", amount: "-$15")]
  }
  title: "Budget"
  bar(percent: $spent, color: .red)
  table(rows: $rows) {
    cell { text($item.merchant) }
  }
  button("More", action: push(Details))
}

card Details {
  title: "Details"
  text("Later", style: .detail)
  button("Back", action: pop)
}

stack Trip: sheet {
  theme: Evergreen
  Budget
  Details
}
"""

let themeText = """
/// The green one.
theme Evergreen: Mint {
  titleColor: #0B3D2E
}
"""

func deckSnapshot() -> Snapshot { snapshot(deckText, files: ["theme.cards": themeText]) }

@Suite struct HoverTests {
    @Test func partHoverShowsCatalogDoc() throws {
        let hover = try #require(deckSnapshot().hover(at: offset(of: "bar(", in: deckText, plus: 1)))
        #expect(hover.markdown.contains("bar("))
        #expect(hover.markdown.contains(Catalog.part(named: "bar")!.doc))
        #expect(hover.range == offset(of: "bar(", in: deckText)..<offset(of: "bar(", in: deckText) + 3)
    }

    @Test func traitArgumentAndStackKind() throws {
        let snapshot = deckSnapshot()
        let trait = try #require(snapshot.hover(at: offset(of: "rounded", in: deckText, plus: 2)))
        #expect(trait.markdown.contains(Catalog.trait(named: "rounded")!.doc))
        let argument = try #require(snapshot.hover(at: offset(of: "percent:", in: deckText, plus: 2)))
        #expect(argument.markdown.contains(Catalog.part(named: "bar")!.parameter(named: "percent")!.doc))
        let kind = try #require(snapshot.hover(at: offset(of: "sheet {", in: deckText, plus: 1)))
        #expect(kind.markdown.contains(Catalog.stackKind(named: "sheet")!.doc))
    }

    @Test func bindingShowsInferredType() throws {
        let snapshot = deckSnapshot()
        let hover = try #require(snapshot.hover(at: offset(of: "$spent", in: deckText, plus: 3)))
        #expect(hover.markdown.contains("$spent: Double"))
        #expect(hover.markdown.contains("default `0.62`"))
        let row = try #require(snapshot.hover(at: offset(of: "$item.merchant", in: deckText, plus: 8)))
        #expect(row.markdown.contains("$item.merchant: String"))
    }

    @Test func cardNameShowsDocComment() throws {
        let snapshot = deckSnapshot()
        let declaration = try #require(snapshot.hover(at: offset(of: "Budget:", in: deckText, plus: 1)))
        #expect(declaration.markdown.contains("Monthly budget summary."))
        #expect(declaration.markdown.contains("card Budget: rounded"))
        // A reference in a stack shows the same card.
        let reference = try #require(snapshot.hover(at: offset(of: "  Budget\n", in: deckText, plus: 3)))
        #expect(reference.markdown.contains("Monthly budget summary."))
        let push = try #require(snapshot.hover(at: offset(of: "push(Details", in: deckText, plus: 6)))
        #expect(push.markdown.contains("card Details"))
    }

    @Test func themeEnumCaseAndColor() throws {
        let snapshot = deckSnapshot()
        let theme = try #require(snapshot.hover(at: offset(of: "Evergreen", in: deckText, plus: 1)))
        #expect(theme.markdown.contains("theme Evergreen: Mint"))
        #expect(theme.markdown.contains("The green one."))
        let style = try #require(snapshot.hover(at: offset(of: ".detail", in: deckText, plus: 2)))
        #expect(style.markdown.contains(".detail: TextStyle"))
        let color = try #require(snapshot.hover(at: offset(of: ".red", in: deckText, plus: 2)))
        #expect(color.markdown.contains("UIColor.red"))
    }

    @Test func nothingOnPunctuationOrStrings() {
        let snapshot = deckSnapshot()
        #expect(snapshot.hover(at: offset(of: "{\n  model", in: deckText)) == nil)
        #expect(snapshot.hover(at: offset(of: "Later", in: deckText, plus: 2)) == nil)
    }
}

@Suite struct NavigationTests {
    @Test func definitionOfCardThemeBindingRowAndImport() throws {
        let snapshot = deckSnapshot()
        let details = snapshot.definition(at: offset(of: "push(Details", in: deckText, plus: 6))
        #expect(details == [Location(path: "/p/main.cards", range: offset(of: "Details {", in: deckText)..<offset(of: "Details {", in: deckText) + 7)])
        let theme = snapshot.definition(at: offset(of: "Evergreen", in: deckText))
        #expect(theme == [Location(path: "/p/theme.cards", range: offset(of: "Evergreen", in: themeText)..<offset(of: "Evergreen", in: themeText) + 9)])
        let field = snapshot.definition(at: offset(of: "$spent", in: deckText, plus: 2))
        #expect(field.first?.range == offset(of: "spent:", in: deckText)..<offset(of: "spent:", in: deckText) + 5)
        let row = snapshot.definition(at: offset(of: "$item.merchant", in: deckText, plus: 7))
        #expect(row.first?.range == offset(of: "merchant:", in: deckText)..<offset(of: "merchant:", in: deckText) + 8)
        let file = snapshot.definition(at: offset(of: "theme.cards", in: deckText))
        #expect(file == [Location(path: "/p/theme.cards", range: 0..<0)])
        // `item` of `$item.merchant` (its first letter and its end) goes to the rows' binding.
        let rows = offset(of: "$rows)", in: deckText, plus: 1)
        for at in [offset(of: "$item.merchant", in: deckText, plus: 1), offset(of: "$item.merchant", in: deckText, plus: 5)] {
            #expect(snapshot.definition(at: at) == [Location(path: "/p/main.cards", range: rows..<rows + 4)])
        }
        // and the rows' binding still goes to the model field.
        #expect(snapshot.definition(at: rows).first?.range == offset(of: "rows:", in: deckText)..<offset(of: "rows:", in: deckText) + 4)
    }

    @Test func referencesOfACard() {
        let snapshot = deckSnapshot()
        let references = snapshot.references(at: offset(of: "Details {", in: deckText), includeDeclaration: true)
        #expect(references.count == 3) // declaration, push(…), the stack
        #expect(snapshot.references(at: offset(of: "Details {", in: deckText), includeDeclaration: false).count == 2)
    }

    @Test func renameCardAcrossOpenFiles() throws {
        let workspace = memoryWorkspace(files: ["theme.cards": themeText])
        workspace.open(path: "/p/main.cards", bytes: Array(deckText.utf8), version: 1)
        let other = "import \"main.cards\"\nstack More: list {\n  Details\n}\n"
        workspace.open(path: "/p/other.cards", bytes: Array(other.utf8), version: 1)
        let main = try #require(workspace.snapshot(of: "/p/main.cards"))
        let target = try #require(main.prepareRename(at: offset(of: "Details {", in: deckText, plus: 2)))
        #expect(target.placeholder == "Details")
        let edits = try main.rename(at: offset(of: "Details {", in: deckText), to: "Info", others: workspace.allSnapshots()).get()
        #expect(edits.count == 4)
        #expect(edits.filter { $0.location.path == "/p/other.cards" }.map(\.location.range) == [offset(of: "Details", in: other)..<offset(of: "Details", in: other) + 7])
        #expect(Set(edits.map(\.newText)) == ["Info"])
    }

    @Test func renameBindingRenamesFieldAndUses() throws {
        let snapshot = deckSnapshot()
        let target = try #require(snapshot.prepareRename(at: offset(of: "$spent", in: deckText, plus: 1)))
        #expect(target.range == offset(of: "$spent", in: deckText, plus: 1)..<offset(of: "$spent", in: deckText, plus: 6))
        let edits = try snapshot.rename(at: offset(of: "$spent", in: deckText, plus: 1), to: "used").get()
        #expect(edits.map(\.location.range.lowerBound).sorted() == [offset(of: "spent:", in: deckText), offset(of: "$spent", in: deckText, plus: 1)])
    }

    @Test func renameRefusesBadNamesAndClashes() {
        let snapshot = deckSnapshot()
        let at = offset(of: "Details {", in: deckText)
        #expect(throws: RenameError.self) { try snapshot.rename(at: at, to: "9lives").get() }
        #expect(throws: RenameError.self) { try snapshot.rename(at: at, to: "card").get() }
        #expect(throws: RenameError.self) { try snapshot.rename(at: at, to: "Budget").get() }
        #expect(snapshot.prepareRename(at: offset(of: "Mint", in: deckText)) == nil)
        #expect(snapshot.prepareRename(at: offset(of: "bar(", in: deckText)) == nil)
    }

    @Test func documentAndWorkspaceSymbols() {
        let snapshot = deckSnapshot()
        let symbols = snapshot.documentSymbols()
        #expect(symbols.map(\.name) == ["Budget", "Details", "Trip"])
        #expect(symbols[0].children.map(\.name) == ["spent", "rows"])
        #expect(symbols[0].detail == "rounded")
        let found = Snapshot.workspaceSymbols(matching: "evg", in: [snapshot])
        #expect(found.map(\.name) == ["Evergreen"])
        #expect(found.first?.location.path == "/p/theme.cards")
        #expect(Snapshot.workspaceSymbols(matching: "", in: [snapshot]).count == 6)
    }
}

@Suite struct EditorFeatureTests {
    @Test func diagnosticsCarryNotesFixesAndTags() throws {
        let text = "card A {\n  model { unused: 1 }\n  txt(\"x\")\n}\n"
        let diagnostics = snapshot(text).documentDiagnostics()
        let unknown = try #require(diagnostics.first { $0.code == .e301 })
        #expect(unknown.range == offset(of: "txt", in: text)..<offset(of: "txt", in: text) + 3)
        #expect(unknown.fixes.map(\.newText) == ["text"])
        #expect(unknown.message.contains("help: did you mean `text`?"))
        let unused = try #require(diagnostics.first { $0.code == .w101 })
        #expect(unused.isUnnecessary)
    }

    @Test func importedErrorsShowAtTheImport() throws {
        let diagnostics = snapshot("import \"bad.cards\"\ncard A { text(\"a\") }\n", files: ["bad.cards": "card B { nope(1) }\n"]).documentDiagnostics()
        let atImport = try #require(diagnostics.first)
        #expect(atImport.code == .e301)
        #expect(atImport.message.hasPrefix("imported file `bad.cards` has an error"))
        #expect(atImport.related.first?.location.path == "/p/bad.cards")
    }

    /// An unsaved buffer (named `/untitled:…` by the server) is its own root: an import in it
    /// is E308 and reads nothing, where the root `/` let it read any file on the disk.
    @Test func importsOfAnUnsavedBufferReachNoFile() throws {
        let workspace = memoryWorkspace(files: ["/etc/secret.cards": "card Secret { text(\"s\") }\n"])
        let path = "/untitled:Untitled-1"
        #expect(workspace.root(for: path) == path)
        workspace.open(path: path, bytes: Array("import \"etc/secret.cards\"\ncard A { text(\"a\") }\n".utf8), version: 1)
        let diagnostics = try #require(workspace.snapshot(of: path)).documentDiagnostics()
        #expect(diagnostics.map(\.code) == [.e308])
        #expect(workspace.root(for: "/p/main.cards") == "/p" && workspace.root(for: "/q/x.cards") == "/q")
    }

    /// Every workspace folder is a root: a file deep in the second folder imports from that
    /// folder's top, as it could from the first's; nested folders give the innermost root.
    @Test func everyWorkspaceFolderIsARoot() throws {
        let files = MemoryFileProvider(["/b/theme.cards": "theme T: Mint { }\n"])
        let main = Array("import \"../theme.cards\"\ncard A { text(\"a\") }\n".utf8)
        for (roots, expected) in [(["/a", "/b"], [DiagnosticCode]()), (["/a"], [.e308])] {
            let workspace = Workspace(roots: roots, base: files)
            workspace.open(path: "/b/deck/main.cards", bytes: main, version: 1)
            let diagnostics = try #require(workspace.snapshot(of: "/b/deck/main.cards")).documentDiagnostics()
            #expect(diagnostics.map(\.code) == expected, "roots \(roots)")
        }
        let nested = Workspace(roots: ["/b", "/b/deck", "/a"], base: files)
        #expect(nested.root(for: "/b/deck/main.cards") == "/b/deck" && nested.root(for: "/b/x.cards") == "/b"
                && nested.root(for: "/bb/x.cards") == "/bb")
        #expect(Workspace(roots: ["/"], base: files).root(for: "/untitled:Untitled-1") == "/untitled:Untitled-1")
    }

    @Test func layoutWarningW104() {
        let text = """
        card Tall { text("a") text("b") text("c") text("d") text("e") }
        stack S: collapsible(cardHeight: 20) { Tall }
        """
        #expect(snapshot(text).documentDiagnostics().map(\.code) == [.w104])
    }

    @Test func quickFixAndFixAll() throws {
        let text = "card A {\n  txt(\"x\")\n  bar(percent: 0.5, colr: .red)\n}\n"
        let snapshot = snapshot(text)
        let at = offset(of: "txt", in: text)
        let actions = snapshot.codeActions(in: at..<at)
        let fix = try #require(actions.first)
        #expect(fix.title == "Replace `txt` with `text`")
        #expect(fix.kind == .quickFix)
        let all = try #require(actions.first { $0.title.hasPrefix("Fix all") && $0.kind == .quickFix })
        #expect(all.edits.map(\.newText) == ["text", "color"])
        #expect(actions.contains { $0.kind == .sourceFixAll })
    }

    /// "Fix all" chooses as `cardc fix` does (`FixAll.select`): in a file with a syntax error
    /// the parser recovered from, only the syntax fix-its; the checker's wait.
    @Test func fixAllTakesOnlySyntaxFixItsInABrokenFile() throws {
        let text = "card A rounded(radius: 4) {\n  txt(\"x\")\n}\n"
        let snapshot = snapshot(text)
        #expect(snapshot.documentDiagnostics().map(\.code) == [.e201, .e301])
        let all = try #require(snapshot.codeActions(in: 0..<0).first { $0.kind == .sourceFixAll })
        #expect(all.edits.map(\.newText) == [":"])
        #expect(all.diagnostics.map(\.code) == [.e201])
        // The quick fix of the checker's diagnostic is still offered on its own.
        let at = offset(of: "txt", in: text)
        #expect(snapshot.codeActions(in: at..<at).contains { $0.kind == .quickFix && $0.title == "Replace `txt` with `text`" })
    }

    @Test func signatureHelpMarksTheArgument() throws {
        let marked = Marked("card A {\n  text(\"x\", style: .title, col‸)\n}")
        let help = try #require(snapshot(marked.text).signatureHelp(at: marked.offset))
        let signature = try #require(help.signatures.first)
        #expect(signature.label.hasPrefix("text(_ text: String, style: TextStyle"))
        let active = try #require(help.activeParameter)
        let range = signature.parameters[active].range
        let label = Array(signature.label.utf8)
        #expect(String(decoding: label[range], as: UTF8.self).hasPrefix("color: Color"))
        let labelled = Marked("card A: shadow(radius: ‸) {\n  text(\"x\")\n}")
        let trait = try #require(snapshot(labelled.text).signatureHelp(at: labelled.offset))
        #expect(trait.signatures.first?.label.hasPrefix("shadow(") == true)
        #expect(trait.activeParameter.map { trait.signatures[0].parameters[$0].documentation.isEmpty } == false)
    }

    @Test func semanticTokensClassifyByMeaning() {
        let tokens = deckSnapshot().semanticTokens()
        func type(at needle: String, plus: Int = 0) -> SemanticTokenType? {
            let at = offset(of: needle, in: deckText, plus: plus)
            return tokens.first { $0.range.contains(at) }?.type
        }
        #expect(type(at: "card Budget") == .keyword)
        #expect(type(at: "Budget:") == .class)
        #expect(type(at: "rounded") == .interface)
        #expect(type(at: "bar(") == .function)
        #expect(type(at: "percent:") == .parameter)
        #expect(type(at: "$spent") == .variable)
        #expect(type(at: ".red") == .enumMember)
        #expect(type(at: "sheet {") == .type)
        #expect(type(at: "Evergreen") == .namespace)
        #expect(type(at: "/// Monthly") == .comment)
        #expect(type(at: "spent: 0.62") == .property)
        #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound })
    }

    @Test func foldingLinksAndInlayHints() {
        let snapshot = deckSnapshot()
        let folds = snapshot.foldingRanges()
        #expect(folds.contains { $0.range.lowerBound == offset(of: "{\n  model", in: deckText) })
        let links = snapshot.documentLinks()
        #expect(links.map(\.range) == [offset(of: "theme.cards", in: deckText)..<offset(of: "theme.cards", in: deckText) + 11])
        #expect(links.map(\.target) == ["/p/theme.cards"])
        let hints = snapshot.inlayHints(in: 0..<deckText.utf8.count)
        #expect(hints.map(\.label) == [": Double", ": [(merchant: String)]", ": String"])
        #expect(hints.first?.offset == offset(of: "$spent", in: deckText, plus: 6))
    }
}
