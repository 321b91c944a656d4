import Foundation
import SnapStyleTestSupport
import Testing

/// The export module on its own: a program linking only `SnapStyleExport` (`Tests/ExportProbe`) writes a theme built
/// in code in every format, and carries neither the engine, the theme store, the methods nor jansson
/// (docs/architecture.md, "What an export links").
@Suite struct ExportProbeTests {
    static let probe = BuiltProducts.directory + "/snapstyle-export-probe"

    @Test func aProgramLinkingOnlyTheExportsWritesEveryFormat() throws {
        let run = try Program.run(Self.probe, [])
        #expect(run.status == 0, "\(run.output)")
        for expected in [
            "  --surface-accent: #0a6cff;", "  --space-small: 4px;", #"{"surface":{"accent":"#,
            #""$type": "color""#, "== tokens.scss", "== tokens.ts", "== tokens.d.ts", "== tokens.swift",
            "== tokens.tailwind", "values/colors.xml",
        ] {
            #expect(run.output.contains(expected), "\(expected) in \(run.output)")
        }
    }

    @Test func itCarriesNeitherTheEngineNorJansson() throws {
        let binary = try Data(contentsOf: URL(fileURLWithPath: Self.probe))
        // The modules' mangled names and jansson's entry points, as the symbol table writes them.
        for absent in [
            "15SnapStyleEngine", "15SnapStyleThemes", "16SnapStyleMethods", "16SnapStyleJansson", "json_loadb",
            "json_dumps",
        ] {
            #expect(binary.range(of: Data(absent.utf8)) == nil, "the export probe holds \(absent)")
        }
        for present in ["15SnapStyleExport", "17SnapStyleProtocol", "15SnapStyleValues"] {
            #expect(binary.range(of: Data(present.utf8)) != nil, "the export probe lacks \(present)")
        }
        let libraries = try Program.run("/usr/bin/ldd", [Self.probe])
        #expect(libraries.status == 0)
        #expect(!libraries.output.contains("jansson"), "\(libraries.output)")
    }
}
