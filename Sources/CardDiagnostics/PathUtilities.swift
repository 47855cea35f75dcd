/// Lexical path handling: `a/./b/../c` → `a/c`, without touching the disk.
public enum PathUtilities {
    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            if part == ".." && absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `name` inside `directory`, spelt as given: nothing is normalised (`a/` and `b` → `a/b`;
    /// `..` in `name` is left for the file system to resolve).
    public static func appending(_ name: String, to directory: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The last component of `path` (`a/b.cards` → `b.cards`); nil when it has none (`/`, "").
    public static func lastComponent(_ path: String) -> String? {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
    }

    public static func join(_ directory: String, _ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        if directory == "." || directory.isEmpty { return normalize(path) }
        return normalize(directory + "/" + path)
    }

    /// True when `path` (normalised, absolute or relative to the same base) lies inside `root`.
    public static func isInside(_ path: String, root: String) -> Bool {
        let p = normalize(path), r = normalize(root)
        if r == "." { return !p.hasPrefix("../") && p != ".." && !p.hasPrefix("/") }
        if r == "/" { return true }
        return p == r || p.hasPrefix(r + "/")
    }
}
