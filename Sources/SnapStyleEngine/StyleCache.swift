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
    /// A cache entry's key: context id (28 bits), attribute (4 bits), interned key (32 bits).
    typealias EntryKey = UInt64
    /// A definition an entry read: kind (attribute index, 8 container, 9 component) and interned key.
    typealias NodeID = UInt64

    /// A value and what it read besides its own key (which every entry reads, so it is not stored): most
    /// values read at most one other definition, kept inline; more spill into an array.
    struct Entry: Sendable {
        var value: ResolvedValue?
        var firstDependency: NodeID
        var moreDependencies: [NodeID]?
        var generation: Int32

        static let none: NodeID = .max
    }

    struct ContextKey: Hashable, Sendable {
        var context: StyleContext
        var overrides: Int32
        var containerProperties: Bool
    }

    struct ContextRecord: Sendable {
        var id: UInt32
        var derived: DerivedContext
        var generation: Int
    }

    struct OverridesRecord: Sendable {
        var id: Int32
        var overrides: Overrides
    }

    struct State: Sendable {
        var snapshot: ThemeSnapshot
        var keyIDs: [FastKey: UInt32] = [:]
        var entries: [EntryKey: Entry] = [:]
        var dependents: [NodeID: [EntryKey]] = [:]
        var contexts: [ContextKey: ContextRecord] = [:]
        var overrides: [String: OverridesRecord] = [:]
        var nextContextID: UInt32 = 1
        var nextOverridesID: Int32 = 1
        var statistics = CacheStatistics()

        mutating func keyID(_ key: String) -> UInt32 {
            if let id = keyIDs[FastKey(key)] { return id }
            let id = UInt32(keyIDs.count)
            keyIDs[FastKey(key)] = id
            return id
        }

        func entryKey(_ context: UInt32, _ attribute: Attribute, _ key: String) -> EntryKey? {
            keyIDs[FastKey(key)].map { UInt64(context) << 36 | UInt64(attribute.index) << 32 | UInt64($0) }
        }

        mutating func nodeID(_ node: NodeRef) -> NodeID {
            switch node {
            case .key(let attribute, let key): UInt64(attribute.index) << 32 | UInt64(keyID(key))
            case .container(let id): 8 << 32 | UInt64(keyID(id))
            case .component(let id): 9 << 32 | UInt64(keyID(id))
            }
        }
    }

    /// Past these sizes the cache starts over rather than grow without bound.
    static let maximumEntries = 2_000_000
    static let maximumContexts = 200_000
    static let maximumOverrides = 4_096

    let state: Mutex<State>

    init(snapshot: ThemeSnapshot) { state = Mutex(State(snapshot: snapshot)) }

    var snapshot: ThemeSnapshot { state.withLock { $0.snapshot } }

    /// A cached value valid for a reader of `generation`, counted as a hit or a miss.
    func lookup(_ context: UInt32, _ attribute: Attribute, _ key: String, generation: Int) -> ResolvedValue?? {
        state.withLock { state in
            if let entryKey = state.entryKey(context, attribute, key), let entry = state.entries[entryKey],
                Int(entry.generation) <= generation
            {
                state.statistics.hits += 1
                return .some(entry.value)
            }
            state.statistics.misses += 1
            return nil
        }
    }

    /// The value of a key in a context already interned for this generation, counted as a hit; nil on a miss
    /// (nothing counted: the caller goes on to the full path).
    func fastLookup(_ context: ContextKey, _ attribute: Attribute, _ key: String, generation: Int)
        -> ResolvedValue??
    {
        state.withLock { state in
            guard let record = state.contexts[context], record.generation == generation,
                let entryKey = state.entryKey(record.id, attribute, key), let entry = state.entries[entryKey],
                Int(entry.generation) <= generation
            else { return nil }
            state.statistics.hits += 1
            return .some(entry.value)
        }
    }

    func insert(
        _ context: UInt32, _ attribute: Attribute, _ key: String, value: ResolvedValue?,
        dependencies: [NodeRef], generation: Int
    ) {
        state.withLock { state in
            guard generation == state.snapshot.generation else { return }
            if state.entries.count >= Self.maximumEntries { Self.clear(&state) }
            let keyID = state.keyID(key)
            let entryKey = UInt64(context) << 36 | UInt64(attribute.index) << 32 | UInt64(keyID)
            guard state.entries[entryKey] == nil else { return }
            let own: NodeID = UInt64(attribute.index) << 32 | UInt64(keyID)
            var first = Entry.none
            var more: [NodeID]?
            state.dependents[own, default: []].append(entryKey)
            for dependency in dependencies {
                let id = state.nodeID(dependency)
                guard id != own else { continue }
                if first == Entry.none { first = id } else { more = (more ?? []) + [id] }
                state.dependents[id, default: []].append(entryKey)
            }
            state.entries[entryKey] = Entry(
                value: value, firstDependency: first, moreDependencies: more, generation: Int32(generation))
        }
    }

    /// The interned id and derivation of a context, derived again when the generation moved on.
    func context(_ key: ContextKey, generation: Int, derive: () throws(ContextError) -> DerivedContext)
        throws(ContextError) -> (UInt32, DerivedContext)
    {
        let known = state.withLock { $0.contexts[key] }
        if let known, known.generation == generation { return (known.id, known.derived) }
        let derived = try derive()
        return state.withLock { state in
            if state.contexts.count >= Self.maximumContexts { Self.clear(&state) }
            if state.nextContextID >= 1 << 28 {
                // Ids are never reused otherwise, so a session prepared before a clear cannot read another
                // context's entries; after 2^28 contexts they start over (with everything dropped).
                Self.clear(&state)
                state.nextContextID = 1
            }
            if var record = state.contexts[key] {
                if generation == state.snapshot.generation {
                    record.derived = derived
                    record.generation = generation
                    state.contexts[key] = record
                }
                return (record.id, derived)
            }
            let id = state.nextContextID
            state.nextContextID += 1
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
            let id: Int32
            if let known = state.overrides[canonical] {
                id = known.id
            } else {
                id = state.nextOverridesID
                state.nextOverridesID += 1
            }
            let overrides = Overrides(id: id, layer: layer, snapshot: snapshot)
            if snapshot.generation == state.snapshot.generation {
                state.overrides[canonical] = OverridesRecord(id: id, overrides: overrides)
            }
            return overrides
        }
    }

    /// Installs a new generation and drops the entries that read any of `changed`. Entries record only what
    /// they read directly, so `changed` must be every node whose value may differ (the reference graph's
    /// transitive closure of what changed, `ReferenceGraph.affectedKeys`), not only the edited definitions.
    func install(_ snapshot: ThemeSnapshot, changed: Set<NodeRef>) {
        state.withLock { state in
            state.snapshot = snapshot
            for node in changed {
                let id = state.nodeID(node)
                guard let keys = state.dependents.removeValue(forKey: id) else { continue }
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
