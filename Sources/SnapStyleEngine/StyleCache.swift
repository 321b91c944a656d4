import SnapStyleSystem
import Synchronization

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
        /// How many references deep its computation went (1: it read no other key), so that a reader that finds
        /// it deep inside another resolution still sees the whole chain against the depth limit.
        var height: UInt8
        /// Names this entry among every entry of every cache of the process, never reused (`CachedValue.entry`).
        var serial: UInt64

        static let none: NodeID = .max
    }

    /// Where entries' serial numbers come from.
    private static let serials = Atomic<UInt64>(1)

    struct ContextKey: Hashable, Sendable {
        var context: StyleContext
        var overrides: Int32
        var containerProperties: Bool

        /// One digest of every member (`StyleContext.digest`) instead of the standard library's hash of each:
        /// every request hashes its context. Equal keys have equal digests; the table still compares with `==`.
        func hash(into hasher: inout Hasher) {
            hasher.combine(
                context.digest &+ UInt64(UInt32(bitPattern: overrides)) << 1 &+ (containerProperties ? 1 : 0))
        }
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
        var entries = EntryTable<EntryKey, Entry>()
        /// Node → the entries that read it. An entry is in the set of every node it read, and leaves all of them
        /// when it is dropped, so the index never holds more than the entries do.
        var dependents: [NodeID: Set<EntryKey>] = [:]
        /// Interned contexts, least recently used first out.
        var contexts = EntryTable<ContextKey, ContextRecord>()
        var overrides: [String: OverridesRecord] = [:]
        /// Bytes of the canonical texts of `overrides`.
        var overridesBytes = 0
        var nextContextID: UInt32 = 1
        /// The last generation whose installation changed what a context's derivation reads (a component, a
        /// container, an accent, the modifiers): a context derived from it or later holds for the generations since.
        var derivationsFrom = 0
        /// How many contexts were derived (for tests).
        var derivations = 0
        var nextOverridesID: Int32 = 1
        var statistics = CacheStatistics()
        /// More interned keys than this (a flood of overrides with new keys) and the cache starts over.
        var keyLimit = 65_536

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

    let state: Locked<State>
    let budget: CacheBudget

    /// Past this many interned contexts the least recently used go (their entries then age out): a slider that
    /// sends a new `scaleFactor` with every request must not grow the cache without bound.
    var maximumContexts: Int { max(1024, budget.bytes / 2048) }
    /// The canonical texts of interned overrides may take this many bytes.
    var maximumOverridesBytes: Int { budget.bytes / 8 }
    /// What an entry costs beside its value: its slot, its index entry, its place in each dependents set.
    static let entryOverhead = 112
    static let dependencyOverhead = 48

    init(snapshot: ThemeSnapshot, budget: CacheBudget) {
        self.budget = budget
        state = Locked(State(snapshot: snapshot))
        state.withLock { $0.keyLimit = Self.keyLimit(snapshot) }
        budget.register(self)
    }

    deinit {
        budget.used.subtract(state.withLock { $0.entries.cost }, ordering: .relaxed)
        budget.unregister(self)
    }

    static func keyLimit(_ snapshot: ThemeSnapshot) -> Int {
        max(65_536, 4 * snapshot.layers.reduce(0) { $0 + $1.nodes.count })
    }

    var snapshot: ThemeSnapshot { state.withLock { $0.snapshot } }

    /// Estimated bytes the cache holds.
    var bytes: Int { state.withLock { $0.entries.cost } }

    /// A cached value valid for a reader of `generation`, counted as a hit or a miss.
    func lookup(_ context: UInt32, _ attribute: Attribute, _ key: String, generation: Int) -> ResolvedValue?? {
        lookupWithHeight(context, attribute, key, generation: generation).map(\.value)
    }

    /// A cached value and how many references deep it went, counted as a hit or a miss.
    func lookupWithHeight(_ context: UInt32, _ attribute: Attribute, _ key: String, generation: Int)
        -> (value: ResolvedValue?, height: Int)?
    {
        state.withLock { state in
            if let entryKey = state.entryKey(context, attribute, key), let entry = state.entries.use(entryKey),
                Int(entry.generation) <= generation
            {
                state.statistics.hits += 1
                return (entry.value, Int(entry.height))
            }
            state.statistics.misses += 1
            return nil
        }
    }

    /// The value of a key in a context already interned for this generation, counted as a hit; nil on a miss
    /// (nothing counted: the caller goes on to the full path).
    func fastLookup(_ context: ContextKey, _ attribute: Attribute, _ key: String, generation: Int) -> CachedValue? {
        state.withLock { state in Self.fastLookup(context, attribute, key, generation: generation, &state) }
    }

    /// `fastLookup` for a reader of the generation served now, whichever it is.
    func currentLookup(_ context: ContextKey, _ attribute: Attribute, _ key: String) -> CachedValue? {
        state.withLock { state in
            Self.fastLookup(context, attribute, key, generation: state.snapshot.generation, &state)
        }
    }

    private static func fastLookup(
        _ context: ContextKey, _ attribute: Attribute, _ key: String, generation: Int, _ state: inout State
    ) -> CachedValue? {
        guard let record = state.contexts.use(context, { ($0.id, $0.generation) }), record.1 == generation,
            let entryKey = state.entryKey(record.0, attribute, key)
        else { return nil }
        // Read in place: only the value is copied out of the entry.
        let found = state.entries.use(entryKey) { entry -> CachedValue? in
            guard Int(entry.generation) <= generation else { return nil }
            return CachedValue(value: entry.value, entry: entry.serial, generation: generation)
        }
        guard let hit = found ?? nil else { return nil }
        state.statistics.hits += 1
        return hit
    }

    func insert(
        _ context: UInt32, _ attribute: Attribute, _ key: String, value: ResolvedValue?,
        dependencies: [NodeRef], generation: Int, height: Int = 1
    ) {
        let overBudget = state.withLock { state -> Bool in
            guard generation == state.snapshot.generation else { return false }
            if state.keyIDs.count >= state.keyLimit {
                // Measured again only here, off the path of every install: the theme may have grown.
                state.keyLimit = Self.keyLimit(state.snapshot)
                if state.keyIDs.count >= state.keyLimit { clear(&state, keys: true) }
            }
            let keyID = state.keyID(key)
            let entryKey = UInt64(context) << 36 | UInt64(attribute.index) << 32 | UInt64(keyID)
            guard state.entries.peek(entryKey) == nil else { return false }
            let own: NodeID = UInt64(attribute.index) << 32 | UInt64(keyID)
            var first = Entry.none
            var more: [NodeID]?
            var count = 1
            state.dependents[own, default: []].insert(entryKey)
            for dependency in dependencies {
                let id = state.nodeID(dependency)
                guard id != own else { continue }
                if first == Entry.none { first = id } else { more = (more ?? []) + [id] }
                state.dependents[id, default: []].insert(entryKey)
                count += 1
            }
            let cost = Self.entryOverhead + Self.dependencyOverhead * count + (value?.estimatedBytes ?? 0)
            state.entries.insert(
                entryKey,
                Entry(
                    value: value, firstDependency: first, moreDependencies: more, generation: Int32(generation),
                    height: UInt8(clamping: height), serial: Self.serials.wrappingAdd(1, ordering: .relaxed).oldValue),
                cost: cost)
            budget.used.add(cost, ordering: .relaxed)
            // Least recently used first, until the budget fits again or this cache is down to its share.
            while budget.isOver, state.entries.count > 1, state.entries.cost > budget.fairShare,
                let old = state.entries.removeOldest()
            {
                forget(old.key, old.value, cost: old.cost, &state)
                state.statistics.evictions += 1
                budget.evictions.add(1, ordering: .relaxed)
            }
            return budget.isOver
        }
        if overBudget { budget.relieve(except: self) }
    }

    /// Drops least recently used entries until the shared budget fits (another cache needs the room).
    func shed() {
        state.withLock { state in
            while budget.isOver, let old = state.entries.removeOldest() {
                forget(old.key, old.value, cost: old.cost, &state)
                state.statistics.evictions += 1
                budget.evictions.add(1, ordering: .relaxed)
            }
        }
    }

    /// An entry is gone (already out of the table): it leaves every dependents set it was in, and the budget.
    private func forget(_ key: EntryKey, _ entry: Entry, cost: Int, _ state: inout State) {
        budget.used.subtract(cost, ordering: .relaxed)
        func leave(_ node: NodeID) {
            state.dependents[node]?.remove(key)
            if state.dependents[node]?.isEmpty == true { state.dependents[node] = nil }
        }
        leave(key & (1 << 36 - 1))
        if entry.firstDependency != Entry.none { leave(entry.firstDependency) }
        for node in entry.moreDependencies ?? [] { leave(node) }
    }

    /// The interned id and derivation of a context, derived again when the generation moved on.
    func context(_ key: ContextKey, generation: Int, derive: () throws(ContextError) -> DerivedContext)
        throws(ContextError) -> (UInt32, DerivedContext)
    {
        let (known, from) = state.withLock { ($0.contexts.use(key), $0.derivationsFrom) }
        if let known, known.generation == generation { return (known.id, known.derived) }
        if let known, from <= known.generation, known.generation < generation {
            state.withLock { state in
                guard generation == state.snapshot.generation, var record = state.contexts.peek(key),
                    record.id == known.id
                else { return }
                record.generation = generation
                state.contexts.insert(key, record, cost: 1)
            }
            return (known.id, known.derived)
        }
        let derived = try derive()
        return state.withLock { state in
            state.derivations += 1
            // A dropped context's entries can never be hit again (ids are not reused): they age out of the table.
            while state.contexts.count >= maximumContexts { _ = state.contexts.removeOldest() }
            if state.nextContextID >= 1 << 28 {
                // Ids are never reused otherwise, so a session prepared before a clear cannot read another
                // context's entries; after 2^28 contexts they start over (with everything dropped).
                clear(&state, keys: false)
                state.nextContextID = 1
            }
            if var record = state.contexts.peek(key) {
                if generation == state.snapshot.generation {
                    record.derived = derived
                    record.generation = generation
                    state.contexts.insert(key, record, cost: 1)
                }
                return (record.id, derived)
            }
            let id = state.nextContextID
            state.nextContextID += 1
            state.contexts.insert(key, ContextRecord(id: id, derived: derived, generation: generation), cost: 1)
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
            if state.overrides.count >= Limits.cachedOverrides || state.overridesBytes > maximumOverridesBytes {
                state.overrides.removeAll()
                state.overridesBytes = 0
            }
            let id: Int32
            if let known = state.overrides[canonical] {
                id = known.id
            } else {
                id = state.nextOverridesID
                state.nextOverridesID += 1
            }
            let overrides = Overrides(id: id, layer: layer, snapshot: snapshot)
            if snapshot.generation == state.snapshot.generation {
                if state.overrides.updateValue(OverridesRecord(id: id, overrides: overrides), forKey: canonical) == nil
                {
                    state.overridesBytes += canonical.utf8.count
                }
            }
            return overrides
        }
    }

    /// Installs a new generation and drops the entries that read any of `changed`. Entries record only what
    /// they read directly, so `changed` must be every node whose value may differ (the reference graph's
    /// transitive closure of what changed, `ReferenceGraph.affectedKeys`), not only the edited definitions.
    func install(_ snapshot: ThemeSnapshot, changed: Set<NodeRef>) {
        state.withLock { state in
            let derivationChanged =
                snapshot.modifiers != state.snapshot.modifiers
                || changed.contains { node in
                    if case .key(let attribute, _) = node { return attribute == .accent }
                    return true
                }
            if derivationChanged { state.derivationsFrom = snapshot.generation }
            state.snapshot = snapshot
            for node in changed {
                let id = state.nodeID(node)
                guard let keys = state.dependents.removeValue(forKey: id) else { continue }
                for key in keys {
                    guard let (entry, cost) = state.entries.remove(key) else { continue }
                    forget(key, entry, cost: cost, &state)
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
            state.derivationsFrom = snapshot.generation
            state.keyLimit = Self.keyLimit(snapshot)
            clear(&state, keys: true)
        }
    }

    /// Drops every entry, context and overrides (with `keys`, the interned keys too).
    private func clear(_ state: inout State, keys: Bool) {
        budget.used.subtract(state.entries.cost, ordering: .relaxed)
        state.entries.removeAll()
        state.dependents.removeAll()
        state.contexts.removeAll()
        state.overrides.removeAll()
        state.overridesBytes = 0
        if keys { state.keyIDs.removeAll() }
    }

    var statistics: CacheStatistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.entries = state.entries.count
            statistics.bytes = state.entries.cost
            return statistics
        }
    }

    /// How many contexts were derived so far (for tests).
    var derivations: Int { state.withLock { $0.derivations } }

    /// The sizes of every internal structure (for tests: each stays bounded).
    var sizes: (entries: Int, slots: Int, dependents: Int, dependentKeys: Int, contexts: Int, keys: Int) {
        state.withLock { state in
            (
                state.entries.count, state.entries.capacity, state.dependents.count,
                state.dependents.values.reduce(0) { $0 + $1.count }, state.contexts.count, state.keyIDs.count
            )
        }
    }
}

/// A request's overrides as a validated layer on top of a theme (docs/theme-format.md).
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
