import SnapStyleJSON

extension ValueText {
    /// An `explain` result as the CLI prints it: the value, one line per step with `file:line`, then what the value
    /// depends on.
    public static func explain(_ result: JSONValue) -> [String] {
        let attribute = result["attribute"]?.stringValue ?? "?"
        let key = result["key"]?.stringValue ?? "?"
        var lines = ["\(attribute) \(key) = \(value(result["value"] ?? .null))"]
        for step in result["steps"]?.arrayValue ?? [] {
            let place = "\(step["file"]?.stringValue ?? "?"):\(step["line"]?.intValue ?? 0)"
            let name = "\(step["attribute"]?.stringValue ?? "?") \(step["key"]?.stringValue ?? "?")"
            let layer = step["layer"]?.stringValue ?? "?"
            let definition = step["definition"]?.stringValue ?? step["kind"]?.stringValue ?? "?"
            let caseText = step["case"]?.intValue.map { " (case \($0) matched)" } ?? ""
            let outcome =
                switch step["result"]?.stringValue ?? "none" {
                case "value": "gives the value"
                case "none": "gives no value, falls through"
                case let other: "→ \(other)"
                }
            lines.append("  \(name): \(definition)\(caseText) \(outcome)  [\(layer) \(place)]")
        }
        let deps = (result["dependsOn"]?.arrayValue ?? []).map {
            "\($0["attribute"]?.stringValue ?? "?") \($0["key"]?.stringValue ?? "?")"
        }
        lines.append("  depends on: \(deps.isEmpty ? "nothing else" : deps.joined(separator: ", "))")
        return lines
    }
}
