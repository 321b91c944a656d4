import SnapStyleSystem
import Synchronization

/// What the caches of every theme may hold together, in (estimated) bytes. Past it, the cache that grows drops
/// its least recently used entries while it holds more than an equal share; past that, the largest other cache
/// drops its own.
public final class CacheBudget: Sendable {
    public let bytes: Int
    let used = Atomic<Int>(0)
    let evictions = Atomic<Int>(0)
    let cacheCount = Atomic<Int>(0)
    private let caches = Locked<[ObjectIdentifier: WeakCache]>([:])

    private struct WeakCache: Sendable {
        weak var cache: StyleCache?
    }

    public init(bytes: Int = Limits.cacheBytes) { self.bytes = max(bytes, 1 << 16) }

    /// Estimated bytes all caches hold now.
    public var usedBytes: Int { used.load(ordering: .relaxed) }
    /// Entries dropped to stay within the budget since the start.
    public var evictionCount: Int { evictions.load(ordering: .relaxed) }
    var isOver: Bool { usedBytes > bytes }
    /// What one cache may keep when others need room: an equal share of the budget.
    var fairShare: Int { bytes / max(1, cacheCount.load(ordering: .relaxed)) }

    func register(_ cache: StyleCache) {
        caches.withLock { $0[ObjectIdentifier(cache)] = WeakCache(cache: cache) }
        cacheCount.add(1, ordering: .relaxed)
    }

    func unregister(_ cache: StyleCache) {
        _ = caches.withLock { $0.removeValue(forKey: ObjectIdentifier(cache)) }
        cacheCount.subtract(1, ordering: .relaxed)
    }

    /// After `cache` could not get back within the budget from its own entries: the largest other cache sheds
    /// until the total fits. Called with no cache's lock held.
    func relieve(except cache: StyleCache) {
        let others = caches.withLock { $0.values.compactMap(\.cache) }.filter { $0 !== cache }
        for other in others.sorted(by: { $0.bytes > $1.bytes }) where isOver {
            other.shed()
        }
    }
}
