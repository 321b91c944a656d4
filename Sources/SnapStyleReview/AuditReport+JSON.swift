import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol

extension AuditReport {
    /// The report in the protocol's shape: the result of the daemon's `audit` and `audit --format json`.
    public var wire: AuditResult {
        AuditResult(
            standard: standard, level: options.level.rawValue, apca: options.apca, failed: failed,
            themes: themes.map(\.wire), problems: problems, apcaNotice: options.apca ? Self.apcaNotice : nil)
    }

    /// The report as JSON (its shape is in docs/review.md).
    public var json: JSONValue { wire.json }
}

extension ThemeAuditResult {
    var wire: AuditResult.Theme {
        AuditResult.Theme(
            theme: theme, generation: generation, contexts: contexts.map(\.json), measured: measured, failing: failing,
            exempt: exempt,
            unmeasured: unmeasured, pairs: findings.map(\.wire))
    }
}

extension AuditFinding {
    var wire: AuditResult.Pair {
        let m = measurement
        return AuditResult.Pair(
            name: m.subject.name, subject: m.subject.wire, role: m.role.rawValue, category: m.requirement.category,
            passes: m.passes, foreground: m.foreground.wire(color: m.foregroundColor),
            background: m.background.wire(color: m.backgroundColor), backgroundLayers: m.backgroundLayers,
            drawnForeground: m.foregroundColor.composited(over: m.backgroundColor).hex,
            drawnBackground: m.backgroundColor.hex, font: m.font.map { ($0.size, $0.weight) }, ratio: m.ratio,
            required: m.requirement.ratio, lightnessContrast: m.lightnessContrast,
            requiredLightnessContrast: m.requirement.lightnessContrast, contexts: contexts.map(\.json),
            suggestion: suggestion.map { fix in
                AuditResult.Suggestion(
                    attribute: fix.key.attribute, key: fix.key.key, member: fix.key.member, from: fix.from.hex,
                    to: fix.to?.hex, checked: fix.checked)
            })
    }
}

extension AuditSubject {
    var wire: AuditResult.Subject {
        switch self {
        case .element(let component, let type, let hierarchies, let state):
            let all = hierarchies.isEmpty ? Hierarchy.allCases : hierarchies
            return .element(
                component: component, element: type.rawValue, hierarchies: all.map(\.rawValue),
                state: state.rawValue)
        case .border(let component, let state): return .border(component: component, state: state.rawValue)
        case .accent(let key): return .accent(key)
        case .declared(let index): return .declared(index: index)
        case .convention(let rule): return .convention(rule: rule)
        }
    }
}

extension AuditKey {
    func wire(color: RGBA) -> AuditResult.Key {
        AuditResult.Key(
            attribute: attribute, key: key, member: member, color: color.hex, file: location?.file,
            line: location?.line, builtin: location?.builtin ?? false)
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
