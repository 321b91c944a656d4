import Foundation

/// A generated DTCG design system in GitHub Primer's shape, scaled to 3,000 tokens: a resolver
/// `primer.resolver.json` with the sets `base`, `functional` and `component` and the modifiers `theme` (light,
/// light-hc, dark, dark-hc) and `size` (default, coarse), six modifier contexts, over 40 files. As in Primer, the
/// base colors are written once per mode (220 each; the high-contrast files override 180), and the functional
/// tokens are aliases of them (900 aliases); the display colors, sizes, typography, motion and component tokens
/// are values.
public struct GeneratedTokens: Sendable {
    public let root: String
    public static let hues = 11
    public static let steps = 20
    public static var colors: Int { hues * steps }
    public static let aliasFiles = 9
    public static let aliasesPerFile = 100
    public static let componentFiles = 25
    public static let tokensPerComponent = 40
    public static var tokenCount: Int {
        colors + 420 + 40 + 10 + 35 + aliasFiles * aliasesPerFile + 375 + componentFiles * tokensPerComponent
    }

    public init() {
        root = NSTemporaryDirectory() + "snapstyle-tokens-bench-" + UUID().uuidString
        for directory in ["base/color", "base/size", "functional", "component"] {
            try! FileManager.default.createDirectory(
                atPath: root + "/primer/" + directory, withIntermediateDirectories: true)
        }
        write("primer.resolver.json", Self.resolver)
        write("primer/base/color/light.tokens.json", Self.colorFile("base", seed: 0, count: Self.colors, variant: 0))
        write("primer/base/color/dark.tokens.json", Self.colorFile("base", seed: 1, count: Self.colors, variant: 0))
        write("primer/base/color/light-hc.tokens.json", Self.colorFile("base", seed: 2, count: 180, variant: 0))
        write("primer/base/color/dark-hc.tokens.json", Self.colorFile("base", seed: 3, count: 180, variant: 0))
        write("primer/base/color/display.tokens.json", Self.colorFile("display", seed: 4, count: 420, variant: 0))
        write("primer/base/size/size.tokens.json", Self.sizes("base", count: 40, scale: 1))
        write("primer/base/size/size-coarse.tokens.json", Self.sizes("base", count: 20, scale: 1.25))
        write("primer/base/typography.tokens.json", Self.typography)
        write("primer/base/motion.tokens.json", Self.motion)
        for file in 0..<Self.aliasFiles { write("primer/functional/color\(file).tokens.json", Self.aliases(file)) }
        write("primer/functional/size.tokens.json", Self.sizes("control", count: 375, scale: 1))
        for file in 0..<Self.componentFiles {
            write("primer/component/component\(file).tokens.json", Self.component(file))
        }
        write("primer/native.json", ##"{"surface": {"nativeBase": "#112233", "nativeAlias": {"ref": "nativeBase"}}}"##)
    }

    /// Uses an existing generated root.
    public init(root: String) { self.root = root }

    /// The theme's name.
    public static let theme = "primer"
    /// The dark file, which `writeDark(variant:)` rewrites.
    public var darkPath: String { root + "/primer/base/color/dark.tokens.json" }
    /// The base color an edit of the dark file changes, and a functional token that aliases it.
    public static let editedColor = "base.color.h0.s5"
    public static let aliasOfEdited = "fgColor0.f5"
    /// A native key beside the tokens that, like `aliasOfEdited`, is a reference to a color.
    public static let nativeAlias = "nativeAlias"

    /// Rewrites the dark file (to `destination`, default in place) with `editedColor` changed by `variant`.
    public func writeDark(variant: Int, to destination: String? = nil) {
        write(destination ?? darkPath, Self.colorFile("base", seed: 1, count: Self.colors, variant: variant),
              absolute: true)
    }

    /// A second revision of the system under `destination` (a new root): these files copied, with `changed` base
    /// colors given other values, half in the light file (`base.color.h0.s5` onwards) and half in the dark one (the
    /// keys after those).
    public func writeRevision(to destination: String, changed: Int) -> GeneratedTokens {
        try! FileManager.default.copyItem(atPath: root, toPath: destination)
        let revision = GeneratedTokens(root: destination)
        let dark = changed / 2
        revision.write(
            "primer/base/color/light.tokens.json",
            Self.colorFile("base", seed: 0, count: Self.colors, variant: 1, edited: changed - dark))
        revision.write(
            "primer/base/color/dark.tokens.json",
            Self.colorFile("base", seed: 1, count: Self.colors, variant: 1, edited: dark, from: 5 + changed - dark))
        return revision
    }

    public func remove() { try? FileManager.default.removeItem(atPath: root) }

    func write(_ relative: String, _ text: String, absolute: Bool = false) {
        GeneratedFiles.write(text, to: absolute ? relative : root + "/" + relative)
    }

    static var resolver: String {
        let functional = (0..<aliasFiles).map { "{\"$ref\": \"primer/functional/color\($0).tokens.json\"}" }
            + ["{\"$ref\": \"primer/functional/size.tokens.json\"}"]
        let components = (0..<componentFiles).map { "{\"$ref\": \"primer/component/component\($0).tokens.json\"}" }
        return """
            {"version": "2025.10",
             "sets": {
               "base": {"sources": [{"$ref": "primer/base/color/light.tokens.json"},
                 {"$ref": "primer/base/color/display.tokens.json"}, {"$ref": "primer/base/size/size.tokens.json"},
                 {"$ref": "primer/base/typography.tokens.json"}, {"$ref": "primer/base/motion.tokens.json"}]},
               "functional": {"sources": [\(functional.joined(separator: ", "))]},
               "component": {"sources": [\(components.joined(separator: ", "))]}},
             "modifiers": {
               "theme": {"default": "light", "contexts": {
                 "light": [{"$ref": "primer/base/color/light.tokens.json"}],
                 "light-hc": [{"$ref": "primer/base/color/light.tokens.json"},
                   {"$ref": "primer/base/color/light-hc.tokens.json"}],
                 "dark": [{"$ref": "primer/base/color/dark.tokens.json"}],
                 "dark-hc": [{"$ref": "primer/base/color/dark.tokens.json"},
                   {"$ref": "primer/base/color/dark-hc.tokens.json"}]}},
               "size": {"default": "default", "contexts": {
                 "default": [], "coarse": [{"$ref": "primer/base/size/size-coarse.tokens.json"}]}}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/sets/functional"}, {"$ref": "#/sets/component"},
               {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/size"}]}
            """
    }

    static func color(_ index: Int, seed: Int, override: Int? = nil) -> String {
        var components = [
            Double((index * 7 + seed * 31) % 256) / 255, Double((index * 13 + seed) % 256) / 255,
            Double((index * 3) % 256) / 255,
        ]
        if let override { components[0] = Double(override % 256) / 255 }
        let hex = "#" + components.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
        let text = components.map { String($0) }.joined(separator: ", ")
        return "{\"colorSpace\": \"srgb\", \"components\": [\(text)], \"alpha\": 1, \"hex\": \"\(hex)\"}"
    }

    /// `count` colors `GROUP.color.hH.sS`, Primer's way: sRGB components with hex, grouped by hue; with a
    /// `variant`, the `edited` base colors from index `first` (5: `editedColor`) on take other values.
    static func colorFile(
        _ group: String, seed: Int, count: Int, variant: Int, edited editedCount: Int = 1, from first: Int = 5
    ) -> String {
        var hues: [Int: [String]] = [:]
        for index in 0..<count {
            let hue = index / steps, step = index % steps
            let edited = group == "base" && variant != 0 && index >= first && index - first < editedCount
            hues[hue, default: []].append(
                "\"s\(step)\": {\"$value\": \(color(index, seed: seed, override: edited ? variant : nil))}")
        }
        let groups = hues.keys.sorted().map { "\"h\($0)\": {\n      " + hues[$0]!.joined(separator: ",\n      ") + "}" }
        return "{\"\(group)\": {\"color\": {\"$type\": \"color\",\n    " + groups.joined(separator: ",\n    ")
            + "}}}\n"
    }

    static func sizes(_ group: String, count: Int, scale: Double) -> String {
        let tokens = (0..<count).map {
            "\"s\($0)\": {\"$value\": {\"value\": \(Double($0 % 64) * 2 * scale), \"unit\": \"px\"}}"
        }
        return "{\"\(group)\": {\"size\": {\"$type\": \"dimension\",\n  " + tokens.joined(separator: ",\n  ")
            + "}}}\n"
    }

    static let typography: String = {
        let tokens = (0..<10).map {
            "\"t\($0)\": {\"$value\": {\"fontFamily\": [\"Mona Sans\", \"system-ui\"], "
                + "\"fontSize\": {\"value\": \(12 + $0 * 2), \"unit\": \"px\"}, \"fontWeight\": \(($0 % 9 + 1) * 100), "
                + "\"lineHeight\": 1.5, \"letterSpacing\": {\"value\": 0, \"unit\": \"px\"}}}"
        }
        return "{\"text\": {\"$type\": \"typography\",\n  " + tokens.joined(separator: ",\n  ") + "}}\n"
    }()

    static let motion: String = {
        var tokens = (0..<20).map {
            "\"d\($0)\": {\"$type\": \"duration\", \"$value\": {\"value\": \($0 * 10), \"unit\": \"ms\"}}"
        }
        tokens += (0..<15).map { "\"e\($0)\": {\"$type\": \"cubicBezier\", \"$value\": [0.\($0 % 10), 0, 0.2, 1]}" }
        return "{\"motion\": {\n  " + tokens.joined(separator: ",\n  ") + "}}\n"
    }()

    /// 100 aliases of base and display colors (`fgColorN.fI`); the first file's sixth names `editedColor`.
    static func aliases(_ file: Int) -> String {
        let tokens = (0..<aliasesPerFile).map { index -> String in
            let target = (index * 7 + file * 11) % (colors + 420)
            let reference =
                file == 0 && index == 5 ? editedColor
                : target < colors ? "base.color.h\(target / steps).s\(target % steps)"
                : "display.color.h\((target - colors) / steps).s\((target - colors) % steps)"
            return "\"f\(index)\": {\"$value\": \"{\(reference)}\"}"
        }
        return "{\"fgColor\(file)\": {\"$type\": \"color\",\n  " + tokens.joined(separator: ",\n  ") + "}}\n"
    }

    /// 40 component tokens: colors and dimensions.
    static func component(_ file: Int) -> String {
        let tokens = (0..<tokensPerComponent).map { index -> String in
            index % 2 == 0
                ? "\"c\(index)\": {\"$type\": \"color\", \"$value\": \(color(index + file * 40, seed: 5))}"
                : "\"d\(index)\": {\"$type\": \"dimension\", \"$value\": {\"value\": \(index % 24), \"unit\": \"px\"}}"
        }
        return "{\"component\(file)\": {\n  " + tokens.joined(separator: ",\n  ") + "}}\n"
    }
}
