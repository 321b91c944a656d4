import Foundation

/// A generated DTCG design system in GitHub Primer's shape: a resolver `primer.resolver.json` with sets `base`
/// and `functional` and the modifiers `theme` (light, light-hc, dark, dark-hc) and `size` (default, coarse): six
/// modifier contexts. 3,000 tokens: 1,200 base colors (each written by the light and the dark file, 200 of them
/// again by each high-contrast file), 300 sizes, 100 typography and 100 motion tokens, and 1,300 functional
/// tokens of which 900 are aliases of base colors.
public struct GeneratedTokens: Sendable {
    public let root: String
    public static let hues = 40
    public static let steps = 30
    public static var colors: Int { hues * steps }
    public static let functionalAliases = 900
    public static let functionalValues = 400
    public static var tokenCount: Int { colors + 300 + 100 + 100 + functionalAliases + functionalValues }

    public init() {
        root = NSTemporaryDirectory() + "snapstyle-tokens-bench-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: root + "/primer", withIntermediateDirectories: true)
        write("primer.resolver.json", Self.resolver)
        write("primer/light.tokens.json", Self.colorFile(seed: 0, from: 0, count: Self.colors, variant: 0))
        write("primer/dark.tokens.json", Self.colorFile(seed: 1, from: 0, count: Self.colors, variant: 0))
        write("primer/light-hc.tokens.json", Self.colorFile(seed: 2, from: 0, count: 200, variant: 0))
        write("primer/dark-hc.tokens.json", Self.colorFile(seed: 3, from: 0, count: 200, variant: 0))
        write("primer/size.tokens.json", Self.sizes(scale: 1))
        write("primer/size-coarse.tokens.json", Self.sizes(scale: 1.25, count: 100))
        write("primer/typography.tokens.json", Self.typography)
        write("primer/motion.tokens.json", Self.motion)
        write("primer/functional.tokens.json", Self.functional)
        write("primer/native.json", ##"{"surface": {"nativeBase": "#112233", "nativeAlias": {"ref": "nativeBase"}}}"##)
    }

    /// Uses an existing generated root.
    public init(root: String) { self.root = root }

    /// The theme's name.
    public static let theme = "primer"
    /// The dark file, which `writeDark(variant:)` rewrites.
    public var darkPath: String { root + "/primer/dark.tokens.json" }
    /// The base color an edit of the dark file changes, and a functional token that aliases it.
    public static let editedColor = "base.color.h0.s5"
    public static let aliasOfEdited = "fgColor.f5"
    /// A native key beside the tokens that, like `aliasOfEdited`, is a reference to a color.
    public static let nativeAlias = "nativeAlias"

    /// Rewrites the dark file (to `destination`, default in place) with `editedColor` changed by `variant`.
    public func writeDark(variant: Int, to destination: String? = nil) {
        write(destination ?? darkPath, Self.colorFile(seed: 1, from: 0, count: Self.colors, variant: variant),
              absolute: true)
    }

    public func remove() { try? FileManager.default.removeItem(atPath: root) }

    func write(_ relative: String, _ text: String, absolute: Bool = false) {
        let path = absolute ? relative : root + "/" + relative
        let temporary = path + ".writing"
        try! text.write(toFile: temporary, atomically: false, encoding: .utf8)
        rename(temporary, path)
    }

    static let resolver = """
        {"version": "2025.10",
         "sets": {
           "base": {"sources": [{"$ref": "primer/light.tokens.json"}, {"$ref": "primer/size.tokens.json"},
             {"$ref": "primer/typography.tokens.json"}, {"$ref": "primer/motion.tokens.json"}]},
           "functional": {"sources": [{"$ref": "primer/functional.tokens.json"}]}},
         "modifiers": {
           "theme": {"default": "light", "contexts": {
             "light": [{"$ref": "primer/light.tokens.json"}],
             "light-hc": [{"$ref": "primer/light.tokens.json"}, {"$ref": "primer/light-hc.tokens.json"}],
             "dark": [{"$ref": "primer/dark.tokens.json"}],
             "dark-hc": [{"$ref": "primer/dark.tokens.json"}, {"$ref": "primer/dark-hc.tokens.json"}]}},
           "size": {"default": "default", "contexts": {
             "default": [], "coarse": [{"$ref": "primer/size-coarse.tokens.json"}]}}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/sets/functional"},
           {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/size"}]}
        """

    /// `count` base colors `base.color.hH.sS`, Primer's way: sRGB components with hex, grouped by hue.
    static func colorFile(seed: Int, from: Int, count: Int, variant: Int) -> String {
        var hues: [Int: [String]] = [:]
        for index in from..<from + count {
            let hue = index / steps, step = index % steps
            var value = Double((index * 7 + seed * 31) % 256) / 255
            if hue == 0, step == 5, variant != 0 { value = Double(variant % 256) / 255 }
            let components = [value, Double((index * 13 + seed) % 256) / 255, Double((index * 3) % 256) / 255]
            let hex = "#" + components.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
            let text = components.map { String($0) }.joined(separator: ", ")
            hues[hue, default: []].append(
                "\"s\(step)\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [\(text)], \"alpha\": 1, "
                    + "\"hex\": \"\(hex)\"}}")
        }
        let groups = hues.keys.sorted().map { "\"h\($0)\": {\n      " + hues[$0]!.joined(separator: ",\n      ") + "}" }
        return "{\"base\": {\"color\": {\"$type\": \"color\",\n    " + groups.joined(separator: ",\n    ") + "}}}\n"
    }

    static func sizes(scale: Double, count: Int = 300) -> String {
        let tokens = (0..<count).map {
            "\"s\($0)\": {\"$value\": {\"value\": \(Double($0 % 64) * 2 * scale), \"unit\": \"px\"}}"
        }
        return "{\"base\": {\"size\": {\"$type\": \"dimension\",\n  " + tokens.joined(separator: ",\n  ") + "}}}\n"
    }

    static let typography: String = {
        let tokens = (0..<100).map {
            "\"t\($0)\": {\"$value\": {\"fontFamily\": [\"Mona Sans\", \"system-ui\"], "
                + "\"fontSize\": \"{base.size.s\($0 % 40 + 6)}\", \"fontWeight\": \(($0 % 9 + 1) * 100), "
                + "\"lineHeight\": 1.5, \"letterSpacing\": {\"value\": 0, \"unit\": \"px\"}}}"
        }
        return "{\"text\": {\"$type\": \"typography\",\n  " + tokens.joined(separator: ",\n  ") + "}}\n"
    }()

    static let motion: String = {
        var tokens = (0..<50).map { "\"d\($0)\": {\"$type\": \"duration\", \"$value\": {\"value\": \($0 * 10), \"unit\": \"ms\"}}" }
        tokens += (0..<50).map {
            "\"e\($0)\": {\"$type\": \"cubicBezier\", \"$value\": [0.\($0 % 10), 0, 0.2, 1]}"
        }
        return "{\"motion\": {\n  " + tokens.joined(separator: ",\n  ") + "}}\n"
    }()

    /// 900 color aliases (`fgColor.fN`, `bgColor.fN`, `borderColor.fN`) and 400 dimensions.
    static let functional: String = {
        var groups: [String] = []
        for (g, name) in ["fgColor", "bgColor", "borderColor"].enumerated() {
            let tokens = (0..<functionalAliases / 3).map { index -> String in
                let target = (index * 7 + g * 11) % colors
                let reference = index == 5 && g == 0 ? editedColor : "base.color.h\(target / steps).s\(target % steps)"
                return "\"f\(index)\": {\"$value\": \"{\(reference)}\"}"
            }
            groups.append("\"\(name)\": {\"$type\": \"color\",\n  " + tokens.joined(separator: ",\n  ") + "}")
        }
        let sizes = (0..<functionalValues).map { "\"c\($0)\": {\"$value\": {\"value\": \($0 % 48), \"unit\": \"px\"}}" }
        groups.append("\"control\": {\"$type\": \"dimension\",\n  " + sizes.joined(separator: ",\n  ") + "}")
        return "{" + groups.joined(separator: ",\n") + "}\n"
    }()
}
