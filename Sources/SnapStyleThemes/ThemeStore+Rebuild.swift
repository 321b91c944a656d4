import SnapStyleEngine

extension ThemeStore {
    /// What a rebuilt theme changed, for the themes that extend it.
    struct Delta {
        var nodes: Set<NodeRef>
        var files: [String]
    }

    /// What building one theme came to.
    enum BuildOutcome {
        /// The theme serves the new build; `change` is nil when nothing resolves differently (or it is new).
        case applied(change: ThemeChange?, delta: Delta?)
        /// The theme keeps serving its last good generation, if any.
        case failed(ThemeFailure)
    }

    /// Rebuilds the themes whose files changed (`touched`: name → changed file paths) and every theme that
    /// extends a rebuilt one, parents first.
    func rebuild(_ touched: [String: Set<String>], _ state: inout State, _ report: inout ReloadReport) {
        var deltas: [String: Delta] = [:]
        let toBuild = Self.extending(Set(touched.keys), state.records)
        for name in buildOrder(state.records) where toBuild.contains(name) {
            // Taken out of the state so that its graph and layer are uniquely referenced while they change.
            var record = state.records.removeValue(forKey: name)!
            let (wasServed, hadErrors) = (record.served != nil, !record.errors.isEmpty)
            let parentDelta = record.parent.flatMap { deltas[$0] }
            let outcome = build(&record, files: touched[name] ?? [], parentDelta: parentDelta, state)
            switch outcome {
            case .applied(let change, let delta):
                record.memo.previous = [:]
                // A theme is announced as added when it first serves (one broken on arrival reports its errors).
                if !wasServed, record.location != nil { report.added.append(name) }
                if hadErrors, let served = record.served {
                    report.recovered.append(ThemeRecovery(theme: name, generation: served.snapshot.generation))
                }
                if let change { report.changes.append(change) }
                if let delta { deltas[name] = delta }
            case .failed(let failure):
                // The next build starts from scratch: nothing of a build that failed is reused.
                record.memo = BuildMemo()
                report.failures.append(failure)
            }
            state.records[name] = record
        }
    }

    /// The given names and every theme that extends one of them, directly or not.
    static func extending(_ names: Set<String>, _ records: [String: Record]) -> Set<String> {
        var result = names
        var grew = true
        while grew {
            grew = false
            for (name, record) in records where !result.contains(name) {
                if let parent = record.parent, result.contains(parent) {
                    result.insert(name)
                    grew = true
                }
            }
        }
        return result
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
    /// Incremental when the memo holds the last good build on the same parent, from scratch otherwise.
    func build(_ record: inout Record, files: Set<String>, parentDelta: Delta?, _ state: State) -> BuildOutcome {
        let name = record.name
        let (own, manifest, mergeErrors) = merged(&record, changedFiles: files)
        let parentName = record.extends
        let location = manifest?.location ?? SourceLocation(file: record.fileOrder.first ?? name, line: 1, column: 1)
        var errors = mergeErrors
        let parentLayers = self.parentLayers(of: record, at: location, state, &errors)
        let servedGeneration = record.served?.snapshot.generation ?? 0
        func failure(_ errors: [ThemeError]) -> BuildOutcome {
            // In the order of the files and of the places in them, however the build found them.
            let errors = errors.sorted {
                ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message)
            }
            record.errors = errors
            return .failed(ThemeFailure(theme: name, generation: servedGeneration, errors: errors))
        }
        guard errors.isEmpty else { return failure(errors) }
        let layers = parentLayers + [own]
        let oldSnapshot = record.served?.snapshot
        let incremental = oldSnapshot != nil && record.memo.goodExtends == parentName && record.memo.goodLayer != nil
        var candidates = Set<NodeRef>()
        if incremental {
            // Files changed since the last applied build.
            for path in files.union(record.memo.previous.keys) {
                let (removed, added) = Self.contributionChange(
                    path, old: record.memo.previous[path], new: record.files[path])
                if let removed { candidates.formUnion(removed.nodes) }
                if let added { candidates.formUnion(added.nodes) }
            }
            if let parentDelta { candidates.formUnion(parentDelta.nodes) }
        }
        var graph = record.memo.graph
        record.memo.graph = ReferenceGraph()  // keeps the graph uniquely referenced while it is updated
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
        guard errors.isEmpty else { return failure(errors) }
        record.memo.graph = graph
        record.memo.goodLayer = own
        record.memo.goodExtends = parentName
        record.errors = []

        guard let served = record.served, let oldSnapshot else {
            let snapshot = ThemeSnapshot(name: name, generation: 1, layers: layers)
            record.served = StyleTheme(snapshot, budget: cacheBudget)
            return .applied(
                change: nil, delta: Delta(nodes: Set(own.nodes), files: files.subtracting([Self.tokensUnit]).sorted()))
        }
        let nodes = incremental ? candidates : Set(oldSnapshot.layers.flatMap(\.nodes)).union(layers.flatMap(\.nodes))
        let reported = files.subtracting([Self.tokensUnit])
        return install(
            layers, nodes: nodes, on: served, graph: graph,
            files: reported.isEmpty ? (parentDelta?.files ?? []) : reported.sorted())
    }

    /// The served layers of the theme a record extends; an `extends` that cannot be served is an error.
    func parentLayers(of record: Record, at location: SourceLocation, _ state: State, _ errors: inout [ThemeError])
        -> [ThemeLayer]
    {
        guard let parentName = record.extends else { return [] }
        if record.extendsBuiltinPreset { return [Preset.layer] }
        if let cycle = extendsCycle(from: record.name, parent: parentName, state.records) {
            errors.append(ThemeError(at: location, "theme extends cycle: \(cycle.joined(separator: " → "))"))
        } else if let parent = state.records[parentName] {
            // A theme on a parent in error is in error too, as it would be after a fresh start, where the
            // parent never loaded; it keeps serving its last good generation.
            if parent.errors.isEmpty, let served = parent.served { return served.snapshot.layers }
            errors.append(ThemeError(at: location, "extends '\(parentName)', which has errors"))
        } else {
            let known = state.records.keys.sorted().joined(separator: ", ")
            errors.append(ThemeError(at: location, "extends unknown theme '\(parentName)' (known: \(known))"))
        }
        return []
    }

    /// Installs a new generation of a served theme: which of `nodes` changed, and what reads them.
    func install(
        _ layers: [ThemeLayer], nodes: Set<NodeRef>, on served: StyleTheme, graph: ReferenceGraph,
        files: [String]
    ) -> BuildOutcome {
        let oldSnapshot = served.snapshot
        var changedNodes = Set(
            nodes.filter { node in
                if case .key = node { return Self.differs(node, oldSnapshot.layers, layers) }
                return false
            })
        let probe = ThemeSnapshot(name: oldSnapshot.name, generation: oldSnapshot.generation + 1, layers: layers)
        let containers = Set(oldSnapshot.containers.keys).union(probe.containers.keys)
            .filter { oldSnapshot.containers[$0] != probe.containers[$0] }.sorted()
        let components = Set(oldSnapshot.components.keys).union(probe.components.keys)
            .filter { oldSnapshot.components[$0] != probe.components[$0] }.sorted()
        changedNodes.formUnion(containers.map(NodeRef.container))
        changedNodes.formUnion(components.map(NodeRef.component))
        guard !changedNodes.isEmpty else {
            served.install(oldSnapshot.relocated(layers: layers), changed: [])
            return .applied(change: nil, delta: nil)
        }
        let affected = graph.affectedKeys(by: changedNodes, stackChanged: !containers.isEmpty || !components.isEmpty)
        served.install(probe, changed: affected.union(changedNodes))
        var changed: [Attribute: [String]] = [:]
        for case .key(let attribute, let key) in affected { changed[attribute, default: []].append(key) }
        for attribute in changed.keys { changed[attribute]!.sort() }
        let change = ThemeChange(
            theme: oldSnapshot.name, generation: probe.generation, changed: changed, containers: containers,
            components: components, files: files)
        return .applied(change: change, delta: Delta(nodes: changedNodes, files: files))
    }

    /// The theme's own layer from its files: updated from the last merge for the changed files when that merge
    /// had no errors, merged from scratch otherwise.
    func merged(_ record: inout Record, changedFiles: Set<String>) -> (ThemeLayer, ThemeManifest?, [ThemeError]) {
        let files = record.contributions
        guard var layer = record.memo.mergedLayer,
            changedFiles.allSatisfy({ record.memo.previous[$0] != nil || record.files[$0] != nil })
        else {
            let result = ThemeAssembler.merge(name: record.name, files: files)
            record.memo.mergedLayer = result.2.isEmpty ? result.0 : nil
            return result
        }
        record.memo.mergedLayer = nil
        var changes: [String: (removed: ThemeLayer?, added: ThemeLayer?)] = [:]
        for path in changedFiles {
            changes[path] = Self.contributionChange(path, old: record.memo.previous[path], new: record.files[path])
            if let removed = changes[path]!.removed { ThemeAssembler.remove(removed, from: &layer) }
        }
        var errors: [ThemeError] = []
        for path in changedFiles.sorted() {
            guard let new = record.files[path] else { continue }
            errors += new.errors
            if let added = changes[path]!.added { errors += ThemeAssembler.add(added, to: &layer) }
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
        if errors.isEmpty { record.memo.mergedLayer = layer }
        return (layer, manifest, errors)
    }

    /// Whether a key's definitions, top to bottom, differ between two stacks of layers: resolution reads only the
    /// layers that define the key, so layers added or removed without a definition of it change nothing.
    /// (Containers and components are compared after `extends`, elsewhere.)
    static func differs(_ node: NodeRef, _ old: [ThemeLayer], _ new: [ThemeLayer]) -> Bool {
        guard case .key(let attribute, let key) = node else { return true }
        let before = old.lazy.compactMap { $0.entry(attribute, key)?.definition }
        let after = new.lazy.compactMap { $0.entry(attribute, key)?.definition }
        return !before.elementsEqual(after)
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
            var info = ThemeInfo(
                name: record.name, root: record.rootPath, origin: record.origin, extends: record.extends,
                state: record.errors.isEmpty ? (record.served == nil ? .loading : .loaded) : .error,
                generation: generation, files: record.fileOrder, errors: record.errors,
                shadowed: record.shadowed)
            if Self.hasTokens(record) {
                info.format = .dtcg
                info.warnings = record.warnings
                info.tokens = record.tokenCount
                let mappings = record.manifest?.modifiers ?? []
                info.modifiers = (record.files[Self.tokensUnit]?.layer.tokens.modifiers ?? []).map { selector in
                    ModifierInfo(
                        name: selector.name, contexts: selector.contexts, defaultContext: selector.defaultContext,
                        mappedTo: mappings.first { $0.modifier == selector.name }?.written)
                }
            }
            infos.append(info)
        }
        published.withLock {
            $0.themes = themes
            $0.infos = infos
        }
    }
}
