import SnapStyleJSON
import SnapStyleVocabulary
import Testing

@testable import SnapStyleMCP

/// `resources/subscribe`: only resources that exist, at most the session's bound of them.
@Suite struct SubscriptionTests {
    @Test func aURIThatNamesNoResourceIsRefusedWithResourceNotFound() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        let long = "snapstyle://theme/" + String(repeating: "n", count: 1 << 20) + ".css"
        for (index, uri) in ["snapstyle://theme/nothing.css", "file:///etc/passwd", long].enumerated() {
            let answer = try await session.request(Int64(index), "resources/subscribe", ["uri": .string(uri)])
            #expect(answer["error"]?["code"] == -32002, "\(String(describing: answer["error"]).prefix(300))")
            #expect((answer["error"]?["message"]?.stringValue?.utf8.count ?? 0) < 1_000, "the message quotes a part")
        }
        #expect(session.watch.subscriptions().isEmpty)
        let answer = try await session.request(9, "resources/subscribe", ["uri": "snapstyle://theme/brand.css"])
        #expect(answer["result"] != nil, "\(answer)")
        #expect(session.watch.subscriptions().map(\.uri) == ["snapstyle://theme/brand.css"])
    }

    @Test func aSessionHoldsAtMostItsBoundOfSubscriptions() async throws {
        let session = try await InMemorySession(maxSubscriptions: 4)
        defer { Task { await session.stop() } }
        var id: Int64 = 0
        for theme in ["brand", "kit"] {
            for suffix in [".css", ".tokens.json"] {
                id += 1
                let answer = try await session.request(
                    id, "resources/subscribe", ["uri": .string("snapstyle://theme/\(theme)\(suffix)")])
                #expect(answer["result"] != nil, "\(answer)")
            }
        }
        let again = try await session.request(20, "resources/subscribe", ["uri": "snapstyle://theme/brand.css"])
        #expect(again["result"] != nil, "subscribing again to the same resource takes no room")
        let over = try await session.request(21, "resources/subscribe", ["uri": "snapstyle://theme/brand/keys"])
        #expect(over["error"]?["code"] == -32005, "\(over)")
        #expect(session.watch.subscriptions().count == 4)
        _ = try await session.request(22, "resources/unsubscribe", ["uri": "snapstyle://theme/kit.css"])
        let after = try await session.request(23, "resources/subscribe", ["uri": "snapstyle://theme/brand/keys"])
        #expect(after["result"] != nil, "\(after)")
    }

    @Test func theDefaultBoundIsTheLimit() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        #expect(session.watch.maxSubscriptions == Limits.mcpSubscriptions)
    }
}
