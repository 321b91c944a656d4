import SnapStyleEngine

/// Where a native theme file names a key, a container or a component with a string value, by the value's path: a
/// `"ref"` at any depth of any section (a definition's own, or a color's inside a literal: an accent's `base`,
/// `onAccent`, `complementary` and `contrast`, a gradient's colors, a mix's `with`), an accent literal's `key`, a
/// padding's and a rounded rectangle's number keys, a composition's layers, a container's properties, a component's
/// mappings, `container` and `extends`, and a `when` predicate's `accent`, `component`, `container` and
/// `container.parent` (also in the manifest's modifier mappings). A `calc`'s `{KEY}` is read apart (it is inside a
/// string).
enum NativeReference {
    typealias Segment = JSONScan.Segment

    // The deepest path a name is looked for at is `Limits.referenceNesting` (native files nest a few levels).

    /// What a string value at `path` names, or nil where the format takes no name.
    static func name(_ text: String, path: [Segment]) -> StyleName? {
        guard !text.isEmpty, let section = path.first?.key else { return nil }
        switch section {
        case "container", "component": return mapping(text, section: section, path: path)
        case "theme":
            // `theme.modifiers.M.CONTEXT` is a predicate.
            guard path.count >= 5, path[1].key == "modifiers", let member = path[4].key else { return nil }
            return predicateName(text, member: member)
        default:
            guard let attribute = Attribute(rawValue: section), path.count >= 3 else { return nil }
            return definitionName(text, attribute: attribute, path: path.dropFirst(2))
        }
    }

    /// The attribute whose keys a string at `path` takes (for completion), or nil.
    static func attribute(path: [Segment]) -> Attribute? {
        if case .key(let attribute, _)? = name("_", path: path) { return attribute }
        return nil
    }

    /// A container's properties and `extends`; a component's `container`, `spacing`, `extends` and mappings.
    static func mapping(_ text: String, section: String, path: [Segment]) -> StyleName? {
        guard path.count >= 3, let property = path[2].key else { return nil }
        if path.count == 3 {
            switch property {
            case "extends": return section == "container" ? .container(text) : .component(text)
            case "container": return section == "component" ? .container(text) : nil
            case "surface", "composition", "shape", "padding":
                return section == "container" ? Attribute(rawValue: property).map { .key($0, text) } : nil
            case "border", "spacing": return .key(.number, text)
            default: return nil
            }
        }
        guard section == "component", path.count == 4, path[3].key != nil,
            ["font", "composition", "padding", "shape"].contains(property)
        else { return nil }
        return Attribute(rawValue: property).map { .key($0, text) }
    }

    /// Inside a definition of `attribute`: `when` cases and `else` lead to definitions; a case's `if` is a
    /// predicate; what remains is the definition's own `ref`, or a place inside a literal.
    static func definitionName(_ text: String, attribute: Attribute, path: ArraySlice<Segment>) -> StyleName? {
        var rest = path
        while let first = rest.first?.key {
            if first == "else" {
                rest = rest.dropFirst()
            } else if first == "when", rest.count >= 3, case .index = rest[rest.startIndex + 1] {
                let part = rest[rest.startIndex + 2].key
                if part == "then" {
                    rest = rest.dropFirst(3)
                } else if part == "if", rest.count >= 4, let member = rest[rest.startIndex + 3].key {
                    return predicateName(text, member: member)
                } else {
                    return nil
                }
            } else {
                break
            }
        }
        let keys = rest.map { $0.key ?? "" }
        guard let member = keys.last else { return nil }
        if keys == ["ref"] { return .key(attribute, text) }
        // Inside a literal, only colors take a `ref` (a surface key) and an accent literal a `key` (an accent).
        if member == "ref" { return .key(.surface, text) }
        switch attribute {
        case .surface where member == "key": return .key(.accent, text)
        case .padding
        where keys.count == 1
            && ["all", "horizontal", "vertical", "leading", "top", "trailing", "bottom", "value"].contains(member):
            return .key(.number, text)
        case .shape where keys == ["roundedRectangle"]: return .key(.number, text)
        case .composition
        where keys.count == 1
            && ["foreground", "background", "backgroundOverlay", "border", "any"].contains(member):
            return .key(.surface, text)
        default: return nil
        }
    }

    /// A predicate member's value (a matcher: a scalar, an array of them, or `not` of one).
    static func predicateName(_ text: String, member: String) -> StyleName? {
        switch member {
        case "accent": .key(.accent, text)
        case "component": .component(text)
        case "container", "container.parent": .container(text)
        default: nil
        }
    }
}
