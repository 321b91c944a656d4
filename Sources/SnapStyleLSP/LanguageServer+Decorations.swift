import SnapStyleEngine
import SnapStyleJSON

extension LanguageServer {
    func documentColors(_ params: JSONValue?) throws -> JSONValue? {
        guard let target = try target(params, needsPosition: false), case .themeFile(let file) = target, let workspace
        else { return .array([]) }
        let session = file.theme.session()
        var colors: [JSONValue] = []
        var covered = Set<Int>()
        for site in file.model.sites {
            guard let node = workspace.node(site.name, theme: file.theme), case .key(.surface, let key) = node,
                case .surface(.color(let color))? = try? session.resolve(.surface, key)
            else { continue }
            covered.insert(site.start)
            colors.append(colorInformation(file.document.range(site.start, site.end), color))
        }
        for string in file.model.scan.strings where !string.isKey && string.text.hasPrefix("#") {
            guard !covered.contains(string.contentStart), let color = RGBA(hex: string.text) else { continue }
            colors.append(colorInformation(file.document.range(string.contentStart, string.end - 1), color))
        }
        return .array(colors)
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
        guard let color = params?["color"], let red = color["red"]?.doubleValue,
            let green = color["green"]?.doubleValue,
            let blue = color["blue"]?.doubleValue, let alpha = color["alpha"]?.doubleValue
        else { throw LSPError(.invalidParams, "color is missing") }
        let label = InlineValue.color(RGBA(r: red, g: green, b: blue, a: alpha).hex)
        var presentation: JSONObject = ["label": .string(label)]
        // Only a color written as a literal is replaced; a reference keeps naming its key.
        if let range = LSPRange(json: params?["range"]), let target = try target(params, needsPosition: false),
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
        guard let target = try target(params, needsPosition: false), case .themeFile(let file) = target else {
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
        guard let target = try target(params, needsPosition: false), case .themeFile(let file) = target, let workspace
        else { return .array([]) }
        let range = LSPRange(json: params?["range"])
        let start = range.map { file.document.offset(of: $0.start) } ?? 0
        let end = range.map { file.document.offset(of: $0.end) } ?? file.document.bytes.count
        let session = file.theme.session()
        var hints: [JSONValue] = []
        for site in file.model.sites where site.role == .reference && site.start >= start && site.end <= end {
            guard let node = workspace.node(site.name, theme: file.theme), case .key(let attribute, let key) = node
            else { continue }
            let value = try? session.resolve(attribute, key)
            hints.append([
                "position": file.document.position(of: min(site.end + 1, file.document.bytes.count)).json,
                "label": .string(InlineValue.short(value, attribute)), "paddingLeft": true,
            ])
        }
        return .array(hints)
    }
}
