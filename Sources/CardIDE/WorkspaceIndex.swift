import CardDiagnostics
import CardSources
import CardSyntax

/// What the editor knows of every `.cards` file of the workspace without checking any: each
/// file parsed once, with the files it imports, what it declares and the names it writes.
/// Cross-file questions start here — which files can see a declaration (its importers,
/// transitively), which of them may write a name, the workspace's symbols — and only the
/// files that may answer are then checked (`Workspace.references`, `Workspace.rename`).
///
/// Plain data: the `Workspace` fills it from the disk and the open buffers.
public struct WorkspaceIndex: Sendable {
    /// One indexed file.
    public struct Entry: Sendable {
        /// The canonical path.
        public var path: String
        /// The canonical paths its imports name, resolved as the loader resolves them (from the
        /// file's real directory, confined to its project root); an import of a file that does
        /// not exist yet by the path it would have, so creating it links the two.
        public var imports: [String]
        /// Its cards (and their model fields), stacks and themes, as workspace symbols.
        public var symbols: [WorkspaceSymbol]
        /// Every identifier written in it: a file without a name cannot refer to it.
        public var names: Set<String>
        /// A hash of the bytes indexed, so a re-scan can tell a file that changed.
        public var fingerprint: Int
    }

    public private(set) var entries: [String: Entry] = [:]
    /// The files importing each path (directly).
    private var importersByPath: [String: Set<String>] = [:]

    public init() {}

    /// The indexed paths, sorted.
    public var paths: [String] { entries.keys.sorted() }

    /// Parses `bytes` as the file at canonical `path`, with imports confined to `root`, and
    /// records (or replaces) its entry.
    public mutating func update(path: String, bytes: [UInt8], root: String, provider: FileProvider) {
        let entry = Self.entry(path: path, bytes: bytes, root: root, provider: provider)
        remove(path: path)
        for target in entry.imports { importersByPath[target, default: []].insert(path) }
        entries[path] = entry
    }

    /// Forgets the file at `path` (deleted, or no longer under a root).
    public mutating func remove(path: String) {
        guard let old = entries.removeValue(forKey: path) else { return }
        for target in old.imports {
            importersByPath[target]?.remove(path)
            if importersByPath[target]?.isEmpty == true { importersByPath[target] = nil }
        }
    }

    /// The files importing `path` directly, sorted.
    public func importers(of path: String) -> [String] { (importersByPath[path] ?? []).sorted() }

    /// The files whose unit holds `path`: those importing it, directly or through others,
    /// sorted (`path` itself not included; a cycle ends where it started).
    public func transitiveImporters(of path: String) -> [String] {
        var found = Set<String>()
        var pending = [path]
        while let next = pending.popLast() {
            for importer in importersByPath[next] ?? [] where importer != path && found.insert(importer).inserted {
                pending.append(importer)
            }
        }
        return found.sorted()
    }

    /// The files `path` imports, directly or through others, sorted (`path` itself not
    /// included): with it, its unit.
    public func transitiveImports(of path: String) -> [String] {
        var found = Set<String>()
        var pending = [path]
        while let next = pending.popLast() {
            for imported in entries[next]?.imports ?? [] where imported != path && found.insert(imported).inserted {
                pending.append(imported)
            }
        }
        return found.sorted()
    }

    /// The files that write `name`, and those importing one of them (directly or not): the
    /// only entries whose unit can mention `name`.
    public func filesWhoseUnitMayWrite(_ name: String) -> Set<String> {
        var found = Set<String>()
        var pending: [String] = []
        for (path, entry) in entries where entry.names.contains(name) && found.insert(path).inserted { pending.append(path) }
        while let next = pending.popLast() {
            for importer in importersByPath[next] ?? [] where found.insert(importer).inserted { pending.append(importer) }
        }
        return found
    }

    /// The declarations of every indexed file whose name matches `query` (see
    /// `WorkspaceSymbol.score`), best first, then by name and place; at most `limit`.
    public func symbols(matching query: String, limit: Int = 500) -> [WorkspaceSymbol] {
        let needle = Array(query.lowercased().unicodeScalars)
        var scored: [(score: Int, symbol: WorkspaceSymbol)] = []
        for entry in entries.values {
            for symbol in entry.symbols {
                guard let score = WorkspaceSymbol.score(symbol.name, needle) else { continue }
                scored.append((score, symbol))
            }
        }
        scored.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.symbol.name != b.symbol.name { return a.symbol.name < b.symbol.name }
            return a.symbol.location < b.symbol.location
        }
        return scored.prefix(limit).map(\.symbol)
    }

    /// A hash of a file's bytes (this process's: entries are never stored), over the raw
    /// buffer — hashing `[UInt8]` element by element cost more than parsing the file.
    static func fingerprint(of bytes: [UInt8]) -> Int {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    /// The entry of one file: parsed (not checked), its imports resolved.
    static func entry(path: String, bytes: [UInt8], root: String, provider: FileProvider) -> Entry {
        let file = SourceFile(path: path, bytes: bytes)
        let tree = Parser.parse(file)
        let directory = PathUtilities.directory(of: path)
        var imports: [String] = []
        for node in tree.children(tree.root) where tree.kind(node) == .importDecl {
            guard let token = tree.mainToken(node), !token.isMalformed else { continue }
            let spec = StringLiteral.value(of: Substring(tree.text(token)))
            guard !spec.isEmpty, !spec.hasPrefix("/"), PathUtilities.isInside(PathUtilities.join(directory, spec), root: root) else { continue }
            switch provider.resolve(spec, from: directory, within: root) {
            case .file(let real): imports.append(real)
            case .missing(let wouldBe?): imports.append(wouldBe)
            default: break
            }
        }
        let fileName = Snapshot.lastComponent(path)
        var symbols: [WorkspaceSymbol] = []
        for symbol in Snapshot.symbols(of: tree) {
            symbols.append(WorkspaceSymbol(name: symbol.name, kind: symbol.kind, location: Location(path: path, range: symbol.selectionRange),
                                           container: fileName))
            for child in symbol.children where child.kind == .modelField {
                symbols.append(WorkspaceSymbol(name: child.name, kind: child.kind, location: Location(path: path, range: child.selectionRange),
                                               container: symbol.name))
            }
        }
        var names = Set<String>()
        _ = Lexer.forEachToken(in: file) { token in
            if token.kind == .identifier { names.insert(file.text(token.range)) }
        }
        return Entry(path: path, imports: imports, symbols: symbols, names: names, fingerprint: fingerprint(of: bytes))
    }
}

extension WorkspaceSymbol {
    /// How well `name` matches `needle` (lowercased), as editors rank fuzzy matches: nil when
    /// the needle's characters are not all in the name, in order (ignoring case); higher is
    /// better — an exact name, then a prefix, then matches at word starts (`SN` in
    /// `ShelterNote`) and in runs, earlier rather than later. An empty needle matches all, equally.
    static func score(_ name: String, _ needle: [Unicode.Scalar]) -> Int? {
        guard !needle.isEmpty else { return 0 }
        let scalars = Array(name.unicodeScalars)
        let lowered = Array(name.lowercased().unicodeScalars)
        // Lowercasing keeps ASCII names aligned; a name whose length changes is matched on its
        // lowered form alone.
        let aligned = lowered.count == scalars.count
        var score = 0, k = 0, previous = -2
        for (i, scalar) in lowered.enumerated() where k < needle.count && scalar == needle[k] {
            let wordStart = i == 0 || (aligned && scalars[i].properties.isUppercase && !scalars[i - 1].properties.isUppercase)
                || (aligned && scalars[i - 1] == "_")
            score += wordStart ? 10 : 1
            if previous == i - 1 { score += 5 }
            if i == k { score += 3 } // Still matching from the start.
            previous = i
            k += 1
        }
        guard k == needle.count else { return nil }
        if lowered.count == needle.count { score += 1000 } else if lowered.starts(with: needle) { score += 100 }
        return score - lowered.count
    }
}
