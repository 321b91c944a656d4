import Foundation
import SnapStyleTestSupport
import Testing

/// `snapstyle mcp --build CONFIG` driven by the official Python SDK's stdio client (`Tests/MCP/mcp_build_client.py`)
/// against the real daemon: each file a build config writes is a resource that reads byte for byte as `snapstyle
/// build` writes it, and is said updated when its theme is saved.
@Suite(.serialized) struct MCPBuildTests {
    static let config = #"""
        {"themes": ["THEMES"], "outputs": [
          {"format": "css", "file": "out/tokens.css", "theme": "brand", "prefix": "ds", "include": ["surface.brand*"],
           "contexts": [{"context": {}}, {"context": {"colorScheme": "dark"}, "selector": "[data-theme=dark]"}]},
          {"format": "js", "file": "out/tokens.js", "theme": "brand", "include": ["surface.brand*"]},
          {"format": "android", "file": "res", "theme": "brand", "include": ["surface.brand*"],
           "contexts": [{"context": {}}, {"context": {"colorScheme": "dark"}}]}
        ]}
        """#

    @Test(
        .enabled(
            if: MCPServerTests.sdkAvailable || MCPServerTests.required,
            "needs the MCP Python SDK (Tests/pip-venv.sh; make test)"))
    func eachOutputFileIsAResourceThatReadsAsTheBuildWritesIt() throws {
        let python = try #require(
            MCPServerTests.sdkAvailable ? MCPServerTests.python : nil, "the MCP Python SDK is missing")
        let daemon = try DaemonProcess()
        for (path, text) in MCPServerTests.themes { daemon.write(path, text) }
        try daemon.waitForTheme("brand")
        let project = daemon.directory + "/project"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let config = project + "/snapstyle.build.json"
        try Self.config.replacingOccurrences(of: "THEMES", with: daemon.themes)
            .write(toFile: config, atomically: true, encoding: .utf8)
        let build = try CLIRun(["build", "--config", config])
        #expect(build.status == 0, "\(build.stderr)")

        let run = try Program.run(
            python,
            [
                MCPServerTests.root + "/Tests/MCP/mcp_build_client.py", "--snapstyle", DaemonProcess.cli, "--socket",
                daemon.socket, "--themes", daemon.themes, "--config", config, "--expected", project,
            ])
        #expect(run.status == 0 && run.output.contains("all mcp build checks passed"), "\(run.output)")
    }

    @Test func anUnreadableConfigExitsWithStatus1() throws {
        let daemon = try DaemonProcess()
        let run = try CLIRun(["mcp", "--socket", daemon.socket, "--build", daemon.directory + "/none.json"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("none.json") && run.stderr.contains("cannot read"), "\(run.stderr)")
    }
}
