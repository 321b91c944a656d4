@preconcurrency import CInotifyTools
import Foundation
import Logging
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the watcher saw.
public enum WatchEvent: Sendable, Equatable {
    /// Files or directories that were created, written, moved or deleted (absolute paths).
    case changed(Set<String>)
    /// Events may have been lost (queue overflow, watch limit): everything must be rescanned.
    case rescan(reason: String)
}

/// Watches theme roots recursively with libinotifytools on a thread of its own (libinotifytools is global
/// state: one watcher per process). Directories created later are watched and reported, so files written
/// right after `mkdir` are not missed; roots that do not exist yet are picked up when they appear.
public final class ThemeWatcher: Sendable {
    let roots: [String]
    let logger: Logger
    let handler: @Sendable (WatchEvent) -> Void
    let stopped = Atomic<Bool>(false)
    let watchCount = Atomic<Int>(0)
    let finished = Mutex<Bool>(false)

    static let events: Int32 = Int32(IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_DONT_FOLLOW)

    public init(roots: [String], logger: Logger, handler: @escaping @Sendable (WatchEvent) -> Void) {
        self.roots = roots
        self.logger = logger
        self.handler = handler
    }

    /// The number of inotify watches in place.
    public var watches: Int { watchCount.load(ordering: .relaxed) }

    /// Starts the watching thread; returns once the roots that exist are watched.
    public func start() throws {
        guard inotifytools_initialize() != 0 else {
            throw WatcherError(description: "inotify: \(String(cString: strerror(inotifytools_error())))"
                + " (raise fs.inotify.max_user_instances with sysctl if the limit is reached)")
        }
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            var missing = Set(roots)
            watchExisting(&missing)
            ready.signal()
            loop(missing: missing)
        }
        thread.name = "snapstyled-watcher"
        thread.start()
        ready.wait()
    }

    /// Stops the thread (within a second) and releases the watches.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private func watchExisting(_ missing: inout Set<String>) {
        for root in missing.sorted() {
            var info = stat()
            guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            if watch(root) { missing.remove(root) }
        }
        watchCount.store(Int(inotifytools_get_num_watches()), ordering: .relaxed)
    }

    /// Adds a recursive watch; false (and a warning naming the sysctl) when the kernel refuses.
    @discardableResult
    private func watch(_ directory: String) -> Bool {
        guard inotifytools_watch_recursively(directory, Self.events) != 0 else {
            let error = inotifytools_error()
            switch error {
            case ENOSPC:
                logger.warning(
                    "inotify watch limit reached while watching \(directory): raise fs.inotify.max_user_watches (sysctl fs.inotify.max_user_watches=524288); rescanning")
                handler(.rescan(reason: "watch limit"))
            case EMFILE:
                logger.warning("inotify instance limit reached: raise fs.inotify.max_user_instances; rescanning")
                handler(.rescan(reason: "instance limit"))
            case ENOENT, ENOTDIR:
                break
            default:
                logger.warning("cannot watch \(directory): \(String(cString: strerror(error)))")
            }
            return false
        }
        return true
    }

    private func loop(missing: Set<String>) {
        var missing = missing
        var lastRootCheck = ContinuousClock.now
        while !stopped.load(ordering: .relaxed) {
            // A positive timeout is in seconds: wake up now and then to notice stop() and new roots.
            guard let event = inotifytools_next_event(1) else {
                if ContinuousClock.now - lastRootCheck > .seconds(1) {
                    lastRootCheck = ContinuousClock.now
                    checkMissing(&missing)
                }
                continue
            }
            var changed = Set<String>()
            handle(event, &changed, &missing)
            if !changed.isEmpty { handler(.changed(changed)) }
            watchCount.store(Int(inotifytools_get_num_watches()), ordering: .relaxed)
        }
        inotifytools_cleanup()
        finished.withLock { $0 = true }
    }

    private func checkMissing(_ missing: inout Set<String>) {
        guard !missing.isEmpty else { return }
        let before = missing
        watchExisting(&missing)
        let appeared = before.subtracting(missing)
        if !appeared.isEmpty {
            logger.info("theme root appeared: \(appeared.sorted().joined(separator: ", "))")
            handler(.changed(appeared))
        }
    }

    /// `pointer` must stay the library's: the event's name follows the struct in its buffer.
    private func handle(
        _ pointer: UnsafeMutablePointer<inotify_event>, _ changed: inout Set<String>, _ missing: inout Set<String>
    ) {
        let event = pointer.pointee
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            logger.warning("inotify queue overflow: rescanning every root (raise fs.inotify.max_queued_events)")
            handler(.rescan(reason: "queue overflow"))
            return
        }
        guard let directoryPointer = inotifytools_filename_from_wd(event.wd) else { return }
        var directory = String(cString: directoryPointer)
        if directory.hasSuffix("/") { directory.removeLast() }
        let name = String(cString: snapinotify_event_name(pointer))
        let path = name.isEmpty ? directory : "\(directory)/\(name)"
        let isDirectory = event.mask & UInt32(IN_ISDIR) != 0
        if isDirectory, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            // Watch first, then report: the store lists the directory after this, so nothing is missed.
            watch(path)
        }
        if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0, roots.contains(path) {
            missing.insert(path)
        }
        changed.insert(path)
    }
}

public struct WatcherError: Error, CustomStringConvertible {
    public var description: String
}
