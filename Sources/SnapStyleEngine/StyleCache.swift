import Synchronization

/// Counters of a theme's cache, as `status` reports them.
public struct CacheStatistics: Hashable, Sendable {
    public var entries = 0
    public var hits = 0
    public var misses = 0
    public var invalidations = 0

    public init() {}

    public static func + (a: Self, b: Self) -> Self {
        var sum = CacheStatistics()
        sum.entries = a.entries + b.entries
        sum.hits = a.hits + b.hits
        sum.misses = a.misses + b.misses
        sum.invalidations = a.invalidations + b.invalidations
        return sum
    }
}

/// Resolved values of one theme per (overrides, context, attribute, key), each knowing the definitions it read.
///
/// The cache also holds the theme's current snapshot, so that installing a new generation and dropping the
/// entries it invalidates happen as one step. An entry remembers the generation it was computed from; it is
/// valid from that generation until it is dropped, so a reader still holding an older snapshot only takes
/// entries at least as old as its snapshot, and only a reader of the current generation stores entries.
final class StyleCache: Sendable {
    struct EntryKey: Hashable, Sendable {
        var context: Int32
        var attribute: Attribute
        var key: String
    }

    struct Entry: Sendable {
        var value: ResolvedValue?
        var dependencies: [NodeRef]
        var generation: Int
    }

    struct ContextKey: Hashable, Sendable {
        var context: StyleContext
        var overrides: Int32
        var containerProperties: Bool
    }

    struct ContextRecord: Sendable {
        var id: Int32
        var derived: DerivedContext
        var generation: Int
    }

    struct OverridesRecord: Sendable {
        var id: Int32
        var overrides: Overrides
    }

    struct State: Sendable {
        var snapshot: ThemeSnapshot
        var entries: [EntryKey: Entry] = [:]
        var dependents: [NodeRef: [EntryKey]] = [:]
        var contexts: [ContextKey: ContextRecord] = [:]
        var overrides: [String: OverridesRecord] = [:]
        var nextID: Int32 = 1
        var statistics = CacheStatistics()
    }

    /// Past these sizes the cache starts over rather than grow without bound.
    static let maximumEntries = 2_000_000
    static let maximumContexts = 200_000
    static let maximumOverrides = 4_096

    let state: Mutex<State>

    init(snapshot: ThemeSnapshot) { state = Mutex(State(snapshot: snapshot)) }

    var snapshot: ThemeSnapshot { state.withLock { $0.snapshot } }

    func lookup(_ key: EntryKey, generation: Int) -> Entry? {
        state.withLock { state in
            if let entry = state.entries[key], entry.generation <= generation {
                state.statistics.hits += 1
                return entry
            }
            state.statistics.misses += 1
            return nil
        }
    }

    func insert(_ key: EntryKey, _ entry: Entry) {
        state.withLock { state in
            guard entry.generation == state.snapshot.generation else { return }
            if state.entries.count >= Self.maximumEntries { Self.clear(&state) }
            guard state.entries.updateValue(entry, forKey: key) == nil else { return }
            for dependency in entry.dependencies { state.dependents[dependency, default: []].append(key) }
        }
    }

    /// The interned id and derivation of a context, derived again when the generation moved on.
    func context(_ key: ContextKey, generation: Int, derive: () throws(ContextError) -> DerivedContext)
        throws(ContextError) -> (Int32, DerivedContext)
    {
        let known = state.withLock { $0.contexts[key] }
        if let known, known.generation == generation { return (known.id, known.derived) }
        let derived = try derive()
        return state.withLock { state in
            if state.contexts.count >= Self.maximumContexts { Self.clear(&state) }
            if var record = state.contexts[key] {
                if generation == state.snapshot.generation {
                    record.derived = derived
                    record.generation = generation
                    state.contexts[key] = record
                }
                return (record.id, derived)
            }
            let id = state.nextID
            state.nextID += 1
            state.contexts[key] = ContextRecord(id: id, derived: derived, generation: generation)
            return (id, derived)
        }
    }

    /// The interned overrides for a canonical text, built (and validated) again for a newer generation.
    func overrides<E: Error>(
        _ canonical: String, snapshot: ThemeSnapshot, build: (ThemeSnapshot) throws(E) -> ThemeLayer
    ) throws(E) -> Overrides {
        let known = state.withLock { $0.overrides[canonical] }
        if let known, known.overrides.generation == snapshot.generation { return known.overrides }
        let layer = try build(snapshot)
        return state.withLock { state in
            if state.overrides.count >= Self.maximumOverrides { state.overrides.removeAll() }
            let id = state.overrides[canonical]?.id ?? { defer { state.nextID += 1 }; return state.nextID }()
            let overrides = Overrides(id: id, layer: layer, snapshot: snapshot)
            if snapshot.generation == state.snapshot.generation {
                state.overrides[canonical] = OverridesRecord(id: id, overrides: overrides)
            }
            return overrides
        }
    }

    /// Installs a new generation and drops the entries that read any of `changed`.
    func install(_ snapshot: ThemeSnapshot, changed: Set<NodeRef>) {
        state.withLock { state in
            state.snapshot = snapshot
            for node in changed {
                guard let keys = state.dependents.removeValue(forKey: node) else { continue }
                for key in keys where state.entries.removeValue(forKey: key) != nil {
                    state.statistics.invalidations += 1
                }
            }
        }
    }

    /// Drops everything (a theme replaced wholesale).
    func reset(_ snapshot: ThemeSnapshot) {
        state.withLock { state in
            state.statistics.invalidations += state.entries.count
            state.snapshot = snapshot
            Self.clear(&state)
        }
    }

    private static func clear(_ state: inout State) {
        state.entries.removeAll()
        state.dependents.removeAll()
        state.contexts.removeAll()
        state.overrides.removeAll()
    }

    var statistics: CacheStatistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.entries = state.entries.count
            return statistics
        }
    }
}

/// A request's overrides as a validated layer on top of a theme (theme format section 6).
public struct Overrides: Sendable {
    let id: Int32
    public let layer: ThemeLayer
    let generation: Int
    let containers: [String: Container]
    let components: [String: Component]

    init(id: Int32, layer: ThemeLayer, snapshot: ThemeSnapshot) {
        self.id = id
        self.layer = layer
        generation = snapshot.generation
        if layer.containers.isEmpty && layer.components.isEmpty {
            containers = snapshot.containers
            components = snapshot.components
        } else {
            (containers, components) = ThemeSnapshot.effective(snapshot.layers + [layer])
        }
    }
}
