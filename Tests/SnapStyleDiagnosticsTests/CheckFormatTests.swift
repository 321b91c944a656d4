import Foundation
import SnapStyleDiagnostics
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// `snapstyle check --format github|sarif` on real themes: the same problems as the text format, each at its file,
/// line and column; the SARIF log valid against the official SARIF 2.1.0 schema (Tests/SARIF) with Debian's
/// python3-jsonschema; the exit status the text format has.
@Suite(.serialized) struct CheckFormatTests {
    /// Debian's Python, which has python3-jsonschema and python3-rfc3987 (`make test-deps` installs them).
    static let python = "/usr/bin/python3"
    static let validator = Checkout.root + "/Tests/SARIF/validate.py"
    static let schema = Checkout.root + "/Tests/SARIF/sarif-schema-2.1.0.json"

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `snapstyle ARGUMENTS` in `directory`, with no roots of the user's or the system's.
    func run(_ arguments: [String], in directory: String) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.cli)
        process.arguments = arguments
        let home = TemporaryDirectory(prefix: "snapstyle-check-home")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = home.full("config")
        environment["XDG_CONFIG_DIRS"] = home.full("etc")
        environment["XDG_DATA_DIRS"] = home.full("data")
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = home.full("stdout")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
            stderr: stderr)
    }

    /// A root under a directory whose name needs escaping everywhere (`,`, `:`, `%`, a space): a native theme with
    /// two errors, the DTCG fixture with warnings, and a theme without problems.
    func project() -> (directory: TemporaryDirectory, root: String) {
        let directory = TemporaryDirectory()
        let root = "design, v2: 100% tokens"
        directory.write("\(root)/ocean/colors.json", "{\n  \"surface\": {\n    \"a\": {\"ref\": \"missing\"}\n  }\n}\n")
        directory.write("\(root)/dusk.json", "{\"font\": {\"x\": {\"size\": 12, \"weight\": \"fat\"}}}")
        directory.write("\(root)/calm.json", "{\"surface\": {\"quiet\": \"#223344\"}}")
        for file in DTCGFixture.files { directory.write("\(root)/\(file.path)", file.text) }
        return (directory, root)
    }

    /// The text format's problems: `(severity, file, line, column, message)` for each `path:line:col: …` line.
    func textProblems(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: /^(.+?):(\d+):(\d+): (warning: )?(.*)$/) else { return nil }
            let severity = match.4 == nil ? "error" : "warning"
            return "\(severity) \(match.1):\(match.2):\(match.3) \(match.5)"
        }.sorted()
    }

    @Test func githubCommandsCarryEveryProblemTheTextFormatPrints() throws {
        let (directory, root) = project()
        let text = try run(["check", root, "--warnings", "all"], in: directory.path)
        let github = try run(["check", root, "--warnings", "all", "--format", "github"], in: directory.path)
        #expect(text.status == 1 && github.status == 1, "\(github.stdout)\(github.stderr)")
        let commands = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }.map(String.init)
        let problems = try commands.map { command -> String in
            let parsed = try GitHubAnnotationTests.parse(command)
            let properties = parsed.properties
            let file = try #require(properties["file"])
            return "\(parsed.kind) \(file):\(properties["line"] ?? "?"):\(properties["col"] ?? "?") \(parsed.message)"
        }.sorted()
        let expected = textProblems(text.stdout)
        #expect(expected.count >= 4, "\(text.stdout)")
        #expect(expected.contains { $0.hasPrefix("error \(root)/ocean/colors.json:3:5 ") }, "\(expected)")
        #expect(problems == expected)
        // The closing line is the text format's, as a plain line of the log.
        #expect(github.stdout.hasSuffix(text.stdout.split(separator: "\n").last! + "\n"))
    }

    @Test func sarifIsValidAndHasAResultPerProblemAtItsPlace() throws {
        let (directory, root) = project()
        let text = try run(["check", root, "--warnings", "all"], in: directory.path)
        let sarif = try run(["check", root, "--warnings", "all", "--format", "sarif"], in: directory.path)
        #expect(sarif.status == 1)
        #expect(sarif.stderr.contains("checked 4 theme(s): 2 error(s)"), "\(sarif.stderr)")
        try expectValid(sarif.stdout)
        let log = try Jansson.parse(sarif.stdout)
        #expect(log["version"] == "2.1.0")
        let run = try #require(log["runs"]?.arrayValue?.first)
        #expect(run["tool"]?["driver"]?["name"] == "snapstyle")
        #expect(run["originalUriBaseIds"]?["SRCROOT"]?["uri"]?.stringValue?.hasPrefix("file:///") == true)
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.arrayValue)
        let results = try #require(run["results"]?.arrayValue)
        var problems: [String] = []
        for result in results {
            let location = try #require(result["locations"]?.arrayValue?.first?["physicalLocation"])
            let uri = try #require(location["artifactLocation"]?["uri"]?.stringValue)
            #expect(location["artifactLocation"]?["uriBaseId"] == "SRCROOT")
            #expect(!uri.contains(" ") && !uri.contains(","), "\(uri)")
            let file = try #require(uri.removingPercentEncoding)
            let line = try #require(location["region"]?["startLine"]?.intValue)
            let column = try #require(location["region"]?["startColumn"]?.intValue)
            let ruleIndex = try #require(result["ruleIndex"]?.intValue)
            #expect(rules[ruleIndex]["id"] == result["ruleId"])
            let message = try #require(result["message"]?["text"]?.stringValue)
            #expect(result["ruleId"]?.stringValue == DiagnosticRule(message: message).id)
            problems.append("\(result["level"]?.stringValue ?? "?") \(file):\(line):\(column) \(message)")
        }
        #expect(problems.sorted() == textProblems(text.stdout))
        // Rule ids are unique.
        #expect(Set(rules.compactMap { $0["id"]?.stringValue }).count == rules.count)
    }

    /// `--warnings` applies to every format: none leaves warnings out, summary keeps the first of each kind.
    @Test func warningModesApplyToTheStructuredFormats() throws {
        let (directory, root) = project()
        var counts: [String: Int] = [:]
        for mode in ["none", "summary", "all"] {
            let sarif = try run(["check", root, "--warnings", mode, "--format", "sarif"], in: directory.path)
            try expectValid(sarif.stdout)
            let results = try Jansson.parse(sarif.stdout)["runs"]?.arrayValue?.first?["results"]?.arrayValue ?? []
            #expect(results.filter { $0["level"] == "error" }.count == 2)
            counts[mode] = results.filter { $0["level"] == "warning" }.count
            let github = try run(["check", root, "--warnings", mode, "--format", "github"], in: directory.path)
            #expect(github.stdout.components(separatedBy: "::warning ").count - 1 == counts[mode])
        }
        #expect(counts["none"] == 0)
        #expect((counts["summary"] ?? 0) > 0 && counts["summary"]! <= counts["all"]!, "\(counts)")
    }

    /// Without errors every format exits 0; an empty SARIF run is still a valid log.
    @Test func cleanThemesExitZeroInEveryFormat() throws {
        let directory = TemporaryDirectory()
        directory.write("themes/calm.json", "{\"surface\": {\"quiet\": \"#223344\"}}")
        for format in ["text", "github", "sarif"] {
            let r = try run(["check", "themes", "--format", format], in: directory.path)
            #expect(r.status == 0, "\(format): \(r.stdout)\(r.stderr)")
            if format == "sarif" {
                try expectValid(r.stdout)
                #expect(try Jansson.parse(r.stdout)["runs"]?.arrayValue?.first?["results"]?.arrayValue?.isEmpty == true)
            } else {
                #expect(r.stdout == "checked 1 theme(s): no errors\n")
            }
        }
        let missing = try run(["check", "nothing-here", "--format", "sarif"], in: directory.path)
        #expect(missing.status == 1 && missing.stderr.contains("no such file"))
    }

    /// Validates a SARIF log with the schema's validator; fails with every violation it prints.
    func expectValid(_ log: String) throws {
        let input = TemporaryDirectory(prefix: "snapstyle-sarif")
        input.write("log.sarif", log)
        let result = try Program.run(Self.python, [Self.validator, Self.schema, input.full("log.sarif")])
        #expect(result.status == 0 && result.output == "valid\n", "\(result.output)")
    }
}
