import CardDiagnostics

/// A file system seen through edits not yet saved: an editor's open buffers, or the files
/// `cardc fix` is about to write; then the files underneath (the disk). Buffers are keyed by
/// canonical path, so an import names an edited file however it spells the path.
public struct OverlayFileProvider: FileProvider {
    /// Open buffers by canonical path.
    public var buffers: [String: [UInt8]]
    public let base: FileProvider

    public init(buffers: [String: [UInt8]], base: FileProvider = DiskFileProvider()) {
        self.buffers = buffers
        self.base = base
    }

    public func contents(of path: String) -> [UInt8]? {
        if let buffer = buffers[base.canonicalPath(path)] { return buffer }
        // The disk opens only regular files (`LocalFiles.contents`), so a FIFO an import names
        // cannot block the server.
        return base.contents(of: path)
    }

    public func canonicalPath(_ path: String) -> String { base.canonicalPath(path) }

    /// The directory's entries underneath, and the buffers in it that are not saved yet.
    public func entries(ofDirectory path: String) -> (realPath: String, names: [String])? {
        let listed = base.entries(ofDirectory: path)
        let directory = listed?.realPath ?? base.canonicalPath(path)
        let unsaved = buffers.keys.filter { PathUtilities.directory(of: $0) == directory }.compactMap(PathUtilities.lastComponent)
        let names = Array(Set((listed?.names ?? []) + unsaved)).sorted()
        return names.isEmpty ? nil : (directory, names)
    }

    /// An open buffer is a regular file at its canonical path, even before it is saved (then
    /// the disk finds nothing where it would be).
    public func resolve(_ path: String, from directory: String, within root: String) -> ResolvedPath {
        let found = base.resolve(path, from: directory, within: root)
        switch found {
        case .missing(let wouldBe?) where buffers[wouldBe] != nil: return .file(wouldBe)
        case .notRegular(let real, _) where buffers[real] != nil: return .file(real)
        default: return found
        }
    }
}
