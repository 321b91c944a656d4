import SnapStyleEngine
import SnapStyleJSON
import SnapStyleSystem
import SnapStyleThemes

extension LanguageServer {
    /// The node a request's position names, in a theme file or (through the CSS theme) in a style sheet.
    func namedNode(_ params: JSONValue?) throws -> (node: NodeRef, themeName: String, theme: StyleTheme)? {
        guard let target = try target(params), let workspace else { return nil }
        switch target {
        case .themeFile(let file):
            return node(at: file).map { ($0.node, file.themeName, file.theme) }
        case .styleSheet(_, let document, let language, let offset):
            guard let (_, entry) = cssUse(at: document, languageID: language, offset: offset), let entry,
                let theme = workspace.store.theme(named: options.cssTheme)
            else { return nil }
            return (.key(entry.attribute, entry.key), options.cssTheme, theme)
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
        if let file = try fileReference(params) { return file }
        guard let (node, _, theme) = try namedNode(params), let workspace,
            let place = workspace.definitionLocation(node, theme: theme)
        else { return nil }
        return location(path: place.path, line: place.line, column: place.column)
    }

    /// In a resolver, a `$ref` to a token file: the file (resolved beside the resolver, as the importer reads it).
    func fileReference(_ params: JSONValue?) throws -> JSONValue? {
        guard let target = try target(params), case .themeFile(let file) = target, file.model.format == .resolver,
            let string = file.model.scan.string(at: file.offset), !string.isKey,
            string.path.last?.key == "$ref", !string.text.hasPrefix("#")
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
        guard let (node, themeName, theme) = try namedNode(params), let workspace else { return .array([]) }
        let includeDeclaration = params?["context"]?["includeDeclaration"]?.boolValue ?? false
        var locations: [JSONValue] = []
        for (path, site) in workspace.sites(of: node, in: themeName, theme: theme)
        where includeDeclaration || site.role == .reference {
            guard let (document, _) = workspace.model(path) else { continue }
            locations.append(["uri": .string(FileURI.uri(path)), "range": document.range(site.start, site.end).json])
        }
        if themeName == options.cssTheme, case .key(let attribute, let key) = node, let table = cssTable {
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

    // MARK: Rename

    /// Why a node cannot be renamed, or nil.
    func renameRefusal(_ node: NodeRef, theme: StyleTheme) -> String? {
        switch node {
        case .key(let attribute, let key):
            if Preset.layer.entry(attribute, key) != nil {
                return "'\(key)' comes from the preset 'snap' and cannot be renamed"
            }
        case .container(let id):
            if Preset.layer.containers[id] != nil { return "container '\(id)' comes from the preset 'snap'" }
        case .component(let id):
            if Preset.layer.components[id] != nil { return "component '\(id)' comes from the preset 'snap'" }
        }
        return nil
    }

    func prepareRename(_ params: JSONValue?) throws -> JSONValue? {
        guard let target = try target(params), case .themeFile(let file) = target,
            let (node, site) = node(at: file)
        else { return nil }
        if let refusal = renameRefusal(node, theme: file.theme) { throw LSPError(.requestFailed, refusal) }
        return ["range": file.document.range(site.start, site.end).json, "placeholder": .string(site.name.text)]
    }

    func rename(_ params: JSONValue?) throws -> JSONValue? {
        guard let newName = params?["newName"]?.stringValue else {
            throw LSPError(.invalidParams, "newName is missing")
        }
        guard let target = try target(params), case .themeFile(let file) = target, let workspace,
            let (node, _) = node(at: file)
        else { return nil }
        if let refusal = renameRefusal(node, theme: file.theme) { throw LSPError(.requestFailed, refusal) }
        let snapshot = file.theme.snapshot
        let oldName: String
        switch node {
        case .key(let attribute, let key):
            oldName = key
            if snapshot.defines(attribute, newName) {
                throw LSPError(.requestFailed, "\(attribute.rawValue) '\(newName)' already exists")
            }
        case .container(let id):
            oldName = id
            if snapshot.containers[newName] != nil {
                throw LSPError(.requestFailed, "container '\(newName)' already exists")
            }
        case .component(let id):
            oldName = id
            if snapshot.components[newName] != nil {
                throw LSPError(.requestFailed, "component '\(newName)' already exists")
            }
        }
        let sites = workspace.sites(of: node, in: file.themeName, theme: file.theme)
        let isToken = sites.contains { if case .token = $0.site.name { true } else { false } }
        let oldParts = oldName.split(separator: ".")
        let newParts = newName.split(separator: ".", omittingEmptySubsequences: false)
        let valid = isToken ? newParts.last.map(Self.isValidTokenName) ?? false : Self.isValidKey(newName)
        guard valid else {
            throw LSPError(
                .requestFailed,
                "'\(newName)' is not a valid key: letters, digits and '_' in segments joined by dots, each starting "
                    + "with a letter or '_'")
        }
        if isToken, oldParts.dropLast() != newParts.dropLast() {
            throw LSPError(
                .requestFailed,
                "a token is renamed within its group: keep '\(oldParts.dropLast().joined(separator: "."))'")
        }
        var changes: [String: [JSONValue]] = [:]
        for (path, site) in sites {
            guard let (document, _) = workspace.model(path) else { continue }
            var replacement = newName
            if isToken {
                var written = site.name.text.split(separator: ".").map(String.init)
                if site.role == .definition {
                    replacement = String(newParts.last ?? "")
                    let keyStart = site.end - (written.last?.utf8.count ?? 0)
                    changes[FileURI.uri(path), default: []].append(
                        ["range": document.range(keyStart, site.end).json, "newText": .string(replacement)])
                    continue
                }
                written[written.count - 1] = String(newParts.last ?? "")
                replacement = written.joined(separator: ".")
            }
            changes[FileURI.uri(path), default: []].append(
                ["range": document.range(site.start, site.end).json, "newText": .string(replacement)])
        }
        return [
            "changes": .object(
                JSONObject(changes.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .array($0.value)) }))
        ]
    }

    /// A native key: `[A-Za-z_][A-Za-z0-9_]*` segments joined by dots.
    static func isValidKey(_ name: String) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
        }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { segment in
            guard let first = segment.unicodeScalars.first, isLetter(first) else { return false }
            return segment.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
        }
    }

    /// A token's name (DTCG): not empty, not starting with `$`, without `{`, `}` or `.`.
    static func isValidTokenName(_ name: Substring) -> Bool {
        !name.isEmpty && !name.hasPrefix("$") && !name.contains(where: { "{}.".contains($0) })
    }
}
