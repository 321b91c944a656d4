import SnapStyleEngine

/// The analysis stage: what each key is, worked out once per key from the graph (`KeyAnalysis+Types.swift`,
/// `KeyAnalysis+AliasOrder.swift`): its type, the attribute it imports into, its longest alias chain and the parts
/// its value expands to, and the values converted on the way (kept for the definitions stage). A key the last
/// compile's results keep (`KeyResults.kept`) is not worked out again.
struct KeyAnalysis {
    typealias Def = TokenGraph.Def

    let graph: TokenGraph
    let remBase: Double
    /// Every key's result so far, the last compile's for the keys no edit touched.
    var results: KeyResults
    var typeMemo: [String: String?] = [:]
    var attributeMemo: [String: Attribute?] = [:]
    /// Keys whose type is being worked out (an untyped alias cycle ends there).
    var typing = Set<String>()
    /// The keys whose attribute is being worked out, outermost first (a cycle ends there).
    var aliasStack: [String] = []
    /// Keys on an alias cycle, which its error names: they get no message of their own for reading each other.
    var onCycles = Set<String>()
    /// Keys walked by `prepareAliases(from:)`, with their longest chain of whole-value aliases.
    var aliasHeights: [String: Int] = [:]
    /// Keys walked, with the parts their values expand to through aliases (`Limits.valueParts`).
    var partsMemo: [String: Int] = [:]
    var converted: [String: [Int: Result<DTCGValue.Converted, DTCGValueError>]] = [:]
    /// Each key's errors and warnings found here, taken by the definitions stage with the key's own.
    var issues: [String: Diagnostics] = [:]
    var d = Diagnostics()
    /// "Did you mean" for aliases to no token, bounded per compile.
    var suggestions = SuggestionPool()

    init(graph: TokenGraph, remBase: Double, results: KeyResults) {
        self.graph = graph
        self.remBase = remBase
        self.results = results
    }

    /// Forgets what was worked out about a key, whose target changed what it concludes.
    mutating func forget(_ key: String) {
        attributeMemo[key] = nil
        typeMemo[key] = nil
        aliasHeights[key] = nil
        partsMemo[key] = nil
    }
}

/// Every key's result (its attribute, type, alias chain and issues), as the definitions stage leaves it for the next
/// compile: the last compile's results, each replaced when its key is compiled again.
struct KeyResults {
    var all: [String: TokenMemo.KeyResult] = [:]
    /// Keys whose result carries errors or warnings.
    var withIssues = Set<String>()
    /// Keys whose result has no definition, so that the report finds them without looking at every key.
    var undefined = Set<String>()
    /// Reusing: the keys compiled again in this compile (every other key's result is kept); nil: every key is.
    var dirty: Set<String>?

    /// Whether a key's result is the last compile's, kept.
    func isKept(_ key: String) -> Bool { dirty.map { !$0.contains(key) } ?? false }

    func kept(_ key: String) -> TokenMemo.KeyResult? { isKept(key) ? all[key] : nil }

    mutating func set(_ key: String, _ result: TokenMemo.KeyResult) {
        all[key] = result
        if result.issues.isEmpty { withIssues.remove(key) } else { withIssues.insert(key) }
        if result.isDefined { undefined.remove(key) } else { undefined.insert(key) }
    }
}
