import SnapStyleEngine
import SnapStyleJSON

extension AuditReport {
    /// The report as JSON (its shape is in docs/review.md).
    public var json: JSONValue {
        .object([
            "standard": .string(standard), "level": .string(options.level.rawValue), "apca": .bool(options.apca),
            "failed": .bool(failed), "themes": .array(themes.map(\.json)),
            "problems": .array(problems.map(JSONValue.string)),
        ])
    }
}

extension ThemeAuditResult {
    var json: JSONValue {
        .object([
            "theme": .string(theme), "contexts": .array(contexts.map(\.json)), "measured": .integer(Int64(measured)),
            "failing": .integer(Int64(failing)), "exempt": .integer(Int64(exempt)),
            "unmeasured": .integer(Int64(unmeasured)), "pairs": .array(findings.map(\.json)),
        ])
    }
}

extension AuditFinding {
    var json: JSONValue {
        let m = measurement
        var object: JSONObject = [
            "name": .string(m.subject.name), "subject": m.subject.json, "role": .string(m.role.rawValue),
            "category": .string(m.requirement.category), "passes": .bool(m.passes),
            "foreground": m.foreground.json(color: m.foregroundColor),
            "background": m.background.json(color: m.backgroundColor),
            "backgroundLayers": .array(m.backgroundLayers.map(JSONValue.string)),
            "drawn": .object([
                "foreground": .string(m.foregroundColor.composited(over: m.backgroundColor).hex),
                "background": .string(m.backgroundColor.hex),
            ]),
            "font": m.font.map { .object(["size": .number($0.size), "weight": .integer(Int64($0.weight))]) } ?? .null,
            "ratio": .number(m.ratio), "required": m.requirement.ratio.map(JSONValue.number) ?? .null,
            "lc": .number(m.lightnessContrast), "requiredLc": .number(m.requirement.lightnessContrast),
            "contexts": .array(contexts.map(\.json)),
        ]
        object["suggestion"] =
            suggestion.map { fix in
                .object([
                    "key": .string(fix.key.key), "attribute": .string(fix.key.attribute.rawValue),
                    "member": fix.key.member.map(JSONValue.string) ?? .null, "from": .string(fix.from.hex),
                    "to": fix.to.map { .string($0.hex) } ?? .null, "checked": .integer(Int64(fix.checked)),
                ])
            } ?? .null
        return .object(object)
    }
}

extension AuditSubject {
    var json: JSONValue {
        switch self {
        case .element(let component, let type, let hierarchies, let state):
            let all = hierarchies.isEmpty ? Hierarchy.allCases : hierarchies
            return .object([
                "kind": "element", "component": .string(component), "element": .string(type.rawValue),
                "hierarchies": .array(all.map { .string($0.rawValue) }), "state": .string(state.rawValue),
            ])
        case .border(let component, let state):
            return .object(["kind": "border", "component": .string(component), "state": .string(state.rawValue)])
        case .accent(let key): return .object(["kind": "accent", "accent": .string(key)])
        case .declared(let index): return .object(["kind": "declared", "index": .integer(Int64(index))])
        case .convention(let rule): return .object(["kind": "convention", "rule": .string(rule)])
        }
    }
}

extension AuditKey {
    func json(color: RGBA) -> JSONValue {
        .object([
            "attribute": .string(attribute.rawValue), "key": .string(key),
            "member": member.map(JSONValue.string) ?? .null, "color": .string(color.hex),
            "file": location.map { .string($0.file) } ?? .null,
            "line": location.map { .integer(Int64($0.line)) } ?? .null,
            "builtin": .bool(location?.builtin ?? false),
        ])
    }
}

extension AuditContext {
    /// A context object as requests take it (`colorScheme`, `contrast`, `dynamicType`, `vars`).
    public var json: JSONValue {
        var object: JSONObject = [
            "colorScheme": .string(colorScheme.rawValue), "contrast": .string(contrast.rawValue),
            "dynamicType": .string(dynamicType.rawValue),
        ]
        if !variables.isEmpty {
            object["vars"] = .object(JSONObject(variables.map { .init(key: $0.name, value: .string($0.value)) }))
        }
        return .object(object)
    }
}
