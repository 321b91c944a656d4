/// What every definition of a theme's layers may read, and the reverse: who reads what.
///
/// It answers the questions of a change: which keys may have a new value (everything that reads a changed
/// definition, transitively), and whether a new definition closes a reference cycle.
public struct ReferenceGraph: Sendable {
    /// Edges of each node: the union over all layers of what its definitions read.
    public private(set) var edges: [NodeRef: Set<GraphNode>] = [:]
    /// Who reads a node.
    private var readers: [GraphNode: Set<NodeRef>] = [:]

    public init() {}

    public init(layers: [ThemeLayer]) {
        var nodes = Set<NodeRef>()
        for layer in layers { nodes.formUnion(layer.nodes) }
        for node in nodes { update(node, layers: layers) }
    }

    /// What a node's definitions read across layers.
    public static func references(of node: NodeRef, in layers: [ThemeLayer]) -> Set<GraphNode> {
        var refs = Set<GraphNode>()
        for layer in layers {
            switch node {
            case .key(let attribute, let key):
                if let entry = layer.entry(attribute, key) { refs.formUnion(entry.definition.references(attribute)) }
            case .container(let id):
                guard let entry = layer.containers[id] else { continue }
                refs.formUnion(entry.definition.references.map(GraphNode.node))
                if let parent = entry.definition.extends { refs.insert(.node(.container(parent))) }
            case .component(let id):
                guard let entry = layer.components[id] else { continue }
                refs.formUnion(entry.definition.references.map(GraphNode.node))
                if let parent = entry.definition.extends { refs.insert(.node(.component(parent))) }
            }
        }
        return refs
    }

    /// The nodes whose definitions read `node`.
    public func readers(of node: NodeRef) -> [NodeRef] { Array(readers[.node(node)] ?? []) }

    /// Recomputes one node's edges from the layers (it may have been added, changed or removed).
    public mutating func update(_ node: NodeRef, layers: [ThemeLayer]) {
        let new = Self.references(of: node, in: layers)
        let old = edges[node] ?? []
        for gone in old.subtracting(new) {
            readers[gone]?.remove(node)
            if readers[gone]?.isEmpty == true { readers[gone] = nil }
        }
        for added in new.subtracting(old) { readers[added, default: []].insert(node) }
        let defined = layers.contains { layer in
            switch node {
            case .key(let attribute, let key): layer.entry(attribute, key) != nil
            case .container(let id): layer.containers[id] != nil
            case .component(let id): layer.components[id] != nil
            }
        }
        edges[node] = defined ? new : nil
    }

    /// The keys whose values may differ after `changed` keys changed (and, with `stackChanged`, after a
    /// container or component changed the stack's meaning): the changed keys and every key that reads one of
    /// them, transitively. A changed accent, or stack, changes the accent in effect.
    public func affectedKeys(by changed: Set<NodeRef>, stackChanged: Bool) -> Set<NodeRef> {
        var result = Set<NodeRef>()
        var queue: [GraphNode] = []
        var seen = Set<GraphNode>()
        func visit(_ node: GraphNode) {
            guard seen.insert(node).inserted else { return }
            queue.append(node)
            if case .node(.key(let attribute, _)) = node {
                if case .node(let ref) = node { result.insert(ref) }
                if attribute == .accent { visit(.accentInEffect) }
            }
            if node == .stack { visit(.accentInEffect) }
        }
        for node in changed { if case .key = node { visit(.node(node)) } }
        if stackChanged { visit(.stack) }
        while let next = queue.popLast() {
            for reader in readers[next] ?? [] {
                guard case .key = reader else { continue }
                visit(.node(reader))
            }
        }
        return result
    }

    /// Reference cycles through any of `start`: each as the list of nodes on it, in order.
    /// The accent in effect counts as reading every accent.
    public func cycles(through start: [NodeRef]) -> [[NodeRef]] {
        var found: [[NodeRef]] = []
        var reported = Set<Set<NodeRef>>()
        let accents = edges.keys.filter { if case .key(.accent, _) = $0 { true } else { false } }
        func successors(_ node: NodeRef) -> [NodeRef] {
            var next: [NodeRef] = []
            for edge in edges[node] ?? [] {
                switch edge {
                case .node(let n): next.append(n)
                case .accentInEffect: next += accents
                case .stack: break
                }
            }
            return next.sorted()
        }
        for origin in start.sorted() where edges[origin] != nil {
            // Depth-first search for a path from origin back to origin.
            var path: [NodeRef] = [origin]
            var iterators: [[NodeRef]] = [successors(origin)]
            var onPath: Set<NodeRef> = [origin]
            var visited: Set<NodeRef> = [origin]
            while !iterators.isEmpty {
                guard let next = iterators[iterators.count - 1].popLast() else {
                    iterators.removeLast()
                    onPath.remove(path.removeLast())
                    continue
                }
                if next == origin {
                    let members = Set(path)
                    if reported.insert(members).inserted { found.append(path) }
                    continue
                }
                guard !onPath.contains(next), visited.insert(next).inserted, edges[next] != nil else { continue }
                path.append(next)
                onPath.insert(next)
                iterators.append(successors(next))
            }
        }
        return found
    }
}
