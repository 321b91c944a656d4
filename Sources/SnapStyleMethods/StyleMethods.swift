import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol
import SnapStyleThemes

/// The methods that answer from themes alone (resolve, resolveElement, resolveContainer, explain, themes,
/// keys): shared by the daemon and the CLI's `--offline` mode.
public struct StyleMethods: Sendable {
    public let store: ThemeStore
    public let defaultTheme: String
    /// At most this many `queries` in one `resolve`.
    public var maxQueries = 1000
    /// What the values of one `resolve` with `queries` may add up to (estimated bytes): a request that asks a
    /// large value many times is answered -32005 before it costs the daemon its memory.
    public var maxResultBytes = 32 << 20
    let encoded = EncodedValues()

    public init(store: ThemeStore, defaultTheme: String) {
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
                data: ["theme": .string(name), "errors": .array(info.errors.map(\.json))])
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
        var result: JSONObject = ["theme": .string(name), "generation": .integer(Int64(session.generation))]
        if let queries = try params.array("queries") {
            guard params["attribute"] == nil, params["key"] == nil else {
                throw .invalidParams("queries", "give either attribute and key, or queries")
            }
            guard queries.count <= maxQueries else { throw .limitExceeded("queries", limit: maxQueries) }
            var results: [JSONValue] = []
            var resultBytes = 0
            for (index, query) in queries.enumerated() {
                let q = try params.nested(query, at: "queries.\(index)", allowed: ["attribute", "key"])
                let attribute = try q.attribute()
                let key = try q.key()
                var entry: JSONObject = ["attribute": .string(attribute.rawValue), "key": .string(key)]
                let value: ResolvedValue?
                do {
                    value = try session.resolve(attribute, key, in: context)
                } catch {
                    entry["error"] = RPCError.style(error).json
                    results.append(.object(entry))
                    continue
                }
                resultBytes += value?.estimatedBytes ?? 0
                guard resultBytes <= maxResultBytes else {
                    throw .limitExceeded(
                        "resultBytes", limit: maxResultBytes,
                        reason: "the values asked for add up to more than \(maxResultBytes) bytes")
                }
                entry["value"] = value?.json ?? .null
                results.append(.object(entry))
            }
            result["results"] = .array(results)
            return .object(result)
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
        var result: JSONObject = [
            "theme": .string(name), "generation": .integer(Int64(session.generation)),
            "component": resolution.component.map(JSONValue.string) ?? .null,
            "element": .object([
                "type": .string(resolution.element.type.rawValue),
                "hierarchy": .string(resolution.element.hierarchy.rawValue),
            ]),
        ]
        for attribute in ElementAttribute.allCases {
            result[attribute.rawValue] = (resolution.values[attribute] ?? KeyedValue(key: nil, value: nil)).json
        }
        return .object(result)
    }

    func resolveContainer(_ value: JSONValue?) throws(RPCError) -> JSONValue {
        let params = try Params(value, allowed: Self.common)
        let (name, theme) = try theme(params)
        let session = try session(params, theme)
        let context = try params.context()
        let r: ContainerResolution
        do { r = try session.resolveContainer(context: context) } catch { throw .style(error) }
        return .object([
            "theme": .string(name), "generation": .integer(Int64(session.generation)),
            "container": r.container.map(JSONValue.string) ?? .null, "state": .string(r.state.rawValue),
            "level": .integer(Int64(r.level)), "levelOverall": .integer(Int64(r.levelOverall)),
            "surface": r.surface.json, "composition": r.composition.json, "shape": r.shape.json,
            "padding": r.padding.json, "border": r.border.json,
            "requiresSecondaryAccent": .bool(r.requiresSecondaryAccent),
            "ignoresSafeAreaEdges": .array(r.ignoresSafeAreaEdges.map { .string($0.rawValue) }),
        ])
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
        let steps: [JSONValue] = explanation.steps.map { step in
            // For an imported token: the modifier context (or set) that supplied the value, and its file and line.
            let source = layers.last { $0.name == step.layer }?.tokens
                .source(of: .key(step.attribute, step.key), caseIndex: step.caseIndex)
            let location = source?.location ?? step.location
            var object: JSONObject = [
                "layer": .string(step.layer), "file": .string(location.file),
                "line": .integer(Int64(location.line)), "kind": .string(step.kind),
                "case": step.caseIndex.map { .integer(Int64($0)) } ?? .null, "result": .string(step.result),
                "attribute": .string(step.attribute.rawValue), "key": .string(step.key),
                "definition": .string(step.definition),
            ]
            if source != nil {
                object["modifier"] = source?.modifier.map(JSONValue.string) ?? .null
                object["context"] = source?.context.map(JSONValue.string) ?? .null
            }
            return .object(object)
        }
        let dependsOn: [JSONValue] = explanation.dependsOn.compactMap { node in
            guard case .key(let attribute, let key) = node else { return nil }
            return .object(["attribute": .string(attribute.rawValue), "key": .string(key)])
        }
        var result: JSONObject = [
            "theme": .string(name), "generation": .integer(Int64(session.generation)),
            "attribute": .string(attribute.rawValue), "key": .string(key),
            "value": explanation.value?.json ?? .null, "steps": .array(steps), "dependsOn": .array(dependsOn),
        ]
        if let (_, token) = session.snapshot.token(attribute, key) { result["token"] = token.json }
        return .object(result)
    }

    func themes(_ value: JSONValue?) throws(RPCError) -> JSONValue {
        _ = try Params(value, allowed: [])
        return .object(["default": .string(defaultTheme), "themes": .array(store.infos.map(\.json))])
    }

    func keys(_ value: JSONValue?) throws(RPCError) -> JSONValue {
        let params = try Params(value, allowed: ["theme", "attribute"])
        let (name, theme) = try theme(params)
        let snapshot = theme.snapshot
        let attributes = params["attribute"] == nil ? Attribute.allCases : [try params.attribute()]
        var keys: JSONObject = [:]
        for attribute in attributes {
            keys[attribute.rawValue] = .array(
                snapshot.keys(attribute).compactMap { key in
                    guard let (_, entry) = snapshot.topEntry(attribute, key) else { return nil }
                    var object: JSONObject = [
                        "key": .string(key), "file": .string(entry.location.file),
                        "line": .integer(Int64(entry.location.line)),
                    ]
                    if let (_, token) = snapshot.token(attribute, key) {
                        object["type"] = .string(token.type)
                        if let description = token.description { object["description"] = .string(description) }
                        if let deprecated = token.deprecated { object["deprecated"] = deprecated }
                        if token.isSource { object["source"] = true }
                    }
                    return .object(object)
                })
        }
        return .object([
            "theme": .string(name), "generation": .integer(Int64(snapshot.generation)), "keys": .object(keys),
            "containers": .array(snapshot.containers.keys.sorted().map(JSONValue.string)),
            "components": .array(snapshot.components.keys.sorted().map(JSONValue.string)),
        ])
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
    public var json: JSONValue {
        .object([
            "name": .string(name), "root": .string(root), "source": .string(origin.rawValue),
            "extends": extends.map(JSONValue.string) ?? .null, "state": .string(state.rawValue),
            "generation": .integer(Int64(generation)), "files": .array(files.map(JSONValue.string)),
            "errors": .array(errors.map(\.json)), "shadowed": .array(shadowed.map(JSONValue.string)),
            "format": .string(format.rawValue), "warnings": .array(warnings.map(\.json)),
            "tokens": .integer(Int64(tokens)),
            "modifiers": .array(
                modifiers.map {
                    .object([
                        "name": .string($0.name), "contexts": .array($0.contexts.map(JSONValue.string)),
                        "default": $0.defaultContext.map(JSONValue.string) ?? .null, "mappedTo": $0.mappedTo ?? .null,
                    ])
                }),
        ])
    }
}

extension ThemeChange {
    /// The change as its `themeChanged` notification.
    public var event: ThemeChangedEvent {
        ThemeChangedEvent(
            theme: theme, generation: generation, changed: changed, containers: containers, components: components,
            files: files)
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
    /// `{"type", "description", "deprecated"}` (the last two when set).
    public var json: JSONValue {
        var object: JSONObject = ["type": .string(type)]
        if let description { object["description"] = .string(description) }
        if let deprecated { object["deprecated"] = deprecated }
        return .object(object)
    }
}
