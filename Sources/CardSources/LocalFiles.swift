#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardDiagnostics

/// The few file-system calls the compiler makes, straight on POSIX: Foundation would add about
/// 7 MB to every run's resident memory, and even FoundationEssentials 4 MB, for what is a `stat`,
/// a `read` and a `mkdir`.
public enum LocalFiles {
    public enum Kind: Sendable {
        case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, other

        init(mode: mode_t) {
            self = switch mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            case S_IFLNK: .symbolicLink
            case S_IFIFO: .fifo
            case S_IFSOCK: .socket
            case S_IFCHR: .characterDevice
            case S_IFBLK: .blockDevice
            default: .other
            }
        }

        /// "a directory", "a FIFO"…: what a message says a path is.
        public var description: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a directory"
            case .symbolicLink: "a symbolic link"
            case .fifo: "a FIFO"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .other: "a special file"
            }
        }
    }

    /// What a path is, its size, and its identity on the system (device and inode).
    public struct Status: Sendable {
        public var kind: Kind
        public var size: Int
        public var device: UInt64
        public var inode: UInt64

        init(_ info: stat) {
            kind = Kind(mode: info.st_mode)
            size = Int(info.st_size)
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// What `path` is (following links), and its size; nil when it does not exist.
    public static func status(of path: String) -> Status? {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return Status(info)
    }

    /// What `path` itself is, a symbolic link not followed; else the `errno` of the failure
    /// (`ENOENT`, `ENOTDIR`, `ENAMETOOLONG`, `EACCES`…).
    public static func linkStatus(of path: String) -> Result<Status, SystemError> {
        var info = stat()
        guard PathBytes.withCString(path, { lstat($0, &info) }) == 0 else { return .failure(SystemError(errno)) }
        return .success(Status(info))
    }

    /// The target of the symbolic link at `path`, as written in the link.
    public static func linkTarget(of path: String) -> Result<String, SystemError> {
        var buffer = [CChar](repeating: 0, count: 4096)
        while true {
            let capacity = buffer.count
            let n = PathBytes.withCString(path) { name in
                buffer.withUnsafeMutableBufferPointer { out in out.baseAddress.map { readlink(name, $0, capacity) } ?? -1 }
            }
            if n < 0 { return .failure(SystemError(errno)) }
            // A result that fills the buffer may have been cut: try again with more room.
            if n < capacity {
                return .success(PathBytes.path(fromBytes: buffer[..<n].map { UInt8(bitPattern: $0) }))
            }
            guard capacity < 1 << 20 else { return .failure(SystemError(ENAMETOOLONG)) }
            buffer = [CChar](repeating: 0, count: capacity * 2)
        }
    }

    public static func isDirectory(_ path: String) -> Bool { status(of: path)?.kind == .directory }

    public static func isReadable(_ path: String) -> Bool { PathBytes.withCString(path) { access($0, R_OK) } == 0 }

    /// A read-only descriptor of the regular file at `path` and its size, or nil when there is
    /// none. Nothing but a regular file is opened: a FIFO would block `open` until a writer came,
    /// and opening a device can have effects of its own. The type is checked before opening,
    /// and the open is non-blocking in case the path was swapped for a FIFO in between (then
    /// `fstat` refuses it). With `followingLinks: false`, a link at `path` is not a file.
    public static func openRegularFile(_ path: String, followingLinks: Bool = true) -> (fd: Int32, size: Int)? {
        var info = stat()
        guard PathBytes.withCString(path, { followingLinks ? stat($0, &info) : lstat($0, &info) }) == 0,
              info.st_mode & S_IFMT == S_IFREG else { return nil }
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW)) }
        guard fd >= 0 else { return nil }
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        return (fd, Int(info.st_size))
    }

    /// The whole content of the regular file at `path` (`openRegularFile`), or nil when it is
    /// not one, is larger than `sizeLimit`, or cannot be read.
    public static func contents(of path: String, sizeLimit: Int) -> [UInt8]? {
        guard let (fd, expected) = openRegularFile(path) else { return nil }
        defer { close(fd) }
        guard expected <= sizeLimit else { return nil }
        // Read straight into uninitialised capacity (no zeroing of a 12 MB deck first). One byte
        // more than the size tells a file that grew while being read: the rest comes in chunks,
        // still bounded by the limit.
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            guard let n = readFully(fd, into: UnsafeMutableRawBufferPointer(buffer)) else { failed = true; count = 0; return }
            count = n
        }
        guard !failed else { return nil }
        if bytes.count == expected + 1, !readRemaining(fd, into: &bytes, limit: sizeLimit) { return nil }
        return bytes.count <= sizeLimit ? bytes : nil
    }

    /// Appends what is left of `fd` to `bytes`, in chunks, until the end; false on an error or
    /// once `bytes` holds more than `limit` bytes (the rest is not read).
    public static func readRemaining(_ fd: Int32, into bytes: inout [UInt8], limit: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            guard let n = chunk.withUnsafeMutableBytes({ readFully(fd, into: $0) }) else { return false }
            bytes += chunk[..<n]
            if n < chunk.count { break }
        }
        return bytes.count <= limit
    }


    /// Reads until `buffer` is full or the file ends, retrying short and interrupted reads;
    /// returns how many bytes were read (fewer only at the end of the file), nil on an error.
    public static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        while count < buffer.count {
            let n = read(fd, base + count, buffer.count - count)
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            count += n
        }
        return count
    }

    /// Writes all of `bytes`, retrying short and interrupted writes; false on an error.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// The names in `directory` (not `.` and `..`), unsorted; nil when it cannot be listed.
    public static func entries(of directory: String) -> [String]? {
        try? listing(of: directory).get()
    }

    /// The names in `directory` (not `.` and `..`), unsorted; else why it cannot be listed.
    public static func listing(of directory: String) -> Result<[String], SystemError> {
        guard let stream = PathBytes.withCString(directory, { opendir($0) }) else { return .failure(SystemError(errno)) }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { return .failure(SystemError(errno)) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PathBytes.path(fromBytes: raw.prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// Creates `path` and any missing parents, like `mkdir -p`; nil on success, else why not.
    public static func createDirectory(_ path: String) -> String? {
        if let status = status(of: path) { return status.kind == .directory ? nil : String(cString: strerror(ENOTDIR)) }
        let parent = PathUtilities.directory(of: path)
        if parent != path && parent != ".", let failure = createDirectory(parent) { return failure }
        if PathBytes.withCString(path, { mkdir($0, 0o777) }) == 0 || (errno == EEXIST && isDirectory(path)) { return nil }
        return String(cString: strerror(errno))
    }

    /// The process environment, read from `environ`.
    public static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                result[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// `path` made absolute, with `.`/`..` and symbolic links resolved as far as it exists: a
    /// missing file keeps its name under its directory's real path.
    public static func canonicalPath(_ path: String) -> String {
        if let resolved = realPath(path) { return resolved }
        var absolute = path
        if !path.hasPrefix("/"), let cwd = realPath(".") { absolute = cwd + "/" + path }
        absolute = PathUtilities.normalize(absolute)
        let directory = PathUtilities.directory(of: absolute)
        guard directory != absolute, let name = PathUtilities.lastComponent(absolute) else { return absolute }
        return PathUtilities.appending(name, to: canonicalPath(directory))
    }

    /// `path` with symbolic links and `.`/`..` resolved, or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathBytes.path(fromCString: resolved)
    }
}

/// A failed system call's `errno`, and its text (`strerror`).
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public var number: Int32
    public init(_ number: Int32) { self.number = number }
    public var description: String { String(cString: strerror(number)) }
}
