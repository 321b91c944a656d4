import SnapStyleEngine

/// Builds a theme's own layer from its files and checks it on top of the layers it extends.
public enum ThemeAssembler {
    /// Removes what a file contributed from a merged layer.
    public static func remove(_ contribution: ThemeLayer, from layer: inout ThemeLayer) {
        if contribution.tokens != TokenCatalog() { layer.tokens = TokenCatalog() }
        for attribute in Attribute.allCases {
            for (key, entry) in contribution[attribute] where layer.entry(attribute, key)?.location == entry.location {
                layer.set(attribute, key, nil)
            }
        }
        for (id, entry) in contribution.containers where layer.containers[id]?.location == entry.location {
            layer.containers[id] = nil
        }
        for (id, entry) in contribution.components where layer.components[id]?.location == entry.location {
            layer.components[id] = nil
        }
    }

    /// Adds a file's contribution to a merged layer; a key already there is an error naming both places.
    public static func add(_ contribution: ThemeLayer, to layer: inout ThemeLayer) -> [ThemeError] {
        var errors: [ThemeError] = []
        if contribution.tokens != TokenCatalog() { layer.tokens = contribution.tokens }
        for attribute in Attribute.allCases {
            for (key, entry) in contribution[attribute] {
                if let first = layer.entry(attribute, key) {
                    errors.append(duplicate("\(attribute.rawValue) '\(key)'", entry.location, first.location))
                } else {
                    layer.set(attribute, key, entry)
                }
            }
        }
        for (id, entry) in contribution.containers {
            if let first = layer.containers[id] {
                errors.append(duplicate("container '\(id)'", entry.location, first.location))
            } else {
                layer.containers[id] = entry
            }
        }
        for (id, entry) in contribution.components {
            if let first = layer.components[id] {
                errors.append(duplicate("component '\(id)'", entry.location, first.location))
            } else {
                layer.components[id] = entry
            }
        }
        return errors
    }

    /// Merges files (in order) into one layer. A key defined twice, or a second manifest, is an error naming
    /// both places.
    public static func merge(name: String, files: [ThemeFile]) -> (ThemeLayer, ThemeManifest?, [ThemeError]) {
        var layer = ThemeLayer(name: name)
        var manifest: ThemeManifest?
        var errors: [ThemeError] = []
        for file in files {
            errors += file.errors
            if file.layer.tokens != TokenCatalog() { layer.tokens = file.layer.tokens }
            if let m = file.manifest {
                if let first = manifest {
                    errors.append(
                        ThemeError(at: m.location, "the theme manifest is already given at \(first.location)"))
                } else {
                    manifest = m
                }
            }
            for attribute in Attribute.allCases {
                for (key, entry) in file.layer[attribute] {
                    if let first = layer.entry(attribute, key) {
                        errors.append(duplicate("\(attribute.rawValue) '\(key)'", entry.location, first.location))
                    } else {
                        layer.set(attribute, key, entry)
                    }
                }
            }
            for (id, entry) in file.layer.containers {
                if let first = layer.containers[id] {
                    errors.append(duplicate("container '\(id)'", entry.location, first.location))
                } else {
                    layer.containers[id] = entry
                }
            }
            for (id, entry) in file.layer.components {
                if let first = layer.components[id] {
                    errors.append(duplicate("component '\(id)'", entry.location, first.location))
                } else {
                    layer.components[id] = entry
                }
            }
        }
        return (layer, manifest, errors)
    }

    static func duplicate(_ what: String, _ second: SourceLocation, _ first: SourceLocation) -> ThemeError {
        let (early, late) =
            first.description <= second.description || first.file == second.file
            ? (first, second) : (second, first)
        return ThemeError(at: late, "\(what) is defined twice: here and at \(early)")
    }

    /// Where a node is defined in a layer.
    static func location(of node: NodeRef, in layer: ThemeLayer) -> SourceLocation? {
        switch node {
        case .key(let attribute, let key): layer.entry(attribute, key)?.location
        case .container(let id): layer.containers[id]?.location
        case .component(let id): layer.components[id]?.location
        }
    }

    static func isDefined(_ node: NodeRef, in layers: [ThemeLayer]) -> Bool {
        layers.contains { location(of: node, in: $0) != nil }
    }

    /// Checks the given nodes of `own` (the top layer of `layers`): every reference names something a layer
    /// defines, and no reference cycle passes through them (`graph` describes all of `layers`).
    public static func validate(
        nodes: [NodeRef], own: ThemeLayer, layers: [ThemeLayer], graph: ReferenceGraph, cyclesThrough: [NodeRef]? = nil
    ) -> [ThemeError] {
        var errors: [ThemeError] = []
        var suggestions = SuggestionPool()
        for node in nodes.sorted() {
            guard let location = location(of: node, in: own) else { continue }
            for reference in ReferenceGraph.references(of: node, in: [own]) {
                guard case .node(let target) = reference, !isDefined(target, in: layers) else { continue }
                let message = unknownReference(from: node, to: target, layers: layers, suggestions: &suggestions)
                errors.append(ThemeError(at: location, message))
            }
        }
        for cycle in graph.cycles(through: cyclesThrough ?? nodes) {
            guard let start = cycle.first(where: { location(of: $0, in: own) != nil }),
                let location = location(of: start, in: own)
            else { continue }
            let names = (cycle + [cycle[0]]).map(\.description).joined(separator: " → ")
            errors.append(ThemeError(at: location, "reference cycle: \(names)"))
        }
        return errors
    }

    static func unknownReference(
        from node: NodeRef, to target: NodeRef, layers: [ThemeLayer], suggestions: inout SuggestionPool
    ) -> String {
        // What the message calls the target, its name, and the pool of names of its kind it is compared with.
        let (kind, name, pool): (String, String, String)
        let candidates: () -> [String]
        switch target {
        case .key(let attribute, let key):
            (kind, name, pool) = ("\(attribute.rawValue) key '\(key)'", key, "key " + attribute.rawValue)
            candidates = { layers.flatMap { $0.keys(attribute) } }
        case .container(let id):
            (kind, name, pool) = ("container '\(id)'", id, "container")
            candidates = { layers.flatMap { Array($0.containers.keys) } }
        case .component(let id):
            (kind, name, pool) = ("component '\(id)'", id, "component")
            candidates = { layers.flatMap { Array($0.components.keys) } }
        }
        // Never the key being defined: "did you mean" it would send the user in a circle.
        var own: String?
        if case .key(let attribute, let key) = node, case .key(attribute, _) = target { own = key }
        let near = suggestions.closest(to: name, kind: pool, excluding: own, candidates: candidates)
        return "\(node.description) refers to unknown \(kind)" + (near.map { " (did you mean '\($0)'?)" } ?? "")
    }
}
