#if canImport(Glibc)
import Glibc
#endif

/// The machine's file system, through POSIX calls. A file read within a root is refused when the file actually
/// opened lies outside that root (a symbolic link on its path that leaves it), and when it is larger than
/// `maxFileBytes`.
public struct POSIXFileSystem: Sendable {
    /// The largest file `read` reads (nil: no limit).
    public var maxFileBytes: Int?

    public init(maxFileBytes: Int? = nil) { self.maxFileBytes = maxFileBytes }

    /// The longest path the system opens (`PATH_MAX`, with its terminating NUL).
    public static let pathBytes = Int(PATH_MAX)

    /// `path` made absolute against the process's current directory (unchanged when it starts with `/`).
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }

    /// An absolute path with its `.` and `..` parts taken out (as text: links are not followed).
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    public func entries(of directory: String) throws(FileSystemError) -> [(name: String, kind: FileKind)] {
        let dir: OpaquePointer
        do { dir = try SystemCall.pointer("opendir", directory) { opendir(directory) } } catch {
            throw FileSystemError(error)
        }
        defer { closedir(dir) }
        var result: [(String, FileKind)] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            let path = directory + "/" + name
            // The entry's type as the directory gives it (what `lstat` would say), unless the file system leaves it
            // unknown, or the path is too long for `lstat` to say anything.
            let known = path.utf8.count < Self.pathBytes ? Self.kind(ofEntryType: entry.pointee.d_type) : nil
            result.append((name, known ?? kind(of: path) ?? .other))
        }
        return result
    }

    /// A directory entry's `d_type` as a kind; nil when the file system does not say (`DT_UNKNOWN`).
    static func kind(ofEntryType type: UInt8) -> FileKind? {
        switch Int32(type) {
        case Int32(DT_REG): .file
        case Int32(DT_DIR): .directory
        case Int32(DT_LNK): .symbolicLink
        case Int32(DT_UNKNOWN): nil
        default: .other
        }
    }

    public func kind(of path: String) -> FileKind? {
        guard let info = try? Self.linkStatus(of: path) else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// The size in bytes of a regular file (a symbolic link is not followed); nil for anything else.
    public func size(of path: String) -> Int? {
        guard let info = try? Self.linkStatus(of: path), info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// What `lstat` says of `path` (a symbolic link is not followed).
    public static func linkStatus(of path: String) throws(SystemError) -> stat {
        var info = stat()
        try SystemCall.run("lstat", path) { lstat(path, &info) }
        return info
    }

    /// Fails with errno when this process may not read `path` (`access(R_OK)`).
    public static func checkReadable(_ path: String) throws(SystemError) {
        try SystemCall.run("access", path) { access(path, R_OK) }
    }

    /// Removes a directory entry that is not a directory (`unlink`).
    public func remove(_ path: String) throws(FileSystemError) {
        try Self.call("unlink", path) { unlink(path) }
    }

    /// A call on `path` through `SystemCall`, its failure a `FileSystemError`.
    @discardableResult
    static func call<Result: FixedWidthInteger>(
        _ operation: String, _ path: String, _ body: () -> Result
    ) throws(FileSystemError) -> Result {
        do { return try SystemCall.run(operation, path, body) } catch { throw FileSystemError(error) }
    }

    /// Reads a regular file. O_NONBLOCK and the check after opening keep a FIFO or a device that took the
    /// file's place since it was listed from blocking the reader. Without `root`, a symbolic link as the last
    /// component is refused; with it, links are followed as long as the file opened is inside `root` (checked on
    /// the open descriptor, so a link swapped in between cannot escape).
    public func read(_ path: String, within root: String? = nil) throws(FileSystemError) -> [UInt8] {
        let fd = try Self.call("open", path) {
            open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (root == nil ? O_NOFOLLOW : 0))
        }
        defer { close(fd) }
        if let root { try Self.check(descriptor: fd, path: path, isWithin: root) }
        var info = stat()
        try Self.call("fstat", path) { fstat(fd, &info) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileSystemError(operation: "read", path: path, errno: EINVAL, reason: "not a regular file")
        }
        if let maxFileBytes, Int(info.st_size) > maxFileBytes {
            throw FileSystemError(
                operation: "read", path: path, errno: EFBIG,
                reason: "the file is \(info.st_size) bytes, over the limit of \(maxFileBytes) (maxFileBytes)")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = try Self.call("read", path) {
                chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            }
            if count == 0 { return bytes }
            if let maxFileBytes, bytes.count + count > maxFileBytes {
                throw FileSystemError(
                    operation: "read", path: path, errno: EFBIG,
                    reason: "the file grew past the limit of \(maxFileBytes) bytes (maxFileBytes) while it was read")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The canonical path of what `descriptor` has open must lie in `root`'s canonical path.
    static func check(descriptor: Int32, path: String, isWithin root: String) throws(FileSystemError) {
        let real: UnsafeMutablePointer<CChar>
        do { real = try SystemCall.pointer("realpath", root) { realpath(root, nil) } } catch {
            throw FileSystemError(error)
        }
        let canonicalRoot = String(cString: real)
        free(real)
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let link = "/proc/self/fd/\(descriptor)"
        let count = try call("readlink", path) { readlink(link, &target, target.count - 1) }
        let opened = String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard opened.hasPrefix(canonicalRoot == "/" ? "/" : canonicalRoot + "/") else {
            throw FileSystemError(
                operation: "open", path: path, errno: EXDEV,
                reason: "a symbolic link on the way leads out of the theme root \(root); files are read only inside it")
        }
    }

    public func createDirectory(_ path: String, mode: UInt32) throws(FileSystemError) {
        if kind(of: path) == .directory { return }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty, kind(of: parent) == nil { try createDirectory(parent, mode: 0o700) }
        do {
            try SystemCall.run("mkdir", path) { mkdir(path, mode_t(mode)) }
        } catch let error where error.errno == .fileExists {
            // Made meanwhile by someone else: as good.
        } catch {
            throw FileSystemError(error)
        }
    }
}
