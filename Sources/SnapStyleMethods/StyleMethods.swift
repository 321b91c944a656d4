import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol
import SnapStyleThemes

/// The methods that answer from themes alone (resolve, resolveElement, resolveContainer, explain, themes,
/// keys): shared by the daemon and the CLI's `--offline` mode.
public struct StyleMethods: Sendable {
    /// The themes answered from: a daemon's `ThemeStore`, a language server's `CachedBuild`, a build.
    public let store: any ThemeSource
    public let defaultTheme: String
    /// At most this many `queries` in one `resolve`.
    public var maxQueries = 1000
    /// What the values of one `resolve` with `queries` may add up to (estimated bytes): a request that asks a
    /// large value many times is answered -32005 before it costs the daemon its memory.
    public var maxResultBytes = 32 << 20
    let encoded = EncodedValues()

    public init(store: any ThemeSource, defaultTheme: String) {
        self.store = store
        self.defaultTheme = defaultTheme
    }

    /// Answers a method that reads themes only (`Method.readsThemesOnly`); nil for the daemon's own methods.
    public func answer(_ method: Method, _ params: JSONValue?) throws(RPCError) -> JSONValue? {
        switch method {
        case .resolve: try resolve(params)
        case .resolveElement: try resolveElement(params)
        case .resolveContainer: try resolveContainer(params)
        case .explain: try explain(params)
        case .themes: try themes(params)
        case .keys: try keys(params)
        case .audit: try audit(params)
        case .ping, .status, .reload, .subscribe, .unsubscribe: nil
        }
    }

    static let common = ["theme", "context", "overrides"]

    /// The served theme a request names, or the default.
    public func theme(_ params: Params) throws(RPCError) -> (String, StyleTheme) {
        let name = try params.string("theme") ?? defaultTheme
        return (name, try theme(named: name))
    }

    /// The served theme of that name; -32004 for one that never loaded, -32001 for one no root has.
    public func theme(named name: String) throws(RPCError) -> StyleTheme {
        if let theme = store.theme(named: name) { return theme }
        if let info = store.infos.first(where: { $0.name == name }) {
            throw RPCError(
                code: RPCError.themeUnavailableCode, message: "Theme unavailable",
                data: [
                    "theme": .string(name), "errors": .array(info.errors.prefix(Limits.listedErrors).map(\.json)),
                    "errorCount": .integer(Int64(info.errors.count)),
                ])
        }
        throw .unknownTheme(name, available: store.infos.map(\.name))
    }

    func resolve(_ value: JSONValue?) throws(RPCError) -> JSONValue {
        let params = try Params(value, allowed: Self.common + ["attribute", "key", "queries"])
        let (name, theme) = try theme(params)
        let session = try session(params, theme)
        let styleContext = try params.context()
        let context: PreparedContext
        do { context = try session.prepare(styleContext) } catch { throw .style(error) }
        if let queries = try params.array("queries") {
            guard params["attribute"] == nil, params["key"] == nil else {
                throw .invalidParams("queries", "give either attribute and key, or queries")
            }
            guard queries.count <= maxQueries else { throw .limitExceeded("queries", limit: maxQueries) }
            var results: [ResolveQueriesResult.Entry] = []
            var resultBytes = 0
            for (index, query) in queries.enumerated() {
                let q = try params.nested(query, at: "queries.\(index)", allowed: ["attribute", "key"])
                let attribute = try q.attribute()
                let key = try q.key()
                let value: ResolvedValue?
                do {
                    value = try session.resolve(attribute, key, in: context)
                } catch {
                    results.append(.init(attribute: attribute, key: key, outcome: .failure(RPCError.style(error))))
                    continue
                }
                resultBytes += value?.estimatedBytes ?? 0
                guard resultBytes <= maxResultBytes else {
                    throw .limitExceeded(
                        "resultBytes", limit: maxResultBytes,
                        reason: "the values asked for add up to more than \(maxResultBytes) bytes")
                }
                results.append(.init(attribute: attribute, key: key, outcome: .success(value?.json)))
            }
            return ResolveQueriesResult(theme: name, generation: session.generation, results: results).json
        }
        let attribute = try params.attribute()
        let key = try params.key()
        let value: ResolvedValue?
        do { value = try session.resolve(attribute, key, in: context) } catch { throw .style(error) }
        return ResolveResult(
            theme: name, generation: session.generation, attribute: attribute, key: key, value: value?.json
        ).json
    }

    func resolveElement(_ value: JSONValue?) throws(RPCError) -> JSONValue {
        let params = try Params(value, allowed: Self.common + ["element", "define"])
        let (name, theme) = try theme(params)
        let session = try session(params, theme)
        var context = try params.context()
        if let element = params["element"] {
            do { context.element = try StyleContext.element(element, field: "element") } catch {
                throw .invalidParams(error.field, error.reason)
            }
        }
        var define: [ElementAttribute: [ElementType: String]] = [:]
        if let defineJSON = params["define"] {
            guard case .object(let object) = defineJSON else { throw .invalidParams("define", "expected an object") }
            for member in object {
                guard let attribute = ElementAttribute(rawValue: member.key) else {
                    throw .invalidParams("define.\(member.key)", "expected font, composition, padding or shape")
                }
                guard case .object(let mapping) = member.value else {
                    throw .invalidParams("define.\(member.key)", "expected an object of element type to key")
                }
                for entry in mapping {
                    let field = "define.\(member.key).\(entry.key)"
                    guard let type = ElementType(rawValue: entry.key) else {
                        throw .invalidParams(field, "not an element type")
                    }
                    guard let key = entry.value.stringValue, KeySyntax.isValid(key) else {
                        throw .invalidParams(field, "expected a key")
                    }
                    define[attribute, default: [:]][type] = key
                }
            }
        }
        let resolution: ElementResolution
        do { resolution = try session.resolveElement(nil, define: define, context: context) } catch {
            throw .style(error)
        }
        var values: [ElementAttribute: MappedValue] = [:]
        for attribute in ElementAttribute.allCases {
            let keyed = resolution.values[attribute]
            values[attribute] = MappedValue(key: keyed?.key, value: keyed?.value?.json)
        }
        return ElementResult(
            theme: name, generation: session.generation, component: resolution.component,
            element: resolution.element, values: values
        ).json
    }

    func resolveContainer(_ value: JSONValue?) throws(RPCError) -> JSONValue {
        let params = try Params(value, allowed: Self.common)
        let (name, theme) = try theme(params)
        let session = try session(params, theme)
        let context = try params.context()
        let r: ContainerResolution
        do { r = try session.resolveContainer(context: context) } catch { throw .style(error) }
        let mapped: [(String, KeyedValue)] = [
            ("surface", r.surface), ("composition", r.composition), ("shape", r.shape), ("padding", r.padding),
            ("border", r.border),
        ]
        return ContainerResult(
            theme: name, generation: session.generation, container: r.container, state: r.state, level: r.level,
            levelOverall: r.levelOverall,
            values: Dictionary(
                uniqueKeysWithValues: mapped.map { ($0.0, MappedValue(key: $0.1.key, value: $0.1.value?.json)) }),
            requiresSecondaryAccent: r.requiresSecondaryAccent, ignoresSafeAreaEdges: r.ignoresSafeAreaEdges
        ).json
    }

    func explain(_ value: JSONValue?) throws(RPCError) -> JSONValue {
        let params = try Params(value, allowed: Self.common + ["attribute", "key"])
        let (name, theme) = try theme(params)
        let session = try session(params, theme)
        let attribute = try params.attribute()
        let key = try params.key()
        let context = try params.context()
        let explanation: Explanation
        do { explanation = try session.explain(attribute, key, context: context) } catch {
            throw .style(error)
        }
        let layers = session.snapshot.layers
        let steps = explanation.steps.map { step in
            // For an imported token: the modifier context (or set) that supplied the value, and its file and line.
            let source = layers.last { $0.name == step.layer }?.tokens
                .source(of: .key(step.attribute, step.key), caseIndex: step.caseIndex)
            let location = source?.location ?? step.location
            return ExplainResult.Step(
                layer: step.layer, file: location.file, line: location.line, kind: step.kind, caseIndex: step.caseIndex,
                result: step.result, attribute: step.attribute, key: step.key, definition: step.definition,
                source: source.map { ($0.modifier, $0.context) })
        }
        let dependsOn: [AttributeKey] = explanation.dependsOn.compactMap { node in
            guard case .key(let attribute, let key) = node else { return nil }
            return AttributeKey(attribute: attribute, key: key)
        }
        return ExplainResult(
            theme: name, generation: session.generation, attribute: attribute, key: key,
            value: explanation.value?.json, steps: steps, dependsOn: dependsOn,
            token: session.snapshot.token(attribute, key)?.1.facts
        ).json
    }

    func themes(_ value: JSONValue?) throws(RPCError) -> JSONValue {
        _ = try Params(value, allowed: [])
        return ThemesResult(defaultTheme: defaultTheme, themes: store.infos.map(\.summary)).json
    }

    func keys(_ value: JSONValue?) throws(RPCError) -> JSONValue {
        let params = try Params(value, allowed: ["theme", "attribute"])
        let (name, theme) = try theme(params)
        let attributes = params["attribute"] == nil ? Attribute.allCases : [try params.attribute()]
        return keysResult(name, theme, attributes).json
    }

    /// The `keys` answer, typed.
    public func keysResult(_ name: String, _ theme: StyleTheme, _ attributes: [Attribute] = Attribute.allCases)
        -> KeysResult
    {
        let snapshot = theme.snapshot
        let keys = attributes.map { attribute in
            let entries = snapshot.keys(attribute).compactMap { key -> KeysResult.Entry? in
                guard let (_, entry) = snapshot.topEntry(attribute, key) else { return nil }
                return KeysResult.Entry(
                    key: key, file: entry.location.file, line: entry.location.line,
                    token: snapshot.token(attribute, key)?.1.facts)
            }
            return (attribute: attribute, entries: entries)
        }
        return KeysResult(
            theme: name, generation: snapshot.generation, keys: keys, containers: snapshot.containers.keys.sorted(),
            components: snapshot.components.keys.sorted())
    }
}

extension KeyedValue {
    /// `{"key", "value"}`.
    public var json: JSONValue {
        .object(["key": key.map(JSONValue.string) ?? .null, "value": value?.json ?? .null])
    }
}

extension ThemeError {
    /// The error as the protocol carries it.
    public var wire: ThemeFileError { ThemeFileError(file: file, line: line, column: column, message: message) }

    /// `{"file", "line", "column", "message"}`.
    public var json: JSONValue { wire.json }
}

extension ThemeInfo {
    /// The theme as `themes` reports it.
    public var summary: ThemeSummary {
        ThemeSummary(
            name: name, root: root, source: ThemeSummary.Source(rawValue: origin.rawValue) ?? .config,
            extends: extends, state: ThemeSummary.State(rawValue: state.rawValue) ?? .error, generation: generation,
            files: files, errors: errors.map(\.wire), shadowed: shadowed,
            format: ThemeSummary.Format(rawValue: format.rawValue) ?? .native, warnings: warnings.map(\.wire),
            tokens: tokens,
            modifiers: modifiers.map {
                ThemeSummary.Modifier(
                    name: $0.name, contexts: $0.contexts, defaultContext: $0.defaultContext, mappedTo: $0.mappedTo)
            })
    }

    public var json: JSONValue { summary.json }
}

extension ThemeChange {
    /// The change as its `themeChanged` notification.
    public var event: ThemeChangedEvent {
        ThemeChangedEvent(
            theme: theme, generation: generation, changed: changed, containers: containers, components: components,
            files: files, leftOut: ListedErrors(tokenErrors.map(\.wire)))
    }

    /// `{ATTRIBUTE: [keys]}`.
    public var changedJSON: JSONValue { event.changedJSON }
}

extension ReloadReport {
    /// The report as the result of `reload`.
    public var reloadResult: ReloadResult {
        ReloadResult(
            changes: changes.map(\.event),
            errors: failures.flatMap { failure in
                failure.errors.map { ReloadResult.ThemedError(theme: failure.theme, error: $0.wire) }
            })
    }
}

extension TokenCatalog.Token {
    /// `{"type", "description", "deprecated", "source"}` (the last three when set).
    public var facts: TokenFacts {
        TokenFacts(type: type, description: description, deprecated: deprecated, isSource: isSource)
    }

    public var json: JSONValue { facts.json }
}
