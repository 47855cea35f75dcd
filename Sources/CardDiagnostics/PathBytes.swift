/// File names are bytes on POSIX systems, not necessarily UTF-8; the compiler's paths are
/// `String`s. This is the one mapping between the two, used wherever a name comes from or goes
/// to the system (arguments, directory entries, links, `realpath`, every call that takes a
/// path, `file:` URIs), so a file whose name is not UTF-8 is read, checked and named like any
/// other instead of being turned into U+FFFD and lost.
///
/// Valid UTF-8 maps to its scalars. A byte that is not part of valid UTF-8 maps to one scalar of
/// a private-use block, U+10FF00 plus the byte (U+10FF80 to U+10FFFF, as Python's
/// "surrogateescape" maps it to a surrogate, which a Swift string cannot hold); so that the
/// mapping stays one-to-one, a name spelling one of those scalars in valid UTF-8 has each of its
/// four bytes mapped the same way. Bytes to string to bytes is therefore the identity.
///
/// Shown to people, such a byte is written `\xFF` (`displayed(_:)`); in a URI, `%FF`.
public enum PathBytes {
    /// The scalar an escaped byte `b` (0x80 or more) becomes is `escapeBase + b`.
    static let escapeBase: UInt32 = 0x10FF00
    static let firstEscape: UInt32 = 0x10FF80

    /// The path of a name's bytes.
    public static func path<Bytes: Collection>(fromBytes bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let array = Array(bytes)
        // Most names are valid UTF-8 without escape scalars: one check, no scalar loop.
        if let text = String(validating: array, as: UTF8.self), !hasEscapes(text) { return text }
        var result = String.UnicodeScalarView()
        array.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count {
                let length = UTF8Scanner.sequenceLength(p, at: i)
                if length > 0 {
                    let scalar = UTF8Scanner.decode(p, at: i, length: length)
                    if scalar.value < firstEscape {
                        result.append(scalar)
                        i += length
                        continue
                    }
                }
                // An invalid byte, or each byte of a valid escape scalar.
                for byte in p[i..<(i + max(length, 1))] {
                    result.append(Unicode.Scalar(escapeBase + UInt32(byte)) ?? "\u{FFFD}")
                }
                i += max(length, 1)
            }
        }
        return String(result)
    }

    /// The path of a NUL-terminated C string (a `realpath` or `readdir` result).
    public static func path(fromCString pointer: UnsafePointer<CChar>) -> String {
        var length = 0
        while pointer[length] != 0 { length += 1 }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            path(fromBytes: UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// Whether `path` holds an escaped byte.
    public static func hasEscapes(_ path: String) -> Bool {
        // Every escape scalar is encoded F4 8F BE/BF xx; F4 is rare in names.
        guard path.utf8.contains(0xF4) else { return false }
        return path.unicodeScalars.contains { $0.value >= firstEscape }
    }

    /// The bytes `path` names.
    public static func bytes(of path: String) -> [UInt8] {
        guard hasEscapes(path) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= firstEscape {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the NUL-terminated bytes a system call takes.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard hasEscapes(path) else { return try path.withCString(body) }
        let terminated = bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        return try terminated.withUnsafeBufferPointer { buffer in
            // Never empty (it holds the NUL at least), so it has an address.
            guard let base = buffer.baseAddress else { return try "".withCString(body) }
            return try body(base)
        }
    }

    /// `text` with each escaped byte written `\xFF`, for people to read (terminal text, JSON
    /// diagnostics). Other characters are left for `TerminalText.escaped` and the formats' own
    /// escaping.
    public static func displayed(_ text: String) -> String {
        guard hasEscapes(text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= firstEscape {
                let byte = scalar.value - escapeBase
                result += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
