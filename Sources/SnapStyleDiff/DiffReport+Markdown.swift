import SnapStyleEngine

extension DiffReport {
    /// For a pull-request comment: a summary table, then one collapsible section per theme. Colors are shown as a
    /// TeX `\color` square (`$\color{#rrggbb}{\blacksquare}$`), which GitHub renders with its math support, no image
    /// and no network request.
    public var markdown: String {
        var out = "### snapstyle diff `\(Self.code(base))` → `\(Self.code(head))`\n\n"
        out +=
            "| Theme | Keys added | removed | renamed | redefined | Values changed | Components | Containers "
            + "| CSS variables | Contrast worse |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for theme in themes {
            guard theme.status == .compared else {
                out += "| \(Self.cell(theme.theme)) | \(theme.summary) | | | | | | | | |\n"
                continue
            }
            let counts = [KeyChange.Kind.added, .removed, .renamed, .redefined].map { kind in
                theme.keys.filter { $0.kind == kind }.count
            }
            let cells =
                counts + [
                    theme.values.count, theme.reachedComponents.count, theme.containers.count,
                    theme.cssVariables.count, theme.contrast.count,
                ]
            out += "| \(Self.cell(theme.theme)) | " + cells.map(String.init).joined(separator: " | ") + " |\n"
        }
        for theme in themes where theme.changed {
            out += "\n<details><summary><b>\(Self.html(theme.theme))</b>: \(Self.html(theme.summary))</summary>\n\n"
            for error in theme.errors {
                let place = error.file.isEmpty ? "" : "`\(Self.code("\(error.file):\(error.line):\(error.column)"))` "
                out += "- **error** (\(error.side.rawValue)): \(place)\(Self.cell(error.message))\n"
            }
            if !theme.keys.isEmpty {
                out += "#### Definitions\n\n| Change | Key | Before | After |\n|---|---|---|---|\n"
                for change in theme.keys {
                    let key =
                        "`\(change.attribute.rawValue) \(Self.code(change.key))`"
                        + (change.from.map { " (was `\(Self.code($0))`)" } ?? "")
                    out +=
                        "| \(change.kind.rawValue) | \(key) | \(Self.codeSpan(change.old)) | \(Self.codeSpan(change.new)) |\n"
                }
                out += "\n"
            }
            if !theme.values.isEmpty {
                out += "#### Resolved values\n\n| Key | Contexts | Before | After | Why |\n|---|---|---|---|---|\n"
                for value in theme.values {
                    let why =
                        (value.ownDefinition ? ["its definition"] : [])
                        + value.upstream.map { "`\(Self.code(DiffValue.node($0)))`" }
                    for (index, group) in value.groups.enumerated() {
                        let key = index == 0 ? "`\(value.attribute.rawValue) \(Self.code(value.key))`" : ""
                        out +=
                            "| \(key) | \(Self.cell(DiffValue.contexts(group.contexts, of: theme.contexts(for: value.attribute)))) | "
                            + "\(Self.swatched(group.old, value.attribute)) | "
                            + "\(Self.swatched(group.new, value.attribute)) | "
                            + (index == 0 ? why.joined(separator: ", ") : "") + " |\n"
                    }
                }
                out += "\n"
            }
            if !theme.components.isEmpty || !theme.containers.isEmpty || !theme.cssVariables.isEmpty {
                out += "#### Blast radius\n\n"
                for impact in theme.components {
                    out +=
                        "- component `\(Self.code(impact.component))` `\(DiffValue.element(impact))` "
                        + "(\(impact.attributes.map(\.rawValue).joined(separator: ", "))): "
                        + impact.states.map(\.rawValue).joined(separator: ", ") + "\n"
                }
                for impact in theme.containers {
                    out +=
                        "- container `\(Self.code(impact.container))`: "
                        + impact.states.map(\.rawValue).joined(separator: ", ") + "\n"
                }
                if !theme.cssVariables.isEmpty {
                    out += "- CSS variables: " + theme.cssVariables.map { "`\($0)`" }.joined(separator: ", ") + "\n"
                }
                out += "\n"
            }
            if !theme.contrast.isEmpty {
                out +=
                    "#### Contrast that got worse\n\n| Pair | Foreground over background | Contexts | Before | After |\n"
                out += "|---|---|---|---:|---:|\n"
                for regression in theme.contrast {
                    let verdict =
                        regression.passes ? "" : " ❌ needs \(regression.required.map(DiffValue.ratio) ?? "-")"
                    out +=
                        "| \(Self.cell(regression.pair)) | `\(Self.code(regression.foreground))` over "
                        + "`\(Self.code(regression.background))` | \(Self.cell(DiffValue.contexts(regression.contexts, of: theme.contexts))) | "
                        + "\(DiffValue.ratio(regression.oldRatio)) | **\(DiffValue.ratio(regression.newRatio))**\(verdict) |\n"
                }
                out += "\n"
            }
            out += "</details>\n"
        }
        return out
    }

    /// A code span, or nothing for nil.
    static func codeSpan(_ text: String?) -> String { text.map { "`\(code($0))`" } ?? "" }

    /// A value with a swatch per distinct color it shows.
    static func swatched(_ value: ResolvedValue?, _ attribute: Attribute) -> String {
        var seen = Set<String>()
        let squares = DiffValue.colors(value).map(DiffValue.opaqueHex).filter { seen.insert($0).inserted }.map {
            "$\\color{\($0)}{\\blacksquare}$"
        }
        return (squares + ["`\(code(DiffValue.text(value, attribute)))`"]).joined(separator: " ")
    }

    /// Text inside a code span in a table cell: no backticks, no pipes, no line breaks.
    static func code(_ text: String?) -> String {
        guard let text else { return "" }
        return text.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "¦")
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// Text in a table cell, with markup characters escaped.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>|#".contains(character) { out.append("\\") }
            out.append(character == "\n" ? " " : character)
        }
        return out
    }

    /// Text inside HTML.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
