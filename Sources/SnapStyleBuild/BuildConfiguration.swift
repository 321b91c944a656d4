import SnapStyleExport
import SnapStyleJSON

/// `snapstyle.build.json`: the theme roots and the outputs a team builds from them.
public struct BuildConfiguration: Sendable {
    /// The file it was read from, as given (errors name it).
    public var file: String
    /// Theme roots, relative to the config file's directory (default: that directory).
    public var themes: [String]
    public var outputs: [BuildOutput]

    public init(file: String, themes: [String] = ["."], outputs: [BuildOutput] = []) {
        self.file = file
        self.themes = themes
        self.outputs = outputs
    }
}
