#if canImport(Glibc)
import Glibc
#endif

/// What a directory entry is, without following symbolic links.
public enum FileKind: Sendable, Hashable {
    case file, directory, symbolicLink, other
}

/// A file system failure: which call, on which path, errno.
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var errno: Int32

    /// What went wrong when `errno` alone would not say it.
    public var reason: String?

    public init(operation: String, path: String, errno: Int32, reason: String? = nil) {
        self.operation = operation
        self.path = path
        self.errno = errno
        self.reason = reason
    }

    /// The failed call's error, as a file system error on its subject.
    public init(_ error: SystemError) {
        self.init(operation: error.operation, path: error.subject, errno: error.errno.rawValue)
    }

    public var description: String { "\(operation) \(path): \(reason ?? String(cString: strerror(errno)))" }

    public var isNotFound: Bool { errno == ENOENT || errno == ENOTDIR }
    /// Whether the path is longer than the system opens (`ENAMETOOLONG`: nested past `PATH_MAX`).
    public var isNameTooLong: Bool { errno == ENAMETOOLONG }
    /// Why, without the path: the reason given, or the system's words for `errno`.
    public var systemReason: String { reason ?? String(cString: strerror(errno)) }
}
