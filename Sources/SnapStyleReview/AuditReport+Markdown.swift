import SnapStyleEngine

extension AuditReport {
    /// A summary table, then per theme its failing pairs in a collapsible table (colors in backticks, which
    /// GitHub shows with a swatch).
    public var markdown: String {
        var lines = ["## Contrast audit: \(standard)", ""]
        lines.append("| theme | contexts | measured | failing | exempt | not measured |")
        lines.append("|---|---:|---:|---:|---:|---:|")
        for theme in themes {
            lines.append(
                "| \(cell(theme.theme)) | \(theme.contexts.count) | \(theme.measured) | \(theme.failing) | "
                    + "\(theme.exempt) | \(theme.unmeasured) |")
        }
        for theme in themes where !theme.findings.isEmpty {
            lines += ["", "<details><summary>\(cell(theme.theme)): \(theme.failing) failing pair(s)</summary>", ""]
            lines.append("| | pair | foreground | background | ratio | needs | contexts | suggestion |")
            lines.append("|---|---|---|---|---:|---:|---|---|")
            for finding in theme.findings {
                let m = finding.measurement
                let needs = m.requirement.ratio.map { Number.text($0) + ":1" } ?? "exempt"
                let verdict = m.passes ? "pass" : "**fail**"
                let fix: String
                if let suggestion = finding.suggestion {
                    fix = suggestion.to.map { "`\($0.shortHex)`" } ?? "none at this hue"
                } else {
                    fix = ""
                }
                lines.append(
                    "| \(verdict) | \(cell(m.subject.name)) (\(m.requirement.category)) | "
                        + "`\(cell(m.foreground.key + (m.foreground.member.map { "." + $0 } ?? "")))` "
                        + "`\(m.foregroundColor.shortHex)`\(cell(m.foreground.at)) | "
                        + "`\(cell(m.background.key + (m.background.member.map { "." + $0 } ?? "")))` "
                        + "`\(m.backgroundColor.shortHex)` | \(Number.floor2(m.ratio)):1 | \(needs) | "
                        + "\(cell(AuditContext.names(finding.contexts).joined(separator: ", "))) | \(fix) |")
            }
            lines += ["", "</details>"]
        }
        if !problems.isEmpty {
            lines += ["", "Problems:", ""] + problems.map { "- \(cell($0))" }
        }
        if options.apca { lines += ["", "<sub>\(cell(Self.apcaNotice))</sub>"] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe in a table cell.
    func cell(_ text: String) -> String {
        text.replacingAll("|", with: "\\|").replacingAll("\n", with: " ").replacingAll("<", with: "&lt;")
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
