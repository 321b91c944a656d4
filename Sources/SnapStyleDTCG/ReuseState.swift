/// The compiler's incremental layer (`TokenCompiler+Reuse.swift`): the last compile's results, this compile's for
/// the next, and what changed since.
struct ReuseState {
    /// The last compile's results.
    var memo: TokenMemo
    /// This compile's, for the next.
    var next = TokenMemo()
    /// Whether to leave a memo for the next compile; without one, the files' JSON is let go as soon as the tokens
    /// are read out of it, and only results with errors or warnings are kept (`compileWhole`).
    var keepsMemo = true
    /// Whether every file flattened anew has the keys and group properties it had (and none uses `$extends`).
    var shapesKept = true
    /// Reusing: the keys whose tokens changed since the last compile (every other key's result is kept).
    var dirty = Set<String>()
    var reusing = false
    /// The files (`path#pointer`) flattened anew in this compile.
    var reflattened = Set<String>()

    init(memo: TokenMemo) { self.memo = memo }
}
