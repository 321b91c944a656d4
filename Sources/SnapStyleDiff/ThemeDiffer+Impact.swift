import SnapStyleEngine
import SnapStyleReview

extension ThemeDiffer {
    /// The components' elements and the containers whose resolved values differ, found among those that map a
    /// key whose value changed (or whose own definition changed), resolved on both sides in the changed contexts.
    func blastRadius(values: [ValueChange], changedNodes: Set<NodeRef>) -> ([ElementImpact], [ContainerImpact]) {
        let changedKeys = Set(values.map { NodeRef.key($0.attribute, $0.key) })
        var contextSet = Set<AuditContext>()
        var contexts: [AuditContext] = []
        for context in values.flatMap({ $0.groups.flatMap(\.contexts) }) where contextSet.insert(context).inserted {
            contexts.append(context)
        }
        if contexts.isEmpty {
            contexts = AuditContext.space(modifiers: new.snapshot.modifiers).filter { $0.dynamicType == .large }
        }
        func containerReads(_ container: Container?) -> Bool {
            guard let container else { return false }
            if changedNodes.contains(.container(container.id)) { return true }
            let keys: [(Attribute, String?)] = [
                (.surface, container.surface), (.composition, container.composition), (.shape, container.shape),
                (.padding, container.padding), (.number, container.border),
            ]
            return keys.contains { attribute, key in key.map { changedKeys.contains(.key(attribute, $0)) } ?? false }
        }
        var elements: [ElementImpact] = []
        for id in Set(old.components.keys).union(new.components.keys).sorted() {
            let sides = [old.components[id], new.components[id]].compactMap { $0 }
            guard sides.count == 2 else { continue }
            let types = ElementType.allCases.filter { type in
                sides.contains { component in
                    ElementAttribute.allCases.contains { component.key(for: $0, element: type) != nil }
                }
            }
            let reads =
                changedNodes.contains(.component(id))
                || sides.contains { component in
                    types.contains { type in
                        ElementAttribute.allCases.contains { attribute in
                            component.key(for: attribute, element: type).map {
                                changedKeys.contains(.key(attribute.attribute, $0))
                            } ?? false
                        }
                    }
                }
                || sides.contains { containerReads($0.container.flatMap { new.containers[$0] }) }
            guard reads else { continue }
            for type in types {
                var hierarchies = Set<Hierarchy>(), states = Set<ContainerState>(), attributes = Set<ElementAttribute>()
                for state in ContainerState.allCases {
                    for hierarchy in Hierarchy.allCases {
                        for context in contexts {
                            let styleContext = context.styleContext(stack: [
                                .component(id, state: state, hierarchy: nil)
                            ])
                            let element = Element(type: type, hierarchy: hierarchy)
                            let before = try? old.resolveElement(element, context: styleContext)
                            let after = try? new.resolveElement(element, context: styleContext)
                            guard before != after else { continue }
                            hierarchies.insert(hierarchy)
                            states.insert(state)
                            for attribute in ElementAttribute.allCases
                            where before?.values[attribute] != after?.values[attribute] {
                                attributes.insert(attribute)
                            }
                        }
                    }
                }
                guard !states.isEmpty else { continue }
                elements.append(
                    ElementImpact(
                        component: id, type: type, hierarchies: Hierarchy.allCases.filter(hierarchies.contains),
                        states: ContainerState.allCases.filter(states.contains),
                        attributes: ElementAttribute.allCases.filter(attributes.contains)))
            }
        }
        var containers: [ContainerImpact] = []
        for id in Set(old.containers.keys).union(new.containers.keys).sorted()
        where containerReads(old.containers[id]) || containerReads(new.containers[id]) {
            var states: [ContainerState] = []
            for state in ContainerState.allCases {
                let differs = contexts.contains { context in
                    let styleContext = context.styleContext(stack: [.container(id, state: state)])
                    return (try? old.resolveContainer(context: styleContext))
                        != (try? new.resolveContainer(context: styleContext))
                }
                if differs { states.append(state) }
            }
            guard !states.isEmpty else { continue }
            let drawn = Set(old.components.values.filter { $0.container == id }.map(\.id))
                .union(new.components.values.filter { $0.container == id }.map(\.id))
            containers.append(ContainerImpact(container: id, states: states, components: drawn.sorted()))
        }
        return (elements, containers)
    }

    /// The audit's pairs whose ratio fell, measured on both sides in every context, grouped by equal figures.
    /// Only in the contexts where a value changed (at every Dynamic Type size: large text is judged from the font),
    /// and the components' and accents' pairs only when a component, container or accent changed.
    func contrastRegressions(theme: String, diff: ThemeDiff) -> [ContrastRegression] {
        var changed = Set<AuditContext>()
        for context in diff.values.flatMap({ $0.groups.flatMap(\.contexts) }) {
            var base = context
            base.dynamicType = .large
            changed.insert(base)
        }
        let contexts = AuditContext.space(modifiers: new.snapshot.modifiers).filter { context in
            var base = context
            base.dynamicType = .large
            return changed.contains(base)
        }
        let native =
            !diff.components.isEmpty || !diff.containers.isEmpty || diff.values.contains { $0.attribute == .accent }
        func measured(_ session: StyleSession, _ declared: [DeclaredPair])
            -> [(context: AuditContext, pairs: [AuditMeasurement])]
        {
            ThemeAuditor(
                theme: theme, session: session, options: AuditOptions(),
                locator: KeyLocator(session: session, roots: [:]), declared: declared
            ).measurements(in: contexts, native: native)
        }
        func identity(_ pair: AuditMeasurement) -> String {
            "\(pair.subject.name)|\(pair.foreground.name)|\(pair.background.name)|\(pair.role.rawValue)"
        }
        let before = measured(old, oldDeclared), after = measured(new, newDeclared)
        var regressions: [ContrastRegression] = []
        for (oldSide, newSide) in zip(before, after) {
            var oldPairs: [String: AuditMeasurement] = [:]
            for pair in oldSide.pairs { oldPairs[identity(pair)] = pair }
            for pair in newSide.pairs {
                guard let was = oldPairs[identity(pair)], pair.ratio < was.ratio - 0.005 else { continue }
                let oldRatio = (was.ratio * 100).rounded() / 100, newRatio = (pair.ratio * 100).rounded() / 100
                if let index = regressions.firstIndex(where: {
                    $0.pair == pair.subject.name && $0.foreground == pair.foreground.name
                        && $0.background == pair.background.name && $0.oldRatio == oldRatio
                        && $0.newRatio == newRatio && $0.passes == pair.passes
                }) {
                    regressions[index].contexts.append(newSide.context)
                } else {
                    regressions.append(
                        ContrastRegression(
                            pair: pair.subject.name, role: pair.role, foreground: pair.foreground.name,
                            background: pair.background.name, contexts: [newSide.context], oldRatio: oldRatio,
                            newRatio: newRatio, required: pair.requirement.ratio, passesBefore: was.passes,
                            passes: pair.passes))
                }
            }
        }
        // Pairs that fail now and passed before first, then those that still fail, then the rest; lowest ratio first.
        func rank(_ regression: ContrastRegression) -> Int {
            regression.passes ? 2 : regression.passesBefore ? 0 : 1
        }
        return regressions.sorted { (rank($0), $0.newRatio, $0.pair) < (rank($1), $1.newRatio, $1.pair) }
    }
}
