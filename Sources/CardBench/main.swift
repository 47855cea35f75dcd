// CardBench — throughput and memory benchmark for the cardc front end.
//
//   swift run -c release --scratch-path .build-bench CardBench \
//       [--cards N] [--seed S] [--iterations K] [--warmup W] [--phase lex|parse|check|build|preview|all] \
//       [--memory cold|warm] [--write PATH] [--file PATH]
//   swift run -c release --scratch-path .build-bench CardBench --phase lsp [--lines N] [--edits N] [--queries N]
//   swift run -c release --scratch-path .build-bench CardBench --phase lsp-workspace [--files N] [--importers N]
//
// Generates a deterministic synthetic deck (`SyntheticDeck`, ~600 bytes a card), then times K
// iterations of each phase on it and reports median / min / max wall time and throughput in
// MB/s (1 MB = 1,000,000 bytes), token and node counts, and peak resident memory (VmHWM).
// `--memory` fixes glibc's allocator policy so runs are comparable: `cold` (default) gives every
// large array fresh pages, so each iteration pays the page faults a one-shot `cardc check` pays;
// `warm` lets iterations reuse freed memory, as a long-running language server would.
// `--file PATH` parses one file instead and prints its counts and diagnostics (a quick sanity
// check after touching the lexer or parser); add `--bench` to time that file too.
// `--phase lsp` times the language server instead (see LSPBenchmark.swift); `--phase
// lsp-workspace` its workspace index on a generated folder of decks (LSPWorkspaceBenchmark.swift).
// Benchmarks are not tests: numbers are printed, never asserted.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import CardPipeline
import CardDiagnostics
import CardSyntax
import CardModel
import CardSources
import CardLayout
import CardDriver
import CardEmit
import CardTestSupport

// MARK: - Options

struct Options {
    var cards = 20_000
    var seed: UInt64 = 42
    var iterations = 7
    var warmup = 1
    var phase = "all"
    var writePath: String?
    var filePath: String?
    var benchFile = false
    var memory = "cold"
    var lines = 10_000
    var edits = 10_000
    var queries = 1_000
    var files = 2_000
    var importers = 500
}

func usage() -> Never {
    print("""
    usage: CardBench [--cards N] [--seed S] [--iterations K] [--warmup W] [--phase lex|parse|check|build|preview|all]
                     [--memory cold|warm] [--write PATH] [--file PATH [--bench]]
           CardBench --phase lsp [--lines N] [--edits N] [--queries N] [--seed S]
           CardBench --phase lsp-workspace [--files N] [--importers N] [--iterations K] [--seed S]
    """)
    exit(2)
}

func parseOptions() -> Options {
    var options = Options()
    var args = CommandLine.arguments.dropFirst()
    func value(_ flag: String) -> String {
        guard let v = args.popFirst() else { print("error: \(flag) needs a value"); usage() }
        return v
    }
    while let arg = args.popFirst() {
        switch arg {
        case "--cards": options.cards = Int(value(arg)) ?? { usage() }()
        case "--seed": options.seed = UInt64(value(arg)) ?? { usage() }()
        case "--iterations": options.iterations = max(1, Int(value(arg)) ?? { usage() }())
        case "--warmup": options.warmup = max(0, Int(value(arg)) ?? { usage() }())
        case "--phase": options.phase = value(arg)
        case "--write": options.writePath = value(arg)
        case "--file": options.filePath = value(arg)
        case "--bench": options.benchFile = true
        case "--lines": options.lines = max(1, Int(value(arg)) ?? { usage() }())
        case "--edits": options.edits = max(100, Int(value(arg)) ?? { usage() }())
        case "--queries": options.queries = max(1, Int(value(arg)) ?? { usage() }())
        case "--files": options.files = max(1, Int(value(arg)) ?? { usage() }())
        case "--importers": options.importers = max(0, Int(value(arg)) ?? { usage() }())
        case "--memory":
            options.memory = value(arg)
            if options.memory != "cold" && options.memory != "warm" { usage() }
        case "-h", "--help": usage()
        default: print("error: unknown option \(arg)"); usage()
        }
    }
    return options
}

// MARK: - Clock and memory

/// Monotonic time in seconds.
@inline(__always)
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// A `/proc/self/status` field in bytes (`VmHWM`, `VmRSS`); nil where unavailable.
func procStatus(_ key: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
        let digits = line.dropFirst(key.count + 1).filter(\.isNumber)
        return Int(digits).map { $0 * 1024 }
    }
    return nil
}

/// Resets VmHWM to the current RSS (Linux ≥ 4.0: write "5" to /proc/self/clear_refs), so each
/// phase's peak is its own. Returns false when unsupported; then peaks are process-wide.
@discardableResult
func resetPeakMemory() -> Bool {
    let fd = open("/proc/self/clear_refs", O_WRONLY)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return write(fd, "5", 1) == 1
}

/// Minor page faults of this process so far (first touches of fresh pages).
func minorFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_minflt)
}

/// Fixes glibc's malloc policy (through `mallopt`, looked up dynamically: glibc only).
/// cold: large blocks always come from fresh `mmap`s and go back on `free` (no adaptive
/// threshold), so every iteration first-touches its output arrays. warm: no `mmap`, no trimming,
/// so freed arrays are reused by the next iteration. Returns false when unsupported.
@discardableResult
func setMemoryPolicy(_ mode: String) -> Bool {
    #if canImport(Glibc)
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3, mmapMax: Int32 = -4
    if mode == "warm" {
        return mallopt(mmapMax, 0) == 1 && mallopt(trimThreshold, Int32.max) == 1
    }
    return mallopt(mmapThreshold, 128 * 1024) == 1 && mallopt(trimThreshold, 128 * 1024) == 1
    #else
    return false
    #endif
}

func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }

// MARK: - Phases

/// What one run of a phase produced, for the report (and so the optimiser keeps the work).
struct PhaseOutput {
    var tokens: Int
    var nodes: Int
    var diagnostics: Int
    /// Bytes of back-end output written (0 for the front-end phases).
    var outputBytes = 0
    /// The checked unit's tables, in bytes, and its cards (0 for the phases before checking).
    var unitBytes = 0
    var unitTables: [(table: String, bytes: Int)] = []
    var cards = 0
}

/// A timed phase. Each runs the whole front end up to its stage on the same bytes; to time a
/// new stage (e.g. an emitter), append a `Phase`.
struct Phase {
    let name: String
    let title: String
    let run: (SourceFile) -> PhaseOutput
}

let phases: [Phase] = [
    // The batch lexer the parser drains, run to the end of the file; tokens are counted, not kept.
    Phase(name: "lex", title: "lex (Lexer.forEachToken)") { file in
        var count = 0
        let lexed = Lexer.forEachToken(in: file) { _ in count += 1 }
        return PhaseOutput(tokens: count, nodes: 0, diagnostics: lexed.diagnostics.count)
    },
    Phase(name: "parse", title: "lex+parse (Parser.parse)") { file in
        let tree = Parser.parse(file)
        return PhaseOutput(tokens: tree.tokenCount, nodes: tree.nodes.count, diagnostics: tree.diagnostics.count)
    },
    // What `cardc check` does: load (from memory), lex, parse, check (writing the checked
    // unit), then the layout pass for W104 when there are no errors.
    Phase(name: "check", title: "check (Pipeline.check: load, check, W104)") { file in
        let result = Pipeline.check(paths: [file.path], root: "/", provider: MemoryFileProvider([:]),
                                    sources: [file.path: file.bytes])
        return PhaseOutput(tokens: 0, nodes: 0, diagnostics: result.diagnostics.count,
                           unitBytes: result.decks.first?.tableBytes ?? 0, unitTables: result.decks.first?.tableSizes ?? [],
                           cards: result.decks.first?.cards.count ?? 0)
    },
    // What `cardc build --emit json` does short of the file: check (the W104 pass included),
    // then write the layout JSON in pieces that are counted and dropped.
    Phase(name: "build", title: "build (Pipeline.check + layout JSON)") { file in
        let result = Pipeline.check(paths: [file.path], root: "/", provider: MemoryFileProvider([:]),
                                    sources: [file.path: file.bytes])
        var written = 0
        if let deck = result.decks.first, !result.hasErrors {
            LayoutJSONEmitter().emit(deck, options: BackendOptions(), to: { written += $0.count })
        }
        return PhaseOutput(tokens: 0, nodes: 0, diagnostics: result.diagnostics.count, outputBytes: written)
    },
    // What `cardc build --emit preview` does short of the file: check, then draw every card in
    // every state and every stack in every position at 80 columns, pieces counted and dropped.
    Phase(name: "preview", title: "preview (Pipeline.check + --emit preview)") { file in
        let result = Pipeline.check(paths: [file.path], root: "/", provider: MemoryFileProvider([:]),
                                    sources: [file.path: file.bytes])
        var written = 0
        if let deck = result.decks.first, !result.hasErrors {
            PreviewEmitter().emit(deck, options: BackendOptions(), to: { written += $0.count })
        }
        return PhaseOutput(tokens: 0, nodes: 0, diagnostics: result.diagnostics.count, outputBytes: written)
    },
]

struct Measurement {
    var times: [Double]
    var output: PhaseOutput
    var peak: Int?
    var baseline: Int?
    /// Minor page faults per timed iteration.
    var faults: Int

    var sorted: [Double] { times.sorted() }
    var median: Double {
        let s = sorted
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    var min: Double { sorted.first ?? 0 }
    var max: Double { sorted.last ?? 0 }
}

func measure(_ phase: Phase, on file: SourceFile, iterations: Int, warmup: Int) -> Measurement {
    // The peak covers the warm-up too, so it includes the first run's page faults.
    let baseline = procStatus("VmRSS")
    resetPeakMemory()
    for _ in 0..<warmup { _ = phase.run(file) }
    var times: [Double] = []
    times.reserveCapacity(iterations)
    var output = PhaseOutput(tokens: 0, nodes: 0, diagnostics: 0)
    let faultsBefore = minorFaults()
    for _ in 0..<iterations {
        let start = now()
        output = phase.run(file)
        times.append(now() - start)
    }
    let faults = (minorFaults() - faultsBefore) / iterations
    return Measurement(times: times, output: output, peak: procStatus("VmHWM"), baseline: baseline, faults: faults)
}

func report(_ phase: Phase, _ m: Measurement, bytes: Int) {
    let mb = Double(bytes) / 1e6
    func ms(_ t: Double) -> String { String(format: "%8.2f ms", t * 1000) }
    func rate(_ t: Double) -> String { String(format: "%7.1f MB/s", mb / t) }
    print("\(phase.title)")
    print("  median \(ms(m.median))  \(rate(m.median))")
    print("  min    \(ms(m.min))  \(rate(m.min))")
    print("  max    \(ms(m.max))  \(rate(m.max))")
    let spread = m.median > 0 ? (m.max - m.min) / m.median * 100 : 0
    print(String(format: "  spread (max-min)/median: %.1f%%", spread))
    print("  tokens \(m.output.tokens)  nodes \(m.output.nodes)  diagnostics \(m.output.diagnostics)"
          + (m.output.outputBytes > 0 ? "  output \(m.output.outputBytes) bytes" : ""))
    if m.output.unitBytes > 0 {
        print("  checked unit: \(mib(m.output.unitBytes)) in its tables, "
              + "\(m.output.unitBytes / Swift.max(1, m.output.cards)) bytes a card (\(m.output.cards) cards): "
              + m.output.unitTables.map { "\($0.table) \($0.bytes / Swift.max(1, m.output.cards))" }.joined(separator: ", "))
    }
    print("  minor page faults per iteration: \(m.faults) (\(mib(m.faults * 4096)) first-touched)")
    if let peak = m.peak {
        var line = "  peak RSS (VmHWM) \(mib(peak))  = \(String(format: "%.2f", Double(peak) / Double(bytes)))× input"
        if let base = m.baseline {
            let extra = Swift.max(0, peak - base)
            line += "; above pre-phase RSS \(mib(base)): \(mib(extra)) = \(String(format: "%.2f", Double(extra) / Double(bytes)))× input"
        }
        print(line)
    }
    print("  times: " + m.times.map { String(format: "%.2f", $0 * 1000) }.joined(separator: " ") + " ms")
}

// MARK: - Main

let options = parseOptions()
if options.phase == "lsp" {
    // The server's allocator as it runs: no policy set.
    LSPBenchmark.run(lines: options.lines, edits: options.edits, queries: options.queries, seed: options.seed)
    exit(0)
}
if options.phase == "lsp-workspace" {
    LSPWorkspaceBenchmark.run(files: options.files, importers: min(options.importers, options.files), iterations: options.iterations,
                              seed: options.seed)
    exit(0)
}
let memoryPolicySet = setMemoryPolicy(options.memory)

if let path = options.filePath {
    guard let data = FileManager.default.contents(atPath: path) else {
        print("error: cannot read \(path)")
        exit(1)
    }
    var files = FileSet()
    let file = files.add(path: path, bytes: [UInt8](data))
    let tree = Parser.parse(file)
    let diagnostics = tree.diagnostics.sortedAndDeduplicated()
    print("\(path): \(file.bytes.count) bytes, \(tree.tokenCount) tokens, \(tree.nodes.count) nodes, "
          + "\(diagnostics.count) diagnostics (\(diagnostics.errorCount) errors, \(diagnostics.warningCount) warnings)")
    if !diagnostics.isEmpty {
        print(TextRenderer().render(Array(diagnostics.prefix(20)), in: files), terminator: "")
    }
    if !options.benchFile { exit(diagnostics.isEmpty ? 0 : 1) }
}

let file: SourceFile
if let path = options.filePath {
    file = SourceFile(path: path, bytes: [UInt8](FileManager.default.contents(atPath: path) ?? Data()))
} else {
    let start = now()
    let text = SyntheticDeck.generate(cards: options.cards, seed: options.seed)
    let generated = now() - start
    if let path = options.writePath {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            print("wrote \(path)")
        } catch {
            print("error: cannot write \(path): \(error)")
            exit(1)
        }
    }
    file = SourceFile(path: "synthetic.cards", bytes: Array(text.utf8))
    print("deck: \(options.cards) cards, seed \(options.seed), generated in \(String(format: "%.0f", generated * 1000)) ms")
}

let bytes = file.bytes.count
print("input: \(bytes) bytes = \(String(format: "%.2f", Double(bytes) / 1e6)) MB (1 MB = 1,000,000 bytes), "
      + "\(file.lineCount) lines, \(bytes / max(1, options.cards)) bytes/card")
print("iterations: \(options.iterations) timed (+\(options.warmup) warm-up), clock: CLOCK_MONOTONIC, "
      + "memory: \(options.memory)\(memoryPolicySet ? "" : " (allocator policy not set: results depend on malloc's heuristics)")")
print("")

let selected = phases.filter { options.phase == "all" || options.phase == $0.name }
if selected.isEmpty {
    print("error: unknown phase \(options.phase) (available: \(phases.map(\.name).joined(separator: ", ")), all)")
    exit(2)
}
for phase in selected {
    let m = measure(phase, on: file, iterations: options.iterations, warmup: options.warmup)
    report(phase, m, bytes: bytes)
    print("")
}
