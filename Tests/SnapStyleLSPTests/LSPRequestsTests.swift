import SnapStyleJSON
import SnapStyleJansson
import Testing

@testable import SnapStyleLSP

/// Requests' params are decoded into typed requests; what is missing or of the wrong type is named.
@Suite struct LSPRequestsTests {
    static func params(_ text: String) throws -> JSONValue { try Jansson.parse(bytes: Array(text.utf8)) }

    @Test func aRequestDecodesWithItsOptionalMembersAbsentOrNull() throws {
        let change = try JSONValueDecoder.decode(
            DidChangeParams.self,
            from: Self.params(
                #"{"textDocument": {"uri": "file:///a.json", "version": null}, "contentChanges": [{"text": "x"},"#
                    + #" {"range": {"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 3}},"#
                    + #" "text": "y"}]}"#))
        #expect(change.textDocument.uri == "file:///a.json" && change.textDocument.version == nil)
        #expect(change.contentChanges.map(\.text) == ["x", "y"])
        #expect(change.contentChanges[0].range == nil)
        #expect(change.contentChanges[1].range?.end == LSPPosition(line: 1, character: 3))
        let references = try JSONValueDecoder.decode(
            ReferenceParams.self,
            from: Self.params(
                #"{"textDocument": {"uri": "u"}, "position": {"line": 0, "character": 4}, "context": null}"#))
        #expect(references.context == nil && references.position.character == 4)
    }

    @Test(arguments: [
        (#"{"textDocument": {"uri": "u"}, "position": {"line": 0, "character": 1}}"#, "newName is missing"),
        (
            #"{"textDocument": {}, "position": {"line": 0, "character": 1}, "newName": "b"}"#,
            "textDocument.uri is missing"
        ),
        (#"{"textDocument": {"uri": "u"}, "position": {"line": -1, "character": 1}, "newName": "b"}"#, "position:"),
        (
            #"{"textDocument": {"uri": 7}, "position": {"line": 0, "character": 1}, "newName": "b"}"#,
            "textDocument.uri:"
        ),
    ])
    func whatIsWrongIsNamed(text: String, message: String) throws {
        let value = try Self.params(text)
        do {
            _ = try JSONValueDecoder.decode(RenameParams.self, from: value)
            Issue.record("decoded")
        } catch let error as DecodingError {
            #expect(LanguageServer.describe(error).hasPrefix(message), "\(LanguageServer.describe(error))")
        }
    }
}
