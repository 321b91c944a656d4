import SnapStyleJSON
import SnapStyleProtocol

extension ValueText {
    /// An `explain` result as the CLI prints it: the value, one line per step with `file:line`, then what the value
    /// depends on.
    public static func explain(_ result: ExplainResult) -> [String] {
        var lines = ["\(result.attribute.rawValue) \(result.key) = \(value(result.value ?? .null))"]
        for step in result.steps {
            let definition = step.definition.isEmpty ? step.kind : step.definition
            let caseText = step.caseIndex.map { " (case \($0) matched)" } ?? ""
            let outcome =
                switch step.result {
                case "value": "gives the value"
                case "none": "gives no value, falls through"
                case let other: "→ \(other)"
                }
            lines.append(
                "  \(step.attribute.rawValue) \(step.key): \(definition)\(caseText) \(outcome)  "
                    + "[\(step.layer) \(step.file):\(step.line)]")
        }
        let deps = result.dependsOn.map { "\($0.attribute.rawValue) \($0.key)" }
        lines.append("  depends on: \(deps.isEmpty ? "nothing else" : deps.joined(separator: ", "))")
        return lines
    }

    /// A mapped key and its value: `key = value`, or `-` when nothing is mapped.
    public static func keyed(_ mapped: MappedValue) -> String {
        guard let key = mapped.key else { return "-" }
        return "\(key) = \(value(mapped.value ?? .null))"
    }
}
