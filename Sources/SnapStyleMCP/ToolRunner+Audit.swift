import SnapStyleJSON
import SnapStyleProtocol

extension ToolRunner {
    /// At most this many failing pairs are written out in the tool's text (the structured result has them all).
    static let listedPairs = 40

    /// `audit`: the daemon's `audit` of `theme`, `themes`, else `--theme`, else every theme of its roots.
    func audit(_ arguments: ToolArguments) async throws -> Answer {
        var params: JSONObject = [:]
        let theme = try arguments.string("theme")
        let themes = try arguments.strings("themes")
        if theme != nil, themes != nil { throw ToolFailure("give either theme or themes") }
        if let themes {
            guard themes.count <= 50 else { throw ToolFailure("argument 'themes' may name at most 50 themes") }
            params["themes"] = .array(themes.map(JSONValue.string))
        } else if let name = theme ?? defaultTheme {
            params["theme"] = .string(name)
        }
        if let level = try arguments.string("level") {
            guard level == "AA" || level == "AAA" else { throw ToolFailure("argument 'level' must be AA or AAA") }
            params["level"] = .string(level)
        }
        if let apca = try arguments.bool("apca") { params["apca"] = .bool(apca) }
        let (result, json) = try await ask(.audit, params, as: AuditResult.self)
        return Answer(text: Self.auditText(result), structured: json)
    }

    /// A summary line per theme, then each failing pair on one line (the first `listedPairs`).
    static func auditText(_ result: AuditResult) -> String {
        var lines: [String] = []
        var listed = 0
        for theme in result.themes {
            let verdict = theme.failing == 0 ? "no pair fails" : "\(theme.failing) pair(s) fail"
            lines.append(
                "\(theme.theme): \(verdict) \(result.standard) in \(theme.contexts.count) context(s) "
                    + "(\(theme.measured) measurements)")
            for pair in theme.pairs where !pair.passes {
                listed += 1
                guard listed <= listedPairs else { continue }
                let needs = pair.required.map { ", needs \($0 == $0.rounded() ? String(Int($0)) : String($0)):1" } ?? ""
                let at = pair.foreground.file.map { " (\($0):\(pair.foreground.line ?? 0))" } ?? ""
                let fix = pair.suggestion.flatMap { fix in fix.to.map { "; suggestion \(fix.from) → \($0)" } } ?? ""
                lines.append(
                    "  FAIL \(pair.name): \(ratio(pair.ratio))\(needs); \(pair.foreground.name) \(pair.drawnForeground)"
                        + "\(at) over \(pair.background.name) \(pair.drawnBackground); "
                        + "in \(contextsText(pair.contexts))\(fix)")
            }
        }
        if listed > listedPairs {
            lines.append("(\(listed - listedPairs) more failing pairs in the structured result)")
        }
        lines += result.problems.map { "problem: \($0)" }
        if let notice = result.apcaNotice { lines.append("note: \(notice)") }
        return lines.joined(separator: "\n")
    }

    /// `light, dark high contrast xxxLarge`, or how many when there are more than four.
    static func contextsText(_ contexts: [JSONValue]) -> String {
        guard contexts.count <= 4 else { return "\(contexts.count) contexts" }
        return contexts.map { context in
            var parts = [context["colorScheme"]?.stringValue ?? "light"]
            if context["contrast"]?.stringValue == "high" { parts.append("high contrast") }
            if let size = context["dynamicType"]?.stringValue, size != "large" { parts.append(size) }
            for member in context["vars"]?.objectValue ?? [:] {
                parts.append("\(member.key)=\(member.value.stringValue ?? "")")
            }
            return parts.joined(separator: " ")
        }.joined(separator: ", ")
    }

    /// `4.01:1`, two decimals rounded down (a ratio just below a threshold never reads as it).
    static func ratio(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction):1"
    }
}
