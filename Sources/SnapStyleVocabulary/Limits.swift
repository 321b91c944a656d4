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
}
