/// The language server's account of diagnostics: per theme, the files last sent diagnostics that were not empty
/// (so that they are cleared when fixed), and what is due at the next flush.
struct DiagnosticsLedger {
    var published: [String: Set<String>] = [:]
    /// Themes whose files' diagnostics are sent at the next flush.
    var pendingThemes = Set<String>()
    /// Open style sheets (by URI) whose diagnostics are sent at the next flush.
    var pendingSheets = Set<String>()
    /// Theme files opened or edited since the last flush: their themes' diagnostics are sent then.
    var openedThemeFiles = Set<String>()
    /// Open documents (by URI) opened or edited since their text was last handed to the workspace.
    var changedDocuments = Set<String>()
}
