import CardDiagnostics
import CardSyntax

/// What identifies a warning across edits, for baselines and CI reports that track findings
/// (GitLab's `fingerprint`): its code, the top-level declaration it is in (`card Budget`), and
/// a hash of its line's text (blanks around it ignored) — never its line number, so edits
/// elsewhere in the file leave it the same. Its file is added by whoever compares them.
public struct Fingerprint: Hashable, Sendable {
    public var code: String
    /// `card Budget`, `stack Overview`, `theme Brand`, `import "x.cards"`, or `""` outside any.
    public var context: String
    /// FNV-1a (64 bits) of the diagnosed line's text without leading and trailing blanks, as 16
    /// hexadecimal digits.
    public var lineHash: String

    public init(code: String, context: String, lineHash: String) {
        self.code = code
        self.context = context
        self.lineHash = lineHash
    }

    /// 64-bit FNV-1a of `bytes`, as 16 lowercase hexadecimal digits: stable across runs,
    /// machines and versions (unlike `Hasher`, which is seeded per process).
    public static func hash<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Fingerprints of one file's diagnostics: its top-level declarations' ranges are read once.
public struct FingerprintIndex: Sendable {
    let file: SourceFile
    /// Top-level declarations in source order: their byte ranges and what they are called.
    private let declarations: [(range: Range<Int>, context: String)]

    /// `tree` is the file's syntax tree, when there is one (without, no context is given).
    public init(file: SourceFile, tree: SyntaxTree?) {
        self.file = file
        var declarations: [(range: Range<Int>, context: String)] = []
        if let tree {
            for node in tree.children(tree.root) {
                let context: String
                switch tree.kind(node) {
                case .cardDecl: context = "card " + tree.name(node)
                case .stackDecl: context = "stack " + tree.name(node)
                case .themeDecl: context = "theme " + tree.name(node)
                case .importDecl: context = "import " + tree.name(node)
                default: continue
                }
                declarations.append((tree.range(node), context))
            }
        }
        self.declarations = declarations
    }

    /// The fingerprint of a diagnostic of this file.
    public func fingerprint(of diagnostic: Diagnostic) -> Fingerprint {
        let offset = min(max(diagnostic.span.start, 0), file.bytes.count)
        // The last declaration starting at or before the offset, if the offset lies in it.
        var low = 0, high = declarations.count
        while low < high {
            let mid = (low + high) / 2
            if declarations[mid].range.lowerBound <= offset { low = mid + 1 } else { high = mid }
        }
        var context = ""
        if low > 0, declarations[low - 1].range.lowerBound <= offset, offset < max(declarations[low - 1].range.upperBound, declarations[low - 1].range.lowerBound + 1) {
            context = declarations[low - 1].context
        }
        let line = file.lineRange(file.lineIndex(of: offset))
        var start = line.lowerBound, end = line.upperBound
        let bytes = file.bytes
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return Fingerprint(code: diagnostic.code.rawValue, context: context, lineHash: Fingerprint.hash(bytes[start..<end]))
    }
}
