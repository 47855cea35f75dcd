import CardJSON
import CardServer
import Foundation
import Testing

/// Pulled diagnostics (`textDocument/diagnostic`, `workspace/diagnostic`), workspace folders
/// added and removed, and inlay hints standing in for code lenses — over folders on disk whose
/// files are mostly not open.
@Suite struct PullDiagnosticsTests {
    typealias Folder = WorkspaceIndexTests.Folder

    /// A session whose client pulls diagnostics (and re-pulls when asked, if `refresh`).
    func pullingSession(_ folder: Folder, refresh: Bool = true, watching: Bool = true, pulls: Bool = true,
                        codeLens: Bool = true) -> (Session, JSONValue?) {
        let session = Session()
        var textDocument: [(String, JSONValue)] = []
        if pulls { textDocument.append(("diagnostic", ["dynamicRegistration": false, "relatedDocumentSupport": false])) }
        if codeLens { textDocument.append(("codeLens", [:])) }
        let capabilities: JSONValue = [
            "textDocument": .object(textDocument),
            "workspace": ["diagnostics": ["refreshSupport": .bool(refresh)], "didChangeWatchedFiles": ["dynamicRegistration": .bool(watching)]],
        ]
        let reply = session.send(request(1, "initialize", ["rootUri": .string("file://" + folder.root), "capabilities": capabilities])).first
        session.send(notification("initialized"))
        return (session, reply)
    }

    static func codes(_ report: JSONValue?) -> [String] { (report?["items"]?.array ?? []).compactMap { $0["code"]?.string } }

    @Test func capabilityIsAdvertisedOnlyToPullingClients() throws {
        let folder = try Folder()
        let (_, pulling) = pullingSession(folder)
        #expect(pulling?["result"]?["capabilities"]?["diagnosticProvider"] == ["identifier": "cardc", "interFileDependencies": true, "workspaceDiagnostics": true])
        let (_, pushing) = pullingSession(folder, pulls: false)
        #expect(pushing?["result"]?["capabilities"]?["diagnosticProvider"] == nil)
        #expect(pushing?["result"]?["capabilities"]?["workspace"]?["workspaceFolders"] == ["supported": true, "changeNotifications": true])
    }

    /// A pulling client gets no `publishDiagnostics` (each problem would show twice); a
    /// document's pull answers `unchanged` while its diagnostics are those the client holds.
    @Test func documentPullReplacesPushAndAnswersUnchanged() throws {
        let folder = try Folder()
        let (session, _) = pullingSession(folder)
        let uri = folder.uri("outer.cards")
        let opened = session.open(uri, WorkspaceIndexTests.outer)
        #expect(!opened.contains { $0.method == "textDocument/publishDiagnostics" })
        let first = try #require(session.send(request(2, "textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])).first?["result"])
        #expect(first["kind"] == "full")
        #expect(first["items"] == [])
        let resultID = try #require(first["resultId"]?.string)
        let again = session.send(request(3, "textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": .string(resultID)])).first
        #expect(again?["result"] == ["kind": "unchanged", "resultId": .string(resultID)])
        // An edit that breaks the card: a new report, with a new id.
        let edited = session.send(notification("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": ["start": position(4, 2), "end": position(4, 8)], "text": "buton"]],
        ]))
        #expect(!edited.contains { $0.method == "textDocument/publishDiagnostics" })
        let broken = try #require(session.send(request(4, "textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": .string(resultID)])).first?["result"])
        #expect(broken["kind"] == "full")
        #expect(Self.codes(broken) == ["E301"])
        #expect(broken["resultId"]?.string != resultID)
        // Closing sends nothing either: the client forgets the diagnostics itself.
        #expect(session.send(notification("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])).isEmpty)
    }

    /// The first workspace pull checks the closed files at once on several threads: every
    /// file's report is the one a document pull of it (checked alone, on the server's thread)
    /// gives — errors, an importer shown its import's errors (related information in the other
    /// file), a layout warning (W104, only when laid out as `cardc check` does), an open
    /// document, and a file that cannot be read.
    @Test func workspacePullIsTheDocumentPullOfEachFile() throws {
        let folder = try Folder()
        try folder.write("broken.cards", "card Broken {\n  txt(\"x\")\n}\n")
        try folder.write("uses-broken.cards", "import \"broken.cards\"\n\ncard User {\n  text(\"u\")\n}\n")
        try folder.write("tall.cards", "card Statement {\n  text(\"Statement\")\n  image(\"chart\", height: 240, decorative: true)\n}\n"
            + "stack Wallet: collapsible(cardHeight: 200) {\n  Statement\n}\n")
        for i in 0..<12 { try folder.write("deck/more\(i).cards", "import \"pawtheme.cards\"\n\ncard More\(i) {\n  button(\"n\", action: push(ShelterNote))\n  txt(\"\(i)\")\n}\n") }
        try folder.write("unreadable.cards", "card Hidden {\n  text(\"h\")\n}\n")
        chmod(folder.root + "/unreadable.cards", 0)
        defer { chmod(folder.root + "/unreadable.cards", 0o644) }
        let (session, _) = pullingSession(folder)
        session.open(folder.uri("outer.cards"), WorkspaceIndexTests.outer)
        let pulled = try #require(session.send(request(2, "workspace/diagnostic", ["previousResultIds": []])).first?["result"]?["items"]?.array)
        #expect(pulled.count >= 19)
        let (alone, _) = pullingSession(folder)
        alone.open(folder.uri("outer.cards"), WorkspaceIndexTests.outer)
        var codes: [String: [String]] = [:]
        for (i, item) in pulled.enumerated() {
            let uri = try #require(item["uri"])
            let single = try #require(alone.send(request(3 + i, "textDocument/diagnostic", ["textDocument": ["uri": uri]])).first?["result"])
            #expect(item["items"] == single["items"], "\(uri)")
            codes[uri.string ?? ""] = Self.codes(item)
        }
        #expect(pulled.compactMap { $0["uri"]?.string } == pulled.compactMap { $0["uri"]?.string }.sorted())
        #expect(codes[folder.uri("broken.cards")] == ["E301"])
        #expect(codes[folder.uri("tall.cards")] == ["W104"])
        #expect(codes[folder.uri("deck/more3.cards")]?.contains("E301") == true)
        let user = pulled.first { $0["uri"]?.string == folder.uri("uses-broken.cards") }
        #expect(user?["items"]?.array?.first?["relatedInformation"]?.array?.first?["location"]?["uri"]?.string == folder.uri("broken.cards"))
    }

    /// The workspace pull reports every file of the folders, checked from disk when not open
    /// (the copy under `.build` skipped); what the client already holds is `unchanged`.
    @Test func workspacePullReportsEveryFile() throws {
        let folder = try Folder()
        try folder.write("broken.cards", "card Broken {\n  txt(\"x\")\n}\n")
        let (session, _) = pullingSession(folder)
        let report = try #require(session.send(request(2, "workspace/diagnostic", ["previousResultIds": []])).first?["result"]?["items"]?.array)
        let byURI = Dictionary(uniqueKeysWithValues: report.compactMap { item in item["uri"]?.string.map { ($0, item) } })
        #expect(Set(byURI.keys) == Set(["deck/pawtheme.cards", "deck/pawpal.cards", "outer.cards", "unrelated.cards", "broken.cards"].map(folder.uri)))
        #expect(byURI[folder.uri("broken.cards")]?["kind"] == "full")
        #expect(Self.codes(byURI[folder.uri("broken.cards")]) == ["E301"])
        #expect(byURI[folder.uri("broken.cards")]?["version"] == .null)
        #expect(Self.codes(byURI[folder.uri("outer.cards")]) == [])
        // Pulled again with the ids: all unchanged.
        let previous: JSONValue = .array(report.map { ["uri": $0["uri"] ?? .null, "value": $0["resultId"] ?? .null] })
        let again = try #require(session.send(request(3, "workspace/diagnostic", ["previousResultIds": previous])).first?["result"]?["items"]?.array)
        #expect(again.count == 5)
        #expect(again.allSatisfy { $0["kind"] == "unchanged" })
        // A file deleted on disk: reported with no diagnostics, then no longer listed.
        try FileManager.default.removeItem(atPath: folder.root + "/broken.cards")
        session.send(notification("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("broken.cards")), "type": 3]]]))
        let afterDelete = try #require(session.send(request(4, "workspace/diagnostic", ["previousResultIds": previous])).first?["result"]?["items"]?.array)
        let gone = afterDelete.first { $0["uri"]?.string == folder.uri("broken.cards") }
        #expect(gone?["kind"] == "full")
        #expect(gone?["items"] == [])
        #expect(afterDelete.filter { $0["kind"] == "unchanged" }.count == 4)
    }

    /// An open document's workspace report carries its version, and its buffer's diagnostics.
    @Test func workspacePullUsesOpenBuffers() throws {
        let folder = try Folder()
        let (session, _) = pullingSession(folder)
        session.open(folder.uri("unrelated.cards"), "card Lone {\n  txt(\"ShelterNote\")\n}\n", version: 4)
        let report = try #require(session.send(request(2, "workspace/diagnostic", ["previousResultIds": []])).first?["result"]?["items"]?.array)
        let lone = report.first { $0["uri"]?.string == folder.uri("unrelated.cards") }
        #expect(lone?["version"] == 4)
        #expect(Self.codes(lone) == ["E301"])
    }

    /// An edit of an imported file asks the client to pull again; the importer, not open, then
    /// reports the break, and an edit of a file nothing imports asks nothing.
    @Test func editOfAnImportedFileRefreshes() throws {
        let folder = try Folder()
        let (session, _) = pullingSession(folder)
        let theme = folder.uri("deck/pawtheme.cards")
        session.open(theme, WorkspaceIndexTests.theme)
        let report = try #require(session.send(request(2, "workspace/diagnostic", ["previousResultIds": []])).first?["result"]?["items"]?.array)
        let pal = try #require(report.first { $0["uri"]?.string == folder.uri("deck/pawpal.cards") })
        #expect(Self.codes(pal) == [])
        let sent = session.send(notification("textDocument/didChange", [
            "textDocument": ["uri": .string(theme), "version": 2],
            "contentChanges": [["range": ["start": position(0, 5), "end": position(0, 16)], "text": "ShelterMemo"]],
        ]))
        let refresh = try #require(sent.first { $0.method == "workspace/diagnostic/refresh" })
        #expect(refresh["id"] != nil)
        #expect(refresh["params"] == nil)
        let previous: JSONValue = [["uri": .string(folder.uri("deck/pawpal.cards")), "value": pal["resultId"] ?? .null]]
        let after = try #require(session.send(request(3, "workspace/diagnostic", ["previousResultIds": previous])).first?["result"]?["items"]?.array)
        let palAfter = after.first { $0["uri"]?.string == folder.uri("deck/pawpal.cards") }
        #expect(palAfter?["kind"] == "full")
        #expect(Self.codes(palAfter) == ["E303", "E303"])
        let outerCodes = Self.codes(after.first { $0["uri"]?.string == folder.uri("outer.cards") })
        #expect(outerCodes.contains("E303"))
        // The client's answer to the refresh is taken, and nothing else is sent for it.
        #expect(session.send(["jsonrpc": "2.0", "id": refresh["id"] ?? .null, "result": .null]).isEmpty)
        // unrelated.cards imports nothing and nothing imports it: no refresh.
        session.open(folder.uri("unrelated.cards"), "card Lone {\n  text(\"x\")\n}\n")
        let quiet = session.send(notification("textDocument/didChange", [
            "textDocument": ["uri": .string(folder.uri("unrelated.cards")), "version": 2], "contentChanges": [["text": "card Lone {\n  text(\"y\")\n}\n"]],
        ]))
        #expect(!quiet.contains { $0.method == "workspace/diagnostic/refresh" })
    }

    /// A change on disk refreshes too. A client that pulls but cannot be asked to pull again
    /// (no `refreshSupport`) is not offered pulling: it is pushed to, importers included.
    @Test func diskChangeRefreshesAndClientsWithoutRefreshArePushedTo() throws {
        let folder = try Folder()
        let change: JSONValue = notification("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("deck/pawtheme.cards")), "type": 2]]])
        let (refreshing, _) = pullingSession(folder)
        #expect(refreshing.send(change).contains { $0.method == "workspace/diagnostic/refresh" })
        let (pushed, initialized) = pullingSession(folder, refresh: false)
        #expect(initialized?["result"]?["capabilities"]?["diagnosticProvider"] == nil)
        #expect(pushed.open(folder.uri("outer.cards"), WorkspaceIndexTests.outer).first?.method == "textDocument/publishDiagnostics")
        try folder.write("deck/pawtheme.cards", "card Gone {\n  text(\"x\")\n}\n")
        let sent = pushed.send(change)
        #expect(!sent.contains { $0.method == "workspace/diagnostic/refresh" })
        #expect(sent.first { $0.method == "textDocument/publishDiagnostics" }?["params"]?["diagnostics"]?.array?.contains { $0["code"] == "E303" } == true)
    }

    /// A client that does not pull keeps today's behaviour: the open importer is re-published.
    @Test func pushingClientsArePushedTo() throws {
        let folder = try Folder()
        let (session, _) = pullingSession(folder, pulls: false)
        let opened = session.open(folder.uri("outer.cards"), WorkspaceIndexTests.outer)
        #expect(opened.first?.method == "textDocument/publishDiagnostics")
        session.open(folder.uri("deck/pawtheme.cards"), WorkspaceIndexTests.theme)
        let sent = session.send(notification("textDocument/didChange", [
            "textDocument": ["uri": .string(folder.uri("deck/pawtheme.cards")), "version": 2],
            "contentChanges": [["range": ["start": position(0, 5), "end": position(0, 16)], "text": "ShelterMemo"]],
        ]))
        #expect(!sent.contains { $0.method == "workspace/diagnostic/refresh" })
        let outer = sent.first { $0["params"]?["uri"]?.string == folder.uri("outer.cards") }
        #expect(outer?["params"]?["diagnostics"]?.array?.contains { $0["code"] == "E303" } == true)
    }

    /// Folders added are indexed (their files reach references and the workspace pull);
    /// folders removed take theirs away.
    @Test func workspaceFoldersFollowTheClient() throws {
        let folder = try Folder()
        let other = try Folder()
        let (session, _) = pullingSession(folder)
        func listed() -> Set<String> {
            let items = session.send(request(9, "workspace/diagnostic", ["previousResultIds": []])).first?["result"]?["items"]?.array ?? []
            return Set(items.filter { $0["kind"] == "full" }.compactMap { $0["uri"]?.string })
        }
        #expect(listed().count == 4)
        // As Neovim 0.7 sends it: an empty object among the removed.
        session.send(notification("workspace/didChangeWorkspaceFolders", ["event": [
            "added": [["uri": .string("file://" + other.root), "name": "other"]], "removed": [[:]],
        ]]))
        #expect(listed() == Set(["deck/pawtheme.cards", "deck/pawpal.cards", "outer.cards", "unrelated.cards"].flatMap { [folder.uri($0), other.uri($0)] }))
        let symbols = session.send(request(2, "workspace/symbol", ["query": "ShelterNote"])).first?["result"]?.array ?? []
        #expect(symbols.count == 2)
        session.send(notification("workspace/didChangeWorkspaceFolders", ["event": [
            "added": [], "removed": [["uri": .string("file://" + folder.root), "name": "first"]],
        ]]))
        #expect(listed() == Set(["deck/pawtheme.cards", "deck/pawpal.cards", "outer.cards", "unrelated.cards"].map(other.uri)))
        // A rename from the remaining folder edits its files only.
        session.open(other.uri("deck/pawtheme.cards"), WorkspaceIndexTests.theme)
        let rename = session.send(request(3, "textDocument/rename", [
            "textDocument": ["uri": .string(other.uri("deck/pawtheme.cards"))], "position": position(0, 7), "newName": "RescueNote",
        ])).first
        guard case .object(let changes)? = rename?["result"]?["changes"] else { Issue.record("no changes"); return }
        #expect(Set(changes.map(\.0)) == Set(["deck/pawtheme.cards", "deck/pawpal.cards", "outer.cards"].map(other.uri)))
        // Malformed events change nothing and stop nothing.
        session.send(notification("workspace/didChangeWorkspaceFolders", ["event": ["added": 3]]))
        #expect(listed().count == 4)
    }

    /// Without code lenses, the inlay hints say what they would: after the card's name, the
    /// stacks that list it and the cards that push it, each part linked to the reference.
    @Test func inlayHintsCarryCodeLensesForClientsWithout() throws {
        let folder = try Folder()
        let (session, _) = pullingSession(folder, codeLens: false)
        let theme = folder.uri("deck/pawtheme.cards")
        session.open(theme, WorkspaceIndexTests.theme)
        let range: JSONValue = ["start": position(0, 0), "end": position(4, 0)]
        let hints = try #require(session.send(request(2, "textDocument/inlayHint", ["textDocument": ["uri": .string(theme)], "range": range])).first?["result"]?.array)
        #expect(hints.count == 1)
        let hint = try #require(hints.first)
        #expect(hint["position"] == position(0, 16))
        let parts = try #require(hint["label"]?.array)
        #expect(parts.compactMap { $0["value"]?.string } == ["stack Paws", ", ", "stack More", ", ", "pushed by PawPal", ", ", "pushed by Outer"])
        #expect(parts[0]["location"] == ["uri": .string(folder.uri("deck/pawpal.cards")), "range": ["start": position(9, 2), "end": position(9, 13)]])
        // A client with code lenses gets them as lenses only.
        let (lensing, _) = pullingSession(folder)
        lensing.open(theme, WorkspaceIndexTests.theme)
        let plain = lensing.send(request(2, "textDocument/inlayHint", ["textDocument": ["uri": .string(theme)], "range": range])).first?["result"]
        #expect(plain == [])
    }
}
