import CardDiagnostics

/// One diagnostic a fixture expects: a 1-based line and a code such as `E201` or `W104`.
public struct ExpectedDiagnostic: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var code: String

    public init(line: Int, code: String) {
        self.line = line
        self.code = code
    }

    public static func < (lhs: ExpectedDiagnostic, rhs: ExpectedDiagnostic) -> Bool {
        (lhs.line, lhs.code) < (rhs.line, rhs.code)
    }

    public var description: String { "line \(line) \(code)" }
}

/// Inline diagnostic expectations in fixture files (Go's `go/types/testdata` idea).
///
/// A fixture states the diagnostics it must produce in ordinary line comments:
///
/// ```
/// text("a" "b")          // expect: E201
/// card B: x(a: 1, a: 2)  // expect: E203, W101
/// // expect@+1: E202
/// hstack(spacing: 8 {
/// text("x")              // expect@-3: E104
/// ```
///
/// `// expect: CODES` refers to its own line; `// expect@+N: CODES` and `// expect@-N: CODES` to
/// the line N below or above. Codes are separated by commas or spaces; the list ends at the
/// first word that is not a code, so a trailing remark is allowed
/// (`// expect: E201 — the comma is missing`). Writing a code twice expects it twice on that line.
///
/// The annotations are found by scanning the raw lines of the file, not its tokens, so they
/// also work on a line whose string or block comment is unterminated, and in files with
/// invalid UTF-8. Lines are the ones diagnostics count (`LineBreak`: LF, CR LF or a lone CR).
public enum Expectations {
    /// The expected (line, code) pairs of a fixture, as a set.
    public static func parse(_ text: String) -> Set<ExpectedDiagnostic> {
        Set(parseAll(bytes: Array(text.utf8)))
    }

    /// The expected (line, code) pairs of a fixture, as a set.
    public static func parse(bytes: [UInt8]) -> Set<ExpectedDiagnostic> {
        Set(parseAll(bytes: bytes))
    }

    /// Every expectation in source order, keeping repeats (`// expect: E201, E201` is two).
    public static func parseAll(bytes: [UInt8]) -> [ExpectedDiagnostic] {
        var result: [ExpectedDiagnostic] = []
        let starts = LineBreak.lineStarts(of: bytes)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count
                ? LineBreak.contentEnd(bytes, lineStart: start, nextLineStart: starts[index + 1]) : bytes.count
            parseLine(bytes[start..<end], line: index + 1, into: &result)
        }
        return result
    }

    /// Parses every `// expect…:` annotation on one line.
    private static func parseLine(_ line: ArraySlice<UInt8>, line number: Int, into result: inout [ExpectedDiagnostic]) {
        let marker = Array("// expect".utf8)
        var i = line.startIndex
        while i + marker.count <= line.endIndex {
            guard line[i..<(i + marker.count)].elementsEqual(marker) else { i += 1; continue }
            var j = i + marker.count
            var offset = 0
            if j < line.endIndex && line[j] == 0x40 { // @
                j += 1
                var sign = 1
                if j < line.endIndex && (line[j] == 0x2B || line[j] == 0x2D) { // + -
                    sign = line[j] == 0x2D ? -1 : 1
                    j += 1
                }
                var magnitude = 0
                var digits = 0
                while j < line.endIndex, line[j] >= 0x30, line[j] <= 0x39, digits < 6 {
                    magnitude = magnitude * 10 + Int(line[j] - 0x30)
                    digits += 1
                    j += 1
                }
                guard digits > 0 else { i = j; continue }
                offset = sign * magnitude
            }
            guard j < line.endIndex && line[j] == 0x3A else { i = j; continue } // :
            j += 1
            let codes = readCodes(line[j...])
            for code in codes.codes {
                result.append(ExpectedDiagnostic(line: number + offset, code: code))
            }
            i = codes.end
        }
    }

    /// Reads `E201, W101 E305` up to the first word that is not a code.
    private static func readCodes(_ text: ArraySlice<UInt8>) -> (codes: [String], end: Int) {
        var codes: [String] = []
        var j = text.startIndex
        while true {
            while j < text.endIndex && (text[j] == 0x20 || text[j] == 0x09 || text[j] == 0x2C) { j += 1 }
            var k = j
            while k < text.endIndex && text[k] != 0x20 && text[k] != 0x09 && text[k] != 0x2C { k += 1 }
            let word = text[j..<k]
            guard isCode(word) else { return (codes, j) }
            codes.append(String(decoding: word, as: UTF8.self))
            j = k
        }
    }

    /// `E` or `W` followed by three digits.
    private static func isCode(_ word: ArraySlice<UInt8>) -> Bool {
        guard word.count == 4, let first = word.first, first == 0x45 || first == 0x57 else { return false }
        return word.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    // MARK: Comparing

    /// Compares a file's expectations (read from its own bytes) with the diagnostics reported in
    /// that file. Diagnostics located in other files are ignored.
    public static func verify(_ file: SourceFile, diagnostics: [Diagnostic]) -> ExpectationReport {
        compare(expected: parseAll(bytes: file.bytes), actual: diagnostics.filter { $0.span.file == file.id }, in: file)
    }

    /// Compares the expectations of every file in `files` with `diagnostics` (for fixtures that
    /// import others); the report names the file of each mismatch.
    public static func verify(_ files: FileSet, diagnostics: [Diagnostic]) -> ExpectationReport {
        var report = ExpectationReport()
        for file in files.files {
            var part = verify(file, diagnostics: diagnostics)
            for k in part.missing.indices { part.missing[k].path = file.path }
            for k in part.unexpected.indices { part.unexpected[k].path = file.path }
            report.missing += part.missing
            report.unexpected += part.unexpected
        }
        return report
    }

    /// Compares expected pairs with actual diagnostics of one file. Each expectation is matched
    /// by at most one diagnostic with the same line and code, so a duplicated diagnostic is
    /// reported as unexpected unless the code is expected twice.
    public static func compare(expected: some Sequence<ExpectedDiagnostic>, actual: [Diagnostic],
                               in file: SourceFile) -> ExpectationReport {
        var remaining: [ExpectedDiagnostic: Int] = [:]
        for expectation in expected { remaining[expectation, default: 0] += 1 }
        var report = ExpectationReport()
        let ordered = actual.sorted { ($0.span.start, $0.code.rawValue) < ($1.span.start, $1.code.rawValue) }
        for diagnostic in ordered {
            let line = file.location(of: diagnostic.span.start).line
            let key = ExpectedDiagnostic(line: line, code: diagnostic.code.rawValue)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
            } else {
                report.unexpected.append(.init(line: line, code: key.code, message: diagnostic.message))
            }
        }
        for (key, count) in remaining where count > 0 {
            for _ in 0..<count { report.missing.append(.init(line: key.line, code: key.code, message: nil)) }
        }
        report.missing.sort { ($0.line, $0.code) < ($1.line, $1.code) }
        return report
    }
}

/// The outcome of comparing expected with actual diagnostics; empty when they agree exactly.
public struct ExpectationReport: Hashable, Sendable, CustomStringConvertible {
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// Set when the report covers several files.
        public var path: String?
        public var line: Int
        public var code: String
        /// The diagnostic's message, for unexpected diagnostics.
        public var message: String?

        public init(path: String? = nil, line: Int, code: String, message: String?) {
            self.path = path
            self.line = line
            self.code = code
            self.message = message
        }

        public var description: String {
            var text = (path.map { "\($0) " } ?? "") + "line \(line) \(code)"
            if let message { text += " '\(message)'" }
            return text
        }
    }

    /// Expected but not reported.
    public var missing: [Entry] = []
    /// Reported but not expected, with their messages.
    public var unexpected: [Entry] = []

    public init() {}

    public var isEmpty: Bool { missing.isEmpty && unexpected.isEmpty }

    /// `missing: line 3 E201; unexpected: line 5 E202 'unclosed `(`'`, or `ok`.
    public var description: String {
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing: " + missing.map(\.description).joined(separator: ", ")) }
        if !unexpected.isEmpty { parts.append("unexpected: " + unexpected.map(\.description).joined(separator: ", ")) }
        return parts.isEmpty ? "ok" : parts.joined(separator: "; ")
    }
}
