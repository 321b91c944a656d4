import SnapStyleEngine
import SnapStyleJSON
import SnapStyleThemes

extension LanguageServer {
    func documentURI(_ params: JSONValue?) throws -> String {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else {
            throw LSPError(.invalidParams, "textDocument.uri is missing")
        }
        return uri
    }

    func didOpen(_ params: JSONValue?) throws {
        let uri = try documentURI(params)
        guard let item = params?["textDocument"], let text = item["text"]?.stringValue,
            let path = FileURI.path(uri)
        else { return }
        let language = item["languageId"]?.stringValue ?? ""
        let isSheet =
            Self.styleSheetLanguages.contains(language) || (language.isEmpty && !path.hasSuffix(".json"))
        let document = TextDocument(text, version: item["version"]?.intValue ?? 0)
        open[uri] = OpenDocument(path: path, languageID: language, document: document, isStyleSheet: isSheet)
        if isSheet {
            diagnostics.pendingSheets.insert(uri)
        } else if let workspace, workspace.isUnderRoot(path) {
            workspace.fileSystem.setBuffer(path, document.bytes)
            workspace.markChanged([path])
            diagnostics.openedThemeFiles.insert(path)
        }
    }

    func didChange(_ params: JSONValue?) throws {
        let uri = try documentURI(params)
        guard var entry = open[uri] else { return }
        for change in params?["contentChanges"]?.arrayValue ?? [] {
            guard let text = change["text"]?.stringValue else {
                throw LSPError(.invalidParams, "a content change needs text")
            }
            entry.document.apply(text, in: LSPRange(json: change["range"]))
        }
        entry.document.version = params?["textDocument"]?["version"]?.intValue ?? entry.document.version
        open[uri] = entry
        if entry.isStyleSheet {
            diagnostics.pendingSheets.insert(uri)
        } else if let workspace, workspace.isUnderRoot(entry.path) {
            workspace.fileSystem.setBuffer(entry.path, entry.document.bytes)
            workspace.markChanged([entry.path])
            diagnostics.openedThemeFiles.insert(entry.path)
        }
    }

    func didClose(_ params: JSONValue?) throws {
        let uri = try documentURI(params)
        guard let entry = open.removeValue(forKey: uri) else { return }
        if entry.isStyleSheet {
            notify(.publishDiagnostics, ["uri": .string(uri), "diagnostics": []])
        } else if let workspace, workspace.fileSystem.buffer(entry.path) != nil {
            workspace.fileSystem.setBuffer(entry.path, nil)
            workspace.markChanged([entry.path])
        }
    }

    func didSave(_ params: JSONValue?) throws { _ = try documentURI(params) }

    func didChangeWatchedFiles(_ params: JSONValue?) {
        let paths = (params?["changes"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path) }
        filesChanged(Set(paths))
    }

    // MARK: Diagnostics

    /// Applies what changed and sends the diagnostics that may differ: called when no message is waiting.
    public func flush() async {
        guard state == .running, let workspace else { return }
        workspace.sync()
        let touched = workspace.takeTouched()
        let openThemes = Set(open.values.compactMap { workspace.themeOfFile[$0.path] })
        for theme in touched where openThemes.contains(theme) || diagnostics.published[theme] != nil {
            diagnostics.pendingThemes.insert(theme)
        }
        for path in diagnostics.openedThemeFiles {
            if let theme = workspace.themeOfFile[path] { diagnostics.pendingThemes.insert(theme) }
        }
        diagnostics.openedThemeFiles = []
        await refreshCSSTable()
        for theme in diagnostics.pendingThemes.sorted() { publishDiagnostics(theme: theme, workspace) }
        diagnostics.pendingThemes = []
        for uri in diagnostics.pendingSheets.sorted() { publishStyleSheetDiagnostics(uri) }
        diagnostics.pendingSheets = []
    }

    /// Brings the CSS names up to the CSS theme's generation (a request about a style sheet may come before the
    /// flush that would have); style sheets' diagnostics are due when they change.
    func refreshCSSTable() async {
        guard let workspace else { return }
        workspace.sync()
        let generation = workspace.store.theme(named: options.cssTheme)?.snapshot.generation
        guard generation != cssTable?.generation || cssTable == nil else { return }
        cssTable = await CSSNameTable.build(theme: options.cssTheme, methods: workspace.methods)
        diagnostics.pendingSheets.formUnion(open.filter(\.value.isStyleSheet).keys)
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
        var files = Set(workspace.files(of: theme)).union(byFile.keys).union(diagnostics.published[theme] ?? [])
        files = files.filter { workspace.isUnderRoot($0) }
        for path in files.sorted() {
            var params: JSONObject = [
                "uri": .string(FileURI.uri(path)), "diagnostics": .array(byFile[path] ?? []),
            ]
            if let document = open.values.first(where: { $0.path == path })?.document {
                params["version"] = .integer(Int64(document.version))
            }
            notify(.publishDiagnostics, .object(params))
        }
        diagnostics.published[theme] = Set(byFile.keys)
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

    func publishStyleSheetDiagnostics(_ uri: String) {
        guard let entry = open[uri], entry.isStyleSheet else { return }
        var warnings: [JSONValue] = []
        if let table = cssTable {
            let scan = StyleSheetScan(bytes: entry.document.bytes, languageID: entry.languageID)
            var index: Suggestions?
            for use in scan.uses where table[use.name] == nil {
                if index == nil { index = Suggestions(table.names) }
                let near = index!.nearest(to: use.name, limit: 3)
                let hint = near.isEmpty ? "" : " (did you mean " + near.joined(separator: ", ") + "?)"
                warnings.append([
                    "range": entry.document.range(use.start, use.end).json,
                    "severity": .integer(DiagnosticSeverity.warning.rawValue), "source": "snapstyle",
                    "message": .string("\(use.name) is not defined by theme '\(options.cssTheme)'\(hint)"),
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
