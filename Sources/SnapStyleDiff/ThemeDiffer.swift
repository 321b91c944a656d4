import SnapStyleEngine
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleReview
import SnapStyleThemes
import SnapStyleExport

/// Compares one theme as two builds give it: its definitions, its resolved values in every context, what they
/// reach (components, containers, CSS variables) and the contrast of its pairs.
struct ThemeDiffer {
    let old: StyleSession
    let new: StyleSession
    /// Theme name → root directory of each side, to say where a definition is written.
    let oldRoots: [String: String]
    let newRoots: [String: String]
    /// The contrast pairs each side's manifest declares (`theme.audit`).
    var oldDeclared: [DeclaredPair] = []
    var newDeclared: [DeclaredPair] = []

    func run(theme: String) -> ThemeDiff {
        var diff = ThemeDiff(theme: theme, status: .compared)
        let (keys, changedNodes) = definitionChanges()
        diff.keys = keys
        let contexts = AuditContext.space(modifiers: new.snapshot.modifiers)
        diff.contexts = contexts
        diff.values = valueChanges(changed: changedNodes, contexts: contexts)
        let (components, containers) = blastRadius(values: diff.values, changedNodes: changedNodes)
        diff.components = components
        diff.containers = containers
        if !diff.values.isEmpty { diff.contrast = contrastRegressions(theme: theme, diff: diff) }
        return diff
    }

    /// Every definition of a key, bottom layer first.
    static func definitions(_ session: StyleSession, _ attribute: Attribute, _ key: String) -> [Definition] {
        session.snapshot.layers.compactMap { $0.entry(attribute, key)?.definition }
    }

    /// Keys added, removed, renamed and redefined, and the nodes whose definitions differ (keys, containers,
    /// components).
    func definitionChanges() -> ([KeyChange], Set<NodeRef>) {
        var changes: [KeyChange] = []
        var changed = Set<NodeRef>()
        for attribute in Attribute.allCases {
            let oldKeys = Set(old.snapshot.keys(attribute)), newKeys = Set(new.snapshot.keys(attribute))
            var added = newKeys.subtracting(oldKeys).sorted()
            var removed: [String] = []
            for key in oldKeys.subtracting(newKeys).sorted() {
                let definition = old.snapshot.topEntry(attribute, key)?.entry.definition
                if let index = added.firstIndex(where: {
                    new.snapshot.topEntry(attribute, $0)?.entry.definition == definition
                }) {
                    let name = added.remove(at: index)
                    changes.append(
                        KeyChange(
                            kind: .renamed, attribute: attribute, key: name, from: key, old: definition?.summary,
                            new: definition?.summary, location: location(new, newRoots, attribute, name)))
                    changed.insert(.key(attribute, key))
                    changed.insert(.key(attribute, name))
                } else {
                    removed.append(key)
                }
            }
            for key in added {
                changed.insert(.key(attribute, key))
                changes.append(
                    KeyChange(
                        kind: .added, attribute: attribute, key: key,
                        new: new.snapshot.topEntry(attribute, key)?.entry.definition.summary,
                        location: location(new, newRoots, attribute, key)))
            }
            for key in removed {
                changed.insert(.key(attribute, key))
                changes.append(
                    KeyChange(
                        kind: .removed, attribute: attribute, key: key,
                        old: old.snapshot.topEntry(attribute, key)?.entry.definition.summary,
                        location: location(old, oldRoots, attribute, key)))
            }
            for key in oldKeys.intersection(newKeys).sorted()
            where Self.definitions(old, attribute, key) != Self.definitions(new, attribute, key) {
                changed.insert(.key(attribute, key))
                changes.append(
                    KeyChange(
                        kind: .redefined, attribute: attribute, key: key,
                        old: old.snapshot.topEntry(attribute, key)?.entry.definition.summary,
                        new: new.snapshot.topEntry(attribute, key)?.entry.definition.summary,
                        location: location(new, newRoots, attribute, key)))
            }
        }
        for id in Set(old.containers.keys).union(new.containers.keys) where old.containers[id] != new.containers[id] {
            changed.insert(.container(id))
        }
        for id in Set(old.components.keys).union(new.components.keys) where old.components[id] != new.components[id] {
            changed.insert(.component(id))
        }
        changes.sort { ($0.attribute, $0.key) < ($1.attribute, $1.key) }
        return (changes, changed)
    }

    func location(_ session: StyleSession, _ roots: [String: String], _ attribute: Attribute, _ key: String)
        -> String?
    {
        KeyLocator(session: session, roots: roots).location(attribute, key)?.description
    }

    /// The contexts a key's value is compared in: fonts and numbers at every Dynamic Type size, the rest at the
    /// default one.
    static func contexts(for attribute: Attribute, in space: [AuditContext]) -> [AuditContext] {
        attribute == .font || attribute == .number ? space : space.filter { $0.dynamicType == .large }
    }

    /// Every key on both sides that reads a changed definition (or has one), compared in every context.
    func valueChanges(changed: Set<NodeRef>, contexts space: [AuditContext]) -> [ValueChange] {
        let stackChanged = changed.contains { if case .key = $0 { false } else { true } }
        var candidates = ReferenceGraph(layers: old.snapshot.layers).affectedKeys(
            by: changed, stackChanged: stackChanged)
        candidates.formUnion(
            ReferenceGraph(layers: new.snapshot.layers).affectedKeys(by: changed, stackChanged: stackChanged))
        var changes: [ValueChange] = []
        for node in candidates.sorted() {
            guard case .key(let attribute, let key) = node, old.defines(attribute, key), new.defines(attribute, key)
            else { continue }
            var groups: [ChangeGroup] = []
            for context in Self.contexts(for: attribute, in: space) {
                let styleContext = context.styleContext()
                let before = try? old.resolve(attribute, key, context: styleContext)
                let after = try? new.resolve(attribute, key, context: styleContext)
                guard before != after else { continue }
                if let index = groups.firstIndex(where: { $0.old == before && $0.new == after }) {
                    groups[index].contexts.append(context)
                } else {
                    groups.append(ChangeGroup(contexts: [context], old: before, new: after))
                }
            }
            guard let first = groups.first?.contexts.first else { continue }
            var reads = Set<NodeRef>()
            for session in [old, new] {
                if let explanation = try? session.explain(attribute, key, context: first.styleContext()) {
                    reads.formUnion(explanation.dependsOn)
                }
            }
            changes.append(
                ValueChange(
                    attribute: attribute, key: key, groups: groups, ownDefinition: changed.contains(node),
                    upstream: reads.intersection(changed).sorted(), css: css(attribute, key, groups)))
        }
        return changes
    }

    /// The export's custom properties of a key whose values changed, per group of contexts.
    func css(_ attribute: Attribute, _ key: String, _ groups: [ChangeGroup]) -> [CSSChange] {
        func properties(_ session: StyleSession, _ value: ResolvedValue?) -> [String: String] {
            guard let value = value.flatMap({ StyleValue(json: $0.json, attribute: attribute) }) else { return [:] }
            let type = session.snapshot.token(attribute, key)?.token.type
            let entry = ExportedValue(key: key, value: value, type: type)
            var result: [String: String] = [:]
            for (name, written) in ThemeExport.properties(attribute: attribute.rawValue, entry) ?? [] {
                result[name] = written
            }
            return result
        }
        var changes: [CSSChange] = []
        for group in groups {
            let before = properties(old, group.old), after = properties(new, group.new)
            for name in Set(before.keys).union(after.keys).sorted() where before[name] != after[name] {
                if let index = changes.firstIndex(where: {
                    $0.name == name && $0.old == before[name] && $0.new == after[name]
                }) {
                    changes[index].contexts += group.contexts
                } else {
                    changes.append(CSSChange(name: name, old: before[name], new: after[name], contexts: group.contexts))
                }
            }
        }
        return changes
    }
}
