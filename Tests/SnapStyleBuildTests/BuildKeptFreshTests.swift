import Foundation
import SnapStyleTestSupport
import Testing

/// Outputs kept fresh, end to end: `snapstyle build --watch` and the real daemon's `builds`. A token file edited
/// on disk changes the CSS output; a broken theme keeps the last good file and says why; an output the change
/// does not touch keeps its modification time.
@Suite(.serialized) struct BuildKeptFreshTests {
    /// A CSS output of every key, and a TypeScript output of the spaces only (a color change leaves it alone).
    static let config = BuildFixture.config(
        #"{"format": "css", "file": "out/t.css", "theme": "ds"}, "#
            + #"{"format": "ts", "file": "out/t.ts", "theme": "ds", "include": ["space.**"]}"#)

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    static func contents(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Edits the accent, breaks the theme, fixes it: what every keeper of the fixture's build must do. `said` is
    /// what the keeper has said on stderr (or in its log) so far.
    static func scenario(_ fixture: BuildFixture, said: () -> String) {
        let css = fixture.directory.full("out/t.css")
        let ts = fixture.directory.full("out/t.ts")
        eventually("the first build") { contents(css).contains("--color-accent: #0066cc;") }
        let scriptWritten = modified(ts)
        #expect(scriptWritten != nil)

        // A token changes on disk: the CSS follows; the script, whose keys did not change, is not written again.
        fixture.directory.write(
            "themes/ds/tokens.json", BuildFixture.tokens.replacingOccurrences(of: "#0066CC", with: "#0055AA"))
        eventually("the CSS to follow the edit") { contents(css).contains("--color-accent: #0055aa;") }
        #expect(modified(ts) == scriptWritten)

        // A broken theme: the last good file stays, and the keeper says why.
        let goodWritten = modified(css)
        fixture.directory.write("themes/ds/tokens.json", ##"{"color": {"$type": "color", "accent": {"$value": "#"##)
        eventually("the theme's errors to be reported") { said().contains("has errors") }
        #expect(contents(css).contains("--color-accent: #0055aa;"))
        #expect(modified(css) == goodWritten && modified(ts) == scriptWritten)

        // Fixed again: written again.
        fixture.directory.write(
            "themes/ds/tokens.json", BuildFixture.tokens.replacingOccurrences(of: "#0066CC", with: "#123456"))
        eventually("the CSS to follow the fix") { contents(css).contains("--color-accent: #123456;") }
        #expect(modified(ts) == scriptWritten)
    }

    @Test func buildWatchRewritesTheOutputsOfAChangedTheme() throws {
        let fixture = BuildFixture(config: Self.config)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.cli)
        process.arguments = ["build", "--watch", "--config", fixture.configPath]
        let stdout = Pipe()
        let stderr = fixture.directory.full("stderr.log")
        _ = FileManager.default.createFile(atPath: stderr, contents: nil)
        process.standardOutput = stdout
        process.standardError = FileHandle(forWritingAtPath: stderr)
        try process.run()
        defer { process.end(with: SIGTERM) }
        var lines: [String] = []
        while lines.last.map({ $0.hasPrefix("watching ") }) != true {
            let line = readLine(stdout.fileHandleForReading)
            guard !line.isEmpty else { break }
            lines.append(line)
        }
        #expect(lines.contains("wrote \(fixture.directory.full("out/t.css"))"), "\(lines)")
        #expect(lines.last?.hasPrefix("watching ") == true, "\(lines) \(Self.contents(stderr))")
        Self.scenario(fixture) { Self.contents(stderr) }
        #expect(Self.contents(stderr).contains("snapstyle: theme 'ds' has errors (its outputs keep their last good"))
    }

    /// Editing the config while `--watch` runs: a new output is written, a broken config is reported at its place
    /// and the last good config keeps running (a theme edit still rebuilds its outputs), a fixed config runs again.
    @Test func buildWatchReloadsAnEditedConfig() throws {
        let fixture = BuildFixture(
            config: BuildFixture.config(#"{"format": "css", "file": "out/t.css", "theme": "ds"}"#))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.cli)
        process.arguments = ["build", "--watch", "--config", fixture.configPath]
        let stdout = fixture.directory.full("stdout.log")
        let stderr = fixture.directory.full("stderr.log")
        _ = FileManager.default.createFile(atPath: stdout, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: stdout)
        process.standardError = FileHandle(forWritingAtPath: stderr)
        try process.run()
        defer { process.end(with: SIGTERM) }
        let css = fixture.directory.full("out/t.css")
        eventually("the first build") { Self.contents(stdout).contains("watching ") }
        #expect(Self.contents(css).contains("--color-accent: #0066cc;"))

        // A prefix and a second output: both follow without a restart.
        fixture.directory.write(
            "snapstyle.build.json",
            BuildFixture.config(
                #"{"format": "css", "file": "out/t.css", "theme": "ds", "prefix": "ds"}, "#
                    + #"{"format": "scss", "file": "out/t.scss", "theme": "ds"}"#))
        eventually("the reloaded config's outputs") {
            Self.contents(css).contains("--ds-color-accent: #0066cc;")
                && FileManager.default.fileExists(atPath: fixture.directory.full("out/t.scss"))
        }
        #expect(Self.contents(stdout).contains("reloaded \(fixture.configPath)"), "\(Self.contents(stdout))")

        // A broken config: its error at its place, and the last good config still keeps the outputs fresh.
        let broken = BuildFixture.config(#"{"format": "css", "file": "out/t.css", "theme": "ds", "prefx": "x"}"#)
        fixture.directory.write("snapstyle.build.json", broken)
        eventually("the config error") { Self.contents(stderr).contains("unknown option 'prefx'") }
        let said = Self.contents(stderr)
        #expect(said.contains("\(fixture.configPath):1:"), "\(said)")
        #expect(said.contains("did you mean 'prefix'?") && said.contains("the last good config keeps running"))
        fixture.directory.write(
            "themes/ds/tokens.json", BuildFixture.tokens.replacingOccurrences(of: "#0066CC", with: "#0055AA"))
        eventually("the last good config to follow the theme") {
            Self.contents(css).contains("--ds-color-accent: #0055aa;")
        }

        // An unknown theme is refused too, then a fixed config runs.
        fixture.directory.write(
            "snapstyle.build.json", BuildFixture.config(#"{"format": "css", "file": "out/t.css", "theme": "dz"}"#))
        eventually("the unknown theme") { Self.contents(stderr).contains("unknown theme 'dz'; did you mean 'ds'?") }
        #expect(Self.contents(css).contains("--ds-color-accent: #0055aa;"))
        fixture.directory.write(
            "snapstyle.build.json", BuildFixture.config(#"{"format": "css", "file": "out/t.css", "theme": "ds"}"#))
        eventually("the fixed config") { Self.contents(css).contains("--color-accent: #0055aa;") }
    }

    @Test func buildWatchRefusesCheck() throws {
        let fixture = BuildFixture(config: Self.config)
        let run = try CLIRun(["build", "--watch", "--check", "--config", fixture.configPath])
        #expect(run.status != 0 && run.stderr.contains("--check and --watch cannot be used together"), "\(run.stderr)")
    }

    @Test func theDaemonKeepsItsConfiguredBuildsFresh() throws {
        let fixture = BuildFixture(config: Self.config)
        let daemon = try DaemonProcess(config: #"{"builds": ["\#(fixture.configPath)"]}"#)
        defer { _ = daemon.stop() }
        Self.scenario(fixture) { daemon.log }
        #expect(daemon.log.contains("build \(fixture.configPath): wrote \(fixture.directory.full("out/t.css"))"))
        #expect(daemon.log.contains("build \(fixture.configPath): theme 'ds' has errors"), "\(daemon.log)")
    }

    /// The daemon reads an edited build config again: a broken one is logged at its place and the last good one
    /// keeps running; a good one is built.
    @Test func theDaemonReloadsAnEditedBuildConfig() throws {
        let fixture = BuildFixture(
            config: BuildFixture.config(#"{"format": "css", "file": "out/t.css", "theme": "ds"}"#))
        let daemon = try DaemonProcess(config: #"{"builds": ["\#(fixture.configPath)"]}"#)
        defer { _ = daemon.stop() }
        let css = fixture.directory.full("out/t.css")
        eventually("the first build") { Self.contents(css).contains("--color-accent: #0066cc;") }
        fixture.directory.write(
            "snapstyle.build.json",
            BuildFixture.config(#"{"format": "css", "file": "out/t.css", "theme": "ds", "naming": "kebap"}"#))
        eventually("the config error") { daemon.log.contains("unknown naming 'kebap'; did you mean 'kebab'?") }
        #expect(daemon.log.contains("\(fixture.configPath):1:"), "\(daemon.log)")
        fixture.directory.write(
            "themes/ds/tokens.json", BuildFixture.tokens.replacingOccurrences(of: "#0066CC", with: "#0055AA"))
        eventually("the last good config to follow the theme") {
            Self.contents(css).contains("--color-accent: #0055aa;")
        }
        fixture.directory.write(
            "snapstyle.build.json",
            BuildFixture.config(#"{"format": "css", "file": "out/t.css", "theme": "ds", "prefix": "ds"}"#))
        eventually("the reloaded config's output") { Self.contents(css).contains("--ds-color-accent: #0055aa;") }
        #expect(daemon.log.contains("build \(fixture.configPath): config reloaded"), "\(daemon.log)")
    }

    @Test func aBrokenBuildConfigStopsTheDaemonsStart() throws {
        let fixture = BuildFixture(config: #"{"outputs": [{"format": "cs", "file": "a", "theme": "ds"}]}"#)
        let daemon = try DaemonProcess(config: #"{"builds": ["\#(fixture.configPath)"]}"#, start: false)
        try daemon.process.run()
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationStatus == 1)
        #expect(daemon.log.contains("unknown format 'cs'; did you mean 'css'?"), "\(daemon.log)")
    }

    @Test func thePreviewServesAConfiguredOutputByName() throws {
        let fixture = BuildFixture(config: Self.config)
        let daemon = try DaemonProcess(extraArguments: ["--themes", fixture.directory.full("themes")])
        defer { _ = daemon.stop() }
        let preview = try PreviewProcess(socket: daemon.socket, arguments: ["--build", fixture.configPath])
        defer { preview.stop() }
        // What the preview serves is what `snapstyle build` writes.
        #expect(try CLIRun(["build", "--config", fixture.configPath]).status == 0)
        let served = try HTTPAnswer.request(preview.url + "build/out/t.css")
        #expect(served.status == 200 && served.headers["content-type"] == "text/css; charset=utf-8")
        #expect(served.body == Self.contents(fixture.directory.full("out/t.css")), "\(served.body)")
        #expect(try HTTPAnswer.request(preview.url + "build/out/t.ts").body.contains("as const"))
        // It follows the theme.
        fixture.directory.write(
            "themes/ds/tokens.json", BuildFixture.tokens.replacingOccurrences(of: "#0066CC", with: "#0055AA"))
        eventually("the served output to follow the edit") {
            (try? HTTPAnswer.request(preview.url + "build/out/t.css").body.contains("--color-accent: #0055aa;")) == true
        }
        let missing = try HTTPAnswer.request(preview.url + "build/out/nope.css")
        #expect(missing.status == 404 && missing.body.contains("out/t.css, out/t.ts"), "\(missing.body)")
    }
}
