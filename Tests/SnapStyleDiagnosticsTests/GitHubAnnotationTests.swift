import Foundation
import SnapStyleDiagnostics
import Testing

/// Workflow commands as GitHub's runner reads them: `%`, CR and LF escaped in the message, and `:` and `,` too in a
/// property, so that a message or a path holding them reads back whole.
@Suite struct GitHubAnnotationTests {
    /// Undoes the escaping the way the runner does (percent sequences of the escaped characters only).
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }

    /// Splits `::KIND PROPERTIES::MESSAGE` at the first `::` after the properties, as the runner does.
    static func parse(_ command: String) throws -> (kind: String, properties: [String: String], message: String) {
        #expect(command.hasPrefix("::"))
        let body = command.dropFirst(2)
        let end = try #require(body.range(of: "::"))
        let head = body[..<end.lowerBound]
        let space = try #require(head.firstIndex(of: " "))
        var properties: [String: String] = [:]
        for property in head[head.index(after: space)...].split(separator: ",") {
            let parts = property.split(separator: "=", maxSplits: 1).map(String.init)
            properties[parts[0]] = unescape(parts[1])
        }
        return (String(head[..<space]), properties, unescape(String(body[end.upperBound...])))
    }

    @Test(arguments: [
        ("themes/brand.json", "100% of '{a}': no\r\nsecond line"),
        ("odd, dir: 50%/x.json", "a:b,c"),
        ("plain.json", "%0A is not a newline"),
    ])
    func messagesAndPathsReadBackWhole(_ file: String, _ message: String) throws {
        let diagnostic = Diagnostic(severity: .warning, file: file, line: 12, column: 3, message: message)
        let command = GitHubAnnotation.command(diagnostic)
        #expect(!command.contains("\n") && !command.contains("\r"))
        let parsed = try Self.parse(command)
        #expect(parsed.kind == "warning")
        #expect(parsed.properties["file"] == file)
        #expect(parsed.properties["line"] == "12" && parsed.properties["col"] == "3")
        #expect(parsed.properties["title"] == diagnostic.rule.id)
        #expect(parsed.message == message)
    }

    @Test func severitiesAreTheRunnersCommands() throws {
        let kinds = try [Diagnostic.Severity.error, .warning, .note].map {
            try Self.parse(GitHubAnnotation.command(Diagnostic(severity: $0, file: "f.json", message: "m"))).kind
        }
        #expect(kinds == ["error", "warning", "notice"])
        // Without a line there is no line or column property.
        let bare = try Self.parse(GitHubAnnotation.command(Diagnostic(severity: .error, file: "f.json", message: "m")))
        #expect(bare.properties["line"] == nil && bare.properties["col"] == nil)
    }
}
