import SnapStyleEngine

extension DiffReport {
    /// For a pull-request comment: a summary table, then one collapsible section per theme. Colors are shown as a
    /// TeX `\color` square (`$\color{#rrggbb}{\blacksquare}$`), which GitHub renders with its math support, no image
    /// and no network request.
    public var markdown: String { render(MarkdownDiffRenderer()) }

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

/// The markdown of a diff: the summary table, then a `<details>` section per changed theme.
struct MarkdownDiffRenderer: DiffReportRenderer {
    var output = ""

    func includes(_ theme: ThemeDiff) -> Bool { theme.changed }

    /// `` `text` `` for a name in a table cell.
    static func spanned(_ text: String) -> String { "`\(DiffReport.code(text))`" }

    mutating func start(_ report: DiffReport) {
        output += "### snapstyle diff `\(DiffReport.code(report.base))` → `\(DiffReport.code(report.head))`\n\n"
        output +=
            "| Theme | Keys added | removed | renamed | redefined | Values changed | Components | Containers "
            + "| CSS variables | Contrast worse |\n"
        output += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for theme in report.themes {
            guard theme.status == .compared else {
                output += "| \(DiffReport.cell(theme.theme)) | \(theme.summary) | | | | | | | | |\n"
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
            output += "| \(DiffReport.cell(theme.theme)) | " + cells.map(String.init).joined(separator: " | ") + " |\n"
        }
    }

    mutating func startTheme(_ theme: ThemeDiff) {
        output +=
            "\n<details><summary><b>\(DiffReport.html(theme.theme))</b>: \(DiffReport.html(theme.summary))</summary>\n\n"
    }

    mutating func errors(_ errors: [SideError]) {
        for error in errors {
            let place = error.file.isEmpty ? "" : Self.spanned("\(error.file):\(error.line):\(error.column)") + " "
            output += "- **error** (\(error.side.rawValue)): \(place)\(DiffReport.cell(error.message))\n"
        }
    }

    mutating func keys(_ changes: [KeyChange]) {
        output += "#### Definitions\n\n| Change | Key | Before | After |\n|---|---|---|---|\n"
        for change in changes {
            let key =
                Self.spanned("\(change.attribute.rawValue) \(change.key)")
                + (change.from.map { " (was \(Self.spanned($0)))" } ?? "")
            output +=
                "| \(change.kind.rawValue) | \(key) | \(DiffReport.codeSpan(change.old)) | "
                + "\(DiffReport.codeSpan(change.new)) |\n"
        }
        output += "\n"
    }

    mutating func startValues() {
        output += "#### Resolved values\n\n| Key | Contexts | Before | After | Why |\n|---|---|---|---|---|\n"
    }

    mutating func value(_ value: ValueChange, group: ChangeGroup, index: Int, contexts: String) {
        let key = index == 0 ? Self.spanned("\(value.attribute.rawValue) \(value.key)") : ""
        let why = index == 0 ? DiffReport.reasons(value, code: Self.spanned) : ""
        output +=
            "| \(key) | \(DiffReport.cell(contexts)) | \(DiffReport.swatched(group.old, value.attribute)) | "
            + "\(DiffReport.swatched(group.new, value.attribute)) | \(why) |\n"
    }

    mutating func blastRadius(components: [ElementImpact], containers: [ContainerImpact], cssVariables: [String]) {
        output += "#### Blast radius\n\n"
        for impact in components { output += "- " + DiffReport.impactLine(impact, code: Self.spanned) + "\n" }
        for impact in containers { output += "- " + DiffReport.impactLine(impact, code: Self.spanned) + "\n" }
        if !cssVariables.isEmpty {
            output += "- CSS variables: " + cssVariables.map { "`\($0)`" }.joined(separator: ", ") + "\n"
        }
        output += "\n"
    }

    mutating func startContrast() {
        output += "#### Contrast that got worse\n\n| Pair | Foreground over background | Contexts | Before | After |\n"
        output += "|---|---|---|---:|---:|\n"
    }

    mutating func contrast(_ regression: ContrastRegression, contexts: String) {
        let verdict = regression.passes ? "" : " ❌ needs \(regression.required.map(DiffValue.ratio) ?? "-")"
        output +=
            "| \(DiffReport.cell(regression.pair)) | \(Self.spanned(regression.foreground)) over "
            + "\(Self.spanned(regression.background)) | \(DiffReport.cell(contexts)) | "
            + "\(DiffValue.ratio(regression.oldRatio)) | **\(DiffValue.ratio(regression.newRatio))**\(verdict) |\n"
    }

    mutating func endPart() { output += "\n" }

    mutating func endTheme(_ theme: ThemeDiff) { output += "</details>\n" }

    mutating func end() {}
}
