import SnapStyleEngine
import SnapStyleJSON

extension ThemeParser {
    /// A member that names a key or id: inherited when absent, cleared by null.
    mutating func inheritedKey(_ json: LocatedJSON, _ name: String, _ what: String) -> Inherited<String>? {
        guard let j = json[name] else { return .inherit }
        if j.value.isNull { return .clear }
        guard let key = j.value.stringValue, KeySyntax.isValid(key) else {
            error(j, "\(what): \(name) must be a key or null")
            return nil
        }
        return .set(key)
    }

    mutating func extendsID(_ json: LocatedJSON, _ what: String) -> String?? {
        guard let j = json["extends"], !j.value.isNull else { return .some(nil) }
        guard let id = j.value.stringValue, KeySyntax.isValid(id) else {
            error(j, "\(what): extends must be an id")
            return nil
        }
        return .some(id)
    }

    mutating func parseContainers(_ section: LocatedJSON) {
        guard let entries = members(section, "section 'container'") else { return }
        let names = [
            "extends", "surface", "composition", "shape", "padding", "border", "requiresSecondaryAccent",
            "ignoresSafeAreaEdges",
        ]
        for (id, json) in entries {
            let position = json.node.memberPosition
            let what = "container '\(id)'"
            guard checkKey(id, "container", at: position), members(json, what) != nil,
                onlyMembers(json, names, what), let extends = extendsID(json, what)
            else { continue }
            var definition = ContainerDefinition(extends: extends)
            guard let surface = inheritedKey(json, "surface", what),
                let composition = inheritedKey(json, "composition", what),
                let shape = inheritedKey(json, "shape", what), let padding = inheritedKey(json, "padding", what),
                let border = inheritedKey(json, "border", what)
            else { continue }
            (definition.surface, definition.composition, definition.shape) = (surface, composition, shape)
            (definition.padding, definition.border) = (padding, border)
            if let j = json["requiresSecondaryAccent"] {
                if j.value.isNull {
                    definition.requiresSecondaryAccent = .clear
                } else if let flag = j.value.boolValue {
                    definition.requiresSecondaryAccent = .set(flag)
                } else {
                    error(j, "\(what): requiresSecondaryAccent must be true or false")
                    continue
                }
            }
            if let j = json["ignoresSafeAreaEdges"] {
                if j.value.isNull {
                    definition.ignoresSafeAreaEdges = .clear
                } else if case .array = j.value {
                    var edges: [SafeAreaEdge] = []
                    for e in j.elements {
                        if let edge: SafeAreaEdge = closed(e, what, "ignoresSafeAreaEdges entry") { edges.append(edge) }
                    }
                    guard edges.count == j.elements.count else { continue }
                    definition.ignoresSafeAreaEdges = .set(edges)
                } else {
                    error(
                        j,
                        "\(what): ignoresSafeAreaEdges must be an array of top, bottom, leading, trailing or [\"all\"]")
                    continue
                }
            }
            layer.containers[id] = ThemeLayer.ContainerEntry(definition: definition, location: location(position))
        }
    }

    mutating func parseComponents(_ section: LocatedJSON) {
        guard let entries = members(section, "section 'component'") else { return }
        let names = ["extends", "container", "hierarchy", "spacing"] + ElementAttribute.allCases.map(\.rawValue)
        for (id, json) in entries {
            let position = json.node.memberPosition
            let what = "component '\(id)'"
            guard checkKey(id, "component", at: position), members(json, what) != nil,
                onlyMembers(json, names, what), let extends = extendsID(json, what)
            else { continue }
            var definition = ComponentDefinition(extends: extends)
            guard let container = inheritedKey(json, "container", what),
                let spacing = inheritedKey(json, "spacing", what)
            else { continue }
            definition.container = container
            definition.spacing = spacing
            if let j = json["hierarchy"] {
                if j.value.isNull {
                    definition.hierarchy = .clear
                } else if let hierarchy: Hierarchy = closed(j, what, "hierarchy") {
                    definition.hierarchy = .set(hierarchy)
                } else {
                    continue
                }
            }
            var ok = true
            for attribute in ElementAttribute.allCases {
                guard let j = json[attribute.rawValue] else { continue }
                if j.value.isNull {
                    definition.mappings[attribute] = .clear
                    continue
                }
                let inner = "\(what): \(attribute.rawValue)"
                guard let mappingMembers = members(j, inner) else { ok = false; continue }
                var mapping = ElementMapping()
                for (typeName, keyJSON) in mappingMembers {
                    guard let type = ElementType(rawValue: typeName) else {
                        let allowed = Self.list(ElementType.allowed)
                        error(
                            keyJSON.node.memberPosition,
                            "\(inner): '\(typeName)' is not an element type (expected \(allowed))")
                        ok = false
                        continue
                    }
                    if keyJSON.value.isNull {
                        mapping[type] = .some(nil)
                    } else if let key = keyJSON.value.stringValue, KeySyntax.isValid(key) {
                        mapping[type] = .some(key)
                    } else {
                        error(keyJSON, "\(inner): \(typeName) must be a \(attribute.rawValue) key or null")
                        ok = false
                    }
                }
                definition.mappings[attribute] = .set(mapping)
            }
            guard ok else { continue }
            layer.components[id] = ThemeLayer.ComponentEntry(definition: definition, location: location(position))
        }
    }
}
