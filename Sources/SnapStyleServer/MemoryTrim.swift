import NIOCore
import NIOPosix
import SnapStyleSystem
import Synchronization

/// Gives freed heap memory back to the system. glibc keeps what it freed for reuse; after a client that held
/// megabytes of output goes away, the daemon's resident size would otherwise stay at its peak for good.
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
}
