@preconcurrency import CInotifyTools
import SnapStyleSystem
import Foundation
import SnapStyleEngine
import Logging

import Synchronization
// The one file outside SnapStyleSystem that may import Glibc (`make lint`): the inotify wrapper reads events and
// errno right beside libinotifytools, on its own thread.
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
    let retry = Locked(WatchRetry())
    /// The directories watched, by path, so that a directory moved out of the roots can lose its watches (the
    /// kernel keeps a watch on a directory wherever it moves). Used by the watching thread only.
    let watchedDirectories = Locked(Set<String>())
    let retryRequested = Atomic<Bool>(false)

    static let events: Int32 = Int32(
        IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_DONT_FOLLOW)

    public init(roots: [String], logger: Logger, handler: @escaping @Sendable (WatchEvent) -> Void) {
        // libinotifytools names a directory with one trailing slash: `root/` must not become `root//`.
        self.roots = roots.map { root in
            var root = root
            while root.count > 1, root.hasSuffix("/") { root.removeLast() }
            return root
        }
        self.logger = logger
        self.handler = handler
    }

    /// The number of inotify watches in place.
    public var watches: Int { watchCount.load(ordering: .relaxed) }

    /// Starts the watching thread; returns once the roots that exist are watched.
    public func start() throws {
        guard inotifytools_initialize() != 0 else {
            throw WatcherError(
                description: "inotify: \(String(cString: strerror(inotifytools_error())))"
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

    /// Asks the watching thread to retry, at its next tick, the watches a limit refused (after SIGHUP or
    /// `reload`: the user may have raised the limit). Does nothing when every directory is watched.
    public func retryWatches() {
        retryRequested.store(true, ordering: .relaxed)
    }

    /// Stops the thread (within a second) and releases the watches.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private func watchExisting(_ missing: inout Set<String>) {
        for root in missing.sorted() {
            var info = stat()
            guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            // A root a limit refused in part is not missing: the retries complete it. Other failures stay
            // missing and are tried again every second.
            switch watch(root) {
            case .watched, .limit: missing.remove(root)
            case .absent, .failed: break
            }
        }
        watchCount.store(Int(inotifytools_get_num_watches()), ordering: .relaxed)
    }

    enum WatchOutcome { case watched, absent, limit, failed }

    /// Adds a recursive watch. A limit that refuses it is logged with the sysctl to raise.
    @discardableResult
    private func watch(_ directory: String) -> WatchOutcome {
        defer { recordWatched(below: directory) }
        guard inotifytools_watch_recursively(directory, Self.events) != 0 else {
            let error = inotifytools_error()
            switch error {
            case ENOSPC, EMFILE:
                limitReached(error, directory: directory)
                return .limit
            case ENOENT, ENOTDIR:
                return .absent
            default:
                logger.warning("cannot watch \(directory): \(String(cString: strerror(error)))")
                return .failed
            }
        }
        return .watched
    }

    /// Records the directories at and below `directory` that have a watch (symbolic links are not followed).
    private func recordWatched(below directory: String) {
        var found: [String] = []
        var stack = [directory]
        while let next = stack.popLast() {
            guard inotifytools_wd_from_filename(next + "/") >= 0 else { continue }
            found.append(next)
            let entries = (try? POSIXFileSystem().entries(of: next)) ?? []
            stack += entries.filter { $0.kind == .directory }.map { next + "/" + $0.name }
        }
        watchedDirectories.withLock { $0.formUnion(found) }
    }

    /// Removes the watches of a directory that left the roots, and of everything below it, so that it is
    /// watched afresh (with its new path) if it comes back.
    private func unwatch(below path: String) {
        let gone = watchedDirectories.withLock { set in
            let gone = set.filter { $0 == path || $0.hasPrefix(path + "/") }
            set.subtract(gone)
            return gone
        }
        for directory in gone.sorted(by: >) {
            let wd = inotifytools_wd_from_filename(directory + "/")
            if wd >= 0 { inotifytools_remove_watch_by_wd(wd) }
        }
    }

    /// The sysctl that raises the limit behind `error` (ENOSPC: watches, EMFILE: instances).
    static func sysctl(for error: Int32) -> String {
        error == EMFILE ? "fs.inotify.max_user_instances" : "fs.inotify.max_user_watches"
    }

    /// What to do about the limit behind `error`.
    static func raiseHint(for error: Int32) -> String {
        let sysctl = sysctl(for: error)
        return "raise \(sysctl) (sysctl \(sysctl)=524288)"
    }

    /// Some directories stay unwatched until a retry (with back-off) succeeds. What they hold is loaded: at
    /// start-up the store scans after this, and a new directory is reported as changed after its watch.
    private func limitReached(_ error: Int32, directory: String) {
        retry.withLock { $0.limitHit(at: .now) }
        let reason = String(cString: strerror(error))
        logger.warning(
            """
            inotify limit reached while watching \(directory) (\(reason)): changes under it are not seen; \
            \(Self.raiseHint(for: error)), then SIGHUP; retrying by itself with back-off
            """)
    }

    /// Retries the refused watches when due (back-off) or asked (`retryWatches`); once every directory is
    /// watched again, rescans, since changes under the unwatched ones were missed.
    private func retryIfDue(missing: Set<String>) {
        let now = ContinuousClock.now
        let requested = retryRequested.exchange(false, ordering: .relaxed)
        guard retry.withLock({ $0.isDue(at: now, requested: requested) }) else { return }
        var refusal: Refusal?
        for root in roots.sorted() where !missing.contains(root) {
            refusal = watchUnwatchedDirectories(under: root)
            if refusal != nil { break }
        }
        let next = retry.withLock { $0.attempted(at: now, complete: refusal == nil, requested: requested) }
        let count = Int(inotifytools_get_num_watches())
        watchCount.store(count, ordering: .relaxed)
        if let next, let refusal {
            logger.warning("still not every directory is watched (\(count) watches): \(refusal); next try in \(next)")
        } else {
            logger.notice("every directory is watched again (\(count) watches): rescanning")
            handler(.rescan(reason: "watches restored"))
        }
    }

    /// Why a retry could not watch everything: a limit refused a watch, or a directory could not be listed.
    enum Refusal: CustomStringConvertible {
        case limit(Int32, directory: String)
        case listing(FileSystemError)

        var description: String {
            switch self {
            case .limit(let error, let directory):
                "cannot watch \(directory): \(String(cString: strerror(error))); \(ThemeWatcher.raiseHint(for: error))"
            case .listing(let error): "cannot list \(error.path): \(String(cString: strerror(error.errno)))"
            }
        }
    }

    /// Watches each directory under `root` that has no watch yet (symlinks are not followed); the refusal of
    /// a limit, or a directory that could not be listed, stops it.
    private func watchUnwatchedDirectories(under root: String) -> Refusal? {
        let fileSystem = POSIXFileSystem()
        var stack = [root]
        while let directory = stack.popLast() {
            if inotifytools_wd_from_filename(directory + "/") < 0 {
                guard inotifytools_watch_file(directory, Self.events) != 0 else {
                    let error = inotifytools_error()
                    if error == ENOSPC || error == EMFILE { return .limit(error, directory: directory) }
                    continue
                }
                _ = watchedDirectories.withLock { $0.insert(directory) }
            }
            do {
                stack += try fileSystem.entries(of: directory).filter { $0.kind == .directory }
                    .map { directory + "/" + $0.name }
            } catch {
                if !error.isNotFound { return .listing(error) }
            }
        }
        return nil
    }

    private func loop(missing: Set<String>) {
        var missing = missing
        var moves = MovePairing()
        var lastRootCheck = ContinuousClock.now
        while !stopped.load(ordering: .relaxed) {
            // A positive timeout is in seconds: wake up now and then to notice stop(), new roots and retries.
            var changed = Set<String>()
            if let event = inotifytools_next_event(1) {
                handle(event, &changed, &missing, &moves)
            } else {
                for action in moves.timeout() { apply(action, &changed) }
            }
            if ContinuousClock.now - lastRootCheck > .seconds(1) {
                lastRootCheck = ContinuousClock.now
                checkMissing(&missing, &changed)
            }
            if !changed.isEmpty { handler(.changed(changed)) }
            watchCount.store(Int(inotifytools_get_num_watches()), ordering: .relaxed)
            retryIfDue(missing: missing)
        }
        inotifytools_cleanup()
    }

    private func checkMissing(_ missing: inout Set<String>, _ changed: inout Set<String>) {
        guard !missing.isEmpty else { return }
        let before = missing
        watchExisting(&missing)
        let appeared = before.subtracting(missing)
        if !appeared.isEmpty {
            logger.info("theme root appeared: \(appeared.sorted().joined(separator: ", "))")
            changed.formUnion(appeared)
        }
    }

    /// `pointer` must stay the library's: the event's name follows the struct in its buffer.
    private func handle(
        _ pointer: UnsafeMutablePointer<inotify_event>, _ changed: inout Set<String>, _ missing: inout Set<String>,
        _ moves: inout MovePairing
    ) {
        let event = pointer.pointee
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            logger.warning("inotify queue overflow: rescanning every root (raise fs.inotify.max_queued_events)")
            handler(.rescan(reason: "queue overflow"))
            return
        }
        guard let directoryPointer = inotifytools_filename_from_wd(event.wd) else { return }
        var directory = String(cString: directoryPointer)
        // A watch whose directory moved out of the roots: nothing under it is a theme file any more.
        guard directory.hasPrefix("/") else { return }
        if directory.hasSuffix("/") { directory.removeLast() }
        let name = String(cString: snapinotify_event_name(pointer))
        let path = name.isEmpty ? directory : "\(directory)/\(name)"
        let isDirectory = event.mask & UInt32(IN_ISDIR) != 0
        let actions = moves.event(
            movedFrom: event.mask & UInt32(IN_MOVED_FROM) != 0, movedTo: event.mask & UInt32(IN_MOVED_TO) != 0,
            isDirectory: isDirectory, cookie: event.cookie, path: path)
        for action in actions { apply(action, &changed) }
        if isDirectory, event.mask & UInt32(IN_CREATE) != 0 {
            // Watch first, then report: the store lists the directory after this, so nothing is missed.
            watch(path)
        }
        if event.mask & UInt32(IN_DELETE_SELF) != 0 {
            // The kernel removed this watch: a directory created later at the same path gets a new one.
            _ = watchedDirectories.withLock { $0.remove(path) }
        }
        if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0, roots.contains(path) {
            missing.insert(path)
            if event.mask & UInt32(IN_MOVE_SELF) != 0 { apply(.movedOut(path), &changed) }
        }
        changed.insert(path)
    }

    /// Keeps the watches' paths true to the tree after a directory moved.
    private func apply(_ action: MovePairing.Action, _ changed: inout Set<String>) {
        switch action {
        case .renamed(let from, let to):
            rename(from: from, to: to)
            watchedDirectories.withLock { set in
                let moved = set.filter { $0 == from || $0.hasPrefix(from + "/") }
                set.subtract(moved)
                set.formUnion(moved.map { to + $0.dropFirst(from.count) })
            }
            changed.formUnion([from, to])
        case .movedOut(let path):
            unwatch(below: path)
            // Whatever could not be removed gets a path that is not absolute: its events are dropped (`handle`).
            rename(from: path, to: "moved-away" + path)
            changed.insert(path)
        case .movedIn(let path):
            watch(path)
            changed.insert(path)
        }
    }

    /// Gives every watch under `from` the same path under `to`. libinotifytools renames them while it walks its
    /// tree of names, which can skip some: the directories found under `to` are checked, and renamed again.
    private func rename(from: String, to: String) {
        inotifytools_replace_filename(from + "/", to + "/")
        guard to.hasPrefix("/") else { return }
        var stack = [""]
        while let suffix = stack.popLast() {
            if inotifytools_wd_from_filename(from + suffix + "/") >= 0 {
                inotifytools_replace_filename(from + suffix + "/", to + suffix + "/")
            }
            let entries = (try? POSIXFileSystem().entries(of: to + suffix)) ?? []
            stack += entries.filter { $0.kind == .directory }.map { suffix + "/" + $0.name }
        }
    }
}

/// The watcher could not start (inotify could not be initialised).
public struct WatcherError: Error, CustomStringConvertible {
    public var description: String
}
