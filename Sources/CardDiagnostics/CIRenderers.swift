import CardJSON
// The formats CI systems read, beside json, sarif and github (docs/cli.md, "Output streams"):
// `checkstyle` (Jenkins Warnings NG, reviewdog, most CI dashboards), `junit` (every CI's test
// view) and `gitlab` (GitLab Code Quality, a subset of the Code Climate issue format). Like the
// others they name files by the path as given and use 1-based lines and scalar columns.

// MARK: - XML

/// Text for XML 1.0 element content and attribute values: markup characters as entities,
/// tab, line feed and carriage return as character references in attributes (which would
/// otherwise turn them into spaces) and as themselves in element content, and
/// the characters XML 1.0 cannot carry at all — other C0 controls, U+FFFE, U+FFFF — written
/// visibly as `\u{1B}`, as the text format shows them.
enum XMLText {
    static func escaped(_ text: String, inAttribute: Bool = true) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t": if inAttribute { result += "&#9;" } else { result.unicodeScalars.append(scalar) }
            case "\n": if inAttribute { result += "&#10;" } else { result.unicodeScalars.append(scalar) }
            case "\r": result += "&#13;"
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            case "\u{7F}"..."\u{9F}":
                // Legal in XML 1.0, but discouraged: a reference keeps them out of the bytes.
                result += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Diagnostic {
    /// The message, then each note and help line (`help: …`, with its place when it points
    /// somewhere): what the formats without room for notes carry as one text.
    func textWithNotes(in files: FileSet, cache: inout LocationCache) -> String {
        var text = message
        if let label, !label.isEmpty { text += "\n" + label }
        for note in notes {
            text += "\n\(noteKindName(note.kind)): \(note.message)"
            if let span = note.span {
                let location = ResolvedSpan(span, in: files, cache: &cache)
                text += " (\(location.path):\(location.start.line):\(location.start.column))"
            }
        }
        return text
    }
}

// MARK: - checkstyle

/// The `checkstyle` format: Checkstyle's XML report, which Jenkins' Warnings NG, reviewdog
/// (`-f=checkstyle`) and many dashboards read:
///
///     <checkstyle version="4.3">
///       <file name="deck.cards">
///         <error line="1" column="14" severity="error" message="…" source="cardc.E501"/>
///       </file>
///     </checkstyle>
///
/// Every file of the run is listed, in load order, those without diagnostics empty (as
/// Checkstyle lists every file it audited). The message carries the notes and help.
public struct CheckstyleRenderer: Sendable {
    public init() {}

    public func render(_ diagnostics: [Diagnostic], in files: FileSet) -> String {
        var cache = LocationCache()
        var byFile: [FileID: [Diagnostic]] = [:]
        for diagnostic in diagnostics.inOutputOrder() { byFile[diagnostic.span.file, default: []].append(diagnostic) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in files.files {
            let found = byFile[file.id] ?? []
            out += "  <file name=\"\(XMLText.escaped(file.path))\""
            guard !found.isEmpty else { out += "/>\n"; continue }
            out += ">\n"
            for diagnostic in found {
                let span = ResolvedSpan(diagnostic.span, in: files, cache: &cache)
                out += "    <error line=\"\(span.start.line)\" column=\"\(span.start.column)\""
                out += " severity=\"\(diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "info")\""
                out += " message=\"\(XMLText.escaped(diagnostic.textWithNotes(in: files, cache: &cache)))\""
                out += " source=\"cardc.\(diagnostic.code.rawValue)\"/>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }
}

// MARK: - junit

/// The `junit` format: JUnit XML, which every CI's test view reads (GitLab's
/// `artifacts:reports:junit`, Jenkins, Azure Pipelines, CircleCI…). One test suite per file of
/// the run; each diagnostic is a test case that failed (`<failure type="error|warning">`, the
/// diagnostic in full as its text, as SwiftLint's and ESLint's JUnit reports do); a file
/// without diagnostics is one passing test case, so a clean run shows as tests that passed.
public struct JUnitRenderer: Sendable {
    public init() {}

    public func render(_ diagnostics: [Diagnostic], in files: FileSet) -> String {
        var cache = LocationCache()
        var byFile: [FileID: [Diagnostic]] = [:]
        for diagnostic in diagnostics.inOutputOrder() { byFile[diagnostic.span.file, default: []].append(diagnostic) }
        let tests = files.files.reduce(0) { $0 + max(1, byFile[$1.id]?.count ?? 0) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"cardc\" tests=\"\(tests)\" failures=\"\(diagnostics.count)\" errors=\"0\">\n"
        for file in files.files {
            let found = byFile[file.id] ?? []
            let path = XMLText.escaped(file.path)
            out += "  <testsuite name=\"\(path)\" tests=\"\(max(1, found.count))\" failures=\"\(found.count)\" errors=\"0\" skipped=\"0\">\n"
            if found.isEmpty {
                out += "    <testcase name=\"no diagnostics\" classname=\"\(path)\"/>\n"
            }
            for diagnostic in found {
                let span = ResolvedSpan(diagnostic.span, in: files, cache: &cache)
                let severity = diagnostic.severity.name
                let name = "\(diagnostic.code.rawValue) at \(span.start.line):\(span.start.column)"
                let text = "\(span.path):\(span.start.line):\(span.start.column): \(severity)[\(diagnostic.code.rawValue)]: "
                    + diagnostic.textWithNotes(in: files, cache: &cache)
                out += "    <testcase name=\"\(XMLText.escaped(name))\" classname=\"\(path)\" file=\"\(path)\" line=\"\(span.start.line)\">\n"
                out += "      <failure message=\"\(XMLText.escaped(diagnostic.message))\" type=\"\(severity)\">"
                out += XMLText.escaped(text, inAttribute: false) + "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }
}

// MARK: - gitlab

/// The `gitlab` format: a GitLab Code Quality report (`artifacts:reports:codequality`), which
/// is a subset of the Code Climate issue format; every field both require is written:
///
///     [{ "type": "issue", "check_name": "W101", "description": "W101: …", "categories": ["Style"],
///        "severity": "minor", "fingerprint": "…",
///        "location": { "path": "deck.cards", "lines": { "begin": 4, "end": 4 } } }]
///
/// Errors are `major`, warnings `minor`. The fingerprint, which GitLab compares between a merge
/// request and its target to tell new findings from old, is the caller's (`fingerprint`): it
/// must stay the same when unrelated lines move.
public struct GitLabCodeQualityRenderer {
    /// The fingerprint of a diagnostic: stable across edits elsewhere, unique in the report.
    public var fingerprint: (Diagnostic) -> String

    public init(fingerprint: @escaping (Diagnostic) -> String) {
        self.fingerprint = fingerprint
    }

    public func render(_ diagnostics: [Diagnostic], in files: FileSet) -> String {
        var cache = LocationCache()
        var out = JSONWriter(pretty: true)
        out.beginArray()
        for diagnostic in diagnostics.inOutputOrder() {
            let span = ResolvedSpan(diagnostic.span, in: files, cache: &cache)
            out.beginObject()
            out.write("issue", forKey: "type")
            out.write(diagnostic.code.rawValue, forKey: "check_name")
            out.write("\(diagnostic.code.rawValue): \(diagnostic.textWithNotes(in: files, cache: &cache))", forKey: "description")
            out.writeKey("categories")
            out.beginArray(inline: true)
            out.write(diagnostic.code.severity == .error ? "Bug Risk" : "Style")
            out.endArray()
            out.write(diagnostic.severity == .error ? "major" : diagnostic.severity == .warning ? "minor" : "info", forKey: "severity")
            out.write(fingerprint(diagnostic), forKey: "fingerprint")
            out.writeKey("location")
            out.beginObject()
            out.write(span.path, forKey: "path")
            out.writeKey("lines")
            out.beginObject(inline: true)
            out.write(span.start.line, forKey: "begin")
            out.write(span.end.line, forKey: "end")
            out.endObject()
            out.endObject()
            out.endObject()
        }
        out.endArray()
        out.appendNewline()
        return out.text
    }
}
