import SnapStyleProtocol

/// Tailwind CSS v4's theme namespaces, and which of them a token goes to by its type.
public enum TailwindNamespace: String, CaseIterable, Sendable {
    case color, spacing, radius, font, fontWeight = "font-weight", text, leading, tracking, shadow, ease

    /// The leading words of a key path that only repeat the namespace (`color.accent` is `--color-accent`, not
    /// `--color-color-accent`); at least one word is always kept.
    var groupWords: Set<String> {
        switch self {
        case .color: ["color", "colors", "surface", "palette"]
        case .spacing: ["space", "spacing", "spacings", "size", "sizes", "sizing", "number", "dimension"]
        case .radius: ["border", "radius", "radii", "rounded", "number"]
        case .font: ["font", "fonts", "family", "families", "typography"]
        case .fontWeight: ["font", "fonts", "weight", "weights"]
        case .text: ["font", "fonts", "text", "typography", "type", "size", "sizes"]
        case .leading: ["line", "height", "heights", "leading"]
        case .tracking: ["letter", "spacing", "tracking"]
        case .shadow: ["shadow", "shadows", "box"]
        case .ease: ["ease", "easing", "cubic", "bezier"]
        }
    }

    /// The namespace of a key's own value by its type (and, for a length, the words of its path); nil: Tailwind
    /// has no theme namespace for it. A typography's members are placed by `member`.
    public static func of(type: String, path: String) -> TailwindNamespace? {
        // Only a length's or a number's path decides its namespace.
        var pathWords: Set<String> { Set(BuildNaming.words(path).map { $0.lowercased() }) }
        switch type {
        case "color": return .color
        case "borderRadius": return .radius
        case "fontSizes": return .text
        case "fontFamily", "fontFamilies": return .font
        case "fontWeight", "fontWeights": return .fontWeight
        case "lineHeights": return .leading
        case "letterSpacing": return .tracking
        case "shadow", "boxShadow": return .shadow
        case "cubicBezier": return .ease
        case "dimension", "spacing", "sizing", "paragraphSpacing":
            let words = pathWords
            if !words.isDisjoint(with: ["radius", "radii", "rounded"]) { return .radius }
            if words.contains("font") && words.contains("size") { return .text }
            if words.contains("letter") && words.contains("spacing") || words.contains("tracking") { return .tracking }
            return .spacing
        case "number":
            let words = pathWords
            if words.contains("line") && words.contains("height") || words.contains("leading") { return .leading }
            return nil
        default: return nil
        }
    }

    /// The variable name of a key's value in this namespace: `--color-accent-base`; `member` is a Tailwind
    /// sub-property (`--text-body--line-height`).
    public func variable(path: String, member: String? = nil) -> String {
        var words = BuildNaming.words(path).map { $0.lowercased() }
        while words.count > 1, let first = words.first, groupWords.contains(first) { words.removeFirst() }
        return "--" + rawValue + "-" + words.joined(separator: "-") + (member.map { "--" + $0 } ?? "")
    }
}

extension BuildFormat {
    /// One Tailwind variable: its name and value.
    struct TailwindDeclaration: Equatable {
        var name: String
        var value: String
    }

    /// The Tailwind variables of one block, and how many keys had no namespace.
    static func tailwindDeclarations(_ input: BuildInput, _ values: BuildValues, block: Int)
        -> (declarations: [TailwindDeclaration], leftOut: Set<String>)
    {
        var types: [String: String] = [:]
        for (attribute, entries) in input.blocks[block].values {
            for entry in entries { types[BuildInput.path(attribute: attribute, entry)] = kind(attribute, entry) }
        }
        var declarations: [TailwindDeclaration] = []
        var seen = Set<String>()
        var leftOut = Set<String>()
        for declaration in values.blocks[block] {
            let type = types[declaration.path] ?? ""
            let name: String?
            if type == "typography" {
                name = typographyVariable(path: declaration.path, suffix: declaration.suffix)
            } else if declaration.suffix.isEmpty {
                name = TailwindNamespace.of(type: type, path: declaration.path)?.variable(path: declaration.path)
                if name == nil { leftOut.insert(declaration.path) }
            } else {
                name = nil
            }
            // Two keys may meet at one Tailwind name (`color.accent`, `colors.accent`): the first is kept.
            guard let name, seen.insert(name).inserted else { continue }
            declarations.append(TailwindDeclaration(name: name, value: declaration.value))
        }
        return (declarations, leftOut)
    }

    /// A key's type: an imported token's own (Tokens Studio's where it has one), else by its native attribute.
    static func kind(_ attribute: String, _ entry: ExportedValue) -> String {
        if attribute == "token", case .token(let type, _) = entry.value { return type }
        if let type = entry.type { return type }
        switch attribute {
        case "surface": return "color"
        case "number": return "dimension"
        case "font": return "typography"
        default: return attribute
        }
    }

    /// A typography's members: the size is `--text-NAME` with its line height, weight and letter spacing as
    /// Tailwind's sub-properties, the family `--font-NAME`; the `font` shorthand has no namespace.
    static func typographyVariable(path: String, suffix: String) -> String? {
        switch suffix {
        case "-font-size": TailwindNamespace.text.variable(path: path)
        case "-line-height": TailwindNamespace.text.variable(path: path, member: "line-height")
        case "-font-weight": TailwindNamespace.text.variable(path: path, member: "font-weight")
        case "-letter-spacing": TailwindNamespace.text.variable(path: path, member: "letter-spacing")
        case "-font-family": TailwindNamespace.font.variable(path: path)
        default: nil
        }
    }

    /// `@theme { ... }` with the first context's variables; every later context a block under its selector (in its
    /// `@media` and `@supports`) re-declaring the variables whose value differs from the theme's.
    public static func tailwind(_ input: BuildInput) -> String {
        let values = BuildValues(input)
        var leftOut = Set<String>()
        var blocks: [[TailwindDeclaration]] = []
        for index in values.blocks.indices {
            let (declarations, missing) = tailwindDeclarations(input, values, block: index)
            blocks.append(declarations)
            leftOut.formUnion(missing)
        }
        var counted = values
        counted.leftOut += leftOut.count
        var text = header(input, counted, open: "/*", close: "*/")
        let base = Dictionary((blocks.first ?? []).map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        for (index, declarations) in blocks.enumerated() {
            let written = index == 0 ? declarations : declarations.filter { base[$0.name] != $0.value }
            if index > 0 && written.isEmpty { continue }
            let block = input.output.contexts[index]
            var wrappers: [String] = []
            if index == 0 {
                wrappers = ["@theme"]
            } else {
                if let media = block.media { wrappers.append("@media \(media)") }
                if let supports = block.supports { wrappers.append("@supports \(supports)") }
                wrappers.append(block.selector)
            }
            if index > 0 { text += "\n" }
            for (depth, wrapper) in wrappers.enumerated() {
                text += String(repeating: "  ", count: depth) + wrapper + " {\n"
            }
            let inner = String(repeating: "  ", count: wrappers.count)
            for declaration in written { text += inner + declaration.name + ": " + declaration.value + ";\n" }
            for depth in (0..<wrappers.count).reversed() { text += String(repeating: "  ", count: depth) + "}\n" }
        }
        return text
    }
}
