import Foundation
import SnapStyleBuild
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleTestSupport
import SnapStyleThemes

/// A DTCG theme `ds` as teams ship it (`tokens.json` and a dark mode file) in a temporary directory, with a build
/// config next to it.
struct BuildFixture {
    let directory = TemporaryDirectory(prefix: "snapstyle-build")

    static let tokens = ##"""
        {
          "color": {"$type": "color",
            "accent": {"$value": "#0066CC"}, "text": {"$value": "{color.accent}"}, "bg": {"$value": "#FFFFFF"},
            "fixed": {"$value": "#336699"}, "fixedAlias": {"$value": "{color.fixed}"}},
          "space": {"$type": "dimension", "sm": {"$value": {"value": 8, "unit": "px"}},
                    "md": {"$value": {"value": 1.5, "unit": "rem"}}},
          "font": {"body": {"$type": "typography", "$value": {"fontFamily": ["Inter", "sans-serif"],
                   "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 400, "lineHeight": 1.5,
                   "letterSpacing": {"value": -0.01, "unit": "em"}}}},
          "shadow": {"card": {"$type": "shadow", "$value": {"color": "#00000033", "offsetX": {"value": 0, "unit": "px"},
                     "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 8, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}},
          "opacity": {"disabled": {"$type": "number", "$value": 0.5}}
        }
        """##

    static let dark = ##"""
        {"color": {"$type": "color", "accent": {"$value": "#66AAFF"}, "bg": {"$value": "#000000"}}}
        """##

    init(config: String? = nil) {
        directory.write("themes/ds/tokens.json", Self.tokens)
        directory.write("themes/ds/tokens.dark.json", Self.dark)
        if let config { directory.write("snapstyle.build.json", config) }
    }

    var configPath: String { directory.full("snapstyle.build.json") }

    /// The files a config builds, resolved in-process.
    func files(_ config: String) async throws -> [String: String] {
        directory.write("snapstyle.build.json", config)
        let project = try BuildProject.load(configPath)
        let store = ThemeStore(roots: project.roots.map { ThemeRoot(path: $0, origin: .config) })
        store.reloadAll()
        let methods = StyleMethods(store: store, defaultTheme: "snap")
        let files = try await project.files { method, params in
            guard let answer = try methods.answer(method, .object(params)) else { throw BuildError(.resolution, "no") }
            return answer
        }
        var result: [String: String] = [:]
        for file in files { result[String(file.path.dropFirst(directory.path.count + 1))] = file.content }
        return result
    }

    /// A config with one output.
    static func config(_ output: String) -> String {
        #"{"themes": ["themes"], "outputs": [\#(output)]}"#
    }
}
