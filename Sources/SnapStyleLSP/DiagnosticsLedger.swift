/// The language server's account of diagnostics: which documents changed since their text was handed to the
/// workspace, which themes and style sheets are due at the next flush, and per theme the files last sent
/// diagnostics that were not empty (so that they are cleared when fixed).
struct DiagnosticsLedger {
    /// Per theme, the files whose last diagnostics were not empty.
    private(set) var published: [String: Set<String>] = [:]
    /// Themes whose files' diagnostics are sent at the next flush.
    private var pendingThemes = Set<String>()
    /// Open style sheets (by URI) whose diagnostics are sent at the next flush.
    private var pendingSheets = Set<String>()
    /// Theme files opened or edited since the last flush: their themes' diagnostics are sent then.
    private var openedThemeFiles = Set<String>()
    /// Open documents (by URI) opened or edited since their text was last handed to the workspace.
    private var changedDocuments = Set<String>()

    mutating func documentChanged(_ uri: String) { changedDocuments.insert(uri) }

    mutating func documentClosed(_ uri: String) { changedDocuments.remove(uri) }

    /// The documents changed since the last call, in URI order.
    mutating func takeChangedDocuments() -> [String] {
        defer { changedDocuments = [] }
        return changedDocuments.sorted()
    }

    mutating func themeFileChanged(_ path: String) { openedThemeFiles.insert(path) }

    mutating func sheetDue(_ uri: String) { pendingSheets.insert(uri) }

    mutating func sheetsDue(_ uris: some Sequence<String>) { pendingSheets.formUnion(uris) }

    /// The themes whose diagnostics are sent now: those that may have changed and have a file open or diagnostics
    /// shown, and those of the theme files opened or edited.
    mutating func takeThemesDue(touched: Set<String>, openThemes: Set<String>, themeOfFile: [String: String])
        -> [String]
    {
        for theme in touched where openThemes.contains(theme) || published[theme] != nil {
            pendingThemes.insert(theme)
        }
        pendingThemes.formUnion(openedThemeFiles.compactMap { themeOfFile[$0] })
        openedThemeFiles = []
        defer { pendingThemes = [] }
        return pendingThemes.sorted()
    }

    /// The style sheets whose diagnostics are sent now.
    mutating func takeSheetsDue() -> [String] {
        defer { pendingSheets = [] }
        return pendingSheets.sorted()
    }

    /// The files a theme's diagnostics go to (its files, those with issues now, those that had some: to clear
    /// them), in path order; records which have issues now.
    mutating func files(of theme: String, files: [String], withIssues: Set<String>) -> [String] {
        defer { published[theme] = withIssues }
        return Set(files).union(withIssues).union(published[theme] ?? []).sorted()
    }
}
