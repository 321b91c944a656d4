#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: which call, on what (a path, a descriptor, a name), and the errno it set.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed (`open`, `unlink`, `getrlimit`...).
    public var operation: String
    /// What it was called on: a path, or a few words when there is no path.
    public var subject: String
    public var errno: Errno

    public init(operation: String, subject: String, errno: Errno) {
        self.operation = operation
        self.subject = subject
        self.errno = errno
    }

    /// `open /a/b: No such file or directory`.
    public var description: String { subject.isEmpty ? "\(operation): \(errno)" : "\(operation) \(subject): \(errno)" }
}

/// An errno value, named as the code that reads it needs, described as `strerror` describes it.
public struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's errno now.
    public static var current: Errno { Errno(rawValue: Glibc.errno) }

    /// The system's message for it (`strerror`).
    public var description: String { String(cString: strerror(rawValue)) }

    /// EPERM.
    public static let notPermitted = Errno(rawValue: EPERM)
    /// ENOENT.
    public static let noSuchFile = Errno(rawValue: ENOENT)
    /// EINTR: a signal interrupted the call; `SystemCall` calls again.
    public static let interrupted = Errno(rawValue: EINTR)
    /// EACCES.
    public static let permissionDenied = Errno(rawValue: EACCES)
    /// EEXIST.
    public static let fileExists = Errno(rawValue: EEXIST)
    /// EXDEV.
    public static let crossDevice = Errno(rawValue: EXDEV)
    /// ENOTDIR.
    public static let notDirectory = Errno(rawValue: ENOTDIR)
    /// EINVAL.
    public static let invalidArgument = Errno(rawValue: EINVAL)
    /// EFBIG.
    public static let fileTooLarge = Errno(rawValue: EFBIG)
    /// ECONNREFUSED.
    public static let connectionRefused = Errno(rawValue: ECONNREFUSED)
}
