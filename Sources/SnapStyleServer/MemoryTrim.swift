import NIOCore
import NIOPosix
import SnapStyleSystem
import SnapStyleThemes
import Synchronization

/// Gives freed heap memory back to the system. glibc keeps what it freed for reuse; after a client that held
/// megabytes of output goes away, or a large theme is replaced or removed, the daemon's resident size would
/// otherwise stay at its peak for good.
enum MemoryTrim {
    private static let scheduled = Atomic<Bool>(false)

    /// Trims once, a little later (closing several large connections costs one trim), on NIO's thread pool:
    /// trimming a large heap takes a while, and must not hold an event loop.
    static func trimSoon(on eventLoop: any EventLoop) {
        guard !scheduled.exchange(true, ordering: .relaxed) else { return }
        eventLoop.scheduleTask(in: .milliseconds(100)) {
            scheduled.store(false, ordering: .relaxed)
            NIOThreadPool.singleton.submit { _ in ProcessHeap.trim() }
        }
    }

    /// Whether a change freed enough to trim for: a theme came or went, many keys were rebuilt, or it took long
    /// (a large theme compiled whole: its previous compiled form and its files' parse are garbage now).
    static func isWorthTrimming(after report: ReloadReport, took duration: Duration) -> Bool {
        guard report.removed.isEmpty, report.added.isEmpty, duration < .milliseconds(100) else { return true }
        let rebuilt = report.changes.reduce(0) { sum, change in sum + change.changed.values.reduce(0) { $0 + $1.count }
        }
        return rebuilt >= 10_000
    }

    /// Trims once on NIO's thread pool, right away; called on the pool itself after a change.
    static func trimNow() {
        guard !scheduled.exchange(true, ordering: .relaxed) else { return }
        NIOThreadPool.singleton.submit { _ in
            scheduled.store(false, ordering: .relaxed)
            ProcessHeap.trim()
        }
    }
}
