extension BuildFormat {
    /// `$name: value;` for the first context, then a map per context (`$tokens-dark: ("color-accent": ...)`). A value
    /// Sass would read as arithmetic or a list (`16px/1.5`, a font stack, `#rrggbbaa`) is written as
    /// `unquote("...")`, which gives the same CSS text. With `references: var`, an alias of a variable declared
    /// above it is `$that-variable`.
    public static func scss(_ input: BuildInput) -> String {
        let output = input.output
        let values = BuildValues(input)
        var text = header(input, values, open: "/*", close: "*/")
        // A variable's name is its custom property's without the `--`.
        let cssName = cssNames(input)
        func name(_ path: String, _ suffix: String) -> String { String(cssName(path, suffix).dropFirst(2)) }
        var declared = Set<String>()
        for declaration in values.blocks.first ?? [] {
            let variable = name(declaration.path, declaration.suffix)
            let value: String
            if let target = declaration.reference, declared.contains(name(target, declaration.suffix)) {
                value = "$" + name(target, declaration.suffix)
            } else {
                value = sassValue(declaration.value)
            }
            text += "$\(variable): \(value);\n"
            declared.insert(variable)
        }
        for (index, declarations) in values.blocks.enumerated() {
            let map = BuildNaming.name(prefix: output.prefix, path: "tokens." + output.contexts[index].name, .kebab)
            text += "\n$\(map): (\n"
            for declaration in declarations {
                text += "  \"\(name(declaration.path, declaration.suffix))\": \(sassValue(declaration.value)),\n"
            }
            text += ");\n"
        }
        return text
    }

    /// A CSS value as a Sass expression that compiles to the same text.
    static func sassValue(_ text: String) -> String {
        let plain =
            text.utf8.allSatisfy { $0 < 0x80 }
            ? text.utf8.allSatisfy { BuildNaming.isWordByte($0) && $0 != UInt8(ascii: "_") || " .%-".utf8.contains($0) }
            : text.allSatisfy { $0.isLetter || $0.isNumber || " .%-".contains($0) }
        let hex = BuildNaming.isHexColor(text, lengths: [7, 4])
        if (plain && !text.isEmpty) || hex { return text }
        return "unquote(\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\")"
    }
}
