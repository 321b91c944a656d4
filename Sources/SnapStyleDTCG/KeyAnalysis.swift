import SnapStyleEngine

/// What the stages of one compile work out about keys, each once: types, attributes, alias chains, and the values
/// converted on the way (kept for the definitions stage).
struct KeyAnalysis {
    var typeMemo: [String: String?] = [:]
    var attributeMemo: [String: Attribute?] = [:]
    /// Keys whose type is being worked out (an untyped alias cycle ends there).
    var typing = Set<String>()
    /// The keys whose attribute is being worked out, outermost first (a cycle ends there).
    var aliasStack: [String] = []
    /// Keys walked by `prepareAliases(from:)`, with their longest chain of whole-value aliases.
    var aliasHeights: [String: Int] = [:]
    /// Keys walked, with the parts their values expand to through aliases (`Limits.valueParts`).
    var valueParts: [String: Int] = [:]
    var converted: [String: [Int: Result<DTCGValue.Converted, DTCGValueError>]] = [:]
}
