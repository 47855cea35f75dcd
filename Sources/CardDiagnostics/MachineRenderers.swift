import CardJSON
// The machine-readable diagnostic formats of `cardc check --format` (docs/cli.md, "Output streams"):
// `json`, `sarif` (SARIF 2.1.0) and `github` (GitHub Actions workflow commands). All write to
// stdout, all name files by the path as given, and all use 1-based lines and columns counted in
// Unicode scalars, with exclusive end columns.

// MARK: - Shared

/// Line/column of a span, computed through a shared `LocationCache`.
struct ResolvedSpan {
    var file: SourceFile?
    var start: SourceLocation
    var end: SourceLocation

    /// The file's path as people read it (`PathBytes.displayed`).
    var path: String { PathBytes.displayed(rawPath) }
    /// The file's path as the system names it.
    var rawPath: String { file?.path ?? "" }

    init(_ span: SourceSpan, in files: FileSet, cache: inout LocationCache) {
        if let file = files.lookUp(span.file) {
            self.file = file
            start = cache.location(of: span.start, in: file)
            end = cache.location(of: span.end, in: file)
        } else {
            file = nil
            start = SourceLocation(line: 1, column: 1)
            end = start
        }
    }
}

extension Array where Element == Diagnostic {
    /// The diagnostics in file-then-position order, keeping the given order among equals (a no-op
    /// for the output of `sortedAndDeduplicated()`).
    func inOutputOrder() -> [Diagnostic] {
        func precedes(_ x: Diagnostic, _ y: Diagnostic) -> Bool {
            (x.span.file, x.span.start) < (y.span.file, y.span.start)
        }
        var sorted = true
        for i in indices.dropFirst() where precedes(self[i], self[i - 1]) { sorted = false; break }
        if sorted { return self }
        return enumerated().sorted { a, b in
            if precedes(a.element, b.element) { return true }
            if precedes(b.element, a.element) { return false }
            return a.offset < b.offset
        }.map(\.element)
    }
}

func noteKindName(_ kind: DiagnosticNote.Kind) -> String {
    switch kind {
    case .note: "note"
    case .help: "help"
    }
}

// MARK: - json

/// The `json` format: an array of diagnostic objects, sorted by file and position.
///
///     [{ "file", "line", "column", "endLine", "endColumn", "severity", "code", "message",
///        "notes": [{ "message", "file"?, "line"?, "column"?, "kind" }],
///        "fixes": [{ "range": { "file", "line", "column", "endLine", "endColumn" },
///                    "replacement" }] }]
///
/// `notes` holds, in order, the primary label (kind `label`, at the primary span), secondary
/// labels (kind `label`), then notes (`note`, located when they point somewhere) and help
/// (`help`).
public struct JSONDiagnosticRenderer: Sendable {
    /// Indent with 2 spaces, one member per line; otherwise one line.
    public var pretty: Bool

    /// A renderer; `pretty` output is indented.
    public init(pretty: Bool = true) { self.pretty = pretty }

    /// The JSON document, ending with a newline.
    public func render(_ diagnostics: [Diagnostic], in files: FileSet) -> String {
        var out = JSONWriter(pretty: pretty)
        var cache = LocationCache()
        out.beginArray()
        for diagnostic in diagnostics.inOutputOrder() {
            write(diagnostic, in: files, cache: &cache, to: &out)
        }
        out.endArray()
        out.appendNewline()
        return out.text
    }

    private func write(_ diagnostic: Diagnostic, in files: FileSet, cache: inout LocationCache,
                       to out: inout JSONWriter) {
        let primary = ResolvedSpan(diagnostic.span, in: files, cache: &cache)
        out.beginObject()
        out.write(primary.path, forKey: "file")
        out.write(primary.start.line, forKey: "line")
        out.write(primary.start.column, forKey: "column")
        out.write(primary.end.line, forKey: "endLine")
        out.write(primary.end.column, forKey: "endColumn")
        out.write(diagnostic.severity.name, forKey: "severity")
        out.write(diagnostic.code.rawValue, forKey: "code")
        out.write(diagnostic.message, forKey: "message")

        func writeNote(_ message: String, _ kind: String, _ location: ResolvedSpan?) {
            out.beginObject()
            out.write(message, forKey: "message")
            if let location {
                out.write(location.path, forKey: "file")
                out.write(location.start.line, forKey: "line")
                out.write(location.start.column, forKey: "column")
            }
            out.write(kind, forKey: "kind")
            out.endObject()
        }
        out.writeKey("notes")
        out.beginArray()
        if let label = diagnostic.label, !label.isEmpty { writeNote(label, "label", primary) }
        for label in diagnostic.secondary {
            writeNote(label.message, "label", ResolvedSpan(label.span, in: files, cache: &cache))
        }
        for note in diagnostic.notes {
            let location = note.span.map { ResolvedSpan($0, in: files, cache: &cache) }
            writeNote(note.message, noteKindName(note.kind), location)
        }
        out.endArray()

        out.writeKey("fixes")
        out.beginArray()
        for fix in diagnostic.fixIts {
            let range = ResolvedSpan(fix.span, in: files, cache: &cache)
            out.beginObject()
            out.writeKey("range")
            out.beginObject()
            out.write(range.path, forKey: "file")
            out.write(range.start.line, forKey: "line")
            out.write(range.start.column, forKey: "column")
            out.write(range.end.line, forKey: "endLine")
            out.write(range.end.column, forKey: "endColumn")
            out.endObject()
            out.write(fix.replacement, forKey: "replacement")
            out.endObject()
        }
        out.endArray()
        out.endObject()
    }
}

// MARK: - sarif

/// The `sarif` format: a SARIF 2.1.0 log with one run whose driver lists every diagnostic code
/// as a rule. Regions are 1-based with scalar columns (`columnKind: unicodeCodePoints`) and
/// exclusive end columns; URIs are the paths as given, percent-encoded.
public struct SARIFRenderer: Sendable {
    /// The `$schema` written at the top of every log.
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    /// `tool.driver.version`.
    public var toolVersion: String
    /// `tool.driver.informationUri`; omitted when nil.
    public var informationURI: String?
    /// A code's long explanation for `fullDescription` and `help`; the title when it returns nil.
    public var explanation: @Sendable (DiagnosticCode) -> String?
    /// Indent with 2 spaces, one member per line; otherwise one line.
    public var pretty: Bool

    /// A renderer for `cardc` at `toolVersion`; see the properties for the other parameters.
    public init(toolVersion: String, informationURI: String? = nil, pretty: Bool = true,
                explanation: @escaping @Sendable (DiagnosticCode) -> String? = { _ in nil }) {
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        self.pretty = pretty
        self.explanation = explanation
    }

    /// The SARIF document, ending with a newline.
    public func render(_ diagnostics: [Diagnostic], in files: FileSet) -> String {
        var out = JSONWriter(pretty: pretty)
        var cache = LocationCache()
        var ruleIndex: [DiagnosticCode: Int] = [:]
        for (index, code) in DiagnosticCode.allCases.enumerated() { ruleIndex[code] = index }

        out.beginObject()
        out.write(Self.schemaURI, forKey: "$schema")
        out.write("2.1.0", forKey: "version")
        out.writeKey("runs")
        out.beginArray()
        out.beginObject()

        out.writeKey("tool")
        out.beginObject()
        out.writeKey("driver")
        out.beginObject()
        out.write("cardc", forKey: "name")
        out.write(toolVersion, forKey: "version")
        if let informationURI { out.write(informationURI, forKey: "informationUri") }
        out.writeKey("rules")
        out.beginArray()
        for code in DiagnosticCode.allCases {
            let long = explanation(code) ?? code.title
            out.beginObject()
            out.write(code.rawValue, forKey: "id")
            out.writeKey("shortDescription")
            out.beginObject(); out.write(code.title, forKey: "text"); out.endObject()
            out.writeKey("fullDescription")
            out.beginObject(); out.write(long, forKey: "text"); out.endObject()
            out.writeKey("help")
            out.beginObject(); out.write(long, forKey: "text"); out.endObject()
            out.writeKey("defaultConfiguration")
            out.beginObject(); out.write(Self.level(code.severity), forKey: "level"); out.endObject()
            out.endObject()
        }
        out.endArray()
        out.endObject()  // driver
        out.endObject()  // tool

        out.write("unicodeCodePoints", forKey: "columnKind")
        out.writeKey("results")
        out.beginArray()
        for diagnostic in diagnostics.inOutputOrder() {
            writeResult(diagnostic, ruleIndex: ruleIndex[diagnostic.code] ?? 0, files: files,
                        cache: &cache, to: &out)
        }
        out.endArray()

        out.endObject()  // run
        out.endArray()
        out.endObject()
        out.appendNewline()
        return out.text
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private func writeResult(_ diagnostic: Diagnostic, ruleIndex: Int, files: FileSet,
                             cache: inout LocationCache, to out: inout JSONWriter) {
        out.beginObject()
        out.write(diagnostic.code.rawValue, forKey: "ruleId")
        out.write(ruleIndex, forKey: "ruleIndex")
        out.write(Self.level(diagnostic.severity), forKey: "level")
        // Notes that point nowhere have no other place in SARIF: they join the message.
        var text = diagnostic.message
        for note in diagnostic.notes where note.span == nil {
            text += "\n\(noteKindName(note.kind)): \(note.message)"
        }
        out.writeKey("message")
        out.beginObject(); out.write(text, forKey: "text"); out.endObject()

        out.writeKey("locations")
        out.beginArray()
        writeLocation(ResolvedSpan(diagnostic.span, in: files, cache: &cache), id: nil,
                      message: diagnostic.label, to: &out)
        out.endArray()

        var related: [(ResolvedSpan, String)] = []
        for label in diagnostic.secondary {
            related.append((ResolvedSpan(label.span, in: files, cache: &cache), label.message))
        }
        for note in diagnostic.notes {
            if let span = note.span { related.append((ResolvedSpan(span, in: files, cache: &cache), note.message)) }
        }
        if !related.isEmpty {
            out.writeKey("relatedLocations")
            out.beginArray()
            for (index, (location, message)) in related.enumerated() {
                writeLocation(location, id: index, message: message, to: &out)
            }
            out.endArray()
        }

        if !diagnostic.fixIts.isEmpty {
            // One fix: all edits apply together, grouped by file in first-appearance order.
            var order: [FileID] = []
            var byFile: [FileID: [FixIt]] = [:]
            for fix in diagnostic.fixIts {
                if byFile[fix.span.file] == nil { order.append(fix.span.file) }
                byFile[fix.span.file, default: []].append(fix)
            }
            let describer = TextRenderer()
            let description = diagnostic.help
                ?? diagnostic.fixIts.map { describer.fixDescription($0, files: files) }.joined(separator: "; ")
            out.writeKey("fixes")
            out.beginArray()
            out.beginObject()
            out.writeKey("description")
            out.beginObject(); out.write(description, forKey: "text"); out.endObject()
            out.writeKey("artifactChanges")
            out.beginArray()
            for fileID in order {
                let fixes = byFile[fileID] ?? []
                out.beginObject()
                out.writeKey("artifactLocation")
                out.beginObject()
                out.write(Self.uri(forPath: files.lookUp(fileID)?.path ?? ""), forKey: "uri")
                out.endObject()
                out.writeKey("replacements")
                out.beginArray()
                for fix in fixes {
                    let region = ResolvedSpan(fix.span, in: files, cache: &cache)
                    out.beginObject()
                    out.writeKey("deletedRegion")
                    writeRegion(region, to: &out)
                    out.writeKey("insertedContent")
                    out.beginObject(); out.write(fix.replacement, forKey: "text"); out.endObject()
                    out.endObject()
                }
                out.endArray()
                out.endObject()
            }
            out.endArray()
            out.endObject()
            out.endArray()
        }
        out.endObject()
    }

    private func writeLocation(_ location: ResolvedSpan, id: Int?, message: String?, to out: inout JSONWriter) {
        out.beginObject()
        if let id { out.write(id, forKey: "id") }
        out.writeKey("physicalLocation")
        out.beginObject()
        out.writeKey("artifactLocation")
        out.beginObject(); out.write(Self.uri(forPath: location.rawPath), forKey: "uri"); out.endObject()
        out.writeKey("region")
        writeRegion(location, to: &out)
        out.endObject()
        if let message, !message.isEmpty {
            out.writeKey("message")
            out.beginObject(); out.write(message, forKey: "text"); out.endObject()
        }
        out.endObject()
    }

    private func writeRegion(_ location: ResolvedSpan, to out: inout JSONWriter) {
        out.beginObject()
        out.write(location.start.line, forKey: "startLine")
        out.write(location.start.column, forKey: "startColumn")
        out.write(location.end.line, forKey: "endLine")
        out.write(location.end.column, forKey: "endColumn")
        out.endObject()
    }

    /// A URI reference for a path as the user gave it: forward slashes, a leading `./` dropped,
    /// and every byte outside RFC 3986's unreserved set (and `/`) percent-encoded, so a space,
    /// `#`, `%`, `:` or non-ASCII name stays unambiguous.
    public static func uri(forPath path: String) -> String {
        var path = path
        #if os(Windows)
        path = path.replacingBackslashes()
        #endif
        while path.hasPrefix("./") { path.removeFirst(2) }
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        #if os(Windows)
        // `C:/x` would read as scheme `C`; make it a file URI.
        let scalars = Array(path.utf8)
        if scalars.count >= 2 && scalars[1] == UInt8(ascii: ":") {
            result.append(contentsOf: "file:///".utf8)
            result.append(scalars[0])
            result.append(UInt8(ascii: ":"))
            path = String(decoding: scalars[2...], as: UTF8.self)
        }
        #endif
        let hex = Array("0123456789ABCDEF".utf8)
        // The name's own bytes (`PathBytes`): a byte that is not UTF-8 is `%FF`, as it should be.
        for byte in PathBytes.bytes(of: path) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.append(byte)
            default:
                result.append(UInt8(ascii: "%"))
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

#if os(Windows)
extension String {
    fileprivate func replacingBackslashes() -> String {
        String(decoding: utf8.map { $0 == UInt8(ascii: "\\") ? UInt8(ascii: "/") : $0 }, as: UTF8.self)
    }
}
#endif

// MARK: - github

/// The `github` format: one GitHub Actions workflow command per diagnostic,
/// `::error file=F,line=L,col=C,endLine=…,endColumn=…,title=CODE::message` (`::warning`,
/// `::notice` for the other severities). Notes and help follow the message on extra lines.
public struct GitHubActionsRenderer: Sendable {
    /// A renderer.
    public init() {}

    /// The commands, one per line, ending with a newline (empty when there are no diagnostics).
    public func render(_ diagnostics: [Diagnostic], in files: FileSet) -> String {
        var cache = LocationCache()
        var out = ""
        for diagnostic in diagnostics.inOutputOrder() {
            let span = ResolvedSpan(diagnostic.span, in: files, cache: &cache)
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var message = TerminalText.escaped(diagnostic.message)
            for note in diagnostic.notes {
                message += "\n\(noteKindName(note.kind)): \(TerminalText.escaped(note.message))"
                if let noteSpan = note.span {
                    let location = ResolvedSpan(noteSpan, in: files, cache: &cache)
                    message += " (\(TerminalText.escaped(location.path)):\(location.start.line):\(location.start.column))"
                }
            }
            out += "::\(command) file=\(Self.fileProperty(span.path))"
            out += ",line=\(span.start.line),col=\(span.start.column)"
            out += ",endLine=\(span.end.line),endColumn=\(span.end.column)"
            out += ",title=\(Self.escapeProperty(diagnostic.code.rawValue))"
            out += "::\(Self.escapeData(message))\n"
        }
        return out
    }

    /// A file name as the `file` property: a line break as the runner's own `%0D`/`%0A` (which it
    /// decodes, so the annotation names the real file), `%`, `:` and `,` likewise, and any
    /// other control character escaped as in terminal text (`\u{1B}`), never written raw.
    static func fileProperty(_ path: String) -> String {
        var result = ""
        result.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\r", "\n", "%", ":", ",": result += escapeProperty(String(scalar))
            default:
                if TerminalText.needsEscaping(scalar) { result += TerminalText.escape(scalar.value) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// Escapes a command's message: `%`, CR and LF.
    public static func escapeData(_ text: String) -> String {
        escape(text, colonAndComma: false)
    }

    /// Escapes a property value: `%`, CR, LF, `:` and `,`.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, colonAndComma: true)
    }

    private static func escape(_ text: String, colonAndComma: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where colonAndComma: result += "%3A"
            case "," where colonAndComma: result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
