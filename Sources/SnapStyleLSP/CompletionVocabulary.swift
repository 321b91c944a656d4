import SnapStyleEngine

/// The names a native theme file takes at each place: sections, the members of each literal and definition, and the
/// closed sets of literal values.
enum CompletionVocabulary {
    static let sections = ["theme"] + Attribute.allCases.map(\.rawValue) + ["container", "component"]
    static let definitionForms = ["ref", "when", "else", "adjust"]

    /// The members an object at `path` takes (the object's own path), by the section it is in.
    static func members(path: [JSONScan.Segment]) -> [String] {
        let keys = path.compactMap(\.key)
        if keys.isEmpty { return sections }
        if keys.last == "if" { return PredicateMember.names }
        if keys.last == "mix" { return ["with", "amount", "space"] }
        let section = keys[0]
        switch (section, keys.count) {
        case ("theme", 1): return ["extends", "description"]
        case ("container", 2):
            return [
                "surface", "composition", "shape", "padding", "border", "requiresSecondaryAccent",
                "ignoresSafeAreaEdges", "extends",
            ]
        case ("component", 2):
            return ["container", "hierarchy", "spacing", "font", "composition", "padding", "shape", "extends"]
        case ("component", 3): return ElementType.allowed
        default: break
        }
        let forms: [String]
        switch section {
        case "surface":
            forms = [
                "rgb", "alpha", "white", "colorSpace", "components", "material", "accent", "key", "linearGradient",
                "meshGradient",
            ]
        case "number": forms = ["calc", "scaled"]
        case "font":
            forms = [
                "size", "weight", "width", "design", "textStyle", "family", "weightValue", "lineHeight",
                "letterSpacing",
            ]
        case "padding":
            forms = ["all", "horizontal", "vertical", "leading", "top", "trailing", "bottom", "edges", "value"]
        case "shape": forms = ["roundedRectangle"]
        case "composition": forms = ["foreground", "background", "backgroundOverlay", "border", "any"]
        case "accent": forms = ["base", "onAccent", "complementary", "contrast", "brightness"]
        case "token": forms = ["type", "value"]
        default: forms = []
        }
        return forms + definitionForms
    }

    /// The literal names a value takes under `member`; `path` tells a shape name and predicate values apart.
    static func literals(member: String, path: [JSONScan.Segment]) -> [String] {
        let keys = path.compactMap(\.key)
        if keys.first == "shape", keys.count == 2 || member == "then" || member == "else" { return ShapeName.allowed }
        switch member {
        case "weight": return FontWeight.allowed
        case "width", "fontWidth": return FontWidth.allowed
        case "design", "fontDesign": return FontDesign.allowed
        case "textStyle": return TextStyle.allowed
        case "material": return Material.allowed
        case "dynamicType": return DynamicTypeCategory.allowed
        case "colorScheme": return ColorScheme.allowed
        case "contrast" where keys.dropLast().last == "if": return Contrast.allowed
        case "space": return MixSpace.allowed
        case "accent" where keys.first == "surface": return AccentVariant.allowed
        case "brightness", "accent.brightness": return Brightness.allowed
        case "element.type": return ElementType.allowed
        case "element.hierarchy", "component.hierarchy", "hierarchy": return Hierarchy.allowed
        case "container.state": return ContainerState.allowed
        case "gradient", "startPoint", "endPoint", "start", "end":
            return [
                "top", "bottom", "leading", "trailing", "center", "topLeading", "topTrailing", "bottomLeading",
                "bottomTrailing", "zero",
            ]
        default: return []
        }
    }
}
