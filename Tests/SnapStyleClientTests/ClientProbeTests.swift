import Foundation
import SnapStyleTestSupport
import Testing

/// The client library on its own: a program linking only `SnapStyleClient` (`Tests/ClientProbe`) resolves from a real
/// daemon, and carries neither the engine nor jansson (docs/architecture.md, "What a client links").
@Suite struct ClientProbeTests {
    static let probe = BuiltProducts.directory + "/snapstyle-client-probe"

    @Test func aProgramLinkingOnlyTheClientResolvesFromTheDaemon() throws {
        let daemon = try DaemonProcess()
        let run = try Program.run(Self.probe, [daemon.socket])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("font title: 22.0pt bold (generation 1)"), "\(run.output)")
        #expect(run.output.contains("surface contentBackground: #1C1C1EFF"), "\(run.output)")
    }

    @Test func itCarriesNeitherTheEngineNorJansson() throws {
        let binary = try Data(contentsOf: URL(fileURLWithPath: Self.probe))
        // The modules' mangled names and jansson's entry points, as the symbol table writes them.
        for absent in ["15SnapStyleEngine", "16SnapStyleJansson", "json_loadb", "json_dumps", "10RealModule"] {
            #expect(binary.range(of: Data(absent.utf8)) == nil, "the client probe holds \(absent)")
        }
        for present in ["15SnapStyleClient", "17SnapStyleProtocol", "19SnapStyleVocabulary"] {
            #expect(binary.range(of: Data(present.utf8)) != nil, "the client probe lacks \(present)")
        }
        let libraries = try Program.run("/usr/bin/ldd", [Self.probe])
        #expect(libraries.status == 0)
        #expect(!libraries.output.contains("jansson"), "\(libraries.output)")
        #expect(!libraries.output.contains("simdjson"), "\(libraries.output)")
    }
}
