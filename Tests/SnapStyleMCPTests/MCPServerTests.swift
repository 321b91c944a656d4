import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// `snapstyle mcp` driven by a real MCP client, the official Python SDK's stdio client (`Tests/MCP/mcp_client.py`),
/// against the real daemon on a sandboxed theme root: every tool, errors, resources, subscriptions, a theme added,
/// and a daemon restart in the middle of the session.
@Suite(.serialized) struct MCPServerTests {
    static let root = Checkout.root

    /// `SNAPSTYLE_MCP_PYTHON`, else the virtual environment `make test` prepares (`Tests/pip-venv.sh`).
    static let python: String? = {
        if let python = ProcessInfo.processInfo.environment["SNAPSTYLE_MCP_PYTHON"] { return python }
        let venv = root + "/.build/mcp-venv/bin/python3"
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : nil
    }()

    static let sdkAvailable: Bool = {
        guard let python else { return false }
        return (try? Program.run(python, ["-c", "import mcp"]).status) == 0
    }()

    /// `make test` sets `SNAPSTYLE_REQUIRE_MCP=1`: without the SDK the test fails instead of skipping.
    static var required: Bool { ProcessInfo.processInfo.environment["SNAPSTYLE_REQUIRE_MCP"] == "1" }

    @Test(.enabled(if: sdkAvailable || required, "needs the MCP Python SDK (Tests/pip-venv.sh; make test)"))
    func theOfficialPythonClientDrivesTheServer() throws {
        let python = try #require(Self.sdkAvailable ? Self.python : nil, "the MCP Python SDK is missing")
        let daemon = try DaemonProcess()
        for (path, text) in Self.themes { daemon.write(path, text) }
        try daemon.waitForTheme("brand")
        try daemon.waitForTheme("kit")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            Self.root + "/Tests/MCP/mcp_client.py", "--snapstyle", DaemonProcess.cli, "--socket", daemon.socket,
            "--themes", daemon.themes,
        ]
        let input = Pipe()
        let output = Pipe()
        let errors = daemon.directory + "/mcp-client.log"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        var lines: [String] = []
        var restarted: DaemonProcess?
        while true {
            // The script writes no empty line: an empty one is the end of its output.
            let line = readLine(output.fileHandleForReading)
            if line.isEmpty { break }
            lines.append(line)
            if line == "restart-daemon" {
                daemon.stop()
                let next = try DaemonProcess(sharing: daemon, sameSocket: true)
                restarted = next
                input.fileHandleForWriting.write(Data("restarted\n".utf8))
            }
            if line == "all mcp checks passed" { break }
        }
        process.waitUntilExit()
        let log = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(log)")
        #expect(lines.contains("restart-daemon"), "\(log)")
        #expect(lines.contains("all mcp checks passed"), "\(log)")
        restarted?.stop()
    }

    @Test func withoutADaemonItExitsWithStatus3AndTheCLIsMessage() throws {
        let directory = TemporaryDirectory(prefix: "snapstyle-mcp-none")
        let socket = directory.full("none/snapstyled.sock")
        let run = try CLIRun(["mcp", "--socket", socket])
        #expect(run.status == 3)
        #expect(
            run.stderr.contains("snapstyle: no daemon is running: there is no socket at \(socket)"), "\(run.stderr)")
        #expect(!run.stderr.contains("--offline"), "mcp has no offline mode: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// The themes `Tests/MCP/mcp_client.py` checks against: `brand` (native, a color by color scheme), `kit`
    /// (DTCG: a resolver with a `mode` modifier, a color per mode, a described dimension) and `contrasty` (labels
    /// in a pale gray in light mode, for `audit`).
    static let themes = [
        (
            "brand.json",
            ##"""
            {
              "surface": {
                "brandPrimary": {"when": [{"if": {"colorScheme": "dark"}, "then": "#FF8800"}], "else": "#3366FF"}
              }
            }
            """##
        ),
        (
            "kit.resolver.json",
            ##"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "./kit/base.tokens.json"}]}},
             "modifiers": {"mode": {"contexts": {"light": [{"$ref": "./kit/light.tokens.json"}],
                                                 "dark": [{"$ref": "./kit/dark.tokens.json"}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}
            """##
        ),
        (
            "kit/base.tokens.json",
            ##"""
            {"space": {"md": {"$type": "dimension", "$value": {"value": 12, "unit": "px"},
                              "$description": "Medium gap between elements"}}}
            """##
        ),
        ("kit/light.tokens.json", ##"{"color": {"bg": {"$type": "color", "$value": "#FFFFFF"}}}"##),
        ("kit/dark.tokens.json", ##"{"color": {"bg": {"$type": "color", "$value": "#1A1A1A"}}}"##),
        (
            "contrasty.json",
            ##"""
            {
              "composition": {"label": {"foreground": "paleLabel"}},
              "surface": {"paleLabel": {"when": [{"if": {"colorScheme": "dark"}, "then": "#FFFFFF"}], "else": "#C8C8C8"}}
            }
            """##
        ),
    ]

    /// One session on raw lines: `initialize` asking for `version`, then a `resolve` call; the two answers.
    static func session(socket: String, version: String) throws -> (initialize: JSONValue, call: JSONValue) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.cli)
        process.arguments = ["mcp", "--socket", socket]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(version)","#
                + #""capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"resolve","#
                + #""arguments":{"attribute":"font","key":"title"}}}"#,
        ]
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        var answers: [Int: JSONValue] = [:]
        while answers.count < 2 {
            let line = readLine(output.fileHandleForReading)
            guard !line.isEmpty else { throw DaemonError("snapstyle mcp closed its output") }
            let message = try Jansson.parse(line)
            if let id = message["id"]?.intValue { answers[id] = message["result"] ?? message }
        }
        return (answers[1]!, answers[2]!)
    }

    @Test func theProtocolVersionIsNegotiatedAndStructuredContentFollowsIt() throws {
        let daemon = try DaemonProcess()
        let older = try Self.session(socket: daemon.socket, version: "2025-03-26")
        #expect(older.initialize["protocolVersion"] == "2025-03-26")
        #expect(older.call["content"]?.arrayValue?.first?["text"]?.stringValue?.hasPrefix("font title = ") == true)
        #expect(older.call["structuredContent"] == nil, "2025-03-26 has no structured content")
        let newer = try Self.session(socket: daemon.socket, version: "2025-06-18")
        #expect(newer.initialize["protocolVersion"] == "2025-06-18")
        #expect(newer.call["structuredContent"]?["key"] == "title")
        let unknown = try Self.session(socket: daemon.socket, version: "2099-01-01")
        #expect(unknown.initialize["protocolVersion"] == "2025-11-25", "the server's newest, as the SDK negotiates")
        #expect(unknown.call["structuredContent"]?["attribute"] == "font")
    }
}
