import SnapStyleEngine
import SnapStyleJSON
import SnapStyleSystem
import SnapStyleThemes

extension LanguageServer {
    /// The node a request's position names, in a theme file or (through the CSS theme) in a style sheet.
    func namedNode(_ textDocument: TextDocumentIdentifier, _ position: LSPPosition)
        -> (node: NodeRef, themeName: String, theme: StyleTheme)?
    {
        guard let target = target(textDocument, position), let workspace else { return nil }
        switch target {
        case .themeFile(let file):
            return node(at: file).map { ($0.node, file.themeName, file.theme) }
        case .styleSheet(_, let document, let language, let offset):
            guard let (_, entry) = cssUse(at: document, languageID: language, offset: offset), let entry,
                let theme = workspace.store.theme(named: cssTheme)
            else { return nil }
            return (.key(entry.attribute, entry.key), cssTheme, theme)
        }
    }

    func location(path: String, line: Int, column: Int) -> JSONValue? {
        guard let workspace, let (document, model) = workspace.model(path) else { return nil }
        let offset = document.offset(line: line, scalarColumn: column)
        let extent = model.scan.extent(startingAt: offset, in: document.bytes)
        let range =
            extent.end - extent.start > 512 ? document.range(offset, offset) : document.range(extent.start, extent.end)
        return ["uri": .string(FileURI.uri(path)), "range": range.json]
    }

    func definition(_ params: JSONValue?) async throws -> JSONValue? {
        await refreshCSSTable()
        let request = try decode(TextDocumentPositionParams.self, params)
        if let file = fileReference(request.textDocument, request.position) { return file }
        guard let (node, _, theme) = namedNode(request.textDocument, request.position), let workspace,
            let place = workspace.definitionLocation(node, theme: theme)
        else { return nil }
        return location(path: place.path, line: place.line, column: place.column)
    }

    /// In a resolver, a `$ref` to a token file: the file (resolved beside the resolver, as the importer reads it).
    func fileReference(_ textDocument: TextDocumentIdentifier, _ position: LSPPosition) -> JSONValue? {
        guard let target = target(textDocument, position), case .themeFile(let file) = target,
            file.model.format == .resolver,
            let string = file.model.scan.string(at: file.offset), !string.isKey,
            string.last?.key == "$ref", !string.text.hasPrefix("#")
        else { return nil }
        let relative = String(string.text.split(separator: "#", maxSplits: 1).first ?? "")
        let directory = file.path.split(separator: "/").dropLast().joined(separator: "/")
        let path = POSIXFileSystem.normalized("/" + directory + "/" + relative)
        guard workspace?.fileSystem.kind(of: path) == .file else { return nil }
        let start = LSPPosition(line: 0, character: 0)
        return ["uri": .string(FileURI.uri(path)), "range": LSPRange(start: start, end: start).json]
    }

    func references(_ params: JSONValue?) async throws -> JSONValue? {
        await refreshCSSTable()
        let request = try decode(ReferenceParams.self, params)
        guard let (node, themeName, theme) = namedNode(request.textDocument, request.position), let workspace else {
            return .array([])
        }
        let includeDeclaration = request.context?.includeDeclaration ?? false
        var locations: [JSONValue] = []
        for (path, site) in workspace.sites(of: node, in: themeName, theme: theme)
        where includeDeclaration || site.role == .reference {
            guard let (document, _) = workspace.model(path) else { continue }
            locations.append(["uri": .string(FileURI.uri(path)), "range": document.range(site.start, site.end).json])
        }
        if themeName == cssTheme, case .key(let attribute, let key) = node, let table = cssTable {
            for (uri, entry) in open.sorted(by: { $0.key < $1.key }) where entry.isStyleSheet {
                let scan = StyleSheetScan(bytes: entry.document.bytes, languageID: entry.languageID)
                for use in scan.uses {
                    guard let owner = table[use.name], owner.attribute == attribute, owner.key == key else { continue }
                    locations.append(["uri": .string(uri), "range": entry.document.range(use.start, use.end).json])
                }
            }
        }
        return .array(locations)
    }
}
