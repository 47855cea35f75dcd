import CardDiagnostics
import CardJSON
import CardSources

/// A baseline: the warnings a project had when it adopted `cardc`, which `cardc check
/// --baseline FILE` then leaves out so that only new ones are reported — SwiftLint's and
/// Detekt's workflow (docs/cli.md, "Baseline"). `cardc check --write-baseline FILE` writes one.
///
/// A warning is recorded by its file (relative to the baseline's folder, so the baseline works
/// from any working directory), its code, the top-level declaration it is in and a hash of its
/// line's text (`Fingerprint`) — not its line number, so edits elsewhere leave it matched. The
/// same key twice is two warnings: each recorded one hides one found.
public struct Baseline: Sendable {
    public struct Key: Hashable, Comparable, Sendable {
        public var file: String
        public var fingerprint: Fingerprint

        public init(file: String, fingerprint: Fingerprint) {
            self.file = file
            self.fingerprint = fingerprint
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.file, lhs.fingerprint.context, lhs.fingerprint.code, lhs.fingerprint.lineHash)
                < (rhs.file, rhs.fingerprint.context, rhs.fingerprint.code, rhs.fingerprint.lineHash)
        }
    }

    /// The path it was read from, as given.
    public var path: String
    /// How many warnings of each key it records.
    public var counts: [Key: Int] = [:]
    public var total: Int { counts.values.reduce(0, +) }

    public static let format = "cardc-baseline"
    public static let version = 1

    /// Reads the baseline at `path` (an error, for the command line a usage error, when it is
    /// missing or malformed).
    public init(reading path: String) throws(ConfigurationError) {
        self.path = path
        guard let status = LocalFiles.status(of: path) else {
            throw ConfigurationError("baseline \(path) not found (cardc check --write-baseline \(path) PATH... writes it)")
        }
        guard status.kind == .regular else { throw ConfigurationError("baseline \(path) is \(status.kind.description), not a regular file") }
        guard let bytes = LocalFiles.contents(of: path, sizeLimit: 256 << 20) else { throw ConfigurationError("cannot read baseline \(path)") }
        func bad(_ why: String) -> ConfigurationError { ConfigurationError("baseline \(path): \(why)") }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw bad("not valid JSON (\(error))") }
        guard value["format"]?.string == Self.format else { throw bad("not a cardc baseline (\"format\" is not \"\(Self.format)\")") }
        guard value["version"]?.int == Self.version else { throw bad("version \(value["version"].map { $0.serialized() } ?? "none") is not \(Self.version)") }
        guard let warnings = value["warnings"]?.array else { throw bad("\"warnings\" must be a list") }
        for (index, warning) in warnings.enumerated() {
            guard let file = warning["file"]?.string, let code = warning["code"]?.string,
                  let context = warning["context"]?.string, let hash = warning["fingerprint"]?.string else {
                throw bad("warning \(index + 1) needs \"file\", \"code\", \"context\" and \"fingerprint\" strings")
            }
            counts[Key(file: file, fingerprint: Fingerprint(code: code, context: context, lineHash: hash)), default: 0] += 1
        }
    }

    /// The key of `diagnostic` (in `file`, fingerprinted by `index`), with the file named
    /// relative to the folder `directory` (a real path).
    public static func key(of diagnostic: Diagnostic, in file: SourceFile, index: FingerprintIndex, relativeTo directory: String) -> Key {
        let real = LocalFiles.canonicalPath(file.path)
        return Key(file: ProjectLocator.relative(real, from: directory), fingerprint: index.fingerprint(of: diagnostic))
    }

    /// The baseline file for `warnings` (key and message), sorted so that it changes only when
    /// the warnings do. Messages are for people reading it; matching ignores them.
    public static func document(_ warnings: [(key: Key, message: String)]) -> [UInt8] {
        var out = JSONWriter(pretty: true)
        out.beginObject()
        out.write(format, forKey: "format")
        out.write(version, forKey: "version")
        out.writeKey("warnings")
        out.beginArray()
        for (key, message) in warnings.sorted(by: { ($0.key, $0.message) < ($1.key, $1.message) }) {
            out.beginObject()
            out.write(key.file, forKey: "file")
            out.write(key.fingerprint.code, forKey: "code")
            out.write(key.fingerprint.context, forKey: "context")
            out.write(key.fingerprint.lineHash, forKey: "fingerprint")
            out.write(message, forKey: "message")
            out.endObject()
        }
        out.endArray()
        out.endObject()
        out.appendNewline()
        return out.takeBytes()
    }
}

