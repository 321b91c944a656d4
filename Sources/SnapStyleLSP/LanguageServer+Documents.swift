import SnapStyleEngine
import SnapStyleJSON
import SnapStyleThemes

extension LanguageServer {
    func didOpen(_ params: JSONValue?) throws {
        let item = try decode(DidOpenParams.self, params).textDocument
        let uri = item.uri
        guard let path = FileURI.path(uri) else { return }
        let text = item.text
        let language = item.languageId ?? ""
        let isSheet =
            Self.styleSheetLanguages.contains(language) || (language.isEmpty && !path.hasSuffix(".json"))
        let document = TextDocument(text, version: item.version ?? 0)
        open[uri] = OpenDocument(path: path, languageID: language, document: document, isStyleSheet: isSheet)
        diagnostics.documentChanged(uri)
    }

    /// Applies the edits to the document's text only: what they mean is worked out once no message is waiting
    /// (`commitDocuments()`), or when a request needs it, so a burst of keystrokes costs one analysis.
    func didChange(_ params: JSONValue?) throws {
        let request = try decode(DidChangeParams.self, params)
        let uri = request.textDocument.uri
        guard open[uri] != nil else { return }
        for change in request.contentChanges { open[uri]?.document.apply(change.text, in: change.range) }
        if let version = request.textDocument.version { open[uri]?.document.version = version }
        diagnostics.documentChanged(uri)
    }

    func didClose(_ params: JSONValue?) throws {
        let uri = try decode(TextDocumentParams.self, params).textDocument.uri
        diagnostics.documentClosed(uri)
        guard let entry = open.removeValue(forKey: uri) else { return }
        if entry.isStyleSheet {
            notify(.publishDiagnostics, ["uri": .string(uri), "diagnostics": []])
        } else if let workspace, workspace.fileSystem.buffer(entry.path) != nil {
            workspace.fileSystem.setBuffer(entry.path, nil)
            workspace.markChanged([entry.path])
        }
    }

    /// Hands the documents opened or edited since the last call to the workspace: a theme file's text becomes what
    /// its theme is built from (a document over `Limits.editorDocumentBytes` is left out: its file is read from
    /// disk), a style sheet is due for diagnostics.
    func commitDocuments() {
        for uri in diagnostics.takeChangedDocuments() {
            guard let entry = open[uri] else { continue }
            if entry.isStyleSheet {
                diagnostics.sheetDue(uri)
                continue
            }
            guard let workspace, workspace.isUnderRoot(entry.path) else { continue }
            let fits = entry.document.bytes.count <= Limits.editorDocumentBytes
            workspace.fileSystem.setBuffer(entry.path, fits ? entry.document.bytes : nil)
            workspace.markChanged([entry.path])
            diagnostics.themeFileChanged(entry.path)
        }
    }

    /// The diagnostic of a document too large to be read: the only one it gets from the server.
    func oversizeDiagnostic(_ document: TextDocument) -> JSONValue? {
        guard document.bytes.count > Limits.editorDocumentBytes else { return nil }
        let start = LSPPosition(line: 0, character: 0)
        return [
            "range": LSPRange(start: start, end: start).json,
            "severity": .integer(DiagnosticSeverity.warning.rawValue), "source": "snapstyle",
            "message": .string(
                "this document is \(document.bytes.count) bytes, over the \(Limits.editorDocumentBytes) bytes the "
                    + "language server reads: it is not analysed (a theme file is read from disk)"),
        ]
    }

    func didSave(_ params: JSONValue?) throws { _ = try decode(TextDocumentParams.self, params) }

    func didChangeWatchedFiles(_ params: JSONValue?) {
        let changes = (try? decode(DidChangeWatchedFilesParams.self, params))?.changes ?? []
        filesChanged(Set(changes.compactMap { FileURI.path($0.uri) }))
    }

    // MARK: Diagnostics

    /// Applies what changed and sends the diagnostics that may differ: called when no message is waiting.
    public func flush() async {
        guard state == .running, let workspace else { return }
        commitDocuments()
        workspace.sync()
        let touched = workspace.takeTouched()
        let openThemes = Set(open.values.compactMap { workspace.themeOfFile[$0.path] })
        let themes = diagnostics.takeThemesDue(
            touched: touched, openThemes: openThemes, themeOfFile: workspace.themeOfFile)
        await refreshCSSTable()
        for theme in themes { publishDiagnostics(theme: theme, workspace) }
        for uri in diagnostics.takeSheetsDue() { publishStyleSheetDiagnostics(uri) }
    }

    /// Applies what changed and brings the CSS names up to the CSS theme's generation when something reads them: an
    /// open style sheet, or `always` (a rename edits the style sheets on disk too). A request about a style sheet
    /// may come before the flush that would have; style sheets' diagnostics are due when the names change.
    func refreshCSSTable(always: Bool = false) async {
        guard let workspace else { return }
        commitDocuments()
        workspace.sync()
        guard always || open.values.contains(where: \.isStyleSheet) else { return }
        let generation = workspace.store.theme(named: cssTheme)?.snapshot.generation
        guard generation != cssTable?.generation || cssTable == nil else { return }
        cssTable = await CSSNameTable.build(theme: cssTheme, methods: workspace.methods)
        diagnostics.sheetsDue(open.filter(\.value.isStyleSheet).keys)
    }

    func publishDiagnostics(theme: String, _ workspace: ThemeWorkspace) {
        let info = workspace.info(theme)
        var byFile: [String: [JSONValue]] = [:]
        for (issues, severity) in [(info?.errors ?? [], DiagnosticSeverity.error), (info?.warnings ?? [], .warning)] {
            for issue in issues {
                let path = issue.file.hasPrefix("/") ? issue.file : (info?.root ?? "") + "/" + issue.file
                byFile[path, default: []].append(diagnostic(issue, severity: severity, path: path, workspace))
            }
        }
        // Contrast is audited for open themes that load (a theme in error serves an older generation); the audit
        // of an open theme in error is kept, for the edit that mends it.
        let isOpen = open.values.contains { workspace.themeOfFile[$0.path] == theme }
        if info?.state == .loaded, isOpen {
            // A theme's first audit measures every pair: its other diagnostics are sent before it, then again with
            // the contrast warnings.
            if !contrast.hasAudit(theme) { send(byFile, theme: theme, workspace) }
            for warning in contrast.warnings(theme: theme, workspace) {
                byFile[warning.path, default: []].append(
                    contrastDiagnostic(
                        warning.message, line: warning.line, column: warning.column, path: warning.path,
                        workspace))
            }
        } else if !isOpen {
            contrast.forget(theme)
        }
        send(byFile, theme: theme, workspace)
    }

    /// Sends a theme's diagnostics, by absolute path, to each of its files and to those that had some.
    private func send(_ byFile: [String: [JSONValue]], theme: String, _ workspace: ThemeWorkspace) {
        let files = diagnostics.files(of: theme, files: workspace.files(of: theme), withIssues: Set(byFile.keys))
        for path in files where workspace.isUnderRoot(path) {
            var list = byFile[path] ?? []
            var params: JSONObject = ["uri": .string(FileURI.uri(path))]
            if let document = open.values.first(where: { $0.path == path })?.document {
                params["version"] = .integer(Int64(document.version))
                if let oversize = oversizeDiagnostic(document) { list.insert(oversize, at: 0) }
            }
            params["diagnostics"] = .array(list)
            notify(.publishDiagnostics, .object(params))
        }
    }

    func diagnostic(_ issue: ThemeError, severity: DiagnosticSeverity, path: String, _ workspace: ThemeWorkspace)
        -> JSONValue
    {
        var range = LSPRange(
            start: LSPPosition(line: max(issue.line - 1, 0), character: 0),
            end: LSPPosition(line: max(issue.line - 1, 0), character: 0))
        if let (document, model) = workspace.model(path) {
            let offset = document.offset(line: issue.line, scalarColumn: issue.column)
            let extent = model.scan.extent(startingAt: offset, in: document.bytes)
            range = document.range(extent.start, extent.end)
        }
        return [
            "range": range.json, "severity": .integer(severity.rawValue), "source": "snapstyle",
            "message": .string(issue.message),
        ]
    }

    /// A failing contrast pair's warning at its foreground key's definition.
    func contrastDiagnostic(_ message: String, line: Int, column: Int, path: String, _ workspace: ThemeWorkspace)
        -> JSONValue
    {
        var range = LSPRange(
            start: LSPPosition(line: max(line - 1, 0), character: 0),
            end: LSPPosition(line: max(line - 1, 0), character: 0))
        if let (document, model) = workspace.model(path) {
            let offset = document.offset(line: line, scalarColumn: column)
            let extent = model.scan.extent(startingAt: offset, in: document.bytes)
            range = document.range(extent.start, extent.end)
        }
        return [
            "range": range.json, "severity": .integer(DiagnosticSeverity.warning.rawValue), "source": "snapstyle",
            "code": "contrast", "message": .string(message),
        ]
    }

    func publishStyleSheetDiagnostics(_ uri: String) {
        guard let entry = open[uri], entry.isStyleSheet else { return }
        var warnings: [JSONValue] = []
        if let oversize = oversizeDiagnostic(entry.document) {
            warnings.append(oversize)
        } else if let table = cssTable {
            let scan = StyleSheetScan(bytes: entry.document.bytes, languageID: entry.languageID)
            let unknown = scan.uses.lazy.filter { table[$0.name] == nil }.prefix(Limits.styleSheetWarnings)
            let ranges = entry.document.ranges(unknown.map { ($0.start, $0.end) })
            var hints: [String: String] = [:]
            var index: Suggestions?
            for (use, range) in zip(unknown, ranges) {
                var hint = hints[use.name] ?? ""
                if hints[use.name] == nil, hints.count < Limits.styleSheetSuggestions {
                    if index == nil { index = Suggestions(table.names) }
                    let near = index!.nearest(to: use.name, limit: 3)
                    hint = near.isEmpty ? "" : " (did you mean " + near.joined(separator: ", ") + "?)"
                    hints[use.name] = hint
                }
                warnings.append([
                    "range": range.json, "severity": .integer(DiagnosticSeverity.warning.rawValue),
                    "source": "snapstyle",
                    "message": .string("\(use.name) is not defined by theme '\(cssTheme)'\(hint)"),
                ])
            }
        }
        notify(
            .publishDiagnostics,
            [
                "uri": .string(uri), "version": .integer(Int64(entry.document.version)),
                "diagnostics": .array(warnings),
            ])
    }
}
