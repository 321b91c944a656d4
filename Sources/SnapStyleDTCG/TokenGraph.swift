import SnapStyleEngine

/// The token graph one compile works on: what the front ends plan (the units of the resolution order) and the merge
/// reads out of the files: every key's values in the order written, the groups' properties, and the names keys take.
struct TokenGraph {
    /// The entries of the resolution order, merged: a set (one document) or a modifier (one per context).
    var units: [TokenCompiler.Unit] = []
    /// Every unit's group properties merged (a token inherits `$deprecated` from them).
    var groups: [String: GroupInfo] = [:]
    /// Whether any group is `$deprecated` (its tokens inherit it).
    var hasDeprecatedGroups = false
    /// The sets merged: where a modifier context's tokens find their group's `$type` and `$extends` targets (its
    /// tokens only when some group uses `$extends`).
    var base = TokenDocument()
    /// Every key's values: the unit and context that write each, and the token as written.
    var defs: [String: [TokenCompiler.Def]] = [:]
    /// The keys in the order they are first written.
    var keyOrder: [String] = []
    /// Token paths whose key is another (`SnapStyleHints.key`).
    var names: [String: String] = [:]
    /// Tokens Studio: the files of sets selected only as `source` (`TokensStudioThemes.sourceFiles`).
    var sourceFiles = Set<String>()
}
