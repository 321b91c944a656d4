#if canImport(Glibc)
import Glibc
#endif

/// Runs system calls the one way: a call interrupted by a signal (EINTR) is made again, and a failure becomes a
/// `SystemError` naming the call, what it was called on, and errno. `close` is not made through it: on Linux a
/// descriptor is closed even when `close` says EINTR, so calling again could close another thread's new one.
public enum SystemCall {
    /// Makes `call` until it does not fail with EINTR (unless `retryingInterrupted` is false, for a call such as
    /// `connect` that must not be made twice); a result of -1 is a failure, anything else is returned.
    @discardableResult
    public static func run<Result: FixedWidthInteger>(
        _ operation: String, _ subject: @autoclosure () -> String = "", retryingInterrupted: Bool = true,
        _ call: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = call()
            guard result == -1 else { return result }
            let errno = Errno.current
            if errno == .interrupted, retryingInterrupted { continue }
            throw SystemError(operation: operation, subject: subject(), errno: errno)
        }
    }

    /// Makes `call`, which returns nil on failure (`opendir`, `realpath`), until it does not fail with EINTR.
    public static func pointer<Result>(
        _ operation: String, _ subject: @autoclosure () -> String = "", _ call: () -> Result?
    ) throws(SystemError) -> Result {
        while true {
            if let result = call() { return result }
            let errno = Errno.current
            if errno == .interrupted { continue }
            throw SystemError(operation: operation, subject: subject(), errno: errno)
        }
    }

    /// Sets the calling thread's errno (for a call that reports through it, and for tests that stand in for one).
    public static func setErrno(_ value: Errno) { Glibc.errno = value.rawValue }
}
