import SnapStyleEngine

extension DiffReport {
    /// One self-contained page (no script, no request): per theme the definitions, each changed value with the old
    /// and new swatches side by side per group of contexts (fonts drawn in their size and weight), the blast radius
    /// and the contrast that got worse.
    public var html: String {
        let h = Self.html
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <title>snapstyle diff \(h(base)) → \(h(head))</title>
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
            <h1>snapstyle diff <code>\(h(base))</code> → <code>\(h(head))</code></h1>

            """
        for theme in themes {
            out += "<section class=\"theme\" data-theme=\"\(h(theme.theme))\">\n"
            out += "<h2>\(h(theme.theme))</h2>\n<p class=\"summary\">\(h(theme.summary))</p>\n"
            if !theme.errors.isEmpty {
                out += "<ul class=\"errors\">\n"
                for error in theme.errors {
                    let place = error.file.isEmpty ? "" : "\(error.file):\(error.line):\(error.column): "
                    out += "<li class=\"fail\">\(error.side.rawValue): \(h(place + error.message))</li>\n"
                }
                out += "</ul>\n"
            }
            if !theme.keys.isEmpty {
                out +=
                    "<h3>Definitions</h3>\n<table class=\"keys\"><tr><th>Change</th><th>Key</th><th>Before</th>"
                    + "<th>After</th><th>Where</th></tr>\n"
                for change in theme.keys {
                    let key = "\(change.attribute.rawValue) \(change.key)" + (change.from.map { " (was \($0))" } ?? "")
                    out +=
                        "<tr><td>\(change.kind.rawValue)</td><td><code>\(h(key))</code></td>"
                        + "<td><code>\(h(change.old ?? ""))</code></td><td><code>\(h(change.new ?? ""))</code></td>"
                        + "<td><code>\(h(change.location ?? ""))</code></td></tr>\n"
                }
                out += "</table>\n"
            }
            if !theme.values.isEmpty {
                out +=
                    "<h3>Resolved values</h3>\n<table class=\"values\"><tr><th>Key</th><th>Contexts</th>"
                    + "<th>Before</th><th>After</th><th>Why</th></tr>\n"
                for value in theme.values {
                    let why =
                        (value.ownDefinition ? ["its definition"] : []) + value.upstream.map(DiffValue.node)
                    for (index, group) in value.groups.enumerated() {
                        out += "<tr class=\"change\">"
                        if index == 0 {
                            out +=
                                "<td rowspan=\"\(value.groups.count)\"><code>\(h(value.attribute.rawValue)) "
                                + "\(h(value.key))</code></td>"
                        }
                        out +=
                            "<td>\(h(DiffValue.contexts(group.contexts, of: theme.contexts(for: value.attribute))))</td>"
                            + "<td class=\"old\">\(Self.htmlValue(group.old, value.attribute))</td>"
                            + "<td class=\"new\">\(Self.htmlValue(group.new, value.attribute))</td>"
                        if index == 0 {
                            out += "<td rowspan=\"\(value.groups.count)\">\(h(why.joined(separator: ", ")))</td>"
                        }
                        out += "</tr>\n"
                    }
                }
                out += "</table>\n"
            }
            if !theme.components.isEmpty || !theme.containers.isEmpty || !theme.cssVariables.isEmpty {
                out += "<h3>Blast radius</h3>\n<ul class=\"blast\">\n"
                for impact in theme.components {
                    out +=
                        "<li>component <code>\(h(impact.component))</code> <code>\(h(DiffValue.element(impact)))"
                        + "</code> (\(impact.attributes.map(\.rawValue).joined(separator: ", "))): "
                        + impact.states.map(\.rawValue).joined(separator: ", ") + "</li>\n"
                }
                for impact in theme.containers {
                    out +=
                        "<li>container <code>\(h(impact.container))</code>: "
                        + impact.states.map(\.rawValue).joined(separator: ", ") + "</li>\n"
                }
                if !theme.cssVariables.isEmpty {
                    out +=
                        "<li>CSS variables: "
                        + theme.cssVariables.map { "<code>\(h($0))</code>" }.joined(separator: ", ") + "</li>\n"
                }
                out += "</ul>\n"
            }
            if !theme.contrast.isEmpty {
                out +=
                    "<h3>Contrast that got worse</h3>\n<table class=\"contrast\"><tr><th>Pair</th><th>Foreground"
                    + "</th><th>Background</th><th>Contexts</th><th>Before</th><th>After</th></tr>\n"
                for regression in theme.contrast {
                    let after =
                        DiffValue.ratio(regression.newRatio)
                        + (regression.passes ? "" : " (needs \(regression.required.map(DiffValue.ratio) ?? "-"))")
                    out +=
                        "<tr><td>\(h(regression.pair))</td><td><code>\(h(regression.foreground))</code></td>"
                        + "<td><code>\(h(regression.background))</code></td>"
                        + "<td>\(h(DiffValue.contexts(regression.contexts, of: theme.contexts)))</td>"
                        + "<td>\(DiffValue.ratio(regression.oldRatio))</td>"
                        + "<td\(regression.passes ? "" : " class=\"fail\"")>\(h(after))</td></tr>\n"
                }
                out += "</table>\n"
            }
            out += "</section>\n"
        }
        return out + "</body></html>\n"
    }

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
