#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls the compiler makes, straight on POSIX: full Foundation (and its ICU
/// data) would add about 7 MB to every run's resident memory for what is a `stat` and a `read`.
public enum LocalFiles {
    public enum Kind: Sendable { case regular, directory, other }

    /// What `path` is (following links), and its size; nil when it does not exist.
    public static func status(of path: String) -> (kind: Kind, size: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        let kind: Kind = type == S_IFREG ? .regular : type == S_IFDIR ? .directory : .other
        return (kind, Int(info.st_size))
    }

    public static func isDirectory(_ path: String) -> Bool { status(of: path)?.kind == .directory }

    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// The whole content of the regular file at `path`, or nil when it is not one, is larger than
    /// `sizeLimit`, or cannot be read.
    public static func contents(of path: String, sizeLimit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let expected = Int(info.st_size)
        guard expected <= sizeLimit else { return nil }
        // The size is a hint: a file that grows while being read is read to its end (still
        // bounded by the limit), one that shrinks is returned as it is.
        var bytes = [UInt8](repeating: 0, count: max(expected, 1))
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count < sizeLimit else { return nil }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, sizeLimit - bytes.count + 1)))
            }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            count += n
        }
        guard count <= sizeLimit else { return nil }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// `path` made absolute, with `.`/`..` and symbolic links resolved as far as it exists: a
    /// missing file keeps its name under its directory's real path.
    public static func canonicalPath(_ path: String) -> String {
        if let resolved = realPath(path) { return resolved }
        var absolute = path
        if !path.hasPrefix("/"), let cwd = realPath(".") { absolute = cwd + "/" + path }
        absolute = PathUtilities.normalize(absolute)
        let directory = PathUtilities.directory(of: absolute)
        guard directory != absolute, let name = absolute.split(separator: "/").last else { return absolute }
        let parent = canonicalPath(directory)
        return parent.hasSuffix("/") ? parent + name : parent + "/" + name
    }

    /// `path` with symbolic links and `.`/`..` resolved, or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A mutual-exclusion lock on pthreads (Foundation's `NSLock` without Foundation).
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
