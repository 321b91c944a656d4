import SnapStyleEngine
import SnapStyleJSON
import SnapStyleReview

extension DiffReport {
    /// Every change, machine-readable (the schema is in docs/review.md).
    public var json: JSONValue {
        .object([
            "base": .string(base), "head": .string(head), "changed": .bool(changed),
            "themes": .array(themes.map(\.json)),
        ])
    }
}

extension ThemeDiff {
    var json: JSONValue {
        func list(_ contexts: [AuditContext]) -> JSONValue { .array(contexts.map(Self.contextJSON)) }
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return .object([
            "theme": .string(theme), "status": .string(status.rawValue), "changed": .bool(changed),
            "errors": .array(
                errors.map {
                    .object([
                        "side": .string($0.side.rawValue), "file": .string($0.file), "line": .integer(Int64($0.line)),
                        "column": .integer(Int64($0.column)), "message": .string($0.message),
                    ])
                }),
            "keys": .array(
                keys.map {
                    .object([
                        "change": .string($0.kind.rawValue), "attribute": .string($0.attribute.rawValue),
                        "key": .string($0.key), "from": optional($0.from), "old": optional($0.old),
                        "new": optional($0.new), "location": optional($0.location),
                    ])
                }),
            "values": .array(
                values.map { value in
                    .object([
                        "attribute": .string(value.attribute.rawValue), "key": .string(value.key),
                        "cause": .object([
                            "definition": .bool(value.ownDefinition),
                            "upstream": .array(value.upstream.map { Self.nodeJSON($0) }),
                        ]),
                        "changes": .array(
                            value.groups.map { group in
                                .object([
                                    "contexts": list(group.contexts),
                                    "contextNames": .array(
                                        DiffValue.names(group.contexts, of: contexts(for: value.attribute)).map(
                                            JSONValue.string)),
                                    "old": group.old?.json ?? .null, "new": group.new?.json ?? .null,
                                ])
                            }),
                        "css": .array(
                            value.css.map {
                                .object([
                                    "name": .string($0.name), "old": optional($0.old), "new": optional($0.new),
                                    "contexts": list($0.contexts),
                                ])
                            }),
                    ])
                }),
            "blastRadius": .object([
                "components": .array(
                    components.map {
                        .object([
                            "component": .string($0.component), "element": .string($0.type.rawValue),
                            "hierarchies": .array($0.hierarchies.map { .string($0.rawValue) }),
                            "states": .array($0.states.map { .string($0.rawValue) }),
                            "attributes": .array($0.attributes.map { .string($0.rawValue) }),
                        ])
                    }),
                "containers": .array(
                    containers.map {
                        .object([
                            "container": .string($0.container),
                            "states": .array($0.states.map { .string($0.rawValue) }),
                        ])
                    }),
                "cssVariables": .array(cssVariables.map(JSONValue.string)),
            ]),
            "contrast": .array(
                contrast.map {
                    .object([
                        "pair": .string($0.pair), "role": .string($0.role.rawValue),
                        "foreground": .string($0.foreground), "background": .string($0.background),
                        "contexts": list($0.contexts),
                        "contextNames": .array(AuditContext.names($0.contexts).map(JSONValue.string)),
                        "oldRatio": .number($0.oldRatio), "newRatio": .number($0.newRatio),
                        "required": $0.required.map(JSONValue.number) ?? .null,
                        "passedBefore": .bool($0.passesBefore), "passes": .bool($0.passes),
                    ])
                }),
        ])
    }

    static func nodeJSON(_ node: NodeRef) -> JSONValue {
        switch node {
        case .key(let attribute, let key): .object(["attribute": .string(attribute.rawValue), "key": .string(key)])
        case .container(let id): .object(["container": .string(id)])
        case .component(let id): .object(["component": .string(id)])
        }
    }

    static func contextJSON(_ context: AuditContext) -> JSONValue {
        var vars = JSONObject()
        for variable in context.variables { vars[variable.name] = .string(variable.value) }
        return .object([
            "colorScheme": .string(context.colorScheme.rawValue), "contrast": .string(context.contrast.rawValue),
            "dynamicType": .string(context.dynamicType.rawValue), "vars": .object(vars),
        ])
    }
}
