import CardDiagnostics
/// The `*.cards` files below a directory, as `cardc check DIR` and `cardc fmt DIR` find them
/// (docs/cli.md, "Inputs"). **The walk never leaves the directory it was given:**
///
/// - A directory is walked once, known by its device and inode, so no loop of links or mounts
///   makes it walk forever; hidden directories (`.…`) and `.build` are skipped.
/// - A symbolic link is resolved with `ConfinedResolver`, inside the directory only. A link to
///   a `.cards` file or a directory inside is followed, after the real directories, and only
///   when it leads somewhere the walk has not been (an alias of a walked directory or file adds
///   nothing). A link that leads outside is skipped without anything outside being looked at,
///   and reported; so is a broken link named `*.cards`, and a loop of links.
/// - A directory that cannot be read (no permission, a path longer than the system takes) is a
///   failure, never a silent gap: a file in it could have errors.
/// - Names are bytes: one that is not UTF-8 is found and named as `PathBytes` maps it.
public struct DirectoryWalk: Sendable {
    /// Something the walk did not follow, and why (shown as a warning).
    public struct Skipped: Equatable, Sendable {
        public var path: String
        public var reason: String
    }

    /// A directory or entry that could not be read.
    public struct Failure: Error, Equatable, Sendable {
        public var path: String
        public var reason: String
    }

    /// The files found, by the walked directory's spelling joined with the names below it,
    /// sorted. Regular files, and anything else named `*.cards` (a FIFO, a socket…), which the
    /// caller refuses by name.
    public private(set) var files: [String] = []
    public private(set) var skipped: [Skipped] = []
    public private(set) var failures: [Failure] = []
    /// How many directories were listed (a figure the tests check grows with the tree).
    public private(set) var directoriesListed = 0

    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ status: LocalFiles.Status) {
            device = status.device
            inode = status.inode
        }
    }

    private let resolver: ConfinedResolver
    private let shownRoot: String
    private var visited: Set<Identity> = []
    /// Real paths of the files found, so a link to one of them is not a second entry.
    private var foundFiles: Set<String> = []
    private var linkedFiles: [(shown: String, real: String)] = []
    private var linkedDirectories: [(shown: String, real: String)] = []

    /// Walks `directory`; nil when it is not a directory that can be resolved. After listing
    /// `directoryLimit` directories the walk stops, with a failure naming `directory` (an
    /// editor's implicit walk of a folder as large as a home directory must end soon; a
    /// command walks what it was given).
    public init?(_ directory: String, directoryLimit: Int = .max) {
        guard let real = LocalFiles.realPath(directory), let status = LocalFiles.status(of: real), status.kind == .directory else {
            return nil
        }
        resolver = ConfinedResolver(root: real)
        shownRoot = directory
        visited.insert(Identity(status))
        var pending = [(shown: directory, real: real)]
        walking: while true {
            while let next = pending.popLast() {
                guard directoriesListed < directoryLimit else {
                    failures.append(Failure(path: directory, reason: "cannot be walked past its first \(directoryLimit) directories"))
                    break walking
                }
                list(next.shown, real: next.real, into: &pending)
            }
            // Links to directories come after every real directory, so a walked directory is
            // found under its own name, and a link to it adds nothing.
            guard !linkedDirectories.isEmpty else { break }
            let links = linkedDirectories.sorted { $0.shown < $1.shown }
            linkedDirectories = []
            for link in links {
                guard let status = LocalFiles.status(of: link.real), status.kind == .directory,
                      visited.insert(Identity(status)).inserted else { continue }
                pending.append(link)
            }
        }
        for link in linkedFiles where foundFiles.insert(link.real).inserted { files.append(link.shown) }
        files.sort()
        skipped.sort { $0.path < $1.path }
    }

    /// Lists one directory (by its real path, which holds no links): files found, directories
    /// pushed on `pending`, links resolved.
    private mutating func list(_ shown: String, real: String, into pending: inout [(shown: String, real: String)]) {
        directoriesListed += 1
        let names: [String]
        switch LocalFiles.listing(of: real) {
        case .success(let listed): names = listed.sorted()
        case .failure(let error):
            failures.append(Failure(path: shown, reason: "cannot read directory: \(error)"))
            return
        }
        // Pushed in reverse, so directories are listed in sorted order.
        var directories: [(shown: String, real: String)] = []
        for name in names {
            let shownPath = PathUtilities.appending(name, to: shown)
            let realPath = PathUtilities.appending(name, to: real)
            let isCards = name.hasSuffix(".cards")
            let skippedDirectory = name.hasPrefix(".") || name == ".build"
            let status: LocalFiles.Status
            switch LocalFiles.linkStatus(of: realPath) {
            case .success(let found): status = found
            case .failure(let error):
                // Removed since it was listed: nothing to check.
                if error.number == ENOENT { continue }
                failures.append(Failure(path: shownPath, reason: "cannot read: \(error)"))
                continue
            }
            switch status.kind {
            case .directory:
                if !skippedDirectory, visited.insert(Identity(status)).inserted { directories.append((shownPath, realPath)) }
            case .symbolicLink:
                follow(name, shown: shownPath, in: real, isCards: isCards, skippedDirectory: skippedDirectory)
            case .regular:
                if isCards, foundFiles.insert(realPath).inserted { files.append(shownPath) }
            default:
                // A FIFO, socket or device named `*.cards`: the caller refuses it by name.
                if isCards { files.append(shownPath) }
            }
        }
        pending += directories.reversed()
    }

    /// A link in directory `real`: followed inside the walked directory, else reported.
    private mutating func follow(_ name: String, shown: String, in real: String, isCards: Bool, skippedDirectory: Bool) {
        switch resolver.resolve(name, from: real) {
        case .outside:
            if isCards || !skippedDirectory {
                skipped.append(Skipped(path: shown, reason: "a symbolic link leading outside \(shownRoot)"))
            }
        case .missing:
            if isCards { skipped.append(Skipped(path: shown, reason: "a broken symbolic link")) }
        case .failed(let error):
            if isCards || !skippedDirectory {
                skipped.append(Skipped(path: shown, reason: "a symbolic link that cannot be followed: \(error)"))
            }
        case .found(let target, let kind):
            switch kind {
            case .directory:
                if !skippedDirectory { linkedDirectories.append((shown, target)) }
            case .regular:
                if isCards { linkedFiles.append((shown, target)) }
            default:
                if isCards { files.append(shown) }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
