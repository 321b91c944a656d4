import SnapStyleEngine

extension ThemeStore {
    /// What a rebuilt theme changed, for the themes that extend it.
    struct Delta {
        var nodes: Set<NodeRef>
        var files: [String]
    }

    /// Rebuilds the themes whose files changed (`touched`: name → changed file paths) and every theme that
    /// extends a rebuilt one, parents first.
    func rebuild(_ touched: [String: Set<String>], _ state: inout State, _ report: inout ReloadReport) {
        var deltas: [String: Delta] = [:]
        for name in buildOrder(state.records) {
            guard let parent = state.records[name].map(\.parent) else { continue }
            let files = touched[name]
            let parentDelta = parent.flatMap { deltas[$0] }
            guard files != nil || parentDelta != nil else { continue }
            // Taken out of the state so that its graph and layer are uniquely referenced while they change.
            var record = state.records.removeValue(forKey: name)!
            let wasServed = record.served != nil
            let (changes, failure, delta) = build(&record, files: files ?? [], parentDelta: parentDelta, state)
            // A theme is announced as added when it first serves (one broken on arrival reports its errors).
            if !wasServed, record.served != nil, record.location != nil { report.added.append(name) }
            // After a failure the files read so far stay "previous": the next build compares with what serves.
            if failure == nil { record.previous = [:] }
            state.records[name] = record
            if let changes { report.changes.append(changes) }
            if let failure { report.failures.append(failure) }
            if let delta { deltas[name] = delta }
        }
    }

    /// Names with parents before the themes that extend them (names on an `extends` cycle last).
    func buildOrder(_ records: [String: Record]) -> [String] {
        var order: [String] = []
        var placed = Set<String>()
        var remaining = records.keys.sorted()
        while !remaining.isEmpty {
            let ready = remaining.filter { name in
                guard let parent = records[name]?.parent, records[parent] != nil, parent != name else { return true }
                return placed.contains(parent)
            }
            if ready.isEmpty {
                order += remaining
                break
            }
            order += ready
            placed.formUnion(ready)
            remaining.removeAll { placed.contains($0) }
        }
        return order
    }

    /// Builds one theme's candidate from its files and its parent's served layers; applies it if it is valid.
    func build(_ record: inout Record, files: Set<String>, parentDelta: Delta?, _ state: State)
        -> (ThemeChange?, ThemeFailure?, Delta?)
    {
        let name = record.name
        let (own, manifest, mergeErrors) = merged(&record, changedFiles: files)
        var errors = mergeErrors
        let parentName = record.extends
        var parentLayers: [ThemeLayer] = []
        if let parentName {
            let location =
                manifest?.location ?? SourceLocation(file: record.fileOrder.first ?? name, line: 1, column: 1)
            if record.extendsBuiltinPreset {
                parentLayers = [Preset.layer]
            } else if let cycle = extendsCycle(from: name, parent: parentName, state.records) {
                errors.append(ThemeError(at: location, "theme extends cycle: \(cycle.joined(separator: " → "))"))
            } else if let parent = state.records[parentName]?.served {
                parentLayers = parent.snapshot.layers
            } else if state.records[parentName] != nil {
                errors.append(ThemeError(at: location, "extends '\(parentName)', which has errors and never loaded"))
            } else {
                let known = state.records.keys.sorted().joined(separator: ", ")
                errors.append(ThemeError(at: location, "extends unknown theme '\(parentName)' (known: \(known))"))
            }
        }
        let servedGeneration = record.served?.snapshot.generation ?? 0
        let relative = files.sorted()
        guard errors.isEmpty else {
            record.errors = errors
            return (nil, ThemeFailure(theme: name, generation: servedGeneration, errors: errors), nil)
        }
        let layers = parentLayers + [own]
        let oldSnapshot = record.served?.snapshot
        let incremental = oldSnapshot != nil && record.goodExtends == parentName && record.goodLayer != nil
        var candidates = Set<NodeRef>()
        if incremental {
            // Files changed since the last applied build (a failed build in between keeps them previous).
            for path in files.union(record.previous.keys) {
                if let old = record.previous[path] { candidates.formUnion(old.layer.nodes) }
                if let new = record.files[path] { candidates.formUnion(new.layer.nodes) }
            }
            if let parentDelta { candidates.formUnion(parentDelta.nodes) }
        }
        var graph = record.graph
        record.graph = ReferenceGraph()  // keeps the graph uniquely referenced while it is updated
        var gainedEdges: [NodeRef] = []
        if incremental {
            for node in candidates where graph.update(node, layers: layers) { gainedEdges.append(node) }
        } else {
            graph = ReferenceGraph(layers: layers)
        }
        if incremental && parentDelta == nil, let oldLayers = oldSnapshot?.layers {
            // Only definitions that differ from what serves need checking; a new cycle needs a new edge.
            var toValidate = candidates.filter { Self.differs($0, oldLayers, layers) }
            for node in candidates where !ThemeAssembler.isDefined(node, in: layers) {
                toValidate.formUnion(graph.readers(of: node))
            }
            errors = ThemeAssembler.validate(
                nodes: Array(toValidate), own: own, layers: layers, graph: graph, cyclesThrough: gainedEdges)
        } else {
            errors = ThemeAssembler.validate(nodes: own.nodes, own: own, layers: layers, graph: graph)
        }
        guard errors.isEmpty else {
            if incremental, let oldLayers = oldSnapshot?.layers {
                for node in candidates { graph.update(node, layers: oldLayers) }
            }
            record.graph = incremental ? graph : record.graph
            if !incremental, let oldLayers = oldSnapshot?.layers { record.graph = ReferenceGraph(layers: oldLayers) }
            record.errors = errors
            return (nil, ThemeFailure(theme: name, generation: servedGeneration, errors: errors), nil)
        }
        record.graph = graph
        record.errors = []
        record.goodLayer = own
        record.goodExtends = parentName

        guard let served = record.served, let oldSnapshot else {
            let snapshot = ThemeSnapshot(name: name, generation: 1, layers: layers)
            record.served = StyleTheme(snapshot)
            return (nil, nil, Delta(nodes: Set(own.nodes), files: relative))
        }
        let nodes = incremental ? candidates : Set(oldSnapshot.layers.flatMap(\.nodes)).union(layers.flatMap(\.nodes))
        var changedNodes = Set(
            nodes.filter { node in
                if case .key = node { return Self.differs(node, oldSnapshot.layers, layers) }
                return false
            })
        let probe = ThemeSnapshot(name: name, generation: oldSnapshot.generation + 1, layers: layers)
        let containers = Set(oldSnapshot.containers.keys).union(probe.containers.keys)
            .filter { oldSnapshot.containers[$0] != probe.containers[$0] }.sorted()
        let components = Set(oldSnapshot.components.keys).union(probe.components.keys)
            .filter { oldSnapshot.components[$0] != probe.components[$0] }.sorted()
        changedNodes.formUnion(containers.map(NodeRef.container))
        changedNodes.formUnion(components.map(NodeRef.component))
        guard !changedNodes.isEmpty else {
            served.install(oldSnapshot.relocated(layers: layers), changed: [])
            return (nil, nil, nil)
        }
        let affected = graph.affectedKeys(by: changedNodes, stackChanged: !containers.isEmpty || !components.isEmpty)
        served.install(probe, changed: affected.union(changedNodes))
        var changed: [Attribute: [String]] = [:]
        for case .key(let attribute, let key) in affected { changed[attribute, default: []].append(key) }
        for attribute in changed.keys { changed[attribute]!.sort() }
        let change = ThemeChange(
            theme: name, generation: probe.generation, changed: changed, containers: containers,
            components: components, files: relative.isEmpty ? (parentDelta?.files ?? []) : relative)
        return (change, nil, Delta(nodes: changedNodes, files: change.files))
    }

    /// The theme's own layer from its files: updated from the last merge for the changed files when that merge
    /// had no errors, merged from scratch otherwise.
    func merged(_ record: inout Record, changedFiles: Set<String>) -> (ThemeLayer, ThemeManifest?, [ThemeError]) {
        let files = record.fileOrder.compactMap { record.files[$0] }
        guard var layer = record.mergedLayer, !changedFiles.isEmpty,
            changedFiles.allSatisfy({ record.previous[$0] != nil || record.files[$0] != nil })
        else {
            let result = ThemeAssembler.merge(name: record.name, files: files)
            record.mergedLayer = result.2.isEmpty ? result.0 : nil
            return result
        }
        record.mergedLayer = nil
        for path in changedFiles {
            guard let old = record.previous[path] else { continue }
            ThemeAssembler.remove(old.layer, from: &layer)
        }
        var errors: [ThemeError] = []
        for path in changedFiles.sorted() {
            guard let new = record.files[path] else { continue }
            errors += new.errors
            errors += ThemeAssembler.add(new.layer, to: &layer)
        }
        var manifest: ThemeManifest?
        for file in files {
            guard let m = file.manifest else { continue }
            if let first = manifest {
                errors.append(ThemeError(at: m.location, "the theme manifest is already given at \(first.location)"))
            } else {
                manifest = m
            }
        }
        // Errors in files that did not change are still errors.
        for file in files where !changedFiles.contains(file.path) { errors += file.errors }
        if errors.isEmpty { record.mergedLayer = layer }
        return (layer, manifest, errors)
    }

    /// Whether a key's definitions, top to bottom, differ between two stacks of layers (containers and
    /// components are compared after `extends`, elsewhere).
    static func differs(_ node: NodeRef, _ old: [ThemeLayer], _ new: [ThemeLayer]) -> Bool {
        guard case .key(let attribute, let key) = node else { return true }
        guard old.count == new.count else { return true }
        for (a, b) in zip(old, new) where a.entry(attribute, key)?.definition != b.entry(attribute, key)?.definition {
            return true
        }
        return false
    }

    /// The chain of `extends` from a theme if it comes back to a theme already on it.
    func extendsCycle(from name: String, parent: String, _ records: [String: Record]) -> [String]? {
        var chain = [name]
        var next: String? = parent
        while let current = next {
            if let index = chain.firstIndex(of: current) { return Array(chain[index...]) + [current] }
            guard records[current] != nil else { return nil }
            chain.append(current)
            next = records[current]?.parent
        }
        return nil
    }

    /// Publishes served themes and infos for readers.
    func publish(_ state: State) {
        var themes: [String: StyleTheme] = [:]
        var infos: [ThemeInfo] = []
        for record in state.records.values.sorted(by: { $0.name < $1.name }) {
            if let served = record.served { themes[record.name] = served }
            let generation = record.served?.snapshot.generation ?? 0
            infos.append(
                ThemeInfo(
                    name: record.name, root: record.rootPath, origin: record.origin, extends: record.extends,
                    state: record.errors.isEmpty ? (record.served == nil ? .loading : .loaded) : .error,
                    generation: generation, files: record.fileOrder, errors: record.errors,
                    shadowed: record.shadowed))
        }
        published.withLock {
            $0.themes = themes
            $0.infos = infos
        }
    }
}
