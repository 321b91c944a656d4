import Foundation

/// A generated Tokens Studio project of the Primer-shaped design system's size (`GeneratedTokens`): 3,000 tokens
/// in the legacy `value`/`type` syntax, sets in 41 files, `$themes.json` with the groups `theme` (Light, Light HC,
/// Dark, Dark HC) and `size` (Default, Coarse), and `$metadata.json`'s set order. The base colors are written once
/// per mode (220 each; the high-contrast sets override 180); the 900 functional colors are references to them, one
/// in ten with a color modifier (lighten in HSL, alpha in sRGB, mix in LCH); the 375 functional sizes are math over
/// the base sizes; typography uses weight names and percentages; components are values.
public struct GeneratedStudioProject: Sendable {
    /// How the token files are written: Tokens Studio's legacy syntax, or its DTCG option (`$value`, `$type`,
    /// `$description`, as Tokens Studio's own conversion writes them; its types, math and modifiers unchanged).
    public enum Syntax: String, Sendable { case legacy, dtcg }

    public let root: String
    public let syntax: Syntax
    public static let theme = "studio"
    public static var tokenCount: Int { GeneratedTokens.tokenCount }
    /// The base color an edit of the dark set changes, and a functional token that refers to it.
    public static let editedColor = GeneratedTokens.editedColor
    public static let aliasOfEdited = GeneratedTokens.aliasOfEdited

    static let colorSets = ["base/color/light", "base/color/light-hc", "base/color/dark", "base/color/dark-hc"]
    static var commonSets: [String] {
        ["base/color/display", "base/size/size", "base/typography", "base/opacity"]
            + (0..<GeneratedTokens.aliasFiles).map { "functional/color\($0)" } + ["functional/size"]
            + (0..<GeneratedTokens.componentFiles).map { "component/component\($0)" }
    }

    public init(syntax: Syntax = .legacy) {
        self.syntax = syntax
        root = NSTemporaryDirectory() + "snapstyle-studio-bench-" + UUID().uuidString
        for directory in ["base/color", "base/size", "functional", "component"] {
            try! FileManager.default.createDirectory(
                atPath: root + "/studio/" + directory, withIntermediateDirectories: true)
        }
        write("studio/$themes.json", Self.themes)
        write("studio/$metadata.json", Self.metadata)
        write("studio/base/color/light.json", Self.colorFile("base", seed: 0, count: GeneratedTokens.colors, variant: 0))
        write("studio/base/color/dark.json", Self.colorFile("base", seed: 1, count: GeneratedTokens.colors, variant: 0))
        write("studio/base/color/light-hc.json", Self.colorFile("base", seed: 2, count: 180, variant: 0))
        write("studio/base/color/dark-hc.json", Self.colorFile("base", seed: 3, count: 180, variant: 0))
        write("studio/base/color/display.json", Self.colorFile("display", seed: 4, count: 420, variant: 0))
        write("studio/base/size/size.json", Self.sizes(count: 40, scale: 1))
        write("studio/base/size/size-coarse.json", Self.sizes(count: 20, scale: 1.25))
        write("studio/base/typography.json", Self.typography)
        write("studio/base/opacity.json", Self.opacity)
        for file in 0..<GeneratedTokens.aliasFiles { write("studio/functional/color\(file).json", Self.aliases(file)) }
        write("studio/functional/size.json", Self.functionalSizes)
        for file in 0..<GeneratedTokens.componentFiles {
            write("studio/component/component\(file).json", Self.component(file))
        }
    }

    /// Uses an existing generated root, in the syntax its dark set is written in.
    public init(root: String) {
        self.root = root
        let dark = (try? String(contentsOfFile: root + "/studio/base/color/dark.json", encoding: .utf8)) ?? ""
        syntax = dark.contains("\"$value\"") ? .dtcg : .legacy
    }

    /// The dark set, which `writeDark(variant:)` rewrites.
    public var darkPath: String { root + "/studio/base/color/dark.json" }

    /// Rewrites the dark set (to `destination`, default in place) with `editedColor` changed by `variant`.
    public func writeDark(variant: Int, to destination: String? = nil) {
        write(
            destination ?? darkPath, Self.colorFile("base", seed: 1, count: GeneratedTokens.colors, variant: variant),
            absolute: true)
    }

    public func remove() { try? FileManager.default.removeItem(atPath: root) }

    func write(_ relative: String, _ text: String, absolute: Bool = false) {
        let isProjectFile = relative.hasSuffix("$themes.json") || relative.hasSuffix("$metadata.json")
        let written = syntax == .dtcg && !isProjectFile ? Self.dtcgOption(text) : text
        GeneratedFiles.write(written, to: absolute ? relative : root + "/" + relative)
    }

    /// A legacy token file as Tokens Studio's conversion to its DTCG option writes it: `$` before each token's
    /// `value`, `type` and `description` (a modifier's own `type` and `value`, under `$extensions`, stay).
    static func dtcgOption(_ text: String) -> String {
        func convert(_ value: Any) -> Any {
            guard let object = value as? [String: Any] else { return value }
            let isToken = object["value"] != nil && object["type"] is String
            var result: [String: Any] = [:]
            for (key, member) in object {
                if isToken, ["value", "type", "description"].contains(key) {
                    result["$" + key] = member
                } else {
                    result[key] = key == "$extensions" || (isToken && key == "value") ? member : convert(member)
                }
            }
            return result
        }
        let json = try! JSONSerialization.jsonObject(with: Data(text.utf8))
        let data = try! JSONSerialization.data(withJSONObject: convert(json), options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static var themes: String {
        func sets(_ extra: [String]) -> String {
            (commonSets + extra).map { "\"\($0)\": \"enabled\"" }.joined(separator: ", ")
        }
        let entries = [
            ("theme", "Light", ["base/color/light"]), ("theme", "Light HC", ["base/color/light", "base/color/light-hc"]),
            ("theme", "Dark", ["base/color/dark"]), ("theme", "Dark HC", ["base/color/dark", "base/color/dark-hc"]),
            ("size", "Default", []), ("size", "Coarse", ["base/size/size-coarse"]),
        ].map { group, name, extra in
            "{\"id\": \"\(name)\", \"name\": \"\(name)\", \"group\": \"\(group)\", \"selectedTokenSets\": {\(sets(extra))}}"
        }
        return "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    static var metadata: String {
        let order = colorSets + ["base/size/size-coarse"] + commonSets
        return "{\"tokenSetOrder\": [" + order.map { "\"\($0)\"" }.joined(separator: ", ") + "]}\n"
    }

    static func hex(_ index: Int, seed: Int, override: Int? = nil) -> String {
        var components = [(index * 7 + seed * 31) % 256, (index * 13 + seed) % 256, (index * 3) % 256]
        if let override { components[0] = override % 256 }
        return "#" + components.map { String(format: "%02x", $0) }.joined()
    }

    /// `count` colors `GROUP.color.hH.sS` as hex strings, grouped by hue.
    static func colorFile(_ group: String, seed: Int, count: Int, variant: Int) -> String {
        var hues: [Int: [String]] = [:]
        let steps = GeneratedTokens.steps
        for index in 0..<count {
            let hue = index / steps, step = index % steps
            let edited = group == "base" && hue == 0 && step == 5 && variant != 0
            let value = hex(index, seed: seed, override: edited ? variant : nil)
            hues[hue, default: []].append("\"s\(step)\": {\"value\": \"\(value)\", \"type\": \"color\"}")
        }
        let groups = hues.keys.sorted().map { "\"h\($0)\": {\n      " + hues[$0]!.joined(separator: ",\n      ") + "}" }
        return "{\"\(group)\": {\"color\": {\n    " + groups.joined(separator: ",\n    ") + "}}}\n"
    }

    static func sizes(count: Int, scale: Double) -> String {
        let tokens = (0..<count).map { "\"s\($0)\": {\"value\": \"\(Double($0 % 64) * 2 * scale)\", \"type\": \"sizing\"}" }
        return "{\"base\": {\"size\": {\n  " + tokens.joined(separator: ",\n  ") + "}}}\n"
    }

    static let typography: String = {
        let weights = ["Light", "Regular", "Medium", "Semi Bold", "Bold"]
        let tokens = (0..<10).map {
            "\"t\($0)\": {\"type\": \"typography\", \"value\": {\"fontFamily\": \"Mona Sans\", "
                + "\"fontSize\": \"\(12 + $0 * 2)\", \"fontWeight\": \"\(weights[$0 % 5])\", "
                + "\"lineHeight\": \"150%\", \"letterSpacing\": \"0\"}}"
        }
        return "{\"text\": {\n  " + tokens.joined(separator: ",\n  ") + "}}\n"
    }()

    static let opacity: String = {
        let tokens = (0..<35).map { "\"o\($0)\": {\"value\": \"\($0 * 2 + 10)%\", \"type\": \"opacity\"}" }
        return "{\"opacity\": {\n  " + tokens.joined(separator: ",\n  ") + "}}\n"
    }()

    /// 100 references to base and display colors (`fgColorN.fI`), one in ten with a color modifier; the first
    /// file's sixth names `editedColor`.
    static func aliases(_ file: Int) -> String {
        let colors = GeneratedTokens.colors, steps = GeneratedTokens.steps
        let tokens = (0..<GeneratedTokens.aliasesPerFile).map { index -> String in
            let target = (index * 7 + file * 11) % (colors + 420)
            let reference =
                file == 0 && index == 5 ? editedColor
                : target < colors ? "base.color.h\(target / steps).s\(target % steps)"
                : "display.color.h\((target - colors) / steps).s\((target - colors) % steps)"
            var token = "\"f\(index)\": {\"value\": \"{\(reference)}\", \"type\": \"color\""
            if index % 10 == 9 {
                let modify = [
                    #"{"type": "lighten", "value": "0.1", "space": "hsl"}"#,
                    #"{"type": "alpha", "value": "{opacity.o10}", "space": "srgb"}"#,
                    #"{"type": "mix", "value": "0.25", "space": "lch", "color": "{display.color.h0.s0}"}"#,
                ][(index / 10) % 3]
                token += ", \"$extensions\": {\"studio.tokens\": {\"modify\": \(modify)}}"
            }
            return token + "}"
        }
        return "{\"fgColor\(file)\": {\n  " + tokens.joined(separator: ",\n  ") + "}}\n"
    }

    /// 375 sizes: math over the base sizes.
    static let functionalSizes: String = {
        let tokens = (0..<375).map {
            "\"s\($0)\": {\"value\": \"{base.size.s\($0 % 40)} * \($0 % 4 + 1)\", \"type\": \"sizing\"}"
        }
        return "{\"control\": {\"size\": {\n  " + tokens.joined(separator: ",\n  ") + "}}}\n"
    }()

    /// 40 component tokens: colors and dimensions.
    static func component(_ file: Int) -> String {
        let tokens = (0..<GeneratedTokens.tokensPerComponent).map { index -> String in
            index % 2 == 0
                ? "\"c\(index)\": {\"value\": \"\(hex(index + file * 40, seed: 5))\", \"type\": \"color\"}"
                : "\"d\(index)\": {\"value\": \"\(index % 24)\", \"type\": \"spacing\"}"
        }
        return "{\"component\(file)\": {\n  " + tokens.joined(separator: ",\n  ") + "}}\n"
    }
}
