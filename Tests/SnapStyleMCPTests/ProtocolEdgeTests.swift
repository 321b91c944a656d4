import SnapStyleJSON
import Testing

@testable import SnapStyleMCP

/// What JSON-RPC 2.0 says to answer that the SDK alone answers otherwise (`MessageScreen`), and `tools/call` params
/// of the wrong shape, driven through the server on the SDK's in-memory transport.
@Suite struct ProtocolEdgeTests {
    @Test func aLineThatIsNotJSONIsAnsweredParseErrorWithIdNull() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        try await session.send(#"{"jsonrpc":"2.0","id":3,"method":"#)
        let answer = try await session.next()
        #expect(answer["id"] == .null, "\(answer)")
        #expect(answer["error"]?["code"] == -32700)
    }

    @Test(arguments: [#"{"a":1}"#, #"true"#, #"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#])
    func messagesThatAreNoRequestAreInvalidRequestsWithIdNull(_ line: String) async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        try await session.send(line)
        let answer = try await session.next()
        #expect(answer["error"]?["code"] == -32600, "\(line): \(answer)")
        #expect(answer["id"] == .null, "\(line): \(answer)")
    }

    @Test(arguments: ["true", "false", "[2]", "null"])
    func aRequestWhoseIdIsABooleanAnArrayOrNullIsAnswered(_ id: String) async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        try await session.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
        let answer = try await session.next()
        #expect(answer["error"]?["code"] == -32600, "id \(id): \(answer)")
        #expect(answer["id"] == .null, "id \(id): \(answer)")
    }

    @Test func aFractionalIdIsRefusedWithTheIdAsSentAndAZeroFractionIsAnInteger() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        try await session.send(#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#)
        let refused = try await session.next()
        #expect(refused["id"] == .double(1.5), "\(refused)")
        #expect(refused["error"]?["code"] == -32600)
        try await session.send(#"{"jsonrpc":"2.0","id":7.0,"method":"ping"}"#)
        let answered = try await session.next()
        #expect(answered["id"] == 7, "\(answered)")
        #expect(answered["result"] != nil, "\(answered)")
    }

    @Test func aBatchAnswersItsInvalidElementsInAnArrayAndServesTheOthers() async throws {
        let session = try await InMemorySession(version: "2025-03-26")
        defer { Task { await session.stop() } }
        try await session.send(
            #"[1, {"jsonrpc":"2.0","id":true,"method":"ping"}, {"jsonrpc":"2.0","id":4,"method":"ping"}]"#)
        var answers: [JSONValue] = []
        while answers.count < 3 {
            let message = try await session.next()
            answers += message.arrayValue ?? [message]
        }
        let refused = answers.filter { $0["id"] == .null && $0["error"]?["code"] == -32600 }
        #expect(refused.count == 2, "\(answers)")
        #expect(answers.contains { $0["id"] == 4 && $0["result"] != nil }, "\(answers)")
    }

    @Test func aRequestWithoutJSONRPCVersionIsInvalidWithItsId() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        try await session.send(#"{"id":"a","method":"ping"}"#)
        let answer = try await session.next()
        #expect(answer["id"] == "a", "\(answer)")
        #expect(answer["error"]?["code"] == -32600)
    }

    @Test(arguments: [
        #""params":{"name":5}"#, #""params":{"name":"resolve","arguments":"x"}"#, #""params":[1]"#,
        #""params":{}"#,
    ])
    func illTypedToolCallParamsAreInvalidParams(_ params: String) async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        try await session.send(#"{"jsonrpc":"2.0","id":9,"method":"tools/call",\#(params)}"#)
        let answer = try await session.next()
        #expect(answer["id"] == 9, "\(answer)")
        #expect(answer["error"]?["code"] == -32602, "\(params): \(answer)")
    }

    @Test func aToolCallWithoutParamsIsInvalidParams() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        try await session.send(#"{"jsonrpc":"2.0","id":10,"method":"tools/call"}"#)
        let answer = try await session.next()
        #expect(answer["error"]?["code"] == -32602, "\(answer)")
    }

    @Test func ordinaryRequestsStillWork() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        let answer = try await session.request(2, "tools/list", [:])
        let listed = answer["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(listed == SnapStyleTool.allCases.map(\.rawValue))
        #expect(listed?.contains("audit") == true)
        let named = try await session.tool("resolve", ["attribute": "font", "key": "title"])
        #expect(!named.isError, "\(named.text)")
    }
}
