import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// `diff`'s contrast comparison measures the pairs an imported theme declares (`"theme": {"audit": [...]}`), as
/// `audit` does: a link color made lighter in a DTCG theme fails over the background its manifest pairs it with.
@Suite struct DiffDeclaredPairsTests {
    static let tokens = """
        {"color": {
          "link": {"$type": "color", "$value": "LINK"},
          "canvas": {"default": {"$type": "color", "$value": "#FFFFFF"}, "raised": {"$type": "color", "$value": "#F6F8FA"}}
        }}
        """

    /// Two roots, `base` and `head`, each with the theme `brand`; head's link is lighter. `declared`: whether the
    /// manifest pairs the link with the canvases (no naming convention pairs these keys).
    static func roots(declared: Bool) throws -> TemporaryDirectory {
        let directory = TemporaryDirectory(prefix: "snapstyle-diff-declared")
        let audit = declared ? #", "audit": [{"foreground": "color.link", "background": "color.canvas.*"}]"# : ""
        for (side, link) in [("base", "#0969DA"), ("head", "#58A6FF")] {
            let theme = directory.full("\(side)/brand")
            try FileManager.default.createDirectory(atPath: theme, withIntermediateDirectories: true)
            try tokens.replacingOccurrences(of: "LINK", with: link)
                .write(toFile: theme + "/brand.tokens.json", atomically: true, encoding: .utf8)
            try #"{"theme": {"extends": "snap"\#(audit)}}"#
                .write(toFile: theme + "/manifest.json", atomically: true, encoding: .utf8)
        }
        return directory
    }

    static func contrast(declared: Bool) throws -> [JSONValue] {
        let directory = try roots(declared: declared)
        let run = try CLIRun(["diff", "--format", "json", directory.full("base"), directory.full("head")])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try Jansson.parse(run.stdout)
        let brand = try #require(report["themes"]?.arrayValue?.first { $0["theme"] == "brand" })
        #expect(brand["keys"]?.arrayValue?.map { $0["key"] } == ["color.link"])
        return brand["contrast"]?.arrayValue ?? []
    }

    @Test func aLighterLinkFailsOverEachCanvasItsManifestPairsItWith() throws {
        let contrast = try Self.contrast(declared: true)
        let declared = contrast.filter { $0["pair"] == "declared pair 1" }
        #expect(
            Set(declared.compactMap { $0["background"]?.stringValue })
                == ["surface color.canvas.default", "surface color.canvas.raised"], "\(contrast)")
        for pair in declared {
            #expect(pair["foreground"] == "surface color.link")
            #expect(pair["passedBefore"] == true)
            #expect(pair["passes"] == false)
            #expect(pair["oldRatio"]!.doubleValue! >= 4.5 && pair["newRatio"]!.doubleValue! < 4.5)
        }
        // Without the declaration nothing pairs the link with a canvas.
        #expect(try Self.contrast(declared: false).allSatisfy { $0["pair"] != "declared pair 1" })
    }
}
