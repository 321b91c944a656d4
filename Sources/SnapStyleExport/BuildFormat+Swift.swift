extension BuildFormat {
    /// Swift's reserved words a name cannot be without backticks.
    static let swiftKeywords: Set = [
        "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension",
        "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let",
        "nil", "operator", "private", "protocol", "public", "repeat", "rethrows", "return", "self", "Self", "static",
        "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where",
        "while", "Type", "Protocol",
    ]

    /// A plain Swift value for a CSS value: a hex color as `TokenColor`, a `px` or `rem` length as points, a plain
    /// number as a `Double`, anything else as its text.
    static func swiftValue(_ text: String, remBase: Double) -> (type: String, literal: String) {
        if BuildNaming.isHexColor(text, lengths: [7, 9]) {
            let bytes = Array(text.utf8.dropFirst())
            let channels: [String]
            if let ascii = asciiChannels(bytes) {
                channels = ascii
            } else {
                let digits = Array(text.dropFirst())
                channels = stride(from: 0, to: digits.count, by: 2).map { index in
                    BuildUnits.format(Double(Int(String(digits[index...(index + 1)]), radix: 16) ?? 0) / 255)
                }
            }
            let alpha = channels.count == 4 ? channels[3] : "1"
            return (
                "TokenColor",
                "TokenColor(red: " + channels[0] + ", green: " + channels[1] + ", blue: " + channels[2] + ", alpha: "
                    + alpha + ")"
            )
        }
        for (unit, factor) in [("px", 1.0), ("rem", remBase)] where text.hasSuffix(unit) {
            if let amount = Double(text.dropLast(unit.count)), amount.isFinite {
                return ("Double", BuildUnits.format(amount * factor))
            }
        }
        if let number = Double(text), number.isFinite { return ("Double", BuildUnits.format(number)) }
        return ("String", swiftString(text))
    }

    /// A color channel's byte (0...255) as a fraction of 1, as `BuildUnits.format` writes it.
    static let channelText = (0...255).map { BuildUnits.format(Double($0) / 255) }

    /// ASCII hex digits as channels written as fractions of 1; nil when a byte is not a hex digit.
    static func asciiChannels(_ bytes: [UInt8]) -> [String]? {
        var channels: [String] = []
        for index in stride(from: 0, to: bytes.count - 1, by: 2) {
            guard let high = BuildNaming.hexDigit(bytes[index]), let low = BuildNaming.hexDigit(bytes[index + 1])
            else { return nil }
            // A channel is one of 256 values, each written once.
            channels.append(channelText[high * 16 + low])
        }
        return channels
    }

    static func swiftString(_ text: String) -> String {
        "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }

    /// A name as a Swift identifier: camel case, `_` before a leading digit, backticks around a keyword.
    static func swiftName(_ path: String, _ suffix: String) -> String {
        var name = BuildNaming.join(BuildNaming.words(path) + BuildNaming.words(suffix), .camel)
        name = BuildNaming.identifierCharacters(name)
        if BuildNaming.startsWithDigit(name) { name = "_" + name }
        return swiftKeywords.contains(name) ? "`\(name)`" : name
    }

    /// One Swift file: `Tokens.CONTEXT.name` plain values per context (colors as `TokenColor`, lengths in points,
    /// numbers, text), and under `#if canImport(SwiftUI)` `Color`, `CGFloat` and `Font` accessors on `Tokens` that
    /// follow the color scheme when a context is dark.
    public static func swift(_ input: BuildInput) -> String {
        let output = input.output
        let values = BuildValues(input)
        var text = header(input, values, open: "/*", close: "*/") + "\n"
        text += """
            /// A color's sRGB components, 0...1.
            public struct TokenColor: Hashable, Sendable {
                public let red: Double
                public let green: Double
                public let blue: Double
                public let alpha: Double
            }


            """
        text += "/// The tokens of theme '\(output.theme)', one namespace per context.\npublic enum Tokens {\n"
        var types: [String: String] = [:]
        var names: [String] = []
        // Every block names the same keys.
        var made: [String: String] = [:]
        func swiftName(_ path: String, _ suffix: String) -> String {
            let key = path + "\u{0}" + suffix
            if let known = made[key] { return known }
            let name = Self.swiftName(path, suffix)
            made[key] = name
            return name
        }
        for (index, declarations) in values.blocks.enumerated() {
            let namespace = BuildNaming.join(BuildNaming.words(output.contexts[index].name), .pascal)
            text += "    public enum \(namespace.isEmpty ? "Default" : namespace) {\n"
            var seen = Set<String>()
            for declaration in declarations {
                let name = swiftName(declaration.path, declaration.suffix)
                guard seen.insert(name).inserted else { continue }
                let (type, literal) = swiftValue(declaration.value, remBase: output.remBase)
                text += "        public static let \(name): \(type) = \(literal)\n"
                if index == 0 {
                    types[name] = type
                    names.append(name)
                }
            }
            text += "    }\n"
        }
        text += "}\n"
        let namespaces = output.contexts.map {
            let name = BuildNaming.join(BuildNaming.words($0.name), .pascal)
            return name.isEmpty ? "Default" : name
        }
        let dark = output.contexts.firstIndex { $0.context["colorScheme"]?.stringValue == "dark" }
        text += swiftUIAccessors(
            names: names, types: types, light: namespaces[0], dark: dark.map { namespaces[$0] },
            darkNames: dark.map { Set(values.blocks[$0].map { swiftName($0.path, $0.suffix) }) } ?? [])
        return text
    }

    /// `Color`, `CGFloat` and `Font` accessors for SwiftUI.
    static func swiftUIAccessors(
        names: [String], types: [String: String], light: String, dark: String?, darkNames: Set<String>
    ) -> String {
        var text = """

            #if canImport(SwiftUI)
            import SwiftUI
            #if canImport(UIKit)
            import UIKit
            #elseif canImport(AppKit)
            import AppKit
            #endif

            extension TokenColor {
                /// The color in SwiftUI.
                public var color: Color { Color(.sRGB, red: red, green: green, blue: blue, opacity: alpha) }

                /// A color that is `light` in a light appearance and `dark` in a dark one.
                public static func dynamic(light: TokenColor, dark: TokenColor) -> Color {
                    #if canImport(UIKit)
                    return Color(
                        UIColor { traits in
                            let c = traits.userInterfaceStyle == .dark ? dark : light
                            return UIColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
                        })
                    #elseif canImport(AppKit)
                    return Color(
                        NSColor(name: nil) { appearance in
                            let c = appearance.bestMatch(from: [.darkAqua, .aqua]) == .darkAqua ? dark : light
                            return NSColor(srgbRed: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
                        })
                    #else
                    return light.color
                    #endif
                }

                /// The SwiftUI weight nearest a CSS weight (100 ultraLight ... 900 black).
                public static func weight(_ value: Double) -> Font.Weight {
                    let weights: [Font.Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
                    return weights[min(8, max(0, Int((value / 100).rounded()) - 1))]
                }
            }

            extension Tokens {

            """
        for name in names {
            switch types[name] {
            case "TokenColor":
                if let dark, darkNames.contains(name) {
                    text +=
                        "    public static var \(name): Color { TokenColor.dynamic(light: \(light).\(name), "
                        + "dark: \(dark).\(name)) }\n"
                } else {
                    text += "    public static var \(name): Color { \(light).\(name).color }\n"
                }
            case "Double":
                text += "    public static var \(name): CGFloat { CGFloat(\(light).\(name)) }\n"
            default: continue
            }
        }
        // A typography's members make a `Font`.
        for name in names where name.hasSuffix("FontSize") && types[name] == "Double" {
            let base = String(name.dropLast("FontSize".count))
            let family = base + "FontFamily"
            guard types[family] == "String" else { continue }
            let weight = types[base + "FontWeight"] == "Double" ? base + "FontWeight" : nil
            text += "    public static var \(base)Font: Font {\n"
            text += "        let family = String(\(light).\(family).split(separator: \",\").first ?? \"\")\n"
            text += "            .trimmingCharacters(in: CharacterSet(charactersIn: \"\\\" \"))\n"
            text += "        return Font.custom(family, fixedSize: \(light).\(name))"
            if let weight { text += ".weight(TokenColor.weight(\(light).\(weight)))" }
            text += "\n    }\n"
        }
        text += "}\n#endif\n"
        return text
    }
}
