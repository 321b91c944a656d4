import SnapStyleJSON

extension BuildFormat {
    /// A tree of names to values: a key's path split at its dots; a composite's members under its path when it
    /// has no value of its own; a value whose path also has children is `$value` among them.
    final class ScriptNode {
        var value: JSONValue?
        var children: [(String, ScriptNode)] = []
        /// Where each child is in `children` (a group may have hundreds).
        var places: [String: Int] = [:]

        func child(_ name: String) -> ScriptNode {
            if let place = places[name] { return children[place].1 }
            let node = ScriptNode()
            places[name] = children.count
            children.append((name, node))
            return node
        }
    }

    /// A CSS value as a script value: a plain number as a number, anything else as its text.
    static func scriptValue(_ text: String) -> JSONValue {
        if let number = Double(text), number.isFinite, text.first != "+", !text.hasSuffix(".") {
            return .number(number)
        }
        return .string(text)
    }

    /// `js` (with a `.d.ts` next to it) or `ts`: `export const tokens = {CONTEXT: {path: {to: value}}}` (`as const`
    /// in TypeScript), with `TokenName` (a union of every path), `ContextName` and `Tokens` types.
    public static func script(_ input: BuildInput) -> [BuildFile] {
        let output = input.output
        let values = BuildValues(input)
        func segments(_ path: String) -> [String] {
            let parts = path.split(separator: ".").map(String.init)
            guard let naming = output.naming else { return parts }
            return parts.map { BuildNaming.join(BuildNaming.words($0), naming) }
        }
        let root = ScriptNode()
        var names: [String] = []
        var seen = Set<String>()
        for (index, declarations) in values.blocks.enumerated() {
            let context = root.child(output.contexts[index].name)
            let own = Set(declarations.filter(\.suffix.isEmpty).map(\.path))
            for declaration in declarations where declaration.suffix.isEmpty || !own.contains(declaration.path) {
                var path = segments(declaration.path)
                if !declaration.suffix.isEmpty {
                    path.append(BuildNaming.join(BuildNaming.words(declaration.suffix), output.naming ?? .camel))
                }
                var node = context
                for segment in path { node = node.child(segment) }
                node.value = scriptValue(declaration.value)
                let name = path.joined(separator: ".")
                if seen.insert(name).inserted { names.append(name) }
            }
        }
        let typescript = output.format == .ts
        let top = header(input, values, open: "/*", close: "*/")
        let nameUnion =
            names.isEmpty
            ? "never" : names.map { JSONText.encode(.string($0), layout: .jansson) }.joined(separator: "\n  | ")
        let contextUnion = output.contexts.map { JSONText.encode(.string($0.name), layout: .jansson) }.joined(
            separator: " | ")
        let types = """
            /** Every token's path, as `tokens.CONTEXT` nests it. */
            export type TokenName =
              | \(nameUnion);
            /** The contexts the tokens were resolved in. */
            export type ContextName = \(contextUnion);

            """
        if typescript {
            let body = "export const tokens = " + literal(root) + " as const;\n"
            return [
                BuildFile(
                    path: output.file,
                    content: top + body + "/** The tokens' names and values. */\nexport type Tokens = typeof tokens;\n"
                        + types)
            ]
        }
        let declarationPath =
            (output.file.hasSuffix(".js")
                ? String(output.file.dropLast(3))
                : output.file.hasSuffix(".mjs") ? String(output.file.dropLast(4)) : output.file) + ".d.ts"
        return [
            BuildFile(path: output.file, content: top + "export const tokens = " + literal(root) + ";\n"),
            BuildFile(
                path: declarationPath,
                content: top + "/** The tokens' names and values. */\nexport declare const tokens: "
                    + literal(root, asType: true) + ";\nexport type Tokens = typeof tokens;\n" + types),
        ]
    }

    /// An object literal (or, `asType`, its readonly literal type).
    static func literal(_ node: ScriptNode, asType: Bool = false) -> String {
        var bytes: [UInt8] = []
        literal(node, depth: 0, asType: asType, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `literal`, appended to `bytes` (a subtree's text is written once, where it goes).
    static func literal(_ node: ScriptNode, depth: Int, asType: Bool, into bytes: inout [UInt8]) {
        if node.children.isEmpty {
            if let value = node.value {
                JSONText.encode(value, into: &bytes, layout: .jansson)
            } else {
                bytes.append(contentsOf: "{}".utf8)
            }
            return
        }
        func member(_ name: String) {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth + 2))
            if asType { bytes.append(contentsOf: "readonly ".utf8) }
            JSONText.encode(.string(name), into: &bytes, layout: .jansson)
            bytes.append(contentsOf: ": ".utf8)
        }
        bytes.append(contentsOf: "{\n".utf8)
        var first = true
        func end() {
            if !first { bytes.append(contentsOf: (asType ? ";\n" : ",\n").utf8) }
            first = false
        }
        if let value = node.value {
            end()
            member("$value")
            JSONText.encode(value, into: &bytes, layout: .jansson)
        }
        for (name, child) in node.children {
            end()
            member(name)
            literal(child, depth: depth + 1, asType: asType, into: &bytes)
        }
        bytes.append(contentsOf: (asType ? ";\n" : ",\n").utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        bytes.append(UInt8(ascii: "}"))
    }
}

extension BuildFormat {
    /// `{ATTRIBUTE: {KEY: value}}` as `export --format json` writes it (one context), or its `contexts` list.
    public static func json(_ input: BuildInput) -> String {
        var themes = input.blocks
        for index in themes.indices { themes[index].selector = input.output.contexts[index].selector }
        return ThemeExport.json(themes) + "\n"
    }

    /// The first context as a DTCG 2025.10 token document, as `export --format dtcg` writes it.
    public static func dtcg(_ input: BuildInput) -> String {
        input.blocks.first.map { ThemeExport.dtcg($0) } ?? "{}\n"
    }
}
