/// The bounds on work that input from theme files and requests can cause, in one place; docs/daemon.md lists each
/// with its default and the error it gives. Configurable ones are defaults the daemon's configuration may change.
public enum Limits {
    /// References one value may go through: native `ref`s and DTCG aliases alike. Resolution follows them on the
    /// machine stack, so a deeper chain answers `StyleError.referenceDepth`; a DTCG token past it is reported where
    /// it is written.
    public static let referenceDepth = 128
    /// Groups one DTCG `$extends` chain may go through; a group further along is an error where it is written.
    public static let extendsDepth = 64
    /// Nesting of a `calc` expression (parentheses, calls, unary minus and chained operators).
    public static let calcDepth = 64
    /// The default largest theme or token file read (the configuration's `maxFileBytes`): a larger file is an
    /// error naming its size and the limit, and is never parsed.
    public static let fileBytes = 64 * 1024 * 1024
    /// Tokens from which a theme is compiled whole on each change and keeps only its compiled form (not the parsed
    /// JSON of its token files nor the memo an incremental compile needs): for such a theme these are larger than
    /// the compiled form, and a change costs a read of its files anyway.
    public static let largeTokenTheme = 100_000
    /// Bytes of token files from which a theme not compiled yet counts as very large.
    public static let largeTokenFiles = 16 << 20
    /// The default largest number of open `/events` streams of `snapstyle preview` (`--max-streams`): one more is
    /// answered HTTP 503.
    public static let eventStreams = 1000
    /// How long a graceful shutdown may take before the daemon exits whatever is still running.
    public static let shutdownSeconds = 4
    /// Members of one JSON object in a request: a request holding a larger object is answered `-32005` with
    /// `data.limit` `objectMembers` (duplicates are found in linear time, whatever the size).
    public static let objectMembers = 65_536
    /// Definitions a request's `overrides` may hold (sections' members together): more is `-32005`
    /// `overrideDefinitions`. Overrides are checked like a theme file, off the event loops.
    public static let overrideDefinitions = 10_000
    /// The largest answer the daemon writes: a larger one is `-32005` with `data.limit` `responseBytes`.
    public static let responseBytes = 64 << 20
    /// Candidates one unknown name is compared with for a "did you mean" (those nearest to it in spelling order,
    /// forwards and backwards), so a suggestion costs the same among ten keys or a hundred thousand.
    public static let suggestionCandidates = 256
    /// Unknown names in one compile (a theme's load or check) that get a "did you mean"; later ones get none.
    public static let suggestionQueries = 1000
    /// Parts (JSON values: numbers, strings, members, elements) of one resolved token value, counted through its
    /// aliases: a token whose aliases would expand past it is an error where it is written, and a resolution that
    /// meets such a value answers `-32005` with `data.limit` `valueParts`.
    public static let valueParts = 10_000
    /// Characters of one error or warning message about a theme file, whole: a longer one is cut and ends with `…`
    /// (`Quoted.excerpt`), whatever it quotes.
    public static let messageCharacters = 1024
    /// Characters of a name, value or line from a request or a theme file that a message quotes: longer ones are cut
    /// and end with `…` (`Quoted.excerpt`), so that an answer never repeats a megabyte of input.
    public static let quotedCharacters = 300
    /// Errors (and, apart, warnings) an answer about a theme carries (`themes`, `themeError`, `-32004`, the MCP
    /// server's `list_themes`, the preview's banner): the first ones, with `errorCount` and `warningCount` saying how
    /// many there are. `snapstyle check` prints them all.
    public static let listedErrors = 20
    /// Resources one `snapstyle mcp` session may subscribe to: one more is refused with `-32005`.
    public static let mcpSubscriptions = 1000
    /// Bytes (UTF-8) of `snapstyle mcp`'s `search_keys` query: a longer one is a tool error.
    public static let mcpSearchQueryBytes = 1024
    /// Seconds `snapstyle preview` waits for a request head to arrive whole on a new connection: a connection still
    /// short of it is closed.
    public static let previewHeadSeconds = 10
    /// Seconds a `snapstyle preview` connection may stay idle between requests (event streams are not idle) before
    /// it is closed; a request head started in that time must be whole by then.
    public static let previewIdleSeconds = 60
    /// Connections one client address may hold open on `snapstyle preview`, event streams not counted (they have
    /// `--max-streams`): past it the oldest connection that is waiting for a request is closed to make room, or the
    /// new connection when none waits.
    public static let previewConnectionsPerAddress = 256
    /// Variables (`vars`) of the one context an `audit` request may measure in: every pair's answer repeats its
    /// context, so more is `-32005` with `data.limit` `auditContextVariables`.
    public static let auditContextVariables = 32
    /// Requests in one JSON-RPC batch (and calls in one preview batch): a longer batch is one `-32005` error.
    public static let batchEntries = 1000
    /// Subscriptions one daemon connection may hold: one more is `-32005`.
    public static let subscriptionsPerConnection = 64
    /// Subscribed queries (`subscribe`'s `queries`) one daemon connection may hold together: more is `-32005`.
    public static let queriesPerConnection = 1000
    /// The default longest request line of the daemon (the configuration's `maxLineBytes`).
    public static let lineBytes = 1 << 20
    /// The default number of clients the daemon serves at once (`maxConnections`).
    public static let connections = 1024
    /// The default output queued for a client that does not read, before it is dropped (`maxQueuedBytes`).
    public static let queuedBytes = 4 << 20
    /// The default memory the caches of every theme may hold together (`maxCacheBytes`).
    public static let cacheBytes = 64 << 20
    /// Requests with distinct `overrides` one theme's cache keeps values for; further ones resolve uncached.
    public static let cachedOverrides = 4096
    /// Nesting of JSON text the Swift codec reads (requests, answers) and the theme loader accepts (jansson's own).
    public static let jsonDepth = 2048
    /// Nesting of `when` and `not` in one native definition.
    public static let whenNesting = 32
    /// Points on a side of a native mesh gradient.
    public static let meshSide = 100
    /// The longest line `snapstyle mcp` reads (one message): past it the session ends.
    public static let mcpLineBytes = 4 << 20
    /// The largest document `snapstyle lsp` reads (an open buffer, or a style sheet on disk a rename edits): a larger
    /// one is not analysed and gets one diagnostic saying so (its theme's file is still loaded from it).
    public static let editorDocumentBytes = 8 << 20
    /// Colors one `textDocument/documentColor` answer of `snapstyle lsp` holds (the first ones in the document).
    public static let documentColors = 10_000
    /// Warnings `snapstyle lsp` sends for one style sheet's unknown names (the first ones in the document).
    public static let styleSheetWarnings = 1_000
    /// Of those, the distinct names given nearest names ("did you mean"): the first ones; the others are warned alone.
    public static let styleSheetSuggestions = 100
    /// Style sheets on disk that a rename of `snapstyle lsp` reads in the workspace folders (the first ones found).
    public static let styleSheetFiles = 10_000
    /// Items in one completion answer of `snapstyle lsp` (`isIncomplete` says when there are more).
    public static let completionItems = 200
    /// Nesting `snapstyle lsp` reads in a buffer: deeper text is skipped as text.
    public static let scanDepth = 256
    /// Nesting `snapstyle lsp` looks into for the keys a native definition names (references deeper are not
    /// listed; the theme loader's own `whenNesting` bounds what loads).
    public static let referenceNesting = 32
}
