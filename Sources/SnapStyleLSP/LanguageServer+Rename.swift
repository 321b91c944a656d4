import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleThemes

extension LanguageServer {
    /// Why a node cannot be renamed, or nil.
    func renameRefusal(_ node: NodeRef) -> String? {
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
        let request = try decode(TextDocumentPositionParams.self, params)
        guard let target = target(request.textDocument, request.position), case .themeFile(let file) = target,
            let (node, site) = node(at: file)
        else { return nil }
        if let refusal = renameRefusal(node) { throw LSPError(.requestFailed, refusal) }
        return ["range": file.document.range(site.start, site.end).json, "placeholder": .string(site.name.text)]
    }

    /// A key and every name of it: in the files of its theme and of the themes layered with it, and (for a key of
    /// the `--theme` theme) each `var(--NAME)` of it in the workspace's style sheets, open or on disk.
    func rename(_ params: JSONValue?) async throws -> JSONValue? {
        await refreshCSSTable(always: true)
        let request = try decode(RenameParams.self, params)
        let requested = request.newName
        guard let target = target(request.textDocument, request.position), case .themeFile(let file) = target,
            let workspace,
            let (node, _) = node(at: file)
        else { return nil }
        if let refusal = renameRefusal(node) { throw LSPError(.requestFailed, refusal) }
        let sites = workspace.sites(of: node, in: file.themeName, theme: file.theme)
        let isToken = sites.contains { if case .token = $0.site.name { true } else { false } }
        let oldName = ThemeWorkspace.name(of: node)
        let newName = try Self.checkedName(requested, old: oldName, isToken: isToken)
        let family = workspace.family(of: file.themeName).map(\.theme) + [file.theme]
        for theme in family where Self.defines(theme, like: node, newName) {
            throw LSPError(.requestFailed, "\(Self.kind(of: node)) '\(newName)' already exists")
        }
        let newLast = String(newName.split(separator: ".", omittingEmptySubsequences: false).last ?? "")
        var edits: [String: [(start: LSPPosition, end: LSPPosition, text: String)]] = [:]
        var seen = Set<String>()
        for (path, site) in sites {
            guard let (document, _) = workspace.model(path), seen.insert("\(path)#\(site.start)").inserted else {
                continue
            }
            let text: String
            switch (site.name, site.role) {
            case (.token, .definition):
                text = Self.jsonEscaped(newLast)
            case (.token(let written), .reference):
                var parts = written.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                parts[parts.count - 1] = newLast
                text =
                    site.isPointer
                    ? parts.map(Self.pointerEscaped).joined(separator: "/")
                    : Self.jsonEscaped(parts.joined(separator: "."))
            default:
                text = Self.jsonEscaped(newName)
            }
            let range = document.range(site.start, site.end)
            edits[FileURI.uri(path), default: []].append((range.start, range.end, text))
        }
        let namesStyleSheets = workspace.family(of: file.themeName).contains { $0.name == cssTheme }
        if case .key(let attribute, let key) = node, namesStyleSheets {
            for (uri, edit) in styleSheetEdits(attribute: attribute, key: key, newKey: newName) {
                edits[uri, default: []] += edit
            }
        }
        let changes = edits.sorted { $0.key < $1.key }.map { uri, list in
            JSONObject.Member(
                key: uri,
                value: .array(
                    list.map {
                        ["range": LSPRange(start: $0.start, end: $0.end).json, "newText": .string($0.text)]
                    }))
        }
        return ["changes": .object(JSONObject(changes))]
    }

    /// The new name of a rename, checked: a native key, container or component takes key syntax; a token its
    /// group's path and a DTCG name (a bare name is the token's new last segment).
    static func checkedName(_ requested: String, old: String, isToken: Bool) throws -> String {
        guard isToken else {
            guard isValidKey(requested) else {
                throw LSPError(
                    .requestFailed,
                    "'\(requested)' is not a valid key: letters, digits and '_' in segments joined by dots, each "
                        + "starting with a letter or '_'")
            }
            return requested
        }
        let group = old.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        var name = requested
        if !group.isEmpty, !requested.contains(".") { name = group + "." + requested }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard let last = parts.last, isValidTokenName(last) else {
            throw LSPError(
                .requestFailed,
                "'\(requested)' is not a valid token name: not empty, not starting with '$', without '{', '}', '.' "
                    + "or control characters")
        }
        guard parts.dropLast().joined(separator: ".") == group else {
            throw LSPError(.requestFailed, "a token is renamed within its group: keep '\(group)'")
        }
        return name
    }

    /// Whether `theme` already has a key, container or component called `name` of `node`'s kind.
    static func defines(_ theme: StyleTheme, like node: NodeRef, _ name: String) -> Bool {
        let snapshot = theme.snapshot
        switch node {
        case .key(let attribute, _): return snapshot.defines(attribute, name)
        case .container: return snapshot.containers[name] != nil
        case .component: return snapshot.components[name] != nil
        }
    }

    static func kind(of node: NodeRef) -> String {
        switch node {
        case .key(let attribute, _): attribute.rawValue
        case .container: "container"
        case .component: "component"
        }
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

    /// A token's name (DTCG): not empty, not starting with `$`, without `{`, `}` or `.`; here also without control
    /// characters (no editor shows them).
    static func isValidTokenName(_ name: Substring) -> Bool {
        !name.isEmpty && !name.hasPrefix("$")
            && !name.unicodeScalars.contains {
                "{}.".unicodeScalars.contains($0) || $0.value < 0x20 || $0.value == 0x7F
            }
    }

    /// Text as it stands between the quotes of a JSON string.
    static func jsonEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A JSON Pointer segment (`~` and `/` escaped), then escaped for a JSON string.
    static func pointerEscaped(_ segment: String) -> String {
        jsonEscaped(segment.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))
    }
}
