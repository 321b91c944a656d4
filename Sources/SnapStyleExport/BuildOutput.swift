import SnapStyleJSON

/// One output file (or directory) of a build.
public struct BuildOutput: Sendable {
    /// The formats `build` writes.
    public enum Format: String, CaseIterable, Sendable {
        case css, scss, js, ts, json, dtcg, swift, android, tailwind
    }

    /// How names are spelled from a key's words.
    public enum Naming: String, CaseIterable, Sendable {
        case kebab, camel, snake, pascal
    }

    /// The unit lengths are written in.
    public enum Units: String, CaseIterable, Sendable {
        case px, rem
    }

    /// How an alias whose whole value is another token is written.
    public enum References: String, CaseIterable, Sendable {
        case resolve, `var`
    }

    /// One block of the output: the context it is resolved in and, for CSS, where it applies.
    public struct Block: Sendable {
        public var context: JSONObject
        /// A name for the context (the `name` member, else its values joined with `-`, else `default`): SCSS's
        /// map and the script formats' object use it.
        public var name: String
        public var selector: String
        public var media: String?
        public var supports: String?
        /// Where the entry is written in the config file.
        public var position: SourcePosition

        public init(
            context: JSONObject, name: String, selector: String = ":root", media: String? = nil,
            supports: String? = nil, position: SourcePosition = .start
        ) {
            self.context = context
            self.name = name
            self.selector = selector
            self.media = media
            self.supports = supports
            self.position = position
        }
    }

    public var format: Format
    /// The file written, relative to the config file's directory.
    public var file: String
    public var theme: String
    public var prefix: String?
    /// Nil: the format's own (kebab for CSS and SCSS; the scripts keep the path's segments as written).
    public var naming: Naming?
    public var units: Units?
    public var remBase: Double
    public var references: References
    public var include: [String]
    public var exclude: [String]
    public var sets: [String]?
    public var contexts: [Block]
    public var layer: String?
    public var header: String?
    /// Where the output and its `theme` and `sets` members are written (config errors found later point there).
    public var position: SourcePosition
    public var themePosition: SourcePosition
    public var setsPosition: SourcePosition?

    public init(format: Format, file: String, theme: String) {
        self.format = format
        self.file = file
        self.theme = theme
        remBase = 16
        references = .resolve
        include = []
        exclude = []
        contexts = [Block(context: [:], name: "default")]
        position = .start
        themePosition = .start
    }
}

extension BuildOutput.Format {
    /// The options an output of this format takes, besides `format`, `file` and `theme`.
    public var options: Set<String> {
        let selection: Set = ["include", "exclude", "sets", "contexts"]
        switch self {
        case .css: return selection.union(["prefix", "naming", "units", "remBase", "references", "header", "layer"])
        case .tailwind: return selection.union(["units", "remBase", "header"])
        case .scss: return selection.union(["prefix", "naming", "units", "remBase", "references", "header"])
        case .js, .ts: return selection.union(["naming", "units", "remBase", "header"])
        case .swift: return selection.union(["remBase", "header"])
        case .android: return selection.union(["prefix", "remBase", "header"])
        case .json, .dtcg: return selection
        }
    }

    /// Whether a `contexts` entry may say where its block applies (`selector`, `media`, `supports`).
    public var hasSelectors: Bool { self == .css || self == .tailwind }
}
