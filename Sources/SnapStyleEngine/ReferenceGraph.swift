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

    /// Recomputes one node's edges from the layers (it may have been added, changed or removed). Returns
    /// whether it gained an edge (only a new edge can close a new reference cycle).
    @discardableResult
    public mutating func update(_ node: NodeRef, layers: [ThemeLayer]) -> Bool {
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
        return !new.isSubset(of: old)
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

    /// Reference cycles among the nodes reachable from `start` that pass through one of them: each as the
    /// list of nodes on it, in reference order. The accent in effect counts as reading every accent.
    /// (Tarjan's strongly connected components, so each node is visited once.)
    public func cycles(through start: [NodeRef]) -> [[NodeRef]] {
        var accentNodes: [NodeRef]?
        func successors(_ node: NodeRef) -> [NodeRef] {
            var next: [NodeRef] = []
            for edge in edges[node] ?? [] {
                switch edge {
                case .node(let n) where edges[n] != nil: next.append(n)
                case .accentInEffect:
                    if accentNodes == nil {
                        accentNodes = edges.keys.filter { if case .key(.accent, _) = $0 { true } else { false } }
                    }
                    next += accentNodes!
                default: break
                }
            }
            return next
        }
        var index: [NodeRef: Int] = [:]
        var lowlink: [NodeRef: Int] = [:]
        var onStack = Set<NodeRef>()
        var stack: [NodeRef] = []
        var components: [[NodeRef]] = []
        var counter = 0
        for origin in Set(start).sorted() where edges[origin] != nil && index[origin] == nil {
            // Iterative depth-first search: (node, its successors, next successor to visit).
            var work: [(NodeRef, [NodeRef], Int)] = [(origin, successors(origin), 0)]
            index[origin] = counter
            lowlink[origin] = counter
            counter += 1
            stack.append(origin)
            onStack.insert(origin)
            while !work.isEmpty {
                let (node, next, position) = work[work.count - 1]
                if position < next.count {
                    work[work.count - 1].2 += 1
                    let successor = next[position]
                    if index[successor] == nil {
                        index[successor] = counter
                        lowlink[successor] = counter
                        counter += 1
                        stack.append(successor)
                        onStack.insert(successor)
                        work.append((successor, successors(successor), 0))
                    } else if onStack.contains(successor) {
                        lowlink[node] = min(lowlink[node]!, index[successor]!)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.0 { lowlink[parent] = min(lowlink[parent]!, lowlink[node]!) }
                guard lowlink[node] == index[node] else { continue }
                var component: [NodeRef] = []
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component.append(top)
                    if top == node { break }
                }
                let selfLoop = component.count == 1 && successors(node).contains(node)
                if component.count > 1 || selfLoop { components.append(component) }
            }
        }
        let starts = Set(start)
        return components.filter { $0.contains(where: starts.contains) }.map { ordered($0, successors) }
    }

    /// A strongly connected component as one cycle in reference order, from its smallest node.
    private func ordered(_ component: [NodeRef], _ successors: (NodeRef) -> [NodeRef]) -> [NodeRef] {
        let members = Set(component)
        let first = component.min()!
        var path = [first]
        var visited: Set<NodeRef> = [first]
        var current = first
        while let next = successors(current).first(where: { members.contains($0) && !visited.contains($0) }) {
            path.append(next)
            visited.insert(next)
            current = next
        }
        return path + component.filter { !visited.contains($0) }.sorted()
    }
}
