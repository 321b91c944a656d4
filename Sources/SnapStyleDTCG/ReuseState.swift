/// What one compile reuses of the last (`TokenMemo`) and leaves for the next, handed to the stages that reuse: the
/// front end (the parsed resolver), the reader (flattened files and merges, and what changed in them), the graph
/// (patched) and the definitions (the results of the keys no edit touched).
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
    /// The keys whose tokens changed since the last compile (every other key's result can be kept).
    var dirty = Set<String>()
    /// The files (`path#pointer`) flattened anew in this compile.
    var reflattened = Set<String>()

    init(memo: TokenMemo) { self.memo = memo }
}
