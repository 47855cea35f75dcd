import CardDiagnostics
import CardSyntax

/// Where source bytes come from: the disk for the command line, open buffers for the language
/// server, a dictionary in tests.
public protocol FileProvider: Sendable {
    /// The file's bytes, or nil when there is no regular file at `path`.
    func contents(of path: String) -> [UInt8]?
    /// The canonical form of a path for identity (symlinks resolved where possible).
    func canonicalPath(_ path: String) -> String
    /// What `path` (an import as written) names from `directory` (the importing file's real
    /// directory), resolved as the file system resolves it — symbolic links, then `..` — but
    /// confined to `root` (a real path): a path or a link that leads outside is `.outside`
    /// without anything outside being looked at (`ConfinedResolver`). Imports are read by the
    /// real path found, only.
    func resolve(_ path: String, from directory: String, within root: String) -> ResolvedPath
    /// The names of the entries of the directory at `path`, with the directory's real path (so
    /// the caller can check it lies inside the root); nil when there is no such directory. For
    /// a did-you-mean only: nothing listed is read.
    func entries(ofDirectory path: String) -> (realPath: String, names: [String])?
}

extension FileProvider {
    public func entries(ofDirectory path: String) -> (realPath: String, names: [String])? { nil }
}

/// What `FileProvider.resolve(_:from:within:)` found at a path.
public enum ResolvedPath: Equatable, Sendable {
    /// A regular file, by its real path (absolute for the disk; links and `.`/`..` resolved).
    case file(String)
    /// Nothing (or a dangling link, or a file where a directory should be); `wouldBe` is the
    /// real path it would have, when known (an editor's unsaved buffer may be there).
    case missing(wouldBe: String?)
    /// Something that is not a regular file, by its real path, with what it is for a diagnostic:
    /// "a directory", "a FIFO", "a socket", "a character device", "a block device".
    case notRegular(String, kind: String)
    /// The path leads outside the root, as written or through a link.
    case outside
    /// The path cannot be followed: a loop of links, a name too long, a directory that may not
    /// be searched; with the system's reason.
    case unreachable(reason: String)
}

/// Reads files from disk; refuses directories and files over `sizeLimit`.
public struct DiskFileProvider: FileProvider {
    public var sizeLimit: Int
    /// The largest file read unless told otherwise (`--max-size`).
    public static let defaultSizeLimit = 256 << 20

    public init(sizeLimit: Int = DiskFileProvider.defaultSizeLimit) {
        self.sizeLimit = sizeLimit
    }

    public func contents(of path: String) -> [UInt8]? {
        LocalFiles.contents(of: path, sizeLimit: sizeLimit)
    }

    public func canonicalPath(_ path: String) -> String {
        LocalFiles.canonicalPath(path)
    }

    public func resolve(_ path: String, from directory: String, within root: String) -> ResolvedPath {
        // A C string would end at a NUL byte and name a shorter path.
        guard !path.utf8.contains(0) else { return .missing(wouldBe: nil) }
        switch ConfinedResolver(root: root).resolve(path, from: directory) {
        case .found(let real, let kind): return kind == .regular ? .file(real) : .notRegular(real, kind: kind.description)
        case .missing(let wouldBe): return .missing(wouldBe: wouldBe)
        case .outside: return .outside
        case .failed(let error): return .unreachable(reason: error.description)
        }
    }

    public func entries(ofDirectory path: String) -> (realPath: String, names: [String])? {
        guard !path.utf8.contains(0), let real = LocalFiles.realPath(path), LocalFiles.isDirectory(real),
              let names = LocalFiles.entries(of: real) else { return nil }
        return (real, names)
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
    /// Lexical: the memory has no links.
    public func resolve(_ path: String, from directory: String, within root: String) -> ResolvedPath {
        let normalized = PathUtilities.join(directory, path)
        guard PathUtilities.isInside(normalized, root: root) else { return .outside }
        return files[normalized] == nil ? .missing(wouldBe: normalized) : .file(normalized)
    }

    public func entries(ofDirectory path: String) -> (realPath: String, names: [String])? {
        let directory = PathUtilities.normalize(path)
        let names = files.keys.filter { PathUtilities.directory(of: $0) == directory }.compactMap(PathUtilities.lastComponent)
        return names.isEmpty ? nil : (directory, names.sorted())
    }
}


/// One parsed file of a compilation and the files it imports.
public struct LoadedFile: Sendable {
    public let tree: SyntaxTree
    /// Imports that were loaded: (the import node, the imported file).
    public var imports: [(node: NodeID, file: FileID)]
    public var file: SourceFile { tree.file }
}

/// Loads entry files and their imports depth-first in source order (docs/language.md §4): each file
/// once, relative imports confined to the root, cycles reported once with the whole cycle.
public struct SourceLoader {
    public let provider: FileProvider
    public let root: String
    public private(set) var fileSet = FileSet()
    public private(set) var files: [FileID: LoadedFile] = [:]
    public private(set) var diagnostics: [Diagnostic] = []
    /// The import diagnostics each file has had: a file of a million broken imports records a
    /// thousand (`DiagnosticLimit`).
    public private(set) var limit = DiagnosticLimit()
    private var byCanonicalPath: [String: FileID] = [:]
    /// Each loaded file's canonical path: imports are resolved from its real directory, never
    /// from the path it is shown by.
    private var canonicalPaths: [FileID: String] = [:]
    /// `root` resolved once (`FileProvider.canonicalPath`).
    private let canonicalRoot: String
    /// Files on the current depth-first path, with the import node that left each of them.
    private var stack: [(file: FileID, importNode: NodeID?)] = []
    /// Where each file of `stack` is in it, so that a cycle is found without a search.
    private var stackPosition: [FileID: Int] = [:]

    public init(provider: FileProvider, root: String) {
        self.provider = provider
        self.root = root
        canonicalRoot = provider.canonicalPath(root)
    }

    /// Loads an entry file given on the command line; nil when it cannot be read.
    public mutating func loadEntry(path: String) -> FileID? {
        let canonical = provider.canonicalPath(path)
        if let existing = byCanonicalPath[canonical] { return existing }
        guard let bytes = provider.contents(of: path) else { return nil }
        // Read by the path as given; shown normalised, as imports are (`./a//b.cards` → `a/b.cards`).
        return load(path: PathUtilities.normalize(path), canonical: canonical, bytes: bytes)
    }

    /// Adds a file from memory (the language server's open buffers, or stdin).
    public mutating func loadEntry(path: String, bytes: [UInt8]) -> FileID {
        let canonical = provider.canonicalPath(path)
        if let existing = byCanonicalPath[canonical] { return existing }
        return load(path: path, canonical: canonical, bytes: bytes)
    }

    /// Loads a file and, depth-first in source order, everything it imports. The walk keeps its
    /// own stack of files (each with its imports and the next one to load), not the thread's:
    /// a chain of 60,000 files, each importing the next, overflowed the thread's stack.
    private mutating func load(path: String, canonical: String, bytes: [UInt8]) -> FileID {
        var walk: [(tree: SyntaxTree, imports: [NodeID], next: Int)] = []
        let entry = parse(path: path, canonical: canonical, bytes: bytes, onto: &walk)
        while let top = walk.last {
            guard top.next < top.imports.count else {
                walk.removeLast()
                stackPosition[stack.removeLast().file] = nil
                continue
            }
            walk[walk.count - 1].next += 1
            let node = top.imports[top.next]
            guard let (canonical, displayPath, bytes) = resolveImport(node, in: top.tree) else { continue }
            let id = parse(path: displayPath, canonical: canonical, bytes: bytes, onto: &walk)
            files[top.tree.file.id]?.imports.append((node, id))
        }
        return entry
    }

    /// Parses a new file, registers it, and puts it on the walk's stack and on `stack`.
    private mutating func parse(path: String, canonical: String, bytes: [UInt8],
                                onto walk: inout [(tree: SyntaxTree, imports: [NodeID], next: Int)]) -> FileID {
        let source = fileSet.add(path: path, bytes: bytes)
        byCanonicalPath[canonical] = source.id
        canonicalPaths[source.id] = canonical
        let tree = Parser.parse(source)
        files[source.id] = LoadedFile(tree: tree, imports: [])
        stackPosition[source.id] = stack.count
        stack.append((source.id, nil))
        walk.append((tree, tree.children(tree.root).filter { tree.kind($0) == .importDecl }, 0))
        return source.id
    }

    /// Checks import `node` of the file on top of `stack`: reports it (E306, E307, E308) or
    /// records a file loaded before, and returns nil; or returns the new file to load.
    ///
    /// The import is resolved once, by the file system, from the importing file's real
    /// directory, and that real path alone is checked against the real root and read: a
    /// symbolic link on the way cannot lead the read elsewhere, and a file that does not exist
    /// is E306, never looked for under another spelling. `displayPath` (the importer's shown
    /// path joined with the import, normalised) only names the file in diagnostics.
    private mutating func resolveImport(_ node: NodeID, in tree: SyntaxTree) -> (canonical: String, displayPath: String, bytes: [UInt8])? {
        guard let token = tree.mainToken(node), !token.isMalformed else { return nil }
        let spec = StringLiteral.value(of: Substring(tree.text(token)))
        let span = tree.span(token: token)
        let importer = tree.file
        let displayPath = PathUtilities.join(PathUtilities.directory(of: importer.path), spec)
        let importerDirectory = PathUtilities.directory(of: canonicalPaths[importer.id] ?? provider.canonicalPath(importer.path))
        let shown = PathBytes.displayed(displayPath), shownRoot = PathBytes.displayed(root)
        // Spelt outside the root (decided from the text alone): refused whether or not it exists.
        if spec.isEmpty || spec.hasPrefix("/") || !PathUtilities.isInside(PathUtilities.join(importerDirectory, spec), root: canonicalRoot) {
            report(Diagnostic(.e308, "import `\(spec)` is outside the project root `\(shownRoot)`", at: span,
                              notes: [Self.namesNote, .help("imports are relative to the importing file and must stay under the root; pass `--root DIR` to widen it")]))
            return nil
        }
        let canonical: String
        switch provider.resolve(spec, from: importerDirectory, within: canonicalRoot) {
        case .outside:
            // Through a link: decided without looking outside, so the answer is the same
            // whether the target exists or not.
            report(Diagnostic(.e308, "import `\(spec)` resolves outside the project root `\(shownRoot)`", at: span, notes: [Self.namesNote]))
            return nil
        case .missing(let wouldBe):
            // The did-you-mean lists the directory the file would be in: reached inside the root.
            let hint = wouldBe.map { nearbyFile(for: spec, directory: PathUtilities.directory(of: $0), span: span) } ?? (notes: [], fixIts: [])
            report(Diagnostic(.e306, "cannot find imported file `\(shown)`", at: span,
                              label: "imported here", notes: hint.notes + [Self.namesNote], fixIts: hint.fixIts))
            return nil
        case .unreachable(let reason):
            report(Diagnostic(.e306, "cannot reach imported file `\(shown)`: \(reason)", at: span,
                              label: "imported here", notes: [Self.namesNote]))
            return nil
        case .notRegular(_, let kind):
            report(Diagnostic(.e306, "imported file `\(shown)` is \(kind), not a regular file", at: span,
                              label: "imported here", notes: [Self.namesNote]))
            return nil
        case .file(let real):
            canonical = real
        }
        stack[stack.count - 1].importNode = node
        if let existing = byCanonicalPath[canonical] {
            if let cycleStart = stackPosition[existing] {
                reportCycle(from: cycleStart)
            } else {
                files[importer.id]?.imports.append((node, existing))
            }
            return nil
        }
        guard let bytes = provider.contents(of: canonical) else {
            report(Diagnostic(.e306, "cannot read imported file `\(shown)`", at: span,
                              label: "imported here", notes: [Self.namesNote]))
            return nil
        }
        return (canonical, displayPath, bytes)
    }

    /// What an import that is not loaded means for the rest of the unit (`DeckChecker`).
    static let namesNote = DiagnosticNote("while it is missing, cards and themes nothing declares are not reported (it may declare them)")

    /// A did-you-mean for an import of a file that does not exist: the `.cards` file of the same
    /// directory (inside the root) whose name is closest to the one written, with a fix-it
    /// writing it (`paw-theme.cards` → `pawtheme.cards`).
    private func nearbyFile(for spec: String, directory: String, span: SourceSpan) -> (notes: [DiagnosticNote], fixIts: [FixIt]) {
        guard let written = PathUtilities.lastComponent(spec), let listing = provider.entries(ofDirectory: directory),
              PathUtilities.isInside(listing.realPath, root: canonicalRoot) else { return ([], []) }
        // Only names a string literal spells as they are (no quote, backslash or control character).
        let names = listing.names.filter { name in
            name.hasSuffix(".cards") && name != written
            && !name.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F || $0.value >= 0x10FF00 }
        }
        guard let suggested = NameSuggester.suggestion(for: written, among: names) else { return ([], []) }
        // The directories written before the name stay as written.
        let endsWithName = spec.utf8.count > written.utf8.count && spec.utf8.suffix(written.utf8.count).elementsEqual(written.utf8)
        let directories = endsWithName ? String(decoding: spec.utf8.dropLast(written.utf8.count), as: UTF8.self) : ""
        let replaced = directories.hasSuffix("/") ? directories + suggested : suggested
        return ([.help("did you mean `\(replaced)`?")], [FixIt(span, "\"\(replaced)\"")])
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        if limit.admits(diagnostic.severity, in: diagnostic.span.file) { diagnostics.append(diagnostic) }
    }

    /// The most files an E307 names, and the most imports it has notes at. One file can close
    /// as many cycles as the files on the path above it, so listing every member of every
    /// cycle would make the output grow with the square of the project (a chain of 20,000
    /// files, each also importing the first, named 200 million files); each E307 stays short,
    /// and the work per cycle with it.
    package static let cycleNamesShown = 12

    /// One E307 at the import in the cycle's first file (in load order), naming every file (the
    /// first and last few of a long cycle), with notes at the other imports of the cycle.
    private mutating func reportCycle(from start: Int) {
        let members = stack[start...]
        let shown = Self.cycleNamesShown
        func path(_ member: (file: FileID, importNode: NodeID?)) -> String { PathBytes.displayed(fileSet[member.file].path) }
        func span(_ member: (file: FileID, importNode: NodeID?)) -> SourceSpan? {
            guard let node = member.importNode, let tree = files[member.file]?.tree else { return nil }
            return tree.span(node)
        }
        var names: [String]
        if members.count <= shown {
            names = members.map(path)
        } else {
            let omitted = members.count - shown
            names = members.prefix(shown / 2).map(path) + ["… \(omitted) more files …"] + members.suffix(shown / 2).map(path)
        }
        names.append(path(stack[start]))
        guard let first = span(stack[start]) else { return }
        var notes = members.dropFirst().prefix(shown).compactMap(span).map { DiagnosticNote("the cycle continues with this import", at: $0) }
        if members.count - 1 > shown {
            notes.append(DiagnosticNote("and \(members.count - 1 - shown) more imports of the cycle"))
        }
        report(Diagnostic(.e307, "import cycle: " + names.joined(separator: " → "), at: first, notes: notes))
    }

    /// The real path file `id` was read from (for an import, the path the file system resolved,
    /// which the shown path need not be: `link/../x.cards`).
    public func canonicalPath(of id: FileID) -> String? { canonicalPaths[id] }

    /// The entries no other loaded file imports, each once, in the order given. Every loaded
    /// file is in the unit of one of them: the imports loaded form no cycle (an import that
    /// would close one is refused, E307), and every file was reached from an entry. `cardc check`
    /// checks these units only, so a chain of 10,000 files, each an entry, is one unit checked
    /// once, not 10,000 units of up to 10,000 files.
    public func importRoots(of entries: [FileID]) -> [FileID] {
        var imported = [Bool](repeating: false, count: fileSet.files.count)
        for loaded in files.values {
            for (_, target) in loaded.imports where imported.indices.contains(Int(target.rawValue)) {
                imported[Int(target.rawValue)] = true
            }
        }
        var seen = Set<FileID>()
        return entries.filter { entry in
            !(imported.indices.contains(Int(entry.rawValue)) && imported[Int(entry.rawValue)]) && seen.insert(entry).inserted
        }
    }

    /// The entry file and everything it imports, in load order.
    /// The files of the unit of `entry` in declaration order: each file after the files it
    /// imports (imports come first in a file, so what they declare comes before the file's own
    /// declarations), as if every import were replaced by the file it names.
    public func declarationOrder(of entry: FileID) -> [FileID] {
        var seen = Set<FileID>(), order: [FileID] = []
        var walk: [(file: FileID, next: Int)] = [(entry, 0)]
        seen.insert(entry)
        while let top = walk.last {
            let imports = files[top.file]?.imports ?? []
            guard top.next < imports.count else {
                order.append(top.file)
                walk.removeLast()
                continue
            }
            walk[walk.count - 1].next += 1
            let next = imports[top.next].file
            if seen.insert(next).inserted { walk.append((next, 0)) }
        }
        return order
    }

    public func unit(of entry: FileID) -> [FileID] {
        // Depth-first with a stack of its own (file, next import), as `load` walks.
        var seen = Set<FileID>(), order: [FileID] = []
        var walk: [(file: FileID, next: Int)] = []
        func enter(_ id: FileID) {
            guard seen.insert(id).inserted else { return }
            order.append(id)
            walk.append((id, 0))
        }
        enter(entry)
        while let top = walk.last {
            let imports = files[top.file]?.imports ?? []
            guard top.next < imports.count else {
                walk.removeLast()
                continue
            }
            walk[walk.count - 1].next += 1
            enter(imports[top.next].file)
        }
        return order
    }
}
