import NIOCore
import NIOPosix
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Gives freed heap memory back to the system. glibc keeps what it freed for reuse; after a client that held
/// megabytes of output goes away, the daemon's resident size would otherwise stay at its peak for good.
enum MemoryTrim {
    private static let scheduled = Atomic<Bool>(false)

    /// glibc's `malloc_trim`, which the Glibc module does not export (it lives in `<malloc.h>`).
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Trims once, a little later (closing several large connections costs one trim), on NIO's thread pool:
    /// trimming a large heap takes a while, and must not hold an event loop.
    static func trimSoon(on eventLoop: any EventLoop) {
        guard !scheduled.exchange(true, ordering: .relaxed) else { return }
        eventLoop.scheduleTask(in: .milliseconds(100)) {
            scheduled.store(false, ordering: .relaxed)
            NIOThreadPool.singleton.submit { _ in _ = mallocTrim?(0) }
        }
    }
}
