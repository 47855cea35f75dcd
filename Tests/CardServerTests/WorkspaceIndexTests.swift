import CardJSON
import CardServer
import Foundation
import Testing

/// The language server over a folder on disk whose files are mostly not open: references,
/// rename and diagnostics reach every file that can see a declaration.
@Suite struct WorkspaceIndexTests {
    static let theme = "card ShelterNote {\n  title: \"Shelter\"\n  text(\"Adopt a pet\")\n}\n"
    static let pal = "import \"pawtheme.cards\"\n\ncard PawPal {\n  title: \"Paw pal\"\n  button(\"Note\", action: push(ShelterNote))\n}\n\n"
        + "stack Paws: sheet {\n  PawPal\n  ShelterNote\n}\n"
    /// Imports `pawpal.cards`, so it sees `ShelterNote` through it.
    static let outer = "import \"deck/pawpal.cards\"\n\ncard Outer {\n  title: \"Outer\"\n  button(\"More\", action: push(ShelterNote))\n}\n\n"
        + "stack More: sheet {\n  Outer\n  ShelterNote\n}\n"

    /// A folder with `deck/pawtheme.cards`, `deck/pawpal.cards` (imports it), `outer.cards`
    /// (imports pawpal), `unrelated.cards`, and a copy under `.build` the walk must skip.
    final class Folder {
        let root: String
        init() throws {
            let directory = NSTemporaryDirectory() + "cardc-index-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory + "/deck", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: directory + "/.build/deck", withIntermediateDirectories: true)
            root = (directory as NSString).resolvingSymlinksInPath
            try write("deck/pawtheme.cards", WorkspaceIndexTests.theme)
            try write("deck/pawpal.cards", WorkspaceIndexTests.pal)
            try write("outer.cards", WorkspaceIndexTests.outer)
            try write("unrelated.cards", "card Lone {\n  text(\"ShelterNote\")\n}\n")
            try write(".build/deck/pawpal.cards", WorkspaceIndexTests.pal)
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name)) }
        func uri(_ name: String) -> String { "file://" + root + "/" + name }
    }

    func session(_ folder: Folder, documentChanges: Bool = false, watching: Bool = false) -> (Session, [JSONValue]) {
        let session = Session()
        let capabilities: JSONValue = ["workspace": ["workspaceEdit": ["documentChanges": .bool(documentChanges)],
                                                     "didChangeWatchedFiles": ["dynamicRegistration": .bool(watching)]]]
        session.send(request(1, "initialize", ["rootUri": .string("file://" + folder.root), "capabilities": capabilities]))
        let sent = session.send(notification("initialized"))
        return (session, sent)
    }

    static func uris(_ locations: JSONValue?) -> [String] { (locations?.array ?? []).compactMap { $0["uri"]?.string } }

    @Test func referencesReachFilesNotOpen() throws {
        let folder = try Folder()
        let (session, _) = session(folder)
        session.open(folder.uri("deck/pawtheme.cards"), Self.theme)
        let reply = session.send(request(2, "textDocument/references", [
            "textDocument": ["uri": .string(folder.uri("deck/pawtheme.cards"))], "position": position(0, 7),
            "context": ["includeDeclaration": true],
        ])).first
        let locations = try #require(reply?["result"]?.array)
        // The declaration, push + stack entry in pawpal and in outer; nothing from the text
        // `"ShelterNote"` in unrelated.cards, nor from the copy under `.build`.
        #expect(locations.count == 5)
        #expect(Set(Self.uris(reply?["result"])) == [folder.uri("deck/pawtheme.cards"), folder.uri("deck/pawpal.cards"), folder.uri("outer.cards")])
        let inPal = locations.filter { $0["uri"]?.string == folder.uri("deck/pawpal.cards") }.map { $0["range"]?["start"] }
        #expect(inPal == [position(4, 30), position(9, 2)])
    }

    /// The answer is the same whether the importers are open or not, from any file.
    @Test func referencesAreTheSameOpenOrNot() throws {
        let folder = try Folder()
        func references(opening names: [String], from name: String, at position: JSONValue) -> [JSONValue] {
            let (session, _) = session(folder)
            for opened in names {
                session.open(folder.uri(opened), (try? String(contentsOfFile: folder.root + "/" + opened, encoding: .utf8)) ?? "")
            }
            let reply = session.send(request(2, "textDocument/references", [
                "textDocument": ["uri": .string(folder.uri(name))], "position": position, "context": ["includeDeclaration": true],
            ])).first
            return (reply?["result"]?.array ?? []).sorted { "\($0)" < "\($1)" }
        }
        let alone = references(opening: ["deck/pawtheme.cards"], from: "deck/pawtheme.cards", at: position(0, 7))
        #expect(alone.count == 5)
        #expect(references(opening: ["deck/pawtheme.cards", "deck/pawpal.cards", "outer.cards"], from: "deck/pawtheme.cards", at: position(0, 7)) == alone)
        // From a use in the outermost importer, with nothing else open.
        #expect(references(opening: ["outer.cards"], from: "outer.cards", at: position(9, 4)) == alone)
    }

    @Test func renameEditsEveryImporterOpenOrNot() throws {
        let folder = try Folder()
        let (session, _) = session(folder)
        session.open(folder.uri("deck/pawtheme.cards"), Self.theme)
        let prepared = session.send(request(2, "textDocument/prepareRename", textPosition(folder.uri("deck/pawtheme.cards"), 0, 7))).first
        #expect(prepared?["result"]?["placeholder"] == "ShelterNote")
        let reply = session.send(request(3, "textDocument/rename", [
            "textDocument": ["uri": .string(folder.uri("deck/pawtheme.cards"))], "position": position(0, 7), "newName": "RescueNote",
        ])).first
        let changes = try #require(reply?["result"]?["changes"])
        #expect(changes[folder.uri("deck/pawtheme.cards")]?.array?.count == 1)
        #expect(changes[folder.uri("deck/pawpal.cards")]?.array?.count == 2)
        #expect(changes[folder.uri("outer.cards")]?.array?.count == 2)
        #expect(changes[folder.uri("unrelated.cards")] == nil)
        #expect(changes[folder.uri("deck/pawpal.cards")]?[1] == ["range": ["start": position(9, 2), "end": position(9, 13)], "newText": "RescueNote"])
    }

    /// A document opened outside the workspace folders brings its project's folder (its
    /// `cardc.json`'s): its importers there are found.
    @Test func documentOutsideTheFoldersBringsItsProject() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.root + "/other/deck", withIntermediateDirectories: true)
        try folder.write("other/cardc.json", "{}")
        try folder.write("other/deck/pawtheme.cards", Self.theme)
        try folder.write("other/deck/pawpal.cards", Self.pal)
        let session = Session()
        session.send(request(1, "initialize", ["rootUri": .string(folder.uri("deck")), "capabilities": [:]]))
        session.send(notification("initialized"))
        session.open(folder.uri("other/deck/pawtheme.cards"), Self.theme)
        let reply = session.send(request(2, "textDocument/references", [
            "textDocument": ["uri": .string(folder.uri("other/deck/pawtheme.cards"))], "position": position(0, 7),
            "context": ["includeDeclaration": false],
        ])).first
        #expect(Self.uris(reply?["result"]) == [folder.uri("other/deck/pawpal.cards"), folder.uri("other/deck/pawpal.cards")])
    }

    /// With `documentChanges`, each document names its version: the open one's, null on disk.
    @Test func renameUsesDocumentChangesWithVersions() throws {
        let folder = try Folder()
        let (session, _) = session(folder, documentChanges: true)
        session.open(folder.uri("deck/pawtheme.cards"), Self.theme, version: 7)
        let reply = session.send(request(3, "textDocument/rename", [
            "textDocument": ["uri": .string(folder.uri("deck/pawtheme.cards"))], "position": position(0, 7), "newName": "RescueNote",
        ])).first
        let documents = try #require(reply?["result"]?["documentChanges"]?.array)
        let byURI = Dictionary(uniqueKeysWithValues: documents.compactMap { d in d["textDocument"]?["uri"]?.string.map { ($0, d) } })
        #expect(byURI.count == 3)
        #expect(byURI[folder.uri("deck/pawtheme.cards")]?["textDocument"]?["version"] == 7)
        #expect(byURI[folder.uri("outer.cards")]?["textDocument"]?["version"] == .null)
        #expect(byURI[folder.uri("deck/pawpal.cards")]?["edits"]?.array?.count == 2)
    }

    /// A new name an importer already declares is refused, naming that importer's unit.
    @Test func renameRefusesAClashInAnImporter() throws {
        let folder = try Folder()
        let (session, _) = session(folder)
        session.open(folder.uri("deck/pawtheme.cards"), Self.theme)
        let reply = session.send(request(3, "textDocument/rename", [
            "textDocument": ["uri": .string(folder.uri("deck/pawtheme.cards"))], "position": position(0, 7), "newName": "Outer",
        ])).first
        #expect(reply?.errorCode == -32803)
        #expect(reply?["error"]?["message"]?.string?.contains("a card named `Outer` already exists in the unit of") == true)
    }

    /// The rename after `prepareRename` reuses what that check resolved — unless a file
    /// changed behind the editor's back in between (no watcher, no save): then it is checked
    /// again, and the edits land where the name now is.
    @Test func renameAfterPrepareFollowsAFileChangedBehindTheEditor() throws {
        let folder = try Folder()
        let (session, _) = session(folder)
        let theme = folder.uri("deck/pawtheme.cards")
        session.open(theme, Self.theme)
        #expect(session.send(request(2, "textDocument/prepareRename", textPosition(theme, 0, 7))).first?["result"]?["placeholder"] == "ShelterNote")
        try folder.write("deck/pawpal.cards", "// moved down a line\n" + Self.pal)
        let reply = session.send(request(3, "textDocument/rename", [
            "textDocument": ["uri": .string(theme)], "position": position(0, 7), "newName": "RescueNote",
        ])).first
        let pal = reply?["result"]?["changes"]?[folder.uri("deck/pawpal.cards")]?.array?.map { $0["range"]?["start"] }
        #expect(pal == [position(5, 30), position(10, 2)])
        // A clash found in the index's declarations of a closed importer's unit, after the same warm-up.
        #expect(session.send(request(4, "textDocument/prepareRename", textPosition(theme, 0, 7))).first?["result"] != nil)
        let clash = session.send(request(5, "textDocument/rename", [
            "textDocument": ["uri": .string(theme)], "position": position(0, 7), "newName": "PawPal",
        ])).first
        #expect(clash?["error"]?["message"]?.string == "a card named `PawPal` already exists in the unit of `\(folder.root)/outer.cards`")
    }

    /// Only the checker tells a card from a theme or a stack of the same name: renaming the
    /// card leaves a closed importer's theme `ShelterNote`, and its use, alone.
    @Test func renameLeavesOtherKindsOfTheSameNameAlone() throws {
        let folder = try Folder()
        try folder.write("themed.cards", "import \"deck/pawtheme.cards\"\n\ntheme ShelterNote: Mint {\n  titleColor: #0B3D2E\n}\n\n"
            + "stack Themed: list {\n  theme: ShelterNote\n  ShelterNote\n}\n")
        let (session, _) = session(folder)
        let theme = folder.uri("deck/pawtheme.cards")
        session.open(theme, Self.theme)
        let reply = session.send(request(3, "textDocument/rename", [
            "textDocument": ["uri": .string(theme)], "position": position(0, 7), "newName": "RescueNote",
        ])).first
        let themed = reply?["result"]?["changes"]?[folder.uri("themed.cards")]?.array?.map { $0["range"]?["start"] }
        #expect(themed == [position(8, 2)])
    }

    /// A file the walk finds but cannot read may use the name: prepareRename refuses, saying
    /// which (a FIFO named `*.cards`: never opened, so nothing stalls).
    @Test func prepareRenameRefusesWhenAFileCannotBeRead() throws {
        let folder = try Folder()
        #expect(mkfifo(folder.root + "/pipe.cards", 0o644) == 0)
        let (session, _) = session(folder)
        session.open(folder.uri("deck/pawtheme.cards"), Self.theme)
        let reply = session.send(request(2, "textDocument/prepareRename", textPosition(folder.uri("deck/pawtheme.cards"), 0, 7))).first
        #expect(reply?.errorCode == -32803)
        #expect(reply?["error"]?["message"]?.string == "cannot rename `ShelterNote`: `\(folder.root)/pipe.cards` cannot be read, "
            + "and it may use `ShelterNote`, which the rename would break")
        // The rename itself is refused the same way.
        let rename = session.send(request(3, "textDocument/rename", [
            "textDocument": ["uri": .string(folder.uri("deck/pawtheme.cards"))], "position": position(0, 7), "newName": "RescueNote",
        ])).first
        #expect(rename?.errorCode == -32803)
        // Once it is gone (seen at the next save's re-scan), the rename is offered again.
        try FileManager.default.removeItem(atPath: folder.root + "/pipe.cards")
        session.send(notification("textDocument/didSave", ["textDocument": ["uri": .string(folder.uri("deck/pawtheme.cards"))]]))
        let again = session.send(request(4, "textDocument/prepareRename", textPosition(folder.uri("deck/pawtheme.cards"), 0, 7))).first
        #expect(again?["result"]?["placeholder"] == "ShelterNote")
    }

    /// `$item` is not a name the user chose: renaming it is refused with a reason.
    @Test func prepareRenameRefusesItem() throws {
        let folder = try Folder()
        let (session, _) = session(folder)
        let uri = folder.uri("rows.cards")
        let text = "card Walks {\n  model { walks: [(walker: \"Sam\", route: \"Park\")] }\n  table(rows: $walks) {\n    cell { text($item.route) }\n  }\n}\n"
        session.open(uri, text)
        let reply = session.send(request(2, "textDocument/prepareRename", textPosition(uri, 3, 17))).first
        #expect(reply?["error"]?["message"]?.string?.contains("`item` is the row") == true)
        // Go to definition on `item` lands on the table's `rows:` binding.
        let definition = session.send(request(3, "textDocument/definition", textPosition(uri, 3, 17))).first
        #expect(definition?["result"]?[0]?["range"] == ["start": position(2, 15), "end": position(2, 20)])
    }

    /// A change on disk to an imported file re-publishes the open importers (and only them).
    @Test func watchedFileChangeRepublishesImporters() throws {
        let folder = try Folder()
        let (session, sent) = session(folder, watching: true)
        let registration = try #require(sent.first { $0.method == "client/registerCapability" })
        #expect(registration["params"]?["registrations"]?[0]?["method"] == "workspace/didChangeWatchedFiles")
        let opened = session.open(folder.uri("outer.cards"), Self.outer)
        #expect(opened.first?["params"]?["diagnostics"]?.array?.isEmpty == true)
        session.open(folder.uri("unrelated.cards"), "card Lone {\n  text(\"ShelterNote\")\n}\n")
        try folder.write("deck/pawtheme.cards", "card Gone {\n  title: \"Gone\"\n  text(\"x\")\n}\n")
        let published = session.send(notification("workspace/didChangeWatchedFiles", [
            "changes": [["uri": .string(folder.uri("deck/pawtheme.cards")), "type": 2]],
        ]))
        let uris = published.filter { $0.method == "textDocument/publishDiagnostics" }.compactMap { $0["params"]?["uri"]?.string }
        #expect(uris == [folder.uri("outer.cards")])
        let codes = published.first?["params"]?["diagnostics"]?.array?.compactMap { $0["code"]?.string }
        #expect(codes?.contains("E303") == true)
    }

    /// A file created on disk that an open deck imports (E306 until then) re-checks the deck,
    /// though no snapshot ever loaded it.
    @Test func createdImportRepublishesItsImporter() throws {
        let folder = try Folder()
        let (session, _) = session(folder, watching: true)
        let uri = folder.uri("later.cards")
        let text = "import \"extra.cards\"\n\nstack Later: list {\n  Extra\n}\n"
        let opened = session.open(uri, text)
        #expect(opened.first?["params"]?["diagnostics"]?.array?.compactMap { $0["code"]?.string }.contains("E306") == true)
        try folder.write("extra.cards", "card Extra {\n  text(\"x\")\n}\n")
        let published = session.send(notification("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("extra.cards")), "type": 1]]]))
        let diagnostics = published.first { $0["params"]?["uri"]?.string == uri }?["params"]?["diagnostics"]?.array
        #expect(diagnostics == [])
    }

    /// Without file watching, a save walks the folders again: a file changed behind the
    /// editor's back is seen, and the open importer re-published.
    @Test func saveRescansWithoutWatching() throws {
        let folder = try Folder()
        let (session, sent) = session(folder)
        #expect(!sent.contains { $0.method == "client/registerCapability" })
        session.open(folder.uri("outer.cards"), Self.outer)
        try folder.write("deck/pawtheme.cards", "card Gone {\n  title: \"Gone\"\n  text(\"x\")\n}\n")
        let published = session.send(notification("textDocument/didSave", ["textDocument": ["uri": .string(folder.uri("outer.cards"))]]))
        #expect(published.first { $0.method == "textDocument/publishDiagnostics" }?["params"]?["diagnostics"]?.array?
            .contains { $0["code"] == "E303" } == true)
        // The index saw it too: `ShelterNote` is gone from the workspace symbols, `Gone` is there.
        let symbols = session.send(request(4, "workspace/symbol", ["query": "gone"])).first
        #expect(symbols?["result"]?.array?.map { $0["name"] } == ["Gone"])
    }

    /// Above a card, a lens per stack listing it and per card pushing it, from files not open;
    /// running one asks the client to show the reference.
    @Test func codeLensesShowStacksAndPushers() throws {
        let folder = try Folder()
        let (session, _) = session(folder)
        session.open(folder.uri("deck/pawtheme.cards"), Self.theme)
        let reply = session.send(request(2, "textDocument/codeLens", ["textDocument": ["uri": .string(folder.uri("deck/pawtheme.cards"))]])).first
        let lenses = try #require(reply?["result"]?.array)
        #expect(lenses.compactMap { $0["command"]?["title"]?.string } == ["stack Paws", "stack More", "pushed by PawPal", "pushed by Outer"])
        #expect(lenses.allSatisfy { $0["range"] == ["start": position(0, 5), "end": position(0, 16)] })
        let target = try #require(lenses.first?["command"]?["arguments"]?[0])
        #expect(target == ["uri": .string(folder.uri("deck/pawpal.cards")), "range": ["start": position(9, 2), "end": position(9, 13)]])
        let shown = session.send(request(3, "workspace/executeCommand", ["command": "cardc.open", "arguments": [target]]))
        let showDocument = try #require(shown.first { $0.method == "window/showDocument" })
        #expect(showDocument["params"]?["uri"]?.string == folder.uri("deck/pawpal.cards"))
        #expect(showDocument["params"]?["selection"] == target["range"])
        #expect(shown.first { $0.id == 3 }?["result"] == .null)
        #expect(session.send(request(4, "workspace/executeCommand", ["command": "cardc.open", "arguments": [7]])).first?.errorCode == -32602)
    }

    /// Moving a file or a folder rewrites the imports that name what moved, and the moved
    /// file's own imports, from the files as they are before the move.
    @Test func willRenameFilesRewritesImports() throws {
        let folder = try Folder()
        let session = Session()
        let initialized = session.initialize(root: folder.root)
        let filters = initialized?["result"]?["capabilities"]?["workspace"]?["fileOperations"]?["willRename"]?["filters"]
        #expect(filters?[0]?["pattern"]?["glob"] == "**/*.cards")
        func edits(_ moves: [(String, String)]) -> JSONValue? {
            let files: JSONValue = .array(moves.map { ["oldUri": .string(folder.uri($0.0)), "newUri": .string(folder.uri($0.1))] })
            return session.send(request(2, "workspace/willRenameFiles", ["files": files])).first?["result"]
        }
        // A file into a subfolder: its importer's string changes.
        let file = try #require(edits([("deck/pawtheme.cards", "deck/theme/paw.cards")])?["changes"])
        #expect(file == [folder.uri("deck/pawpal.cards"): [["range": ["start": position(0, 7), "end": position(0, 23)], "newText": "\"theme/paw.cards\""]]])
        // A folder: the outer importer changes; the two files that move together do not.
        let renamedFolder = try #require(edits([("deck", "decks")])?["changes"])
        #expect(renamedFolder == [folder.uri("outer.cards"): [["range": ["start": position(0, 7), "end": position(0, 26)], "newText": "\"decks/pawpal.cards\""]]])
        // The importer itself moves: its own import is written from its new folder.
        let importer = try #require(edits([("outer.cards", "sub/outer.cards")])?["changes"])
        #expect(importer == [folder.uri("outer.cards"): [["range": ["start": position(0, 7), "end": position(0, 26)], "newText": "\"../deck/pawpal.cards\""]]])
        // A new name with a bidi control: escaped in the import string, as every output escapes it.
        let hostile = try #require(edits([("deck/pawtheme.cards", "deck/\u{202E}paw.cards")])?["changes"])
        #expect(hostile == [folder.uri("deck/pawpal.cards"): [["range": ["start": position(0, 7), "end": position(0, 23)], "newText": "\"\\u{202E}paw.cards\""]]])
        // Nothing imports unrelated.cards: nothing to do.
        #expect(edits([("unrelated.cards", "lone.cards")]) == .null)
    }

    /// Workspace symbols come from every file of the index, ranked: an exact name, then a
    /// prefix, then word starts.
    @Test func workspaceSymbolsAreFuzzyAndRanked() throws {
        let folder = try Folder()
        try folder.write("more.cards", "card Snack {\n  text(\"s\")\n}\ncard Sn {\n  text(\"s\")\n}\ncard LessNotable {\n  text(\"l\")\n}\n")
        let (session, _) = session(folder)
        let reply = session.send(request(2, "workspace/symbol", ["query": "sn"])).first
        let names = try #require(reply?["result"]?.array?.compactMap { $0["name"]?.string })
        #expect(names == ["Sn", "Snack", "ShelterNote", "LessNotable"])
        let shelter = reply?["result"]?.array?.first { $0["name"] == "ShelterNote" }
        #expect(shelter?["location"]?["uri"]?.string == folder.uri("deck/pawtheme.cards"))
        #expect(shelter?["location"]?["range"] == ["start": position(0, 5), "end": position(0, 16)])
    }
}
