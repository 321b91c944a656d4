#if canImport(Glibc)
import Glibc
#endif

/// The machine's file system, through POSIX calls; never follows symbolic links for theme files.
public struct POSIXFileSystem: Sendable {
    public init() {}

    /// `path` made absolute against the process's current directory (unchanged when it starts with `/`).
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }

    public func entries(of directory: String) throws(FileSystemError) -> [(name: String, kind: FileKind)] {
        guard let dir = opendir(directory) else {
            throw FileSystemError(operation: "opendir", path: directory, errno: errno)
        }
        defer { closedir(dir) }
        var result: [(String, FileKind)] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            result.append((name, kind(of: directory + "/" + name) ?? .other))
        }
        return result
    }

    public func kind(of path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Reads a regular file. O_NONBLOCK and the check after opening keep a FIFO or a device that took the
    /// file's place since it was listed from blocking the reader.
    public func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileSystemError(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystemError(operation: "fstat", path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileSystemError(operation: "read", path: path, errno: EINVAL, reason: "not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "read", path: path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    public func createDirectory(_ path: String, mode: UInt32) throws(FileSystemError) {
        if kind(of: path) == .directory { return }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty, kind(of: parent) == nil { try createDirectory(parent, mode: 0o700) }
        guard mkdir(path, mode_t(mode)) == 0 || errno == EEXIST else {
            throw FileSystemError(operation: "mkdir", path: path, errno: errno)
        }
    }
}
