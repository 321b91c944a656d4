import SnapStyleEngine

extension DiffReport {
    /// One block per theme and per key; with `color`, a 24-bit swatch before each color.
    public func text(color: Bool) -> String {
        func swatches(_ value: ResolvedValue?) -> String {
            guard color else { return "" }
            return DiffValue.colors(value).map { c in
                let r = Int((c.r * 255).rounded()), g = Int((c.g * 255).rounded()), b = Int((c.b * 255).rounded())
                return "\u{1B}[48;2;\(r);\(g);\(b)m  \u{1B}[0m "
            }.joined()
        }
        var out = "diff \(base) → \(head)\n"
        for theme in themes {
            out += "\ntheme \(theme.theme): \(theme.summary)\n"
            for error in theme.errors {
                let place = error.file.isEmpty ? "" : "\(error.file):\(error.line):\(error.column): "
                out += "  error (\(error.side.rawValue)): \(place)\(error.message)\n"
            }
            for change in theme.keys {
                out += "  \(change.kind.rawValue) \(change.attribute.rawValue) \(change.key)"
                if let from = change.from { out += " (was \(from))" }
                if let location = change.location { out += "  \(location)" }
                out += "\n"
                if change.kind == .redefined {
                    out += "    was: \(change.old ?? "-")\n    now: \(change.new ?? "-")\n"
                } else if let definition = change.new ?? change.old {
                    out += "    \(definition)\n"
                }
            }
            for value in theme.values {
                out += "  \(value.attribute.rawValue) \(value.key)\n"
                for group in value.groups {
                    out +=
                        "    \(DiffValue.contexts(group.contexts, of: theme.contexts(for: value.attribute))): \(swatches(group.old))"
                        + "\(DiffValue.text(group.old, value.attribute)) → \(swatches(group.new))"
                        + "\(DiffValue.text(group.new, value.attribute))\n"
                }
                if value.ownDefinition { out += "    because: its definition changed\n" }
                for node in value.upstream { out += "    because: \(DiffValue.node(node)) changed\n" }
                for css in value.css {
                    out +=
                        "    css \(css.name): \(css.old ?? "-") → \(css.new ?? "-")"
                        + (value.css.count > 1 && value.css.contains(where: { $0.name == css.name && $0 != css })
                            ? " (\(DiffValue.contexts(css.contexts, of: theme.contexts(for: value.attribute))))" : "")
                        + "\n"
                }
            }
            if !theme.components.isEmpty || !theme.containers.isEmpty {
                out += "  blast radius:\n"
                for impact in theme.components {
                    out +=
                        "    component \(impact.component) \(DiffValue.element(impact)) "
                        + "(\(impact.attributes.map(\.rawValue).joined(separator: ", "))) in "
                        + impact.states.map(\.rawValue).joined(separator: ", ") + "\n"
                }
                for impact in theme.containers {
                    out +=
                        "    container \(impact.container) in \(impact.states.map(\.rawValue).joined(separator: ", "))\n"
                }
            }
            let variables = theme.cssVariables
            if !variables.isEmpty { out += "  css variables: \(variables.joined(separator: ", "))\n" }
            if !theme.contrast.isEmpty {
                out += "  contrast worse:\n"
                for regression in theme.contrast {
                    let verdict =
                        regression.passes
                        ? "passes" : "FAILS" + (regression.required.map { " (needs \(DiffValue.ratio($0)))" } ?? "")
                    out +=
                        "    \(regression.pair): \(regression.foreground) over \(regression.background), "
                        + "\(DiffValue.contexts(regression.contexts, of: theme.contexts)): \(DiffValue.ratio(regression.oldRatio)) → "
                        + "\(DiffValue.ratio(regression.newRatio)) \(verdict)\n"
                }
            }
        }
        if themes.isEmpty { out += "no themes\n" }
        return out
    }
}

extension ThemeDiff {
    /// `2 keys redefined, 5 values changed, 3 elements, 4 CSS variables, 1 contrast regression`, or the status.
    public var summary: String {
        switch status {
        case .added: return "theme added"
        case .removed: return "theme removed"
        case .error: return "could not be compared"
        case .compared: break
        }
        guard changed else { return "no change" }
        var parts: [String] = []
        for kind in [KeyChange.Kind.added, .removed, .renamed, .redefined] {
            let count = keys.filter { $0.kind == kind }.count
            if count > 0 { parts.append("\(count) \(count == 1 ? "key" : "keys") \(kind.rawValue)") }
        }
        func counted(_ count: Int, _ one: String, _ many: String) {
            if count > 0 { parts.append("\(count) \(count == 1 ? one : many)") }
        }
        counted(values.count, "value changed", "values changed")
        counted(reachedComponents.count, "component", "components")
        counted(containers.count, "container", "containers")
        counted(cssVariables.count, "CSS variable", "CSS variables")
        counted(contrast.count, "contrast regression", "contrast regressions")
        return parts.joined(separator: ", ")
    }
}
