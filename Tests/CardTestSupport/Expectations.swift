import CardDiagnostics

/// One diagnostic a fixture expects: a 1-based line and a code such as `E201` or `W104`, and
/// text its message, labels and notes must contain, if any.
public struct ExpectedDiagnostic: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var code: String
    /// Pieces of text the diagnostic's text (`Expectations.text(of:)`) contains.
    public var fragments: [String]

    public init(line: Int, code: String, fragments: [String] = []) {
        self.line = line
        self.code = code
        self.fragments = fragments
    }

    public static func < (lhs: ExpectedDiagnostic, rhs: ExpectedDiagnostic) -> Bool {
        (lhs.line, lhs.code, lhs.fragments.joined(separator: "\n")) < (rhs.line, rhs.code, rhs.fragments.joined(separator: "\n"))
    }

    public var description: String { "line \(line) \(code)" + fragments.map { " \"\($0)\"" }.joined() }
}

/// A line a fixture expects to read so once every fix-it is applied (`// fixed: TEXT`, or
/// `// fixed@+N: TEXT` for the line N below, in the fixed file).
public struct ExpectedFix: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line it is about, in the fixed file.
    public var line: Int
    /// The line's text before its annotations, without surrounding blanks.
    public var text: String

    public init(line: Int, text: String) {
        self.line = line
        self.text = text
    }

    public var description: String { "line \(line) `\(text)`" }
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
/// A code may be followed by quoted text its diagnostic must contain, in its message, labels or
/// notes (`// expect: E804 "named:"`, `\"` for a quote), as Go's `ERROR "regexp"` comments do.
///
/// `// fixed: TEXT` says what its line reads once every fix-it of the run is applied (`cardc
/// fix`): the text before the line's first annotation, without surrounding blanks. The fix-all
/// test checks it in the fixed file, where the annotation, a comment, is still there.
/// `// fixed@+N: TEXT` (or `@-N`) says what the line N below (above) it reads in the fixed
/// file: a line a fix-it adds, which cannot carry an annotation of its own.
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
        for (index, line) in lines(of: bytes).enumerated() { parseLine(line, line: index + 1, into: &result) }
        return result
    }

    /// The lines of `bytes` without their line breaks, as diagnostics count them (`LineBreak`).
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        let starts = LineBreak.lineStarts(of: bytes)
        return starts.indices.map { index in
            let start = starts[index]
            let end = index + 1 < starts.count
                ? LineBreak.contentEnd(bytes, lineStart: start, nextLineStart: starts[index + 1]) : bytes.count
            return bytes[start..<end]
        }
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
            for (code, fragments) in codes.codes {
                result.append(ExpectedDiagnostic(line: number + offset, code: code, fragments: fragments))
            }
            i = codes.end
        }
    }

    /// Reads `E201, W101 "text" E305` up to the first word that is not a code or a quoted
    /// fragment after one.
    private static func readCodes(_ text: ArraySlice<UInt8>) -> (codes: [(String, [String])], end: Int) {
        var codes: [(String, [String])] = []
        var j = text.startIndex
        while true {
            while j < text.endIndex && (text[j] == 0x20 || text[j] == 0x09 || text[j] == 0x2C) { j += 1 }
            if j < text.endIndex, text[j] == 0x22, !codes.isEmpty, let (fragment, end) = readFragment(text[(j + 1)...]) { // "
                codes[codes.count - 1].1.append(fragment)
                j = end
                continue
            }
            var k = j
            while k < text.endIndex && text[k] != 0x20 && text[k] != 0x09 && text[k] != 0x2C { k += 1 }
            let word = text[j..<k]
            guard isCode(word) else { return (codes, j) }
            codes.append((String(decoding: word, as: UTF8.self), []))
            j = k
        }
    }

    /// The text of a quoted fragment starting after its opening `"`, `\"` standing for a quote,
    /// and where it ends (after its closing `"`); nil when it is not closed on the line.
    private static func readFragment(_ text: ArraySlice<UInt8>) -> (String, end: Int)? {
        var bytes: [UInt8] = []
        var j = text.startIndex
        while j < text.endIndex {
            if text[j] == 0x5C, j + 1 < text.endIndex, text[j + 1] == 0x22 { // \"
                bytes.append(0x22)
                j += 2
                continue
            }
            if text[j] == 0x22 { return (String(decoding: bytes, as: UTF8.self), j + 1) }
            bytes.append(text[j])
            j += 1
        }
        return nil
    }

    /// The `// fixed: TEXT` and `// fixed@±N: TEXT` annotations of a file, in source order.
    public static func fixes(bytes: [UInt8]) -> [ExpectedFix] {
        var result: [ExpectedFix] = []
        for (index, line) in lines(of: bytes).enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            guard let marker = text.firstRange(of: "// fixed") else { continue }
            var rest = text[marker.upperBound...]
            var offset = 0
            if rest.first == "@", let colon = rest.firstIndex(of: ":"), let value = Int(rest[rest.index(after: rest.startIndex)..<colon]) {
                offset = value
                rest = rest[colon...]
            }
            guard rest.first == ":" else { continue }
            result.append(ExpectedFix(line: index + 1 + offset, text: rest.dropFirst().trimmingSpaces()))
        }
        return result
    }

    /// The text of a line before its first annotation (`// expect…` or `// fixed:`), without
    /// surrounding blanks.
    public static func code(ofLine line: String) -> String {
        var end = line.endIndex
        for marker in ["// expect", "// fixed"] {
            if let range = line.firstRange(of: marker), range.lowerBound < end { end = range.lowerBound }
        }
        return line[..<end].trimmingSpaces()
    }

    /// Compares the `// fixed:` annotations of a fixed file with its lines; one entry per line
    /// that does not read as its annotation says.
    public static func verifyFixes(in bytes: [UInt8]) -> [String] {
        let lines = Self.lines(of: bytes).map { String(decoding: $0, as: UTF8.self) }
        return fixes(bytes: bytes).compactMap { fix in
            let actual = fix.line - 1 < lines.count ? code(ofLine: lines[fix.line - 1]) : ""
            return actual == fix.text ? nil : "line \(fix.line): expected `\(fix.text)`, found `\(actual)`"
        }
    }

    /// What `"…"` fragments are matched against: a diagnostic's message, caret label, secondary
    /// labels and notes, one per line.
    public static func text(of diagnostic: Diagnostic) -> String {
        ([diagnostic.message] + (diagnostic.label.map { [$0] } ?? []) + diagnostic.secondary.map(\.message)
            + diagnostic.notes.map(\.message)).joined(separator: "\n")
    }

    /// `E` or `W` followed by three or four digits (W1001).
    private static func isCode(_ word: ArraySlice<UInt8>) -> Bool {
        guard word.count == 4 || word.count == 5, let first = word.first, first == 0x45 || first == 0x57 else { return false }
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
    /// An expectation with fragments is matched only by a diagnostic whose text contains them all
    /// (and is preferred to one without, which any diagnostic of its line and code matches).
    public static func compare(expected: some Sequence<ExpectedDiagnostic>, actual: [Diagnostic],
                               in file: SourceFile) -> ExpectationReport {
        // Those with fragments first: they are the ones a diagnostic must match exactly.
        var remaining = expected.sorted { !$0.fragments.isEmpty && $1.fragments.isEmpty }
        var report = ExpectationReport()
        let ordered = actual.sorted { ($0.span.start, $0.code.rawValue) < ($1.span.start, $1.code.rawValue) }
        var unmatched: [(line: Int, diagnostic: Diagnostic)] = []
        // Diagnostics meet the expectations with fragments first, then those without.
        for withFragments in [true, false] {
            let pending = withFragments ? ordered.map { (file.location(of: $0.span.start).line, $0) } : unmatched
            unmatched = []
            for (line, diagnostic) in pending {
                let text = withFragments ? Self.text(of: diagnostic) : ""
                if let index = remaining.firstIndex(where: { expectation in
                    expectation.line == line && expectation.code == diagnostic.code.rawValue && expectation.fragments.isEmpty != withFragments
                        && expectation.fragments.allSatisfy { text.contains($0) }
                }) {
                    remaining.remove(at: index)
                } else {
                    unmatched.append((line, diagnostic))
                }
            }
        }
        for (line, diagnostic) in unmatched {
            report.unexpected.append(.init(line: line, code: diagnostic.code.rawValue, message: diagnostic.message))
        }
        for expectation in remaining {
            report.missing.append(.init(line: expectation.line, code: expectation.code,
                                        message: expectation.fragments.isEmpty ? nil : expectation.fragments.map { "\"\($0)\"" }.joined(separator: " ")))
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

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
