import SnapStyleEngine
import SnapStyleJSON

extension LanguageServer {
    /// The document and position a request is about.
    enum Target {
        /// A theme file of a theme that loaded at least once.
        case themeFile(ThemeFileTarget)
        /// A style sheet or markup file.
        case styleSheet(uri: String, document: TextDocument, languageID: String, offset: Int)
    }

    struct ThemeFileTarget {
        var path: String
        var themeName: String
        var theme: StyleTheme
        var document: TextDocument
        var model: ThemeFileModel
        var offset: Int
    }

    /// What a text document and a position (nil: the document's start) point at; nil for a document outside every
    /// root, or of a theme that never loaded and extends none: those get empty answers.
    func target(_ textDocument: TextDocumentIdentifier, _ position: LSPPosition?) -> Target? {
        let uri = textDocument.uri
        guard let workspace, let path = FileURI.path(uri) else { return nil }
        if let entry = open[uri], entry.isStyleSheet {
            guard entry.document.bytes.count <= Limits.editorDocumentBytes else { return nil }
            let offset = position.map { entry.document.offset(of: $0) } ?? 0
            return .styleSheet(uri: uri, document: entry.document, languageID: entry.languageID, offset: offset)
        }
        guard workspace.isUnderRoot(path) else { return nil }
        commitDocuments()
        workspace.sync()
        // A theme that never loaded (broken since the server started) answers from the theme it extends meanwhile,
        // so that its references to the parent's keys, literal names and members still complete.
        guard let themeName = workspace.themeOfFile[path],
            let theme = workspace.store.theme(named: themeName)
                ?? workspace.info(themeName).flatMap({ $0.extends }).flatMap(workspace.store.theme(named:)),
            let (document, model) = workspace.model(path)
        else { return nil }
        let offset = position.map { document.offset(of: $0) } ?? 0
        return .themeFile(
            ThemeFileTarget(
                path: path, themeName: themeName, theme: theme, document: document, model: model, offset: offset))
    }

    /// The theme node under the cursor in a theme file, with the range of its name.
    func node(at target: ThemeFileTarget) -> (node: NodeRef, site: NameSite)? {
        guard let workspace else { return nil }
        for site in target.model.sites(at: target.offset) {
            if let node = workspace.node(site.name, theme: target.theme) { return (node, site) }
        }
        return nil
    }

    /// The key a style sheet's `var(--NAME)` under the cursor stands for.
    func cssUse(at document: TextDocument, languageID: String, offset: Int)
        -> (use: StyleSheetScan.Use, entry: CSSNameTable.Entry?)?
    {
        let scan = StyleSheetScan(bytes: document.bytes, languageID: languageID)
        guard let use = scan.use(at: offset) else { return nil }
        return (use, cssTable?[use.name])
    }
}
