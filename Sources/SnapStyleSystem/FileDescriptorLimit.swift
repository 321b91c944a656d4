#if canImport(Glibc)
import Glibc
#endif

/// The limit on open files (RLIMIT_NOFILE): every client connection is one.
public enum FileDescriptorLimit {
    /// Descriptors kept for the daemon itself (inotify, event loops, theme files being read, the listener).
    public static let reserve = 64

    /// Raises the soft limit to the hard limit (the usual 1,024 is low for a server); returns the soft limit now
    /// in force, or nil when it cannot be read.
    @discardableResult
    public static func raise() -> Int? {
        var limit = rlimit()
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        guard (try? SystemCall.run("getrlimit", "RLIMIT_NOFILE", { getrlimit(resource, &limit) })) != nil else {
            return nil
        }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if (try? SystemCall.run("setrlimit", "RLIMIT_NOFILE", { setrlimit(resource, &raised) })) != nil {
                limit = raised
            }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// How many connections fit under `limit` open files.
    public static func connections(fitting limit: Int) -> Int { max(1, limit - reserve) }
}
