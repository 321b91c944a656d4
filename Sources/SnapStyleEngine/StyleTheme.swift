/// A theme as it is served: its current snapshot and the cache of values resolved from it.
///
/// Readers take a `StyleSession`, which pins one snapshot: everything a session answers comes from that one
/// generation. Installing a new generation swaps the snapshot and drops exactly the cache entries that read a
/// changed definition, in one step.
public final class StyleTheme: Sendable {
    let cache: StyleCache

    /// `budget` is shared by the caches of every theme of a store (a theme of its own has one of its own).
    public init(_ snapshot: ThemeSnapshot, budget: CacheBudget = CacheBudget()) {
        cache = StyleCache(snapshot: snapshot, budget: budget)
    }

    /// The generation currently served.
    public var snapshot: ThemeSnapshot { cache.snapshot }

    /// Serves a new generation; cache entries that read any of `changed` are dropped, all others stay valid.
    /// Entries record what they read directly: `changed` must hold every node whose value may differ (use
    /// `ReferenceGraph.affectedKeys` over the edited definitions), not only the edited ones.
    public func install(_ snapshot: ThemeSnapshot, changed: Set<NodeRef>) { cache.install(snapshot, changed: changed) }

    /// Serves a new generation and starts the cache over.
    public func replace(_ snapshot: ThemeSnapshot) { cache.reset(snapshot) }

    public var statistics: CacheStatistics { cache.statistics }

    /// A session on the current generation.
    public func session() -> StyleSession { StyleSession(theme: self, snapshot: snapshot, overrides: nil) }

    /// The value of a key in a context, from the generation served now: a cache hit takes one lock and no session.
    public func resolveCached(_ attribute: Attribute, _ key: String, context: StyleContext) throws(StyleError)
        -> CachedValue
    {
        let contextKey = StyleCache.ContextKey(context: context, overrides: 0, containerProperties: false)
        if let hit = cache.currentLookup(contextKey, attribute, key) { return hit }
        return try session().resolveCached(attribute, key, context: context)
    }

    /// A session on the current generation with a request's overrides on top. `canonical` identifies the
    /// overrides (their JSON text); `build` validates them against a snapshot and is called once per generation.
    public func session<E: Error>(overrides canonical: String, build: (ThemeSnapshot) throws(E) -> ThemeLayer)
        throws(E) -> StyleSession
    {
        let snapshot = self.snapshot
        let overrides = try cache.overrides(canonical, snapshot: snapshot, build: build)
        return StyleSession(theme: self, snapshot: snapshot, overrides: overrides)
    }
}

/// A context prepared for one session: validated against the theme, its stack derived, interned for the cache.
public struct PreparedContext: Sendable {
    public let context: StyleContext
    let derived: DerivedContext
    let id: UInt32
}
