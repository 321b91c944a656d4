import SnapStyleEngine

/// Building one theme: its steps, in `buildTheme`.
extension ThemeBuilder {
    /// The theme's own layer merged from its files, with the first manifest among them.
    private struct MergedTheme {
        var layer: ThemeLayer
        var manifest: ThemeManifest?
        var errors: [ThemeError]
    }

    /// A theme's next generation while it is checked.
    private struct Candidate {
        /// The theme's own layer, the top of `layers`.
        var own: ThemeLayer
        /// The parent's served layers, then `own`.
        var layers: [ThemeLayer]
        var scope: BuildScope
    }

    /// How much of a theme a build checks again and compares with what it serves.
    private enum BuildScope {
        /// Everything: the theme never served, or the memo holds no good build on its parent (the theme moved,
        /// failed, or extends another theme now).
        case full
        /// Only the nodes that the files changed since the last good build (and the parent's change) define or
        /// defined; `served` is what the theme serves now.
        case incremental(candidates: Set<NodeRef>, served: ThemeSnapshot)
    }

    /// Builds one theme's candidate from its files and its parent's served layers; applies it if it is valid.
    /// Incremental when the memo holds the last good build on the same parent, from scratch otherwise. `announcing`:
    /// a served theme takes a new generation and reports a change even when no value changes.
    func buildTheme(
        _ record: inout Record, files: Set<String>, parentDelta: Delta?, announcing: Bool = false, _ build: ThemeBuild
    ) -> BuildOutcome {
        let merge = merged(&record, changedFiles: files)
        var errors = merge.errors
        let location = Self.themeLocation(merge.manifest, of: record)
        let parentLayers = self.parentLayers(of: record, at: location, build, &errors)
        guard errors.isEmpty else { return Self.fail(&record, errors) }
        let candidate = Candidate(
            own: merge.layer, layers: parentLayers + [merge.layer],
            scope: Self.scope(of: record, changedFiles: files, parentDelta: parentDelta))
        var graph = Self.takeGraph(&record)
        let gainedEdges = Self.update(&graph, to: candidate)
        errors = Self.validate(candidate, graph: graph, gainedEdges: gainedEdges, parentChanged: parentDelta != nil)
        guard errors.isEmpty else { return Self.fail(&record, errors) }
        Self.accept(candidate, graph: graph, &record)
        return serve(&record, candidate, graph: graph, files: files, parentDelta: parentDelta, announcing: announcing)
    }

    /// Where errors about the theme as a whole point: its manifest, or the start of its first file.
    private static func themeLocation(_ manifest: ThemeManifest?, of record: Record) -> SourceLocation {
        manifest?.location ?? SourceLocation(file: record.fileOrder.first ?? record.name, line: 1, column: 1)
    }

    /// A failed build: its errors become the theme's, which keeps serving its last good generation, if any.
    private static func fail(_ record: inout Record, _ errors: [ThemeError]) -> BuildOutcome {
        // In the order of the files and of the places in them, however the build found them.
        let sorted = errors.sorted {
            ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message)
        }
        record.errors = sorted
        let generation = record.served?.generation ?? 0
        return .failed(ThemeFailure(theme: record.name, generation: generation, errors: sorted))
    }

    /// Incremental when the theme serves a build on the same parent that the memo holds.
    private static func scope(of record: Record, changedFiles: Set<String>, parentDelta: Delta?) -> BuildScope {
        guard let served = record.served, record.memo.goodExtends == record.extends, record.memo.goodLayer != nil
        else { return .full }
        // Files changed since the last applied build.
        var candidates = Set<NodeRef>()
        for path in changedFiles.union(record.memo.previous.keys) {
            let change = contributionChange(path, old: record.memo.previous[path], new: record.files[path])
            candidates.formUnion(change.nodes)
        }
        if let parentDelta { candidates.formUnion(parentDelta.nodes) }
        return .incremental(candidates: candidates, served: served)
    }

    /// The memo's reference graph, taken out of it so that it is uniquely referenced while it is updated.
    private static func takeGraph(_ record: inout Record) -> ReferenceGraph {
        let graph = record.memo.graph
        record.memo.graph = ReferenceGraph()
        return graph
    }

    /// Brings the reference graph up to the candidate's layers: the candidate nodes of an incremental build, all
    /// of it otherwise. Returns the nodes that gained an edge.
    private static func update(_ graph: inout ReferenceGraph, to candidate: Candidate) -> [NodeRef] {
        guard case .incremental(let candidates, _) = candidate.scope else {
            graph = ReferenceGraph(layers: candidate.layers)
            return []
        }
        var gainedEdges: [NodeRef] = []
        for node in candidates where graph.update(node, layers: candidate.layers) { gainedEdges.append(node) }
        return gainedEdges
    }

    /// Checks the candidate's own layer: every node of it, unless the build is incremental on an unchanged parent.
    private static func validate(
        _ candidate: Candidate, graph: ReferenceGraph, gainedEdges: [NodeRef], parentChanged: Bool
    ) -> [ThemeError] {
        let own = candidate.own, layers = candidate.layers
        guard case .incremental(let candidates, let served) = candidate.scope, !parentChanged else {
            return ThemeAssembler.validate(nodes: own.nodes, own: own, layers: layers, graph: graph)
        }
        // Only definitions that differ from what serves need checking; a new cycle needs a new edge.
        var toValidate = candidates.filter { Self.differs($0, served.layers, layers) }
        for node in candidates where !ThemeAssembler.isDefined(node, in: layers) {
            toValidate.formUnion(graph.readers(of: node))
        }
        return ThemeAssembler.validate(
            nodes: Array(toValidate), own: own, layers: layers, graph: graph, cyclesThrough: gainedEdges)
    }

    /// Makes a valid candidate the build the next incremental one starts from; the theme has no errors now.
    private static func accept(_ candidate: Candidate, graph: ReferenceGraph, _ record: inout Record) {
        record.memo.graph = graph
        record.memo.goodLayer = candidate.own
        record.memo.goodExtends = record.extends
        record.errors = []
    }

    /// Serves a valid candidate: the first generation of a theme that never served, a new generation otherwise.
    private func serve(
        _ record: inout Record, _ candidate: Candidate, graph: ReferenceGraph, files: Set<String>, parentDelta: Delta?,
        announcing: Bool
    ) -> BuildOutcome {
        let reported = files.subtracting([Self.tokensUnit])
        guard let served = record.served else {
            let snapshot = ThemeSnapshot(name: record.name, generation: 1, layers: candidate.layers)
            record.served = snapshot
            return .applied(
                change: nil, delta: Delta(nodes: Set(candidate.own.nodes), files: reported.sorted()),
                installation: .first(snapshot))
        }
        let nodes: Set<NodeRef>
        switch candidate.scope {
        case .incremental(let candidates, _):
            nodes = candidates
        case .full:
            nodes = Set(served.layers.flatMap(\.nodes)).union(candidate.layers.flatMap(\.nodes))
        }
        return Self.next(
            candidate.layers, nodes: nodes, after: served, graph: graph,
            files: reported.isEmpty ? (parentDelta?.files ?? []) : reported.sorted(), announcing: announcing,
            &record)
    }

    /// The next generation of a served theme: which of `nodes` changed, and what reads them (the cache entries
    /// its installation drops). Without a change the theme keeps its generation, unless `announcing`.
    private static func next(
        _ layers: [ThemeLayer], nodes: Set<NodeRef>, after oldSnapshot: ThemeSnapshot, graph: ReferenceGraph,
        files: [String], announcing: Bool, _ record: inout Record
    ) -> BuildOutcome {
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
            guard announcing else {
                let relocated = oldSnapshot.relocated(layers: layers)
                record.served = relocated
                return .applied(change: nil, delta: nil, installation: .next(relocated, changed: []))
            }
            record.served = probe
            let change = ThemeChange(
                theme: oldSnapshot.name, generation: probe.generation, changed: [:], containers: [], components: [],
                files: files)
            return .applied(change: change, delta: nil, installation: .next(probe, changed: []))
        }
        let affected = graph.affectedKeys(by: changedNodes, stackChanged: !containers.isEmpty || !components.isEmpty)
        record.served = probe
        var changed: [Attribute: [String]] = [:]
        for case .key(let attribute, let key) in affected { changed[attribute, default: []].append(key) }
        for attribute in changed.keys { changed[attribute]!.sort() }
        var change = ThemeChange(
            theme: oldSnapshot.name, generation: probe.generation, changed: changed, containers: containers,
            components: components, files: files)
        for case .key(let attribute, let key) in changedNodes {
            change.edits.append(
                KeyEdit(
                    attribute: attribute, key: key,
                    before: oldSnapshot.layers.map { $0.entry(attribute, key)?.definition },
                    after: layers.map { $0.entry(attribute, key)?.definition }))
        }
        change.edits.sort { ($0.attribute.rawValue, $0.key) < ($1.attribute.rawValue, $1.key) }
        return .applied(
            change: change, delta: Delta(nodes: changedNodes, files: files),
            installation: .next(probe, changed: affected.union(changedNodes)))
    }

    /// The theme's own layer from its files: updated from the last merge for the changed files when that merge
    /// had no errors, merged from scratch otherwise.
    private func merged(_ record: inout Record, changedFiles: Set<String>) -> MergedTheme {
        let files = record.contributions
        guard var layer = record.memo.mergedLayer,
            changedFiles.allSatisfy({ record.memo.previous[$0] != nil || record.files[$0] != nil })
        else {
            let (whole, manifest, errors) = ThemeAssembler.merge(name: record.name, files: files)
            record.memo.mergedLayer = errors.isEmpty ? whole : nil
            return MergedTheme(layer: whole, manifest: manifest, errors: errors)
        }
        record.memo.mergedLayer = nil  // keeps the layer uniquely referenced while it is patched
        var errors = Self.patch(&layer, changedFiles: changedFiles, record)
        let manifest = Self.firstManifest(of: files, &errors)
        // Errors in files that did not change are still errors.
        for file in files where !changedFiles.contains(file.path) { errors += file.errors }
        if errors.isEmpty { record.memo.mergedLayer = layer }
        return MergedTheme(layer: layer, manifest: manifest, errors: errors)
    }

    /// Takes out of a merged layer what the changed files contributed to it and puts in what they contribute now
    /// (in the order of their paths). Returns the errors of the changed files and of what they add.
    private static func patch(_ layer: inout ThemeLayer, changedFiles: Set<String>, _ record: Record) -> [ThemeError] {
        var changes: [String: ContributionChange] = [:]
        for path in changedFiles {
            let change = contributionChange(path, old: record.memo.previous[path], new: record.files[path])
            if let removed = change.removedLayer { ThemeAssembler.remove(removed, from: &layer) }
            changes[path] = change
        }
        var errors: [ThemeError] = []
        for path in changedFiles.sorted() {
            guard let new = record.files[path] else { continue }
            errors += new.errors
            if let added = changes[path]?.addedLayer { errors += ThemeAssembler.add(added, to: &layer) }
        }
        return errors
    }

    /// The first manifest among the files; each further one is an error.
    private static func firstManifest(of files: [ThemeFile], _ errors: inout [ThemeError]) -> ThemeManifest? {
        var manifest: ThemeManifest?
        for file in files {
            guard let m = file.manifest else { continue }
            if let first = manifest {
                errors.append(ThemeError(at: m.location, "the theme manifest is already given at \(first.location)"))
            } else {
                manifest = m
            }
        }
        return manifest
    }
}
