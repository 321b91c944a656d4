import SnapStyleEngine

/// A theme's audit kept from one generation to the next, for a language server that audits after every edit.
///
/// A next generation measures again only the components, accents and named pairs that read a key the change
/// reports as possibly resolving differently (`ThemeChange.changed`, which already holds every key reading an
/// edited one), and, when the change's edits of definitions are known, only in the contexts where one of those keys
/// may differ (`ChangeRegion`); it keeps the other measurements. A change of the theme's structure (its components,
/// containers, measured accents, named pairs, contexts or the options), or one whose keys are not known, measures
/// everything. The result equals a whole audit's (`ThemeAuditor.run`). Used from one thread at a time.
public final class IncrementalAudit: @unchecked Sendable {
    /// A part of an audit measured on its own, in each context.
    enum Unit: Hashable {
        case component(String)
        case accent(String)
        /// A named pair, by its index in `ThemeAuditor.namedPairs()`.
        case named(Int)
    }

    /// What a unit measured in one context.
    struct Measured {
        var pairs: [AuditMeasurement]
        var unmeasured: Int
    }

    /// What decides which units there are and how they are measured: when it differs, everything is measured.
    struct Structure: Equatable {
        var components: [String: Component]
        var containers: [String: Container]
        var units: [Unit]
        var named: [ThemeAuditor.NamedPair]
        var contexts: [AuditContext]
        var options: AuditOptions
    }

    /// The named pairs, and what they were found among: the declared pairs, the surface keys, the imported ones.
    struct Names {
        var declared: [DeclaredPair]
        var surface: Set<String>
        var imported: Set<String>
        var pairs: [ThemeAuditor.NamedPair]
    }

    private struct Kept {
        var generation: Int
        var structure: Structure
        var names: Names
        /// The named pairs before the last ones (a token left out and put back finds them again).
        var earlierNames: Names?
        /// The keys each unit reads directly.
        var dependencies: [Unit: Set<NodeRef>]
        /// Per context (in `structure.contexts`' order), what each unit measured.
        var measured: [[Unit: Measured]]
        /// Each group's measurements grouped across contexts, and the groups measuring each foreground color.
        var parts: [Group: Part]
        var holders: [FixKey: Set<Group>]
        var result: ThemeAuditResult
    }

    private var kept: Kept?

    /// What the last `run` measured: unit × context measurements and the pairs they gave (0 when it reused its
    /// result), and whether it measured everything.
    public private(set) var lastRun: (units: Int, pairs: Int, whole: Bool) = (0, 0, false)

    /// How many groups of units (a component, an accent, a kind of named pair) the last run grouped again.
    public private(set) var lastRegrouped = 0

    /// The result of the last run.
    public var lastResult: ThemeAuditResult? { kept?.result }

    public init() {}

    /// The audit of the auditor's generation (every context, passing pairs left out). `changes(since:)`: what may
    /// resolve differently between that generation and the auditor's (and the edits it comes from), nil when it is
    /// not known.
    public func run(
        _ auditor: ThemeAuditor, changes: (_ since: Int) -> AuditChanges?, memo: SuggestionMemo? = nil
    ) -> ThemeAuditResult {
        let generation = auditor.session.generation
        let changed = kept.flatMap { kept in
            kept.generation == generation ? AuditChanges(nodes: [], edits: [:]) : changes(kept.generation)
        }
        let (names, sameNames) = Self.names(
            of: auditor, reusing: kept?.names, or: kept?.earlierNames, changes: changed)
        let earlierNames = sameNames ? kept?.earlierNames : kept?.names
        let structure = Self.structure(of: auditor, named: names.pairs)
        if let kept, kept.generation == generation, kept.structure == structure {
            lastRun = (0, 0, false)
            lastRegrouped = 0
            return kept.result
        }
        var measured: [[Unit: Measured]]
        var dependencies: [Unit: Set<NodeRef>]
        var stale: Set<Unit>?
        var parts: [Group: Part] = [:]
        var holders: [FixKey: Set<Group>] = [:]
        var known: AuditChanges?
        if let kept, kept.structure == structure, let changes = changed,
            !changes.nodes.contains(where: Self.isStructural)
        {
            measured = kept.measured
            dependencies = kept.dependencies
            parts = kept.parts
            holders = kept.holders
            stale = Set(structure.units.filter { !dependencies[$0, default: []].isDisjoint(with: changes.nodes) })
            known = changes
        } else {
            measured = Array(repeating: [:], count: structure.contexts.count)
            dependencies = Dictionary(
                uniqueKeysWithValues: structure.units.map { ($0, Self.dependencies(of: $0, auditor, structure.named)) })
        }
        var units = 0, pairs = 0
        var remeasured = Set<Unit>()
        let layers = auditor.session.snapshot.layers
        for (index, context) in structure.contexts.enumerated() {
            var screen: Backdrop??
            var prepared: PreparedContext??
            // With the edits known, a stale unit is measured again only where a key it reads may differ.
            var region = known.flatMap {
                $0.edits == nil ? nil : ChangeRegion(layers: layers, changes: $0, context: context)
            }
            for unit in structure.units where stale?.contains(unit) ?? true {
                if region != nil, !dependencies[unit, default: []].contains(where: { region!.differs($0) }) { continue }
                remeasured.insert(unit)
                let result: Measured
                switch unit {
                case .component(let id):
                    if screen == nil { screen = .some(auditor.screenBackdrop(in: context)) }
                    let (found, unmeasured) = auditor.componentMeasurements(id, in: context, screen: screen ?? nil)
                    result = Measured(pairs: found, unmeasured: unmeasured)
                case .accent(let accent):
                    result = Measured(
                        pairs: auditor.accentMeasurement(accent, in: context).map { [$0] } ?? [], unmeasured: 0)
                case .named(let position):
                    if prepared == nil { prepared = .some(try? auditor.session.prepare(context.styleContext())) }
                    switch auditor.namedMeasurement(structure.named[position], in: context, prepared: prepared ?? nil) {
                    case .measured(let measurement): result = Measured(pairs: [measurement], unmeasured: 0)
                    case .unmeasured: result = Measured(pairs: [], unmeasured: 1)
                    case .unresolved: result = Measured(pairs: [], unmeasured: 0)
                    }
                }
                measured[index][unit] = result
                units += 1
                pairs += result.pairs.count
            }
        }
        let groups = Self.groups(of: structure)
        // A stale unit that no context measured again keeps its part.
        let regroup = stale == nil ? Set(groups.keys) : Set(remeasured.map { Self.group(of: $0, structure) })
        for group in regroup {
            if let old = parts[group] {
                for key in old.uses.keys { holders[key]?.remove(group) }
            }
            let part = Self.part(units: groups[group] ?? [], structure, measured)
            for key in part.uses.keys { holders[key, default: []].insert(group) }
            parts[group] = part
        }
        var result: ThemeAuditResult
        if let kept, stale != nil, regroup.isEmpty {
            // Nothing measured again: the findings are those of the last run.
            result = kept.result
            result.generation = generation
        } else {
            result = auditor.result(of: parts, holders: holders, contexts: structure.contexts, memo: memo)
        }
        kept = Kept(
            generation: generation, structure: structure, names: names, earlierNames: earlierNames,
            dependencies: dependencies,
            measured: measured, parts: parts, holders: holders, result: result)
        lastRun = (units, pairs, stale == nil)
        lastRegrouped = regroup.count
        return result
    }

    /// Forgets what was measured: the next run measures everything.
    public func reset() { kept = nil }

    /// The named pairs of the auditor's generation: those kept when no changed surface key was added, removed, or
    /// became (or stopped being) an imported token, and the declared pairs are the same; else the earlier ones when
    /// the keys are those they were found among; else found again.
    static func names(of auditor: ThemeAuditor, reusing kept: Names?, or earlier: Names?, changes: AuditChanges?)
        -> (names: Names, kept: Bool)
    {
        let snapshot = auditor.session.snapshot
        if let kept, let changes, kept.declared == auditor.declared {
            var (surface, imported) = (kept.surface, kept.imported)
            var same = true
            for case .key(.surface, let key) in changes.nodes {
                let isImported = snapshot.token(.surface, key) != nil
                let isDefined = isImported || snapshot.defines(.surface, key)
                guard kept.imported.contains(key) != isImported || kept.surface.contains(key) != isDefined else {
                    continue
                }
                same = false
                if isDefined { surface.insert(key) } else { surface.remove(key) }
                if isImported { imported.insert(key) } else { imported.remove(key) }
            }
            if same { return (kept, true) }
            if let earlier, earlier.declared == auditor.declared, earlier.surface == surface,
                earlier.imported == imported
            {
                return (earlier, false)
            }
            let names = Names(
                declared: auditor.declared, surface: surface, imported: imported,
                pairs: auditor.namedPairs(among: surface.sorted(), imported: imported.sorted()))
            return (names, false)
        }
        let keys = snapshot.keys(.surface)
        let imported = keys.filter { snapshot.token(.surface, $0) != nil }
        let names = Names(
            declared: auditor.declared, surface: Set(keys), imported: Set(imported),
            pairs: auditor.namedPairs(among: keys, imported: imported))
        return (names, false)
    }

    static func structure(of auditor: ThemeAuditor, named: [ThemeAuditor.NamedPair]) -> Structure {
        let session = auditor.session
        let units =
            session.components.keys.sorted().map(Unit.component) + auditor.measuredAccents.map(Unit.accent)
            + named.indices.map(Unit.named)
        return Structure(
            components: session.components, containers: session.containers, units: units, named: named,
            contexts: auditor.contexts, options: auditor.options)
    }

    /// The keys a unit reads directly.
    static func dependencies(of unit: Unit, _ auditor: ThemeAuditor, _ named: [ThemeAuditor.NamedPair])
        -> Set<NodeRef>
    {
        switch unit {
        case .component(let id): auditor.dependencies(ofComponent: id)
        case .accent(let accent): [.key(.accent, accent)]
        case .named(let position):
            [.key(.surface, named[position].foreground), .key(.surface, named[position].background)]
        }
    }

    /// A changed container or component changes what is measured, not only values.
    static func isStructural(_ node: NodeRef) -> Bool {
        if case .key = node { return false }
        return true
    }
}
