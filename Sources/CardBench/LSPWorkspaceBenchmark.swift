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
/// - resident memory the first indexing adds (a fresh process), against the files' total size;
/// - references of `Shared` from its declaration (every importer checked from disk), then its
///   rename and a `prepareRename` (both reusing what references resolved);
/// - a save's re-scan, for clients without file watching;
/// - after an edit of `shared.cards` (which makes every importer's names stale): a rename as an
///   editor asks for it, `prepareRename` (every importer checked) then `rename`; and, after
///   another edit, a rename alone (every importer checked within it);
/// - `workspace/diagnostic`: the first pull (every file checked from disk, laid out) and a
///   second one given the result ids (every report kept: all `unchanged`).
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
        var prepareTimes: [Double] = [], preparedRenameTimes: [Double] = [], coldRenameTimes: [Double] = []
        // The thread's CPU time too: on a shared machine wall time includes other processes' turns.
        var indexCPU: [Double] = [], referenceCPU: [Double] = [], renameCPU: [Double] = [], rescanCPU: [Double] = []
        var prepareCPU: [Double] = [], preparedRenameCPU: [Double] = [], coldRenameCPU: [Double] = []
        var pullTimes: [Double] = [], pullCPU: [Double] = [], repullTimes: [Double] = [], repullCPU: [Double] = []
        var pulledFiles = 0, unchangedFiles = 0
        var warmPrepareTimes: [Double] = [], warmPrepareCPU: [Double] = []
        // The process's CPU time (every thread's) for the requests that check files.
        var referenceProcessCPU: [Double] = [], prepareProcessCPU: [Double] = [], coldRenameProcessCPU: [Double] = [], pullProcessCPU: [Double] = []
        var startProcessCPU = 0.0
        var referenceCount = 0, renamedFiles = 0, firstTotal = 0, referencesGrowth = 0
        let sharedURI = "file://" + root + "/shared.cards"
        for run in 0..<iterations {
            let server = LanguageServer()
            func send(_ value: JSONValue) -> [JSONValue] { LSPBenchmark.exchange(value, with: server) }
            _ = send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["rootUri": .string("file://" + root), "capabilities": [:]]])
            let before = LSPBenchmark.residentMemory() ?? 0
            var start = now(), startCPU = LSPBenchmark.cpuTime()
            _ = send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
            indexTimes.append(now() - start)
            indexCPU.append(LSPBenchmark.cpuTime() - startCPU)
            let after = LSPBenchmark.residentMemory() ?? 0
            memoryGrowth.append(after - before)
            if run == 0 { firstTotal = after }
            _ = send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": .string(sharedURI), "languageId": "cards", "version": 1,
                "text": "card Shared {\n  title: \"Shared\"\n  text(\"Shared by every deck\")\n}\n"]]])
            let at: JSONValue = ["line": 0, "character": 6]
            let beforeReferences = LSPBenchmark.residentMemory() ?? 0
            start = now()
            startCPU = LSPBenchmark.cpuTime()
            startProcessCPU = LSPBenchmark.processCPUTime()
            let references = send(["jsonrpc": "2.0", "id": 2, "method": "textDocument/references",
                                   "params": ["textDocument": ["uri": .string(sharedURI)], "position": at, "context": ["includeDeclaration": true]]])
            referenceTimes.append(now() - start)
            referenceCPU.append(LSPBenchmark.cpuTime() - startCPU)
            referenceProcessCPU.append(LSPBenchmark.processCPUTime() - startProcessCPU)
            referenceCount = references.first?["result"]?.array?.count ?? -1
            if run == 0 { referencesGrowth = (LSPBenchmark.residentMemory() ?? 0) - beforeReferences }
            start = now()
            startCPU = LSPBenchmark.cpuTime()
            let rename = send(["jsonrpc": "2.0", "id": 3, "method": "textDocument/rename",
                               "params": ["textDocument": ["uri": .string(sharedURI)], "position": at, "newName": .string("Common\(run)")]])
            renameTimes.append(now() - start)
            renameCPU.append(LSPBenchmark.cpuTime() - startCPU)
            if case .object(let changes)? = rename.first?["result"]?["changes"] { renamedFiles = changes.count }
            start = now()
            startCPU = LSPBenchmark.cpuTime()
            _ = send(["jsonrpc": "2.0", "id": 9, "method": "textDocument/prepareRename",
                      "params": ["textDocument": ["uri": .string(sharedURI)], "position": at]])
            warmPrepareTimes.append(now() - start)
            warmPrepareCPU.append(LSPBenchmark.cpuTime() - startCPU)
            start = now()
            startCPU = LSPBenchmark.cpuTime()
            _ = send(["jsonrpc": "2.0", "method": "textDocument/didSave", "params": ["textDocument": ["uri": .string(sharedURI)]]])
            rescanTimes.append(now() - start)
            rescanCPU.append(LSPBenchmark.cpuTime() - startCPU)
            // The same text as a new version: every importer's resolved names are stale.
            func touchShared(_ version: Int) {
                _ = send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                    "textDocument": ["uri": .string(sharedURI), "version": .int(version)],
                    "contentChanges": [["text": "card Shared {\n  title: \"Shared\"\n  text(\"Shared by every deck\")\n}\n"]]]])
            }
            touchShared(2)
            start = now()
            startCPU = LSPBenchmark.cpuTime()
            startProcessCPU = LSPBenchmark.processCPUTime()
            _ = send(["jsonrpc": "2.0", "id": 4, "method": "textDocument/prepareRename",
                      "params": ["textDocument": ["uri": .string(sharedURI)], "position": at]])
            prepareTimes.append(now() - start)
            prepareCPU.append(LSPBenchmark.cpuTime() - startCPU)
            prepareProcessCPU.append(LSPBenchmark.processCPUTime() - startProcessCPU)
            start = now()
            startCPU = LSPBenchmark.cpuTime()
            _ = send(["jsonrpc": "2.0", "id": 5, "method": "textDocument/rename",
                      "params": ["textDocument": ["uri": .string(sharedURI)], "position": at, "newName": .string("Prepared\(run)")]])
            preparedRenameTimes.append(now() - start)
            preparedRenameCPU.append(LSPBenchmark.cpuTime() - startCPU)
            touchShared(3)
            start = now()
            startCPU = LSPBenchmark.cpuTime()
            startProcessCPU = LSPBenchmark.processCPUTime()
            _ = send(["jsonrpc": "2.0", "id": 6, "method": "textDocument/rename",
                      "params": ["textDocument": ["uri": .string(sharedURI)], "position": at, "newName": .string("Cold\(run)")]])
            coldRenameTimes.append(now() - start)
            coldRenameCPU.append(LSPBenchmark.cpuTime() - startCPU)
            coldRenameProcessCPU.append(LSPBenchmark.processCPUTime() - startProcessCPU)
            start = now()
            startCPU = LSPBenchmark.cpuTime()
            startProcessCPU = LSPBenchmark.processCPUTime()
            let pulled = send(["jsonrpc": "2.0", "id": 7, "method": "workspace/diagnostic", "params": ["previousResultIds": []]])
            pullTimes.append(now() - start)
            pullCPU.append(LSPBenchmark.cpuTime() - startCPU)
            pullProcessCPU.append(LSPBenchmark.processCPUTime() - startProcessCPU)
            let items = pulled.first?["result"]?["items"]?.array ?? []
            pulledFiles = items.count
            let previous: [JSONValue] = items.map { ["uri": $0["uri"] ?? .null, "value": $0["resultId"] ?? .null] }
            start = now()
            startCPU = LSPBenchmark.cpuTime()
            let repulled = send(["jsonrpc": "2.0", "id": 8, "method": "workspace/diagnostic", "params": ["previousResultIds": .array(previous)]])
            repullTimes.append(now() - start)
            repullCPU.append(LSPBenchmark.cpuTime() - startCPU)
            unchangedFiles = (repulled.first?["result"]?["items"]?.array ?? []).filter { $0["kind"] == "unchanged" }.count
        }
        LSPBenchmark.report("index at initialized, wall", indexTimes)
        LSPBenchmark.report("index at initialized, CPU ", indexCPU)
        // Only the first run's growth means anything: later runs reuse the pages freed before.
        if let first = memoryGrowth.first {
            print(String(format: "  resident memory added by the first indexing: %@ (%.1f× the files' %@); the server's total then %@",
                         mib(first), Double(first) / Double(max(bytes, 1)), mib(bytes), mib(firstTotal)))
        }
        LSPBenchmark.report("references of Shared, wall", referenceTimes, note: "\(referenceCount) locations")
        LSPBenchmark.report("references of Shared, CPU ", referenceCPU)
        LSPBenchmark.report("references of Shared, process CPU", referenceProcessCPU)
        print("  resident memory the first references added (the importers' resolved names kept): \(mib(referencesGrowth))")
        LSPBenchmark.report("rename of Shared, wall", renameTimes, note: "edits in \(renamedFiles) files")
        LSPBenchmark.report("rename of Shared, CPU ", renameCPU)
        LSPBenchmark.report("prepareRename after them, wall", warmPrepareTimes)
        LSPBenchmark.report("prepareRename after them, CPU ", warmPrepareCPU)
        LSPBenchmark.report("re-scan at save, wall", rescanTimes)
        LSPBenchmark.report("re-scan at save, CPU ", rescanCPU)
        LSPBenchmark.report("after an edit: prepareRename, wall", prepareTimes)
        LSPBenchmark.report("after an edit: prepareRename, CPU ", prepareCPU)
        LSPBenchmark.report("after an edit: prepareRename, process CPU", prepareProcessCPU)
        LSPBenchmark.report("  then rename, wall", preparedRenameTimes)
        LSPBenchmark.report("  then rename, CPU ", preparedRenameCPU)
        LSPBenchmark.report("after an edit: rename alone, wall", coldRenameTimes)
        LSPBenchmark.report("after an edit: rename alone, CPU ", coldRenameCPU)
        LSPBenchmark.report("after an edit: rename alone, process CPU", coldRenameProcessCPU)
        LSPBenchmark.report("workspace/diagnostic, first pull, wall", pullTimes, note: "\(pulledFiles) files")
        LSPBenchmark.report("workspace/diagnostic, first pull, CPU ", pullCPU)
        LSPBenchmark.report("workspace/diagnostic, first pull, process CPU", pullProcessCPU)
        LSPBenchmark.report("workspace/diagnostic, again with the ids, wall", repullTimes, note: "\(unchangedFiles) unchanged")
        LSPBenchmark.report("workspace/diagnostic, again with the ids, CPU ", repullCPU)
    }
}
