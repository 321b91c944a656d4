import SnapStyleDiagnostics
import SnapStyleJSON
import Testing

/// Where a SARIF result points: a relative URI against the working directory, or an absolute file URI.
@Suite struct SARIFLogTests {
    func location(_ file: String) -> JSONValue? {
        let log = SARIFLog(
            toolName: "t", toolVersion: "1", workingDirectory: "/work/my repo",
            diagnostics: [Diagnostic(severity: .error, file: file, line: 2, column: 7, message: "m")])
        let run = log.json["runs"]?.arrayValue?.first
        let result = run?["results"]?.arrayValue?.first
        return result?["locations"]?.arrayValue?.first?["physicalLocation"]
    }

    @Test func relativeFilesAreRelativeURIsAgainstTheWorkingDirectory() throws {
        let physical = try #require(location("themes/a b:c.json"))
        #expect(physical["artifactLocation"]?["uri"] == "themes/a%20b%3Ac.json")
        #expect(physical["artifactLocation"]?["uriBaseId"] == "SRCROOT")
        #expect(physical["region"]?["startLine"] == 2 && physical["region"]?["startColumn"] == 7)
        let log = SARIFLog(toolName: "t", toolVersion: "1", workingDirectory: "/work/my repo", diagnostics: [])
        #expect(
            log.json["runs"]?.arrayValue?.first?["originalUriBaseIds"]?["SRCROOT"]?["uri"] == "file:///work/my%20repo/")
    }

    @Test func filesElsewhereAreAbsoluteFileURIs() throws {
        let physical = try #require(location("/etc/snapstyle/themes/é.json"))
        #expect(physical["artifactLocation"]?["uri"] == "file:///etc/snapstyle/themes/%C3%A9.json")
        #expect(physical["artifactLocation"]?["uriBaseId"] == nil)
    }
}
