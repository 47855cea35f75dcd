import CardDiagnostics

/// `file:` URIs and paths (RFC 8089, as editors write them): percent-decoding and encoding.
enum DocumentURI {
    /// The path of a `file://` URI (`file:///a/b%20c.cards` → `/a/b c.cards`; `%FF` and other bytes that are not UTF-8 as `PathBytes` maps them); nil for other
    /// schemes, a host other than `localhost`, or a malformed escape.
    static func path(of uri: String) -> String? {
        let bytes = Array(uri.utf8)
        let scheme = Array("file://".utf8)
        guard bytes.count > scheme.count, zip(bytes, scheme).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) || $0 == $1 }) else { return nil }
        var rest = bytes[scheme.count...]
        if rest.first != UInt8(ascii: "/") {
            // `file://localhost/path`
            let host = Array("localhost".utf8)
            guard rest.starts(with: host) else { return nil }
            rest = rest.dropFirst(host.count)
            guard rest.first == UInt8(ascii: "/") else { return nil }
        }
        // A query or fragment is not part of the path.
        if let cut = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { rest = rest[..<cut] }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(rest.count)
        var i = rest.startIndex
        while i < rest.endIndex {
            let b = rest[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < rest.endIndex, let high = hexValue(rest[i + 1]), let low = hexValue(rest[i + 2]) else { return nil }
                decoded.append(high << 4 | low)
                i += 3
            } else {
                decoded.append(b)
                i += 1
            }
        }
        // A NUL byte cannot be in a path; bytes that are not UTF-8 are a name all the same.
        guard !decoded.contains(0) else { return nil }
        return PathBytes.path(fromBytes: decoded)
    }

    /// A `file://` URI for an absolute path, escaping everything but unreserved characters,
    /// `/` and a few sub-delimiters editors leave alone.
    static func uri(forPath path: String) -> String {
        var out = "file://"
        if !path.hasPrefix("/") { out += "/" }
        for b in PathBytes.bytes(of: path) {
            if isUnreserved(b) || b == UInt8(ascii: "/") {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out += "%" + hexDigit(b >> 4) + hexDigit(b & 0xF)
            }
        }
        return out
    }

    static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }

    static func hexDigit(_ value: UInt8) -> String {
        String(Unicode.Scalar(value < 10 ? 0x30 + value : 0x41 + value - 10))
    }
}
