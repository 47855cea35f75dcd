#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardJSON
import CardServer
import CardTestSupport
import Foundation

/// `--phase lsp-workspace`: the language server's workspace index, in-process, on a folder of
/// `files` generated decks written to a temporary directory (removed afterwards):
/// `shared.cards` declares the card `Shared`; the first `importers` decks import it and use it
/// (a `push(Shared)` and a stack entry); each deck also has four synthetic cards.
/// - indexing: `initialized` (the walk and the parse of every file), on a fresh server each run;
/// - resident memory of the server after indexing, against the files' total size;
/// - references and rename of `Shared` from its declaration (every importer checked from disk);
/// - a save's re-scan, for clients without file watching.
/// Prints medians and spread; numbers are printed, never asserted.
enum LSPWorkspaceBenchmark {
    static func run(files: Int, importers: Int, iterations: Int, seed: UInt64) {
        let directory = NSTemporaryDirectory() + "cardbench-workspace-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let root = (directory as NSString).resolvingSymlinksInPath
        var bytes = 0
        do {
            try FileManager.default.createDirectory(atPath: root + "/decks", withIntermediateDirectories: true)
            let shared = "card Shared {\n  title: \"Shared\"\n  text(\"Shared by every deck\")\n}\n"
            try Data(shared.utf8).write(to: URL(fileURLWithPath: root + "/shared.cards"))
            bytes += shared.utf8.count
            for k in 0..<files {
                var text = k < importers ? "import \"../shared.cards\"\n\n" : ""
                text += SyntheticDeck.generate(cards: 4, seed: seed &+ UInt64(k))
                if k < importers {
                    text += "\ncard Via\(k) {\n  title: \"Via\"\n  button(\"Shared\", action: push(Shared))\n}\n\n"
                        + "stack Sheet\(k): sheet {\n  Via\(k)\n  Shared\n}\n"
                }
                try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/decks/deck\(k).cards"))
                bytes += text.utf8.count
            }
        } catch {
            print("error: cannot write the workspace: \(error)")
            return
        }
        print("lsp-workspace: \(files + 1) files, \(bytes) bytes; \(importers) import shared.cards; \(iterations) runs")

        var indexTimes: [Double] = [], memoryGrowth: [Int] = []
        var referenceTimes: [Double] = [], renameTimes: [Double] = [], rescanTimes: [Double] = []
        var referenceCount = 0, renamedFiles = 0
        let sharedURI = "file://" + root + "/shared.cards"
        for run in 0..<iterations {
            let server = LanguageServer()
            func send(_ value: JSONValue) -> [JSONValue] {
                server.receive(framed(value.serializedBytes()))
                while server.processNext() {}
                server.idle()
                var reader = MessageReader()
                reader.append(server.takeOutput())
                var replies: [JSONValue] = []
                while let event = reader.next() {
                    if case .message(let body) = event, let value = try? JSONParser.parse(body) { replies.append(value) }
                }
                return replies
            }
            _ = send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["rootUri": .string("file://" + root), "capabilities": [:]]])
            let before = LSPBenchmark.residentMemory() ?? 0
            var start = now()
            _ = send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
            indexTimes.append(now() - start)
            memoryGrowth.append((LSPBenchmark.residentMemory() ?? 0) - before)
            _ = send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": .string(sharedURI), "languageId": "cards", "version": 1,
                "text": "card Shared {\n  title: \"Shared\"\n  text(\"Shared by every deck\")\n}\n"]]])
            let at: JSONValue = ["line": 0, "character": 6]
            start = now()
            let references = send(["jsonrpc": "2.0", "id": 2, "method": "textDocument/references",
                                   "params": ["textDocument": ["uri": .string(sharedURI)], "position": at, "context": ["includeDeclaration": true]]])
            referenceTimes.append(now() - start)
            referenceCount = references.first?["result"]?.array?.count ?? -1
            start = now()
            let rename = send(["jsonrpc": "2.0", "id": 3, "method": "textDocument/rename",
                               "params": ["textDocument": ["uri": .string(sharedURI)], "position": at, "newName": .string("Common\(run)")]])
            renameTimes.append(now() - start)
            if case .object(let changes)? = rename.first?["result"]?["changes"] { renamedFiles = changes.count }
            start = now()
            _ = send(["jsonrpc": "2.0", "method": "textDocument/didSave", "params": ["textDocument": ["uri": .string(sharedURI)]]])
            rescanTimes.append(now() - start)
        }
        LSPBenchmark.report("index at initialized, wall", indexTimes)
        let growth = memoryGrowth.sorted()
        if let median = growth.dropFirst(growth.count / 2).first, let low = growth.first, let high = growth.last {
            print(String(format: "  resident memory added by indexing: median %@ (%.1f× the files), min %@, max %@",
                         mib(median), Double(median) / Double(max(bytes, 1)), mib(low), mib(high)))
        }
        LSPBenchmark.report("references of Shared, wall", referenceTimes, note: "\(referenceCount) locations")
        LSPBenchmark.report("rename of Shared, wall", renameTimes, note: "edits in \(renamedFiles) files")
        LSPBenchmark.report("re-scan at save, wall", rescanTimes)
    }
}
