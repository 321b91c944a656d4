import SnapStyleEngine

extension DiffReport {
    /// One self-contained page (no script, no request): per theme the definitions, each changed value with the old
    /// and new swatches side by side per group of contexts (fonts drawn in their size and weight), the blast radius
    /// and the contrast that got worse.
    public var html: String { render(HTMLDiffRenderer()) }

    /// Swatches for the colors of a value, a sample in its font for a font, then the value in words.
    static func htmlValue(_ value: ResolvedValue?, _ attribute: Attribute) -> String {
        var out = ""
        for color in DiffValue.colors(value) {
            let css =
                "rgba(\(Int((color.r * 255).rounded())),\(Int((color.g * 255).rounded())),"
                + "\(Int((color.b * 255).rounded())),\(DiffValue.number(color.a)))"
            out += "<span class=\"swatch\" title=\"\(color.hex)\"><span style=\"background:\(css)\"></span></span>"
        }
        out += "<code>\(html(DiffValue.text(value, attribute)))</code>"
        if let font = DiffValue.cssFont(value) {
            out += "<span class=\"sample\" style=\"font:\(html(font))\">Aa Sample text</span>"
        }
        return out
    }
}

/// The HTML page of a diff: a section per theme, tables with swatches, the blast radius as a list.
struct HTMLDiffRenderer: DiffReportRenderer {
    var output = ""
    let h = DiffReport.html

    func includes(_ theme: ThemeDiff) -> Bool { true }

    mutating func start(_ report: DiffReport) {
        output += """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <title>snapstyle diff \(h(report.base)) → \(h(report.head))</title>
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#1b1b1f;background:#fff}
            table{border-collapse:collapse;margin:.5em 0 1.5em}
            th,td{border:1px solid #d0d0d8;padding:4px 8px;text-align:left;vertical-align:top}
            th{background:#f3f3f6}
            code{font:12px ui-monospace,monospace}
            .swatch{display:inline-block;width:28px;height:28px;border:1px solid #888;border-radius:4px;
            vertical-align:middle;margin-right:4px;
            background-image:linear-gradient(45deg,#ccc 25%,transparent 25%,transparent 75%,#ccc 75%),
            linear-gradient(45deg,#ccc 25%,transparent 25%,transparent 75%,#ccc 75%);
            background-size:10px 10px;background-position:0 0,5px 5px}
            .swatch>span{display:block;width:100%;height:100%;border-radius:3px}
            .fail{color:#b00020;font-weight:600}
            .sample{display:block;margin-top:4px}
            </style></head><body>
            <h1>snapstyle diff <code>\(h(report.base))</code> → <code>\(h(report.head))</code></h1>

            """
    }

    mutating func startTheme(_ theme: ThemeDiff) {
        output += "<section class=\"theme\" data-theme=\"\(h(theme.theme))\">\n"
        output += "<h2>\(h(theme.theme))</h2>\n<p class=\"summary\">\(h(theme.summary))</p>\n"
    }

    mutating func errors(_ errors: [SideError]) {
        output += "<ul class=\"errors\">\n"
        for error in errors {
            let place = error.file.isEmpty ? "" : "\(error.file):\(error.line):\(error.column): "
            output += "<li class=\"fail\">\(error.side.rawValue): \(h(place + error.message))</li>\n"
        }
        output += "</ul>\n"
    }

    mutating func keys(_ changes: [KeyChange]) {
        output +=
            "<h3>Definitions</h3>\n<table class=\"keys\"><tr><th>Change</th><th>Key</th><th>Before</th>"
            + "<th>After</th><th>Where</th></tr>\n"
        for change in changes {
            let key = "\(change.attribute.rawValue) \(change.key)" + (change.from.map { " (was \($0))" } ?? "")
            output +=
                "<tr><td>\(change.kind.rawValue)</td><td><code>\(h(key))</code></td>"
                + "<td><code>\(h(change.old ?? ""))</code></td><td><code>\(h(change.new ?? ""))</code></td>"
                + "<td><code>\(h(change.location ?? ""))</code></td></tr>\n"
        }
        output += "</table>\n"
    }

    mutating func startValues() {
        output +=
            "<h3>Resolved values</h3>\n<table class=\"values\"><tr><th>Key</th><th>Contexts</th>"
            + "<th>Before</th><th>After</th><th>Why</th></tr>\n"
    }

    mutating func value(_ value: ValueChange, group: ChangeGroup, index: Int, contexts: String) {
        output += "<tr class=\"change\">"
        if index == 0 {
            output +=
                "<td rowspan=\"\(value.groups.count)\"><code>\(h(value.attribute.rawValue)) \(h(value.key))</code></td>"
        }
        output +=
            "<td>\(h(contexts))</td>"
            + "<td class=\"old\">\(DiffReport.htmlValue(group.old, value.attribute))</td>"
            + "<td class=\"new\">\(DiffReport.htmlValue(group.new, value.attribute))</td>"
        if index == 0 {
            output += "<td rowspan=\"\(value.groups.count)\">\(h(DiffReport.reasons(value, code: { $0 })))</td>"
        }
        output += "</tr>\n"
    }

    mutating func blastRadius(components: [ElementImpact], containers: [ContainerImpact], cssVariables: [String]) {
        let code = { [h] (name: String) in "<code>\(h(name))</code>" }
        output += "<h3>Blast radius</h3>\n<ul class=\"blast\">\n"
        for impact in components { output += "<li>" + DiffReport.impactLine(impact, code: code) + "</li>\n" }
        for impact in containers { output += "<li>" + DiffReport.impactLine(impact, code: code) + "</li>\n" }
        if !cssVariables.isEmpty {
            output += "<li>CSS variables: " + cssVariables.map(code).joined(separator: ", ") + "</li>\n"
        }
        output += "</ul>\n"
    }

    mutating func startContrast() {
        output +=
            "<h3>Contrast that got worse</h3>\n<table class=\"contrast\"><tr><th>Pair</th><th>Foreground"
            + "</th><th>Background</th><th>Contexts</th><th>Before</th><th>After</th></tr>\n"
    }

    mutating func contrast(_ regression: ContrastRegression, contexts: String) {
        let after =
            DiffValue.ratio(regression.newRatio)
            + (regression.passes ? "" : " (needs \(regression.required.map(DiffValue.ratio) ?? "-"))")
        output +=
            "<tr><td>\(h(regression.pair))</td><td><code>\(h(regression.foreground))</code></td>"
            + "<td><code>\(h(regression.background))</code></td><td>\(h(contexts))</td>"
            + "<td>\(DiffValue.ratio(regression.oldRatio))</td>"
            + "<td\(regression.passes ? "" : " class=\"fail\"")>\(h(after))</td></tr>\n"
    }

    mutating func endPart() { output += "</table>\n" }

    mutating func endTheme(_ theme: ThemeDiff) { output += "</section>\n" }

    mutating func end() { output += "</body></html>\n" }
}
