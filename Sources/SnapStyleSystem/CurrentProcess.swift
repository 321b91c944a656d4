#if canImport(Glibc)
import Glibc
#endif

/// This process: its ids, its file creation mask, its signals and its end.
public enum CurrentProcess {
    /// The process id (`getpid`).
    public static var id: Int32 { getpid() }

    /// The real user id (`getuid`).
    public static var userID: UInt32 { getuid() }

    /// Sets the file mode creation mask (`umask`), process-wide; returns the previous one.
    @discardableResult
    public static func setFileCreationMask(_ mask: UInt32) -> UInt32 { UInt32(umask(mode_t(mask))) }

    /// A write to a closed pipe or socket fails with EPIPE instead of ending the process (SIGPIPE ignored).
    public static func ignoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }

    /// Whether standard output is a terminal (`isatty(1)`).
    public static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

    /// Ends the process with `status`, as `exit` does (atexit handlers run, stdio is flushed).
    public static func exit(_ status: Int32) -> Never { Glibc.exit(status) }
}
