import SnapStyleEngine
import SnapStyleJSON

extension LanguageServer {

    func completion(_ params: JSONValue?) async throws -> JSONValue? {
        await refreshCSSTable()
        let request = try decode(TextDocumentPositionParams.self, params)
        guard let target = target(request.textDocument, request.position), let workspace else { return nil }
        switch target {
        case .styleSheet(_, let document, _, let offset):
            guard let (start, partial) = StyleSheetScan.completionStart(in: document.bytes, at: offset),
                let table = cssTable
            else { return nil }
            let range = document.range(start, offset)
            let needle = partial.lowercased()
            let matching = table.names.filter { KeySyntax.contains(String($0.dropFirst(2)).lowercased(), needle) }
            let items: [JSONValue] = matching.prefix(Limits.completionItems).map { name in
                let entry = table[name]
                return [
                    "label": .string(name), "detail": .string(entry?.value ?? ""),
                    "kind": .integer((entry?.attribute == .surface ? CompletionKind.color : .variable).rawValue),
                    "textEdit": ["range": range.json, "newText": .string(name)],
                    "documentation": .string("\(entry?.attribute.rawValue ?? "") \(entry?.key ?? "")"),
                ]
            }
            return ["isIncomplete": .bool(matching.count > Limits.completionItems), "items": .array(items)]
        case .themeFile(let file):
            return themeCompletion(file, workspace)
        }
    }

    func themeCompletion(_ file: ThemeFileTarget, _ workspace: ThemeWorkspace) -> JSONValue? {
        let bytes = file.document.bytes
        let cursor = JSONScan.cursor(in: bytes, at: file.offset)
        let section = cursor.path.first?.key ?? ""
        switch cursor.place {
        case .value(let partial):
            // Inside `{` of an alias or a calc: the keys it can name.
            if let brace = partial.lastIndex(of: "{"), !partial[brace...].contains("}") {
                let typed = String(partial[partial.index(after: brace)...])
                let start = file.offset - typed.utf8.count
                let attributes: [Attribute] = file.model.format == .tokens ? Attribute.allCases : [.number]
                return keyItems(
                    attributes, typed: typed, range: file.document.range(start, file.offset), file, closing: "}")
            }
            let start = (cursor.stringStart ?? file.offset - 1) + 1
            let range = file.document.range(start, file.offset)
            guard file.model.format == .native else { return nil }
            let member = cursor.path.last?.key ?? ""
            if let attribute = NativeReference.attribute(path: cursor.path) {
                return keyItems([attribute], typed: partial, range: range, file, closing: "")
            }
            if section == "component" && member == "container" || member == "container" || member == "container.parent"
            {
                return nameItems(file.theme.snapshot.containers.keys.sorted(), range: range, kind: .constant)
            }
            if member == "component" || (section == "component" && member == "extends") {
                return nameItems(file.theme.snapshot.components.keys.sorted(), range: range, kind: .constant)
            }
            let literals = CompletionVocabulary.literals(member: member, path: cursor.path)
            return literals.isEmpty ? nil : nameItems(literals, range: range, kind: .enumMember)
        case .key:
            let start = (cursor.stringStart ?? file.offset - 1) + 1
            guard file.model.format == .native else { return nil }
            return nameItems(
                CompletionVocabulary.members(path: cursor.path), range: file.document.range(start, file.offset),
                kind: .property)
        case .keySlot:
            guard file.model.format == .native else { return nil }
            let items: [JSONValue] = CompletionVocabulary.members(path: cursor.path).map {
                [
                    "label": .string($0), "kind": .integer(CompletionKind.property.rawValue),
                    "insertText": .string("\"\($0)\""),
                ]
            }
            return ["isIncomplete": false, "items": .array(items)]
        case .valueSlot, .outside:
            return nil
        }
    }

    func nameItems(_ names: [String], range: LSPRange, kind: CompletionKind) -> JSONValue {
        let edited = range.json
        let items: [JSONValue] = names.map {
            [
                "label": .string($0), "kind": .integer(kind.rawValue),
                "textEdit": ["range": edited, "newText": .string($0)],
            ]
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    /// The keys of `attributes` matching what was typed (those starting with it first), with their value in the
    /// default context.
    func keyItems(_ attributes: [Attribute], typed: String, range: LSPRange, _ file: ThemeFileTarget, closing: String)
        -> JSONValue
    {
        guard let workspace else { return ["isIncomplete": false, "items": []] }
        let session = file.theme.session()
        let needle = typed.lowercased()
        let wanted = Set(attributes)
        var starting: [ThemeWorkspace.KeyListEntry] = []
        var containing: [ThemeWorkspace.KeyListEntry] = []
        for entry in workspace.keyList(file.themeName, theme: file.theme) where wanted.contains(entry.attribute) {
            if needle.isEmpty || entry.folded.hasPrefix(needle) {
                starting.append(entry)
            } else if KeySyntax.contains(entry.folded, needle) {
                containing.append(entry)
            }
        }
        let matching = starting + containing
        // One range and one description per attribute, shared by every item.
        let edited = range.json
        let descriptions = Dictionary(
            uniqueKeysWithValues: attributes.map { ($0, ["description": JSONValue.string($0.rawValue)] as JSONValue) })
        let items: [JSONValue] = matching.prefix(Limits.completionItems).map { entry in
            let value = try? session.resolve(entry.attribute, entry.key)
            return [
                "label": .string(entry.key), "detail": .string(InlineValue.short(value)),
                "kind": .integer((entry.attribute == .surface ? CompletionKind.color : .value).rawValue),
                "textEdit": ["range": edited, "newText": .string(entry.key + closing)],
                "labelDetails": descriptions[entry.attribute] ?? .null,
            ]
        }
        return ["isIncomplete": .bool(matching.count > Limits.completionItems), "items": .array(items)]
    }
}
