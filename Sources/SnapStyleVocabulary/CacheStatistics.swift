/// Counters of a theme's cache, as `status` reports them.
public struct CacheStatistics: Hashable, Sendable {
    public var entries = 0
    public var hits = 0
    public var misses = 0
    public var invalidations = 0
    /// Entries dropped to stay within the cache budget.
    public var evictions = 0
    /// Estimated bytes held.
    public var bytes = 0

    public init() {}

    public static func + (a: Self, b: Self) -> Self {
        var sum = CacheStatistics()
        sum.entries = a.entries + b.entries
        sum.hits = a.hits + b.hits
        sum.misses = a.misses + b.misses
        sum.invalidations = a.invalidations + b.invalidations
        sum.evictions = a.evictions + b.evictions
        sum.bytes = a.bytes + b.bytes
        return sum
    }
}
