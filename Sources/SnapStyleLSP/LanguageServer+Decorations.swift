import SnapStyleEngine
import SnapStyleJSON

extension LanguageServer {
    /// The colors of a theme file, the first `Limits.documentColors` in text order: each reference to a color key
    /// and each color literal, with positions found in one pass over the text.
    func documentColors(_ params: JSONValue?) throws -> JSONValue? {
        let request = try decode(TextDocumentParams.self, params)
        guard let target = target(request.textDocument, nil), case .themeFile(let file) = target, let workspace
        else { return .array([]) }
        let session = file.theme.session()
        var found: [(start: Int, end: Int, color: RGBA)] = []
        var covered = Set<Int>()
        var resolved: [String: RGBA?] = [:]
        for site in file.model.sites where found.count < Limits.documentColors {
            guard let node = workspace.node(site.name, theme: file.theme), case .key(.surface, let key) = node else {
                continue
            }
            let color =
                resolved[key]
                ?? {
                    guard case .surface(.color(let color))? = try? session.resolve(.surface, key) else { return nil }
                    return color
                }()
            resolved[key] = color
            guard let color else { continue }
            covered.insert(site.start)
            found.append((site.start, site.end, color))
        }
        for string in file.model.scan.strings where found.count < Limits.documentColors {
            guard !string.isKey, string.text.hasPrefix("#"), !covered.contains(string.contentStart),
                let color = RGBA(hex: string.text)
            else { continue }
            found.append((string.contentStart, string.end - 1, color))
        }
        found.sort { $0.start < $1.start }
        let ranges = file.document.ranges(found.map { ($0.start, $0.end) })
        return .array(zip(found, ranges).map { colorInformation($1, $0.color) })
    }

    func colorInformation(_ range: LSPRange, _ color: RGBA) -> JSONValue {
        [
            "range": range.json,
            "color": [
                "red": .double(color.r), "green": .double(color.g), "blue": .double(color.b), "alpha": .double(color.a),
            ],
        ]
    }

    func colorPresentations(_ params: JSONValue?) throws -> JSONValue? {
        let request = try decode(ColorPresentationParams.self, params)
        let color = request.color
        let label = InlineValue.color(RGBA(r: color.red, g: color.green, b: color.blue, a: color.alpha).hex)
        var presentation: JSONObject = ["label": .string(label)]
        // Only a color written as a literal is replaced; a reference keeps naming its key.
        if let range = request.range, let target = target(request.textDocument, nil),
            case .themeFile(let file) = target
        {
            let start = file.document.offset(of: range.start)
            if start < file.document.bytes.count, file.document.bytes[start] == UInt8(ascii: "#") {
                presentation["textEdit"] = ["range": range.json, "newText": .string(label)]
            }
        }
        return .array([.object(presentation)])
    }

    func documentSymbols(_ params: JSONValue?) throws -> JSONValue? {
        let request = try decode(TextDocumentParams.self, params)
        guard let target = target(request.textDocument, nil), case .themeFile(let file) = target else {
            return .array([])
        }
        func symbol(_ item: OutlineItem) -> JSONValue {
            let kind: SymbolKind =
                switch item.kind {
                case .section: .namespace
                case .key: .property
                case .group: .object
                case .token: .constant
                }
            var object: JSONObject = [
                "name": .string(item.name), "kind": .integer(kind.rawValue),
                "range": file.document.range(item.start, item.end).json,
                "selectionRange": file.document.range(item.selectionStart, item.selectionEnd).json,
            ]
            if !item.children.isEmpty { object["children"] = .array(item.children.map(symbol)) }
            return .object(object)
        }
        return .array(file.model.outline.map(symbol))
    }

    func inlayHints(_ params: JSONValue?) throws -> JSONValue? {
        let request = try decode(InlayHintParams.self, params)
        guard let target = target(request.textDocument, nil), case .themeFile(let file) = target, let workspace
        else { return .array([]) }
        let range = request.range
        let start = range.map { file.document.offset(of: $0.start) } ?? 0
        let end = range.map { file.document.offset(of: $0.end) } ?? file.document.bytes.count
        let session = file.theme.session()
        var found: [(offset: Int, label: String)] = []
        for site in file.model.sites where site.role == .reference && site.start >= start && site.end <= end {
            guard let node = workspace.node(site.name, theme: file.theme), case .key(let attribute, let key) = node
            else { continue }
            let value = try? session.resolve(attribute, key)
            found.append((min(site.end + 1, file.document.bytes.count), InlineValue.short(value)))
        }
        let positions = file.document.positions(of: found.map(\.offset))
        let hints: [JSONValue] = zip(found, positions).map { hint, position in
            ["position": position.json, "label": .string(hint.label), "paddingLeft": true]
        }
        return .array(hints)
    }
}
