import SnapStyleEngine
import SnapStyleThemes

/// What changed in a theme since the generation an audit measured: the nodes that may resolve differently, and
/// the edits of definitions they come from (which tell in which contexts a value may differ).
public struct AuditChanges: Sendable {
    /// Keys, containers and components that may resolve differently (`ThemeChange.changed` and its others).
    public var nodes: Set<NodeRef>
    /// The keys whose definitions changed, each with its first definitions and its last; nil when not known (then a
    /// changed key may differ in every context).
    public var edits: [NodeRef: KeyEdit]?

    public init(nodes: Set<NodeRef>, edits: [NodeRef: KeyEdit]? = nil) {
        self.nodes = nodes
        self.edits = edits
    }
}

/// In one audit context, which changed keys may resolve differently: an edited key where its definitions, before
/// and after, may give different values in some style context an audit derives from this one (a stack it does not
/// know of is assumed to match whatever it may); any other changed key where what it reads there may. Outside
/// those, every value is what it was, so a measurement that reads none of them measures the same.
struct ChangeRegion {
    let layers: [ThemeLayer]
    let changes: AuditChanges
    let edits: [NodeRef: KeyEdit]
    let context: AuditContext
    /// Whether a changed accent key may differ here (what `accentInEffect` reads).
    private var accentDiffers: Bool?
    private var known: [NodeRef: Bool] = [:]

    /// `layers`: the new generation's; `changes.edits` must not be nil.
    init(layers: [ThemeLayer], changes: AuditChanges, context: AuditContext) {
        self.layers = layers
        self.changes = changes
        self.edits = changes.edits ?? [:]
        self.context = context
    }

    /// Whether a node may resolve differently in this context than before the changes.
    mutating func differs(_ node: NodeRef) -> Bool {
        guard changes.nodes.contains(node) else { return false }
        guard case .key(let attribute, let key) = node else { return true }
        if let known = known[node] { return known }
        // Met again on a cycle: assumed to differ.
        known[node] = true
        let result = computeDiffers(node, attribute, key)
        known[node] = result
        return result
    }

    private mutating func computeDiffers(_ node: NodeRef, _ attribute: Attribute, _ key: String) -> Bool {
        let definitions: [Definition?]
        if let edit = edits[node] {
            guard edit.before.count == edit.after.count else { return true }
            for (before, after) in zip(edit.before, edit.after) where before != after {
                guard let before, let after, !mayDiffer(before, after) else { return true }
            }
            definitions = edit.after
        } else {
            definitions = layers.map { $0.entry(attribute, key)?.definition }
        }
        for case let definition? in definitions {
            for read in reads(definition, attribute) {
                switch read {
                case .node(let node): if differs(node) { return true }
                // The stack's meaning changes only with containers or components: a change of structure.
                case .stack: continue
                case .accentInEffect: if accentInEffectDiffers() { return true }
                }
            }
        }
        return false
    }

    private mutating func accentInEffectDiffers() -> Bool {
        if let accentDiffers { return accentDiffers }
        accentDiffers = true
        var result = false
        for case .key(.accent, let key) in changes.nodes where differs(.key(.accent, key)) {
            result = true
            break
        }
        accentDiffers = result
        return result
    }

    /// Whether two definitions of a key in one layer may evaluate differently here, what they read being equal:
    /// `when`s with the same tests differ only where a branch that differs may be taken.
    func mayDiffer(_ before: Definition, _ after: Definition) -> Bool {
        if before == after { return false }
        guard case .when(let oldCases, let oldElse) = before, case .when(let newCases, let newElse) = after,
            oldCases.count == newCases.count,
            zip(oldCases, newCases).allSatisfy({ $0.predicate == $1.predicate })
        else { return true }
        for (old, new) in zip(oldCases, newCases) {
            let holds = context.holds(old.predicate)
            if holds == false { continue }
            if mayDiffer(old.then, new.then) { return true }
            // Later branches are never taken; `else` still is, unless this branch always gives a value.
            if holds == true {
                if Self.alwaysGivesValue(old.then) { return false }
                break
            }
        }
        switch (oldElse, newElse) {
        case (nil, nil): return false
        case (let old?, let new?): return mayDiffer(old, new)
        default: return true
        }
    }

    /// What a definition may read here: of a `when`, its tests and the branches that may be taken.
    func reads(_ definition: Definition, _ attribute: Attribute) -> [GraphNode] {
        guard case .when(let cases, let otherwise) = definition else { return definition.references(attribute) }
        var reads: [GraphNode] = []
        for branch in cases {
            reads += Definition.when([Definition.Case(predicate: branch.predicate, then: .null)], else: nil)
                .references(attribute)
            let holds = context.holds(branch.predicate)
            if holds == false { continue }
            reads += self.reads(branch.then, attribute)
            if holds == true {
                if Self.alwaysGivesValue(branch.then) { return reads }
                break
            }
        }
        if let otherwise { reads += self.reads(otherwise, attribute) }
        return reads
    }

    /// Whether a definition gives a value in every context: a literal that reads nothing (a color, a material, a
    /// number, a font, an icon, a named shape). A `when` branch taken with one never falls through to `else`.
    static func alwaysGivesValue(_ definition: Definition) -> Bool {
        switch definition {
        case .value(.surface(.color(.rgba))), .value(.surface(.material)), .value(.number(.constant)),
            .value(.number(.dimension)), .value(.font), .value(.icon), .value(.shape(.named)):
            true
        default: false
        }
    }
}

extension AuditContext {
    /// Whether a predicate holds in every style context an audit derives from this one (true), in none (false), or
    /// depends on the stack (nil). Tests read the context's values as the engine does.
    func holds(_ predicate: Predicate) -> Bool? {
        var result: Bool? = true
        for test in predicate.tests {
            guard case .known(let value) = fixedValue(test.member) else {
                result = nil
                continue
            }
            if !test.matcher.matches(value) { return false }
        }
        return result
    }

    /// A member's value, when the stack does not decide it.
    enum MemberValue {
        case known(Scalar?)
        case stackDependent
    }

    func fixedValue(_ member: PredicateMember) -> MemberValue {
        let context = styleContext()
        switch member {
        case .colorScheme: return .known(.string(context.colorScheme.rawValue))
        case .contrast: return .known(.string(context.contrast.rawValue))
        case .platform: return .known(context.platform.map(Scalar.string))
        case .dynamicType: return .known(.string(context.dynamicType.rawValue))
        case .scaleFactor: return .known(.number(context.scaleFactor))
        case .fontDesign: return .known(.string(context.fontDesign.rawValue))
        case .fontWidth: return .known(.string(context.fontWidth.rawValue))
        case .elevation: return .known(.number(Double(context.elevation)))
        case .variable(let name): return .known(context.vars[name])
        case .modifier(let selector):
            if let chosen = context.vars[selector.name] { return .known(.string(chosen.description)) }
            for mapping in selector.mapping {
                switch holds(mapping.predicate) {
                case true?: return .known(.string(mapping.context))
                case false?: continue
                case nil: return .stackDependent
                }
            }
            return .known(.string(selector.fallback))
        case .accent, .accentBrightness, .component, .componentHierarchy, .container, .containerParent,
            .containerState, .containerLevel, .containerLevelOverall, .elementType, .elementHierarchy:
            return .stackDependent
        }
    }
}
