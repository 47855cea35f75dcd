/// A path pattern of `cardc.json`'s `exclude`, relative to the configuration's folder: `*` matches
/// within one path component, `?` one character of it, `**` any number of components; a pattern
/// that matches a folder leaves out everything below it (`Generated` and `Generated/**` are the
/// same). Components are compared as written (case-sensitively).
public struct ExcludePattern: Hashable, Sendable, CustomStringConvertible {
    public let text: String
    private let components: [Substring]

    public init(_ text: String) throws(ConfigurationError) {
        guard !text.isEmpty, !text.utf8.contains(0) else { throw ConfigurationError("a pattern must not be empty") }
        guard !text.hasPrefix("/") else {
            throw ConfigurationError("\"\(text)\" is absolute; patterns are relative to the folder of cardc.json")
        }
        let components = text.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !components.contains("..") else {
            throw ConfigurationError("\"\(text)\" leaves the folder of cardc.json; patterns may not contain '..'")
        }
        guard !components.isEmpty else { throw ConfigurationError("\"\(text)\" matches the whole project") }
        self.text = text
        // `**/**` is `**`: collapsed, so no run of them multiplies the search.
        var collapsed: [Substring] = []
        for component in components where !(component == "**" && collapsed.last == "**") { collapsed.append(component) }
        self.components = collapsed
    }

    public var description: String { text }

    /// Whether the pattern matches `path` (relative to the configuration's folder, `/`-separated)
    /// or one of the folders it lies in.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return Self.match(components[...], parts[...], prefixAllowed: true)
    }

    /// Whether `pattern` matches `path`, or — with `prefixAllowed` — a leading run of its components.
    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>, prefixAllowed: Bool) -> Bool {
        guard let first = pattern.first else { return path.isEmpty || prefixAllowed }
        if first == "**" {
            // Zero or more components; tried shortest first. Path lengths are small, so the
            // search stays cheap (components × pattern length at worst per `**`).
            var rest = path
            while true {
                if match(pattern.dropFirst(), rest, prefixAllowed: prefixAllowed) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(Array(first.unicodeScalars)[...], Array(component.unicodeScalars)[...]) else {
            return false
        }
        return match(pattern.dropFirst(), path.dropFirst(), prefixAllowed: prefixAllowed)
    }

    /// `*` and `?` within one component, by Unicode scalars; iterative with one backtrack point,
    /// so a pattern of many stars stays linear per attempt.
    private static func matchComponent(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex, n = name.startIndex
        var star: Int? = nil, starName = name.startIndex
        while n < name.endIndex {
            if p < pattern.endIndex && (pattern[p] == "?" || pattern[p] == name[n]) {
                p += 1; n += 1
            } else if p < pattern.endIndex && pattern[p] == "*" {
                star = p; starName = n; p += 1
            } else if let s = star {
                p = s + 1; starName += 1; n = starName
            } else {
                return false
            }
        }
        while p < pattern.endIndex && pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
