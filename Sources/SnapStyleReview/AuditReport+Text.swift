import SnapStyleEngine

extension AuditReport {
    /// One block per failing pair (every pair with `all`), a summary line per theme, and the problems.
    public var text: String {
        var lines: [String] = []
        for theme in themes {
            lines.append(theme.summary(standard: standard))
            for finding in theme.findings {
                let m = finding.measurement
                let verdict = m.passes ? (m.requirement.ratio == nil ? "EXEMPT" : "PASS") : "FAIL"
                lines.append("  \(verdict) \(m.subject.name): \(m.measuredText(apca: options.apca))")
                lines.append("       foreground \(m.foreground.name) \(m.foregroundColor.shortHex)\(m.foreground.at)")
                var over = "       over \(m.background.name) \(m.backgroundColor.shortHex)\(m.background.at)"
                if m.backgroundLayers.count > 1 { over += ", layers " + m.backgroundLayers.joined(separator: " < ") }
                lines.append(over)
                lines.append("       in \(AuditContext.names(finding.contexts).joined(separator: ", "))")
                if let fix = finding.suggestion { lines.append("       suggestion: \(fix.text)") }
            }
        }
        lines += problems.map { "problem: \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ThemeAuditResult {
    /// `snap: 12 of 340 pairs fail WCAG 2.2 AA in 12 contexts (4,020 measurements; 20 exempt; 3 not measured)`.
    func summary(standard: String) -> String {
        let counted = failing == 0 ? "no pair fails" : "\(failing) pair(s) fail"
        var details = ["\(measured) measurement(s)"]
        if exempt > 0 { details.append("\(exempt) exempt") }
        if unmeasured > 0 { details.append("\(unmeasured) not measurable (a material below)") }
        return "\(theme): \(counted) \(standard) in \(contexts.count) context(s) (" + details.joined(separator: "; ")
            + ")"
    }
}

extension AuditMeasurement {
    /// `text 17pt regular (normal text): 3.21:1, needs 4.5:1`, with APCA's Lc when asked.
    public func measuredText(apca: Bool) -> String {
        var text = role.rawValue
        if let font { text += " \(Number.text(font.size))pt weight \(font.weight)" }
        text += " (\(requirement.category)): \(Number.floor2(ratio)):1"
        if let needed = requirement.ratio { text += ", needs \(Number.text(needed)):1" }
        if apca {
            text += "; Lc \(Number.towardZero1(lightnessContrast)), needs \(Number.text(requirement.lightnessContrast))"
        }
        return text
    }
}

extension AuditKey {
    /// ` (file:line)` or nothing.
    var at: String { location.map { " (\($0.builtin ? "built-in " : "")\($0))" } ?? "" }
}

extension ColorFix {
    /// `surface onContent1 #8E8E93 → #6C6C70 (checked against 24 pairs)`.
    public var text: String {
        guard let to else {
            return "\(key.name) \(from.shortHex): no lightness at this hue and chroma passes all \(checked) use(s)"
        }
        return "\(key.name) \(from.shortHex) → \(to.shortHex) (same OKLCH hue and chroma; passes all \(checked) use(s))"
    }
}

extension RGBA {
    /// `#RRGGBB` when opaque, else `#RRGGBBAA`.
    public var shortHex: String { hex.hasSuffix("FF") ? String(hex.dropLast(2)) : hex }
}

/// Numbers as reports print them: never rounded up across a threshold.
enum Number {
    /// `4.5`, `17`.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Two decimals, rounded down, so that a ratio just below 4.5 never reads `4.50`.
    static func floor2(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// One decimal, toward zero (an Lc just below 60 never reads `60.0`).
    static func towardZero1(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.towardZero))
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
