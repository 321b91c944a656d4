import SnapStyleEngine
import SnapStyleJSON

extension ThemeBuilder {
    /// What a rebuilt theme changed, for the themes that extend it.
    struct Delta {
        var nodes: Set<NodeRef>
        var files: [String]
    }

    /// What building one theme came to.
    enum BuildOutcome {
        /// The theme serves the new build; `change` is nil when nothing resolves differently (or it is new).
        case applied(change: ThemeChange?, delta: Delta?, installation: ThemeInstallation)
        /// The theme keeps serving its last good generation, if any.
        case failed(ThemeFailure)
    }

    /// Rebuilds the themes whose files changed (`changedFiles`: name → changed file paths) and every theme that
    /// extends a rebuilt one, parents first. Returns the generations the rebuilt themes serve now, by name.
    func rebuild(_ changedFiles: [String: Set<String>], _ build: inout ThemeBuild, _ report: inout ReloadReport)
        -> [String: ThemeInstallation]
    {
        var deltas: [String: Delta] = [:]
        var installed: [String: ThemeInstallation] = [:]
        let toBuild = Self.extending(Set(changedFiles.keys), build.records)
        for name in Self.buildOrder(build.records) where toBuild.contains(name) {
            // Taken out of the build so that its graph and layer are uniquely referenced while they change.
            var record = build.records.removeValue(forKey: name)!
            let (wasServed, hadErrors) = (record.served != nil, !record.errors.isEmpty)
            let parentDelta = record.parent.flatMap { deltas[$0] }
            // Tokens left out, or back in, make a new generation even when no value changes, so that clients hear.
            let announcing = wasServed && record.tokenErrors != record.servedTokenErrors
            let outcome = buildTheme(
                &record, files: changedFiles[name] ?? [], parentDelta: parentDelta, announcing: announcing, build)
            switch outcome {
            case .applied(var change, let delta, let installation):
                installed[name] = installation
                record.memo.previous = [:]
                record.servedTokenErrors = record.tokenErrors
                // A theme is announced as added when it first serves (one broken on arrival reports its errors).
                if !wasServed, record.location != nil { report.added.append(name) }
                if hadErrors, let served = record.served {
                    report.recovered.append(
                        ThemeRecovery(
                            theme: name, generation: served.generation, tokenErrors: record.tokenErrors))
                }
                change?.tokenErrors = record.tokenErrors
                if let change { report.changes.append(change) }
                if let delta { deltas[name] = delta }
            case .failed(let failure):
                // The next build starts from scratch: nothing of a build that failed is reused.
                record.memo = BuildMemo()
                report.failures.append(failure)
            }
            build.records[name] = record
        }
        return installed
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
    static func buildOrder(_ records: [String: Record]) -> [String] {
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

    /// The served layers of the theme a record extends; an `extends` that cannot be served is an error.
    func parentLayers(of record: Record, at location: SourceLocation, _ build: ThemeBuild, _ errors: inout [ThemeError])
        -> [ThemeLayer]
    {
        guard let parentName = record.extends else { return [] }
        if record.extendsBuiltinPreset { return [Preset.layer] }
        if let cycle = Self.extendsCycle(from: record.name, parent: parentName, build.records) {
            errors.append(ThemeError(at: location, "theme extends cycle: \(cycle.joined(separator: " → "))"))
        } else if let parent = build.records[parentName] {
            // A theme on a parent in error is in error too, as it would be after a fresh start, where the
            // parent never loaded; it keeps serving its last good generation.
            if parent.errors.isEmpty, let served = parent.served { return served.layers }
            errors.append(ThemeError(at: location, "extends '\(parentName)', which has errors"))
        } else {
            let known = build.records.keys.sorted().joined(separator: ", ")
            errors.append(ThemeError(at: location, "extends unknown theme '\(parentName)' (known: \(known))"))
        }
        return []
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
    static func extendsCycle(from name: String, parent: String, _ records: [String: Record]) -> [String]? {
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
}
