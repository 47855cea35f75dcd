import CardDiagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Resolves a path as the file system does — one component at a time, symbolic links followed
/// where they stand, `..` taken from the directory reached — but without ever looking outside
/// one directory, the root. The one rule behind imports (E308) and the directory walk of
/// `cardc check DIR` and `cardc fmt DIR`.
///
/// Nothing outside the root is examined: a component that would step out of it, or a link
/// whose target does, makes the whole path `.outside` at once, decided from names alone. So
/// the answer for a path that leaves the root is the same whether or not something exists out
/// there (no existence oracle), and no link can lead a read elsewhere. The way down from the
/// file system's root to the root itself is known without looking (the root is a real path:
/// no links), so `../root/x` and a link to `/…/root/x` stay inside, as they do for the system.
public struct ConfinedResolver: Sendable {
    /// What a path resolved to.
    public enum Outcome: Equatable, Sendable {
        /// Something inside the root: its real path (absolute, without links) and what it is.
        case found(String, LocalFiles.Kind)
        /// Nothing is there (or a file stands where a directory is needed); `wouldBe` is the
        /// real path it would have — the directories reached, then the rest of the path as
        /// written, normalised — when that is inside the root.
        case missing(wouldBe: String?)
        /// The path, or a link on its way, leads outside the root.
        case outside
        /// Resolving failed inside the root: a loop of links (`ELOOP`), a name too long, a
        /// directory that may not be searched.
        case failed(SystemError)
    }

    /// Links followed in one resolution before it is a loop (Linux's limit).
    static let linkLimit = 40

    /// The root's real path.
    public let root: String
    private let rootComponents: [String]

    /// `root` must be a real path: absolute, with no links and no `.` or `..`
    /// (`LocalFiles.realPath`).
    public init(root: String) {
        self.root = root
        rootComponents = Self.components(root)
    }

    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    static func path(of components: [String]) -> String { "/" + components.joined(separator: "/") }

    /// Whether the real path `path` is the root or inside it.
    public func contains(_ path: String) -> Bool {
        let components = Self.components(path)
        return components.count >= rootComponents.count && components.starts(with: rootComponents)
    }

    /// Resolves `path`: absolute, or relative to `directory`, a real path inside the root (a
    /// directory elsewhere makes every relative path `.outside`).
    public func resolve(_ path: String, from directory: String) -> Outcome {
        var current = path.hasPrefix("/") ? [] : Self.components(directory)
        // `current` is always the root, a directory below it, or one above it on the way down.
        if current.count >= rootComponents.count {
            guard current.starts(with: rootComponents) else { return .outside }
        } else {
            guard rootComponents.starts(with: current) else { return .outside }
        }
        var pending = Array(Self.components(path).reversed())
        var links = 0
        while let name = pending.popLast() {
            if name == "." { continue }
            if name == ".." {
                if !current.isEmpty { current.removeLast() }
                continue
            }
            if current.count < rootComponents.count {
                // Above the root: only the way down to it is taken, and it is known.
                guard name == rootComponents[current.count] else { return .outside }
                current.append(name)
                continue
            }
            let candidate = Self.path(of: current + [name])
            switch LocalFiles.linkStatus(of: candidate) {
            case .failure(let error):
                guard error.number == ENOENT || error.number == ENOTDIR else { return .failed(error) }
                return .missing(wouldBe: wouldBe(current + [name], rest: pending))
            case .success(let status):
                switch status.kind {
                case .symbolicLink:
                    links += 1
                    guard links <= Self.linkLimit else { return .failed(SystemError(ELOOP)) }
                    switch LocalFiles.linkTarget(of: candidate) {
                    case .failure(let error): return .failed(error)
                    case .success(let target):
                        // The target replaces the link's name, from the link's directory.
                        if target.hasPrefix("/") { current = [] }
                        pending += Self.components(target).reversed()
                    }
                case .directory:
                    current.append(name)
                default:
                    // A file ends the path; anything after it is ENOTDIR, as for the system.
                    guard pending.isEmpty else { return .missing(wouldBe: nil) }
                    return .found(candidate, status.kind)
                }
            }
        }
        if current.count < rootComponents.count { return .outside }
        return .found(Self.path(of: current), .directory)
    }

    /// `directory` followed by the rest of a path as written, normalised; nil outside the root.
    private func wouldBe(_ directory: [String], rest: [String]) -> String? {
        let joined = PathUtilities.normalize(Self.path(of: directory) + "/" + rest.reversed().joined(separator: "/"))
        return contains(joined) ? joined : nil
    }
}
