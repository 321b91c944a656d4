import Foundation
import SnapStyleJSON
import SnapStyleJansson
import Testing

/// The built `snapstyle` binary, run as a user would (offline: no daemon involved).
@Suite(.serialized) struct CLITests {
    static let binary: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/snapstyle").path
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(_ arguments: [String], in directory: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // Never the user's real roots.
        let home = NSTemporaryDirectory() + "snapstyle-cli-home"
        environment["XDG_CONFIG_HOME"] = home + "/config"
        environment["XDG_DATA_DIRS"] = home + "/data"
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    @Test func resolveJSONPrintsTheProtocolResult() throws {
        let r = try run(["resolve", "font", "title", "--offline", "--json", "--dynamic-type", "accessibility3",
                         "--element", "title.secondary"])
        #expect(r.status == 0)
        let result = try Jansson.parse(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        // title secondary is 18 pt semibold; body scales 17 → 40 at accessibility3.
        #expect(result["theme"] == "snap")
        #expect(result["generation"] == 1)
        #expect(result["value"]?["baseSize"]?.doubleValue == 18)
        #expect(abs((result["value"]?["size"]?.doubleValue ?? 0) - 18 * 40 / 17) < 0.001)
        #expect(result["value"]?["weight"] == "semibold")
    }

    @Test func stackShortcutsKeepTheirOrder() throws {
        let r = try run(["container", "--offline", "--json", "--component", "screen", "--container", "card",
                         "--component", "contentCard:selected"])
        #expect(r.status == 0)
        let result = try Jansson.parse(r.stdout)
        #expect(result["container"] == "contentCard")
        #expect(result["state"] == "selected")
        #expect(result["levelOverall"] == 2)
    }

    @Test func elementWithDefine() throws {
        let r = try run(["element", "icon", "--offline", "--json", "--component", "contentCard",
                         "--define", "font:icon=screenTitle"])
        #expect(r.status == 0)
        #expect(try Jansson.parse(r.stdout)["font"]?["key"] == "screenTitle")
    }

    @Test func errorAnswersExitOne() throws {
        let r = try run(["resolve", "font", "titel", "--offline"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("-32002"))
        #expect(r.stderr.contains("title"))
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try run(["resolve", "font"]).status == 2)
        #expect(try run(["resolve", "font", "title", "--offline", "--var", "novalue"]).status == 2)
    }

    @Test func noDaemonExitsThreeWithAHint() throws {
        let r = try run(["status", "--socket", NSTemporaryDirectory() + "no-such-daemon.sock"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("make run"))
    }

    @Test func checkPrintsCompilerStyleErrorsRelativeToTheCurrentDirectory() throws {
        let roots = TemporaryRoots()
        roots.write("themes/ocean/colors.json", "{\n  \"surface\": {\n    \"a\": {\"ref\": \"missing\"}\n  }\n}\n")
        roots.write("themes/dusk.json", "{\"font\": {\"x\": {\"size\": 12, \"weight\": \"fat\"}}}")
        let r = try run(["check", "themes"], in: roots.path)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init).sorted()
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("themes/dusk.json:1:39: "))
        #expect(lines[1].hasPrefix("themes/ocean/colors.json:3:5: surface 'a' refers to unknown surface key 'missing'"))
    }

    @Test func checkPassesTheExampleTheme() throws {
        let root = URL(fileURLWithPath: Self.binary).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let r = try run(["check", "\(root)/etc/snapstyle/themes"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func checkAFileOutsideAnyRoot() throws {
        let roots = TemporaryRoots()
        roots.write("brand.json", "{\"number\": {\"x\": {\"calc\": \"1 + \"}}}")
        let r = try run(["check", roots.full("brand.json")])
        #expect(r.status == 1)
        #expect(r.stdout.contains("brand.json:1:"))
        #expect(r.stdout.contains("calc"))
    }
}
