import SnapStyleEngine
import SnapStyleJansson
import SnapStyleJSON
import SnapStyleExport
import SnapStyleProtocol

extension BuildInput {
    /// Resolves an output's keys in each of its contexts through `call`; a theme, set or context member the theme
    /// does not have is a config error at its place in `file`.
    public static func resolve(_ output: BuildOutput, file: String, call: @escaping BuildCall) async throws
        -> BuildInput
    {
        try await resolvedInput(output, file: file, source: BuildSource(call: call)).input
    }

    /// `resolve`, with what `updated` compares and reads: the `keys` answer (without its generation) and the keys
    /// selected from it.
    static func resolved(_ output: BuildOutput, file: String, source: BuildSource) async throws -> (
        input: BuildInput, keys: KeysSeen, selected: KeysResult
    ) {
        let (input, answer, selected) = try await resolvedInput(output, file: file, source: source)
        let seen =
            source.methods != nil
            ? try await Self.keysSeen(output.theme, source) : .answer(withoutGeneration(answer ?? .null))
        return (input, seen, selected)
    }

    /// `resolved` without what `updated` compares (a one-shot build reads no theme twice): the input, the `keys`
    /// answer (nil in-process) and the keys selected from it.
    static func resolvedInput(
        _ output: BuildOutput, file: String, source: BuildSource,
        selected known: (answer: JSONValue?, keys: KeysResult)? = nil
    ) async throws -> (input: BuildInput, answer: JSONValue?, selected: KeysResult) {
        let (answer, keys): (JSONValue?, KeysResult)
        if let known {
            (answer, keys) = known
        } else {
            (answer, keys) = try await selected(output, file: file, source: source)
        }
        let call = source.call
        let params: JSONObject = ["theme": .string(output.theme)]
        var blocks: [ResolvedTheme] = []
        var aliases: [[String: String]] = []
        var written: [String: String] = [:]
        for (block, place) in zip(output.contexts, places(output)) {
            var theme = try await source.remembered(place, in: \.blocks) {
                if let typed = try source.values(output.theme, block.context, keys) {
                    return ThemeExport.resolved(
                        keys: keys, context: block.context, generation: typed.generation, values: typed.values)
                }
                return try await ThemeExport.resolve(keys: keys, params: params, context: block.context, call: call)
            }
            theme.selector = block.selector
            blocks.append(theme)
            guard output.references == .var else {
                aliases.append([:])
                continue
            }
            if written.isEmpty { written = writtenPaths(keys) }
            aliases.append(
                try await source.remembered(place, in: \.aliases) { [written] in
                    try await aliasTargets(params, block.context, written: written, explaining: keys, source: source)
                })
        }
        return (BuildInput(output: output, blocks: blocks, aliases: aliases), answer, keys)
    }

    /// Where the values of each of an output's blocks are remembered: outputs that select the same keys read the
    /// same values in the same context.
    static func places(_ output: BuildOutput) -> [String] {
        let selection = selection(output)
        return output.contexts.map { selection + Jansson.encode(.object($0.context)) }
    }

    /// What decides which keys an output selects: its theme, `include`, `exclude` and `sets`.
    static func selection(_ output: BuildOutput) -> String {
        "\(output.theme)\u{0}\(output.include)\u{0}\(output.exclude)\u{0}\(output.sets ?? [])\u{0}"
    }

    /// The order a build reads its outputs' values in: next, the output with the fewest blocks no output read yet,
    /// so that formats start writing while later contexts are read; among equals the format that takes longest to
    /// write first (two cores end together), then the config's order.
    static func readingOrder(_ outputs: [BuildOutput]) -> [Int] {
        var read = Set<String>()
        var left = Array(outputs.indices)
        let places = outputs.map { Set(Self.places($0)) }
        var order: [Int] = []
        func rank(_ index: Int) -> (Int, Int) {
            (places[index].subtracting(read).count, -writingCost(outputs[index].format))
        }
        while let next = left.min(by: { rank($0) < rank($1) }) {
            order.append(next)
            read.formUnion(places[next])
            left.removeAll { $0 == next }
        }
        return order
    }

    /// How long a format takes to write, relative to the others (measured on the Primer-shaped system).
    static func writingCost(_ format: BuildOutput.Format) -> Int {
        switch format {
        case .js, .ts, .dtcg, .json: 3
        case .swift: 2
        case .css, .scss, .tailwind, .android: 1
        }
    }

    /// An output's keys, after checking its theme, contexts and sets against the theme: the `keys` answer (nil
    /// in-process) and the keys selected from it.
    static func selected(_ output: BuildOutput, file: String, source: BuildSource) async throws -> (
        answer: JSONValue?, keys: KeysResult
    ) {
        let call = source.call
        let themes = ThemesResult(json: try await call(.themes, [:]))
        guard let summary = themes?.themes.first(where: { $0.name == output.theme }) else {
            let names = themes?.themes.map(\.name) ?? []
            let hint = Suggestions(names).closest(to: output.theme).map { "; did you mean '\($0)'?" } ?? ""
            throw BuildError(
                .invalidConfiguration, "unknown theme '\(output.theme)'\(hint)", file: file,
                position: output.themePosition)
        }
        for block in output.contexts { try check(block, summary, file: file) }
        // In-process, the answer typed (not encoded and read back); it fails as the call would, through the call.
        if let methods = source.methods, let theme = try? methods.theme(named: output.theme) {
            let all = source.reads.keysAnswers.withLock { known in
                if let result = known[output.theme] { return result }
                let result = methods.keysResult(output.theme, theme)
                known[output.theme] = result
                return result
            }
            // Outputs selecting the same keys share the selection (an unknown set fails each the same way).
            let selection = selection(output)
            if let known = source.reads.selections.withLock({ $0[selection] }) { return (nil, known) }
            let keys = try select(ThemeExport.exportedKeys(all, inherited: false), output, file: file)
            source.reads.selections.withLock { $0[selection] = keys }
            return (nil, keys)
        }
        let answer = try await call(.keys, ["theme": .string(output.theme)])
        // Read once per theme: every output of the theme asks the same (remembered) question.
        let all = try await source.remembered(output.theme, in: \.keysAnswers) { () throws(BuildError) in
            guard let all = KeysResult(json: answer) else {
                throw BuildError(.resolution, "the answer to keys is not its result")
            }
            return all
        }
        return (answer, try select(ThemeExport.exportedKeys(all, inherited: false), output, file: file))
    }

    /// A theme's keys as `updated` compares them: in-process, typed (no answer is encoded); else the `keys`
    /// answer without its generation.
    enum KeysSeen: Equatable {
        case typed(KeysResult)
        case answer(JSONValue)

        static func == (a: Self, b: Self) -> Bool {
            switch (a, b) {
            case (.answer(let a), .answer(let b)): return a == b
            case (.typed(let a), .typed(let b)):
                // Member by member: `KeysResult`'s own `==` compares the encoded answers.
                guard a.theme == b.theme, a.generation == b.generation, a.containers == b.containers,
                    a.components == b.components, a.keys.count == b.keys.count
                else { return false }
                return zip(a.keys, b.keys).allSatisfy { $0.attribute == $1.attribute && $0.entries == $1.entries }
            default: return false
            }
        }
    }

    /// The theme's keys as they are now.
    static func keysSeen(_ theme: String, _ source: BuildSource) async throws -> KeysSeen {
        guard let methods = source.methods else {
            return .answer(withoutGeneration(try await source.call(.keys, ["theme": .string(theme)])))
        }
        return .typed(
            try source.reads.keys.withLock { known throws(RPCError) in
                if let result = known[theme] { return result }
                var result = methods.keysResult(theme, try methods.theme(named: theme))
                result.generation = 0
                known[theme] = result
                return result
            })
    }

    /// A `keys` answer without its generation: equal for two generations whose keys, files, lines and token facts
    /// are the same.
    static func withoutGeneration(_ answer: JSONValue) -> JSONValue {
        guard var object = answer.objectValue else { return answer }
        object["generation"] = nil
        return .object(object)
    }

    /// After a change that touched only the values of the `changed` keys: this input with those of its `selected`
    /// keys resolved again in every block (and, for `references: var`, their references explained again). Nil when
    /// the change did more: the theme's keys or their facts differ from `keys` (its earlier `keys` answer), or a
    /// changed key gained or lost its value in a block. The output is then resolved in full. `differs` says whether
    /// any value or reference changed (when not, the output's files are those it had).
    func updated(changed: [Attribute: [String]], keys: KeysSeen, selected: KeysResult, source: BuildSource)
        async throws -> (input: BuildInput, differs: Bool)?
    {
        let call = source.call
        let params: JSONObject = ["theme": .string(output.theme)]
        guard try await Self.keysSeen(output.theme, source) == keys else { return nil }
        var touched = selected
        touched.keys = selected.keys.map { list in
            let keys = Set(changed[list.attribute] ?? [])
            return (list.attribute, list.entries.filter { keys.contains($0.key) })
        }
        let queries: [JSONValue] = touched.keys.flatMap { list in
            list.entries.map { .object(["attribute": .string(list.attribute.rawValue), "key": .string($0.key)]) }
        }
        guard !queries.isEmpty else { return (self, false) }
        var updated = self
        var differs = false
        var written: [String: String] = [:]
        for (index, block) in blocks.enumerated() {
            // Where each key sits in the block: its attribute's position, its entry's position.
            var places: [Attribute: [String: (Int, Int)]] = [:]
            for (position, list) in block.values.enumerated() {
                guard let attribute = Attribute(rawValue: list.attribute), changed[attribute] != nil else { continue }
                for (place, entry) in list.entries.enumerated() {
                    places[attribute, default: [:]][entry.key] = (position, place)
                }
            }
            let found: [(attribute: Attribute, key: String, value: StyleValue?)]
            if let typed = try source.values(output.theme, block.context, touched) {
                let asked = touched.keys.flatMap { list in list.entries.map { (list.attribute, $0.key) } }
                found = zip(asked, typed.values).map { ($0.0, $0.1, $1) }
            } else {
                var request = params
                request["context"] = .object(block.context)
                request["queries"] = .array(queries)
                guard let result = ResolveQueriesResult(json: try await call(.resolve, request)),
                    result.results.count == queries.count
                else { return nil }
                found = result.results.map { entry in
                    (
                        entry.attribute, entry.key,
                        entry.value.flatMap { StyleValue(json: $0, attribute: entry.attribute) }
                    )
                }
            }
            for entry in found {
                guard let value = entry.value, let (position, place) = places[entry.attribute]?[entry.key] else {
                    return nil
                }
                if updated.blocks[index].values[position].entries[place].value != value {
                    updated.blocks[index].values[position].entries[place].value = value
                    differs = true
                }
            }
            updated.blocks[index].generation = nil
            guard output.references == .var else { continue }
            var aliases = aliases[index]
            for list in touched.keys {
                for entry in list.entries {
                    aliases[entry.token != nil ? entry.key : list.attribute.rawValue + "." + entry.key] = nil
                }
            }
            if written.isEmpty { written = Self.writtenPaths(selected) }
            let explained = try await Self.aliasTargets(
                params, block.context, written: written, explaining: touched, source: source)
            aliases.merge(explained) { _, new in new }
            if aliases != updated.aliases[index] { differs = true }
            updated.aliases[index] = aliases
        }
        return (updated, differs)
    }

    /// A context that `resolve` takes, whose `vars` name the theme's modifiers and their contexts.
    static func check(_ block: BuildOutput.Block, _ theme: ThemeSummary, file: String) throws(BuildError) {
        func fail(_ message: String, _ name: String, among: [String]) -> BuildError {
            let hint = Suggestions(among).closest(to: name).map { "; did you mean '\($0)'?" } ?? ""
            return BuildError(.invalidConfiguration, message + hint, file: file, position: block.position)
        }
        do {
            _ = try StyleContext(json: .object(block.context))
        } catch {
            // An unknown member is matched against the members, a value outside its set against that set.
            let member = String(error.field.split(separator: ".").first ?? "")
            let message = "context member '\(error.field)': \(error.reason)"
            guard StyleContext.Member(rawValue: member) != nil else {
                throw fail(message, member, among: StyleContext.Member.allCases.map(\.rawValue))
            }
            throw fail(message, block.context[error.field]?.stringValue ?? "", among: error.allowed ?? [])
        }
        guard let vars = block.context["vars"]?.objectValue, theme.format == .dtcg else { return }
        for variable in vars {
            guard let modifier = theme.modifiers.first(where: { $0.name == variable.key }) else {
                throw fail(
                    "theme '\(theme.name)' has no modifier '\(variable.key)'", variable.key,
                    among: theme.modifiers.map(\.name))
            }
            if let value = variable.value.stringValue, !modifier.contexts.contains(value) {
                throw fail("modifier '\(modifier.name)' has no context '\(value)'", value, among: modifier.contexts)
            }
        }
    }

    /// The keys an output writes: those its `include` globs match (all when none), not its `exclude` globs, and
    /// from its `sets` (a token's set is its file's path in the theme, without `.json`).
    static func select(_ keys: KeysResult, _ output: BuildOutput, file: String) throws(BuildError) -> KeysResult {
        let prefix = output.theme + "/"
        func set(_ entry: KeysResult.Entry) -> String? {
            guard entry.token != nil, entry.file.hasPrefix(prefix) else { return nil }
            var name = String(entry.file.dropFirst(prefix.count))
            for suffix in [".tokens.json", ".json"] where name.hasSuffix(suffix) {
                name.removeLast(suffix.count)
                break
            }
            return name
        }
        if let sets = output.sets {
            let known = Set(keys.keys.flatMap { $0.entries.compactMap(set) })
            for name in sets where !known.contains(name) {
                let hint = Suggestions(known.sorted()).closest(to: name).map { "; did you mean '\($0)'?" } ?? ""
                throw BuildError(
                    .invalidConfiguration, "theme '\(output.theme)' has no token set '\(name)'\(hint)", file: file,
                    position: output.setsPosition)
            }
        }
        var selected = keys
        selected.keys = keys.keys.map { list in
            let entries = list.entries.filter { entry in
                let path = entry.token != nil ? entry.key : list.attribute.rawValue + "." + entry.key
                guard output.include.isEmpty || output.include.contains(where: { KeyGlob.matches($0, path) }) else {
                    return false
                }
                guard !output.exclude.contains(where: { KeyGlob.matches($0, path) }) else { return false }
                return output.sets.map { sets in set(entry).map { sets.contains($0) } ?? false } ?? true
            }
            return (attribute: list.attribute, entries: entries)
        }
        return selected
    }

    /// By `ATTRIBUTE\0KEY`, the path of each of `keys`.
    static func writtenPaths(_ keys: KeysResult) -> [String: String] {
        var written: [String: String] = [:]
        for list in keys.keys {
            for entry in list.entries {
                let path = entry.token != nil ? entry.key : list.attribute.rawValue + "." + entry.key
                written[list.attribute.rawValue + "\u{0}" + entry.key] = path
            }
        }
        return written
    }

    /// Which written keys are, in a context, an alias whose whole value is another written key (`explain`'s first
    /// step is a reference to it).
    static func aliasTargets(
        _ params: JSONObject, _ context: JSONObject, written: [String: String], explaining: KeysResult,
        source: BuildSource
    ) async throws -> [String: String] {
        var targets: [String: String] = [:]
        if let methods = source.methods, let theme = params["theme"]?.stringValue {
            // In-process: the first step of each explanation, without explaining.
            let asked = explaining.keys.flatMap { list in list.entries.map { (list.attribute, $0.key) } }
            let found = (try? methods.topReferences(theme: theme, context: context, keys: asked)) ?? []
            for ((attribute, key), target) in zip(asked, found) {
                guard let target, let targetPath = written[attribute.rawValue + "\u{0}" + target],
                    let path = written[attribute.rawValue + "\u{0}" + key], targetPath != path
                else { continue }
                targets[path] = targetPath
            }
            return targets
        }
        let call = source.call
        for list in explaining.keys {
            for entry in list.entries {
                var request = params
                request["attribute"] = .string(list.attribute.rawValue)
                request["key"] = .string(entry.key)
                request["context"] = .object(context)
                guard let explained = try? await call(.explain, request),
                    let step = explained["steps"]?.arrayValue?.first, step["kind"]?.stringValue == "ref",
                    let result = step["result"]?.stringValue, result.hasPrefix("ref ")
                else { continue }
                let target = String(result.dropFirst(4))
                let attribute = step["attribute"]?.stringValue ?? list.attribute.rawValue
                guard let targetPath = written[attribute + "\u{0}" + target],
                    let path = written[list.attribute.rawValue + "\u{0}" + entry.key], targetPath != path
                else { continue }
                targets[path] = targetPath
            }
        }
        return targets
    }
}
