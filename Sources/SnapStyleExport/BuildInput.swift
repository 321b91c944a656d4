import SnapStyleProtocol

/// One key an output writes: its path (an imported token's key; a native key as `ATTRIBUTE.KEY`) and attribute.
public struct BuildKey: Sendable, Hashable {
    public var attribute: String
    public var key: String
    /// The name words come from: the token's path, or `ATTRIBUTE.KEY` for a native key.
    public var path: String
    public var isImported: Bool
}

/// An output's values: for each block, the resolved theme in its context and which keys are whole aliases of which
/// (for `references: var`). Formats write from this alone, so they need no theme store.
public struct BuildInput: Sendable {
    public var output: BuildOutput
    /// One resolved theme per `contexts` entry, in order, holding only the selected keys.
    public var blocks: [ResolvedTheme]
    /// Per block: a key's path → the path of the key it is a whole alias of (both written by this output).
    public var aliases: [[String: String]]
    /// What the formats made from earlier values of this output (a kept build keeps it between refreshes).
    public var cache: BuildCache

    public init(output: BuildOutput, blocks: [ResolvedTheme], aliases: [[String: String]], cache: BuildCache = .init())
    {
        self.output = output
        self.blocks = blocks
        self.aliases = aliases
        self.cache = cache
    }

    /// The path of a key as names are made from it.
    public static func path(attribute: String, _ entry: ExportedValue) -> String {
        entry.isImported ? entry.key : attribute + "." + entry.key
    }
}
