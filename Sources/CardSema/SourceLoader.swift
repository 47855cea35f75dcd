import CardDiagnostics
import CardSyntax

/// Where source bytes come from: the disk for the command line, open buffers for the language
/// server, a dictionary in tests.
public protocol FileProvider: Sendable {
    /// The file's bytes, or nil when there is no regular file at `path`.
    func contents(of path: String) -> [UInt8]?
    /// The canonical form of a path for identity (symlinks resolved where possible).
    func canonicalPath(_ path: String) -> String
}

/// Reads files from disk; refuses directories and files over `sizeLimit`.
public struct DiskFileProvider: FileProvider {
    public var sizeLimit: Int
    /// Threads that may read one large file at once (`LocalFiles.contents(of:sizeLimit:readers:)`).
    public var readers: Int
    public init(sizeLimit: Int = 256 << 20, readers: Int = 1) {
        self.sizeLimit = sizeLimit
        self.readers = readers
    }

    public func contents(of path: String) -> [UInt8]? {
        LocalFiles.contents(of: path, sizeLimit: sizeLimit, readers: readers)
    }

    public func canonicalPath(_ path: String) -> String {
        LocalFiles.canonicalPath(path)
    }
}

/// An in-memory file system for tests and editors: paths are compared after normalisation.
public struct MemoryFileProvider: FileProvider {
    public var files: [String: [UInt8]]
    public init(_ files: [String: String]) {
        var table: [String: [UInt8]] = [:]
        for (path, text) in files { table[PathUtilities.normalize(path)] = Array(text.utf8) }
        self.files = table
    }
    public func contents(of path: String) -> [UInt8]? { files[PathUtilities.normalize(path)] }
    public func canonicalPath(_ path: String) -> String { PathUtilities.normalize(path) }
}

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

/// One parsed file of a compilation and the files it imports.
public struct LoadedFile: Sendable {
    public let tree: SyntaxTree
    /// Imports that were loaded: (the import node, the imported file).
    public var imports: [(node: NodeID, file: FileID)]
    public var file: SourceFile { tree.file }
}

/// Loads entry files and their imports depth-first in source order (LANGUAGE.md §4): each file
/// once, relative imports confined to the root, cycles reported once with the whole cycle.
public struct SourceLoader {
    public let provider: FileProvider
    public let root: String
    public private(set) var fileSet = FileSet()
    public private(set) var files: [FileID: LoadedFile] = [:]
    public private(set) var diagnostics: [Diagnostic] = []
    private var byCanonicalPath: [String: FileID] = [:]
    /// Files on the current depth-first path, with the import node that left each of them.
    private var stack: [(file: FileID, importNode: NodeID?)] = []
    /// Threads that may parse one large file (`Parser.parse(_:threads:)`).
    public var parsingThreads = 1

    public init(provider: FileProvider, root: String) {
        self.provider = provider
        self.root = root
    }

    /// Loads an entry file given on the command line; nil when it cannot be read.
    public mutating func loadEntry(path: String) -> FileID? {
        let canonical = provider.canonicalPath(path)
        if let existing = byCanonicalPath[canonical] { return existing }
        guard let bytes = provider.contents(of: path) else { return nil }
        return load(path: path, canonical: canonical, bytes: bytes)
    }

    /// Adds a file from memory (the language server's open buffers, or stdin).
    public mutating func loadEntry(path: String, bytes: [UInt8]) -> FileID {
        let canonical = provider.canonicalPath(path)
        if let existing = byCanonicalPath[canonical] { return existing }
        return load(path: path, canonical: canonical, bytes: bytes)
    }

    private mutating func load(path: String, canonical: String, bytes: [UInt8]) -> FileID {
        let source = fileSet.add(path: path, bytes: bytes)
        byCanonicalPath[canonical] = source.id
        let tree = Parser.parse(source, threads: parsingThreads)
        files[source.id] = LoadedFile(tree: tree, imports: [])
        stack.append((source.id, nil))
        defer { stack.removeLast() }
        for node in tree.children(tree.root) where tree.kind(node) == .importDecl {
            loadImport(node, in: tree)
        }
        return source.id
    }

    private mutating func loadImport(_ node: NodeID, in tree: SyntaxTree) {
        guard let token = tree.mainToken(node), !token.isMalformed else { return }
        let spec = StringLiteral.value(of: Substring(tree.text(token)))
        let span = tree.span(token: token)
        let importer = tree.file
        let displayPath = PathUtilities.join(PathUtilities.directory(of: importer.path), spec)
        let rootCheckPath = PathUtilities.join(PathUtilities.directory(of: provider.canonicalPath(importer.path)), spec)
        let canonicalRoot = provider.canonicalPath(root)
        if spec.isEmpty || spec.hasPrefix("/") || !PathUtilities.isInside(rootCheckPath, root: canonicalRoot) {
            diagnostics.append(Diagnostic(.e308, "import `\(spec)` is outside the project root `\(root)`", at: span,
                                          notes: [.help("imports are relative to the importing file and must stay under the root; pass `--root DIR` to widen it")]))
            return
        }
        let canonical = provider.canonicalPath(rootCheckPath)
        if !PathUtilities.isInside(canonical, root: canonicalRoot) {
            diagnostics.append(Diagnostic(.e308, "import `\(spec)` resolves outside the project root `\(root)`", at: span))
            return
        }
        stack[stack.count - 1].importNode = node
        if let existing = byCanonicalPath[canonical] {
            if let cycleStart = stack.firstIndex(where: { $0.file == existing }) {
                reportCycle(from: cycleStart)
            } else {
                files[importer.id]?.imports.append((node, existing))
            }
            return
        }
        guard let bytes = provider.contents(of: canonical) ?? provider.contents(of: displayPath) else {
            diagnostics.append(Diagnostic(.e306, "cannot find imported file `\(displayPath)`", at: span,
                                          label: "imported here"))
            return
        }
        let id = load(path: displayPath, canonical: canonical, bytes: bytes)
        files[importer.id]?.imports.append((node, id))
    }

    /// One E307 at the import in the cycle's first file (in load order), naming every file, with
    /// notes at the other imports of the cycle.
    private mutating func reportCycle(from start: Int) {
        let members = stack[start...]
        let names = members.map { fileSet[$0.file].path } + [fileSet[stack[start].file].path]
        let spans: [SourceSpan] = members.compactMap { member in
            guard let node = member.importNode, let tree = files[member.file]?.tree else { return nil }
            return tree.span(node)
        }
        guard let first = spans.first else { return }
        diagnostics.append(Diagnostic(.e307, "import cycle: " + names.joined(separator: " → "), at: first,
                                      notes: spans.dropFirst().map { DiagnosticNote("the cycle continues with this import", at: $0) }))
    }

    /// The entry file and everything it imports, in load order.
    public func unit(of entry: FileID) -> [FileID] {
        var seen = Set<FileID>(), order: [FileID] = []
        func visit(_ id: FileID) {
            guard seen.insert(id).inserted else { return }
            order.append(id)
            for imported in files[id]?.imports ?? [] { visit(imported.file) }
        }
        visit(entry)
        return order
    }
}
