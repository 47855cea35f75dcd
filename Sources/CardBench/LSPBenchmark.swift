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

/// `--phase lsp`: the language server in-process, on a deck of about `lines` lines, through its
/// JSON-RPC front (messages framed, parsed and answered as over stdio, minus the pipe):
/// - change → publishDiagnostics: a `didChange` typing or deleting one character inside a
///   string literal, answered until the `publishDiagnostics` for that version is out;
/// - completion and hover at positions inside cards, on the version last published;
/// - resident memory after the first 100 edits and after all of them.
/// Prints p50/p99/max of each, in wall time and in the thread's CPU time (on a shared machine
/// the two differ by the time other processes held the core); numbers are printed, never
/// asserted.
enum LSPBenchmark {
    static func run(lines: Int, edits: Int, queries: Int, seed: UInt64) {
        // About 25 lines a card: grow the deck to the line count asked for.
        var cards = max(1, lines / 25)
        var text = SyntheticDeck.generate(cards: cards, seed: seed)
        while lineCount(text) < lines {
            cards += max(1, (lines - lineCount(text)) / 20)
            text = SyntheticDeck.generate(cards: cards, seed: seed)
        }
        let uri = "file:///cardbench-lsp/deck.cards"
        print("lsp: \(cards) cards, \(lineCount(text)) lines, \(text.utf8.count) bytes; \(edits) edits, \(queries) completions and hovers")

        let server = LanguageServer()
        func send(_ value: JSONValue) -> [JSONValue] { exchange(value, with: server) }
        _ = send(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": ["rootUri": "file:///cardbench-lsp", "capabilities": ["general": ["positionEncodings": ["utf-16"]]]]])
        _ = send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        let opened = send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                           "params": ["textDocument": ["uri": .string(uri), "languageId": "cards", "version": 1, "text": .string(text)]]])
        let initial = opened.first?["params"]?["diagnostics"]?.array?.count ?? -1
        print("  opened: \(initial) diagnostics")

        // Where edits and queries go: just inside `text("` literals, by line and UTF-16 column.
        let allLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var sites: [(line: Int, column: Int)] = []
        for (index, line) in allLines.enumerated() {
            if let range = line.range(of: "text(\"") {
                sites.append((index, line[..<range.upperBound].utf16.count))
            }
        }
        guard !sites.isEmpty else { print("error: no text parts"); return }
        // Card names, for hovers that draw the card's preview.
        let cardLines = allLines.indices.filter { allLines[$0].hasPrefix("card ") }
        var random = SplitMix64(seed: seed)

        var changeTimes: [Double] = [], changeCPU: [Double] = []
        var memoryAfter100: Int?
        var version = 1
        var pending: (line: Int, column: Int)?
        for edit in 0..<edits {
            version += 1
            let change: JSONValue
            if let site = pending {
                // Delete the character typed last time.
                change = ["range": ["start": position(site.line, site.column), "end": position(site.line, site.column + 1)], "text": ""]
                pending = nil
            } else {
                let site = sites[random.below(sites.count)]
                change = ["range": ["start": position(site.line, site.column), "end": position(site.line, site.column)], "text": "x"]
                pending = site
            }
            let start = now(), startCPU = cpuTime()
            let replies = send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                                "params": ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [change]]])
            let elapsed = now() - start
            changeCPU.append(cpuTime() - startCPU)
            guard replies.contains(where: { $0["params"]?["version"] == .int(version) }) else {
                print("error: no diagnostics for version \(version)")
                return
            }
            changeTimes.append(elapsed)
            if edit == 99 { memoryAfter100 = residentMemory() }
        }
        let memoryAfterAll = residentMemory()

        var completionTimes: [Double] = [], hoverTimes: [Double] = [], completionCPU: [Double] = [], hoverCPU: [Double] = []
        var completionItems = 0, hovers = 0
        var previewTimes: [Double] = [], previewCPU: [Double] = [], previews = 0
        for k in 0..<queries {
            let site = sites[random.below(sites.count)]
            // Completion at the start of the line after a text part (a part may go there), and
            // hover on the part's name.
            let completion: JSONValue = ["jsonrpc": "2.0", "id": .int(100 + 2 * k), "method": "textDocument/completion",
                                         "params": ["textDocument": ["uri": .string(uri)], "position": position(site.line, site.column - 6)]]
            var start = now(), startCPU = cpuTime()
            let items = send(completion).first?["result"]?["items"]?.array?.count ?? 0
            completionTimes.append(now() - start)
            completionCPU.append(cpuTime() - startCPU)
            completionItems += items
            let hover: JSONValue = ["jsonrpc": "2.0", "id": .int(101 + 2 * k), "method": "textDocument/hover",
                                    "params": ["textDocument": ["uri": .string(uri)], "position": position(site.line, site.column - 4)]]
            start = now()
            startCPU = cpuTime()
            if send(hover).first?["result"]?["contents"] != nil { hovers += 1 }
            hoverTimes.append(now() - start)
            hoverCPU.append(cpuTime() - startCPU)
            if !cardLines.isEmpty {
                let line = cardLines[random.below(cardLines.count)]
                let cardHover: JSONValue = ["jsonrpc": "2.0", "id": .int(1_000_000 + k), "method": "textDocument/hover",
                                            "params": ["textDocument": ["uri": .string(uri)], "position": position(line, 6)]]
                start = now()
                startCPU = cpuTime()
                if send(cardHover).first?["result"]?["contents"]?["value"]?.string?.contains("```text") == true { previews += 1 }
                previewTimes.append(now() - start)
                previewCPU.append(cpuTime() - startCPU)
            }
        }
        report("change → publishDiagnostics, wall", changeTimes)
        report("change → publishDiagnostics, CPU ", changeCPU)
        report("completion, wall", completionTimes, note: "\(completionItems / max(1, queries)) items on average")
        report("completion, CPU ", completionCPU)
        report("hover, wall", hoverTimes, note: "\(hovers) of \(queries) with content")
        report("hover, CPU ", hoverCPU)
        report("hover on a card (its preview), wall", previewTimes, note: "\(previews) of \(previewTimes.count) with a preview")
        report("hover on a card (its preview), CPU ", previewCPU)
        if let first = memoryAfter100, let last = memoryAfterAll {
            let growth = Double(last - first) / Double(first) * 100
            print("  resident memory: \(mib(first)) after 100 edits, \(mib(last)) after \(edits) (\(String(format: "%+.1f", growth))%)")
        }
    }

    static func position(_ line: Int, _ character: Int) -> JSONValue { ["line": .int(line), "character": .int(character)] }

    static func lineCount(_ text: String) -> Int { text.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }

    /// Sends one message to `server` as a client would (framed), lets it work until idle, and
    /// returns every message it wrote, parsed.
    static func exchange(_ value: JSONValue, with server: LanguageServer) -> [JSONValue] {
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

    static func residentMemory() -> Int? { procStatus("VmRSS") }

    /// This thread's CPU time in seconds.
    /// The whole process's CPU time: with work spread over threads, the thread's misses theirs.
    static func processCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    static func cpuTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    static func report(_ title: String, _ times: [Double], note: String = "") {
        let sorted = times.sorted()
        guard !sorted.isEmpty else { return }
        func at(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))] * 1000 }
        print(String(format: "  %@: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d runs)%@", title, at(0.5), at(0.99), at(1), sorted.count,
                     note.isEmpty ? "" : "; " + note))
    }
}
