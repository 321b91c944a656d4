import SnapStyleJSON
import Testing

@testable import SnapStyleEngine

/// The cache's context table hashes a context by its digest: equal contexts must have equal digests, and contexts
/// that differ in one member should not (a collision costs only a comparison, but a systematic one would make every
/// lookup of such contexts walk a chain).
@Suite struct ContextDigestTests {
    static func context(_ members: JSONObject) throws -> StyleContext { try StyleContext(json: .object(members)) }

    @Test func equalContextsHaveEqualDigests() throws {
        let pairs: [(JSONObject, JSONObject)] = [
            (["scaleFactor": 0.0], ["scaleFactor": .number(-0.0)]),
            (["vars": .object(["a": 1, "b": "x", "c": 2.5])], ["vars": .object(["c": 2.5, "b": "x", "a": 1])]),
            (["vars": .object(["n": 0.0])], ["vars": .object(["n": .number(-0.0)])]),
            (["colorScheme": "dark", "elevation": 2], ["elevation": 2, "colorScheme": "dark"]),
            ([:], ["accent": "primary", "colorScheme": "light"]),
        ]
        for (a, b) in pairs {
            let first = try Self.context(a), second = try Self.context(b)
            #expect(first == second)
            #expect(first.digest == second.digest, "\(a) / \(b)")
        }
    }

    @Test func contextsThatDifferInOneMemberHaveDifferentDigests() throws {
        let variants: [JSONObject] = [
            [:], ["colorScheme": "dark"], ["contrast": "high"], ["platform": "ios"], ["platform": "macos"],
            ["dynamicType": "accessibility3"], ["scaleFactor": 1.25], ["fontDesign": "rounded"],
            ["fontWidth": "expanded"], ["elevation": 1], ["elevation": -1], ["accent": "secondary"],
            ["componentHierarchy": "primary"], ["element": "title"], ["element": "title.secondary"],
            ["stack": [.object(["component": "card"])]], ["stack": [.object(["container": "card"])]],
            ["stack": [.object(["component": "card", "state": "selected"])]],
            ["stack": [.object(["component": "card", "hierarchy": "secondary"])]],
            ["stack": [.object(["component": "a"]), .object(["component": "b"])]],
            ["stack": [.object(["component": "b"]), .object(["component": "a"])]],
            ["vars": .object(["theme": "dark"])], ["vars": .object(["theme": "light"])], ["vars": .object(["size": 1])],
            ["vars": .object(["size": 2])], ["vars": .object(["a": "b"])], ["vars": .object(["b": "a"])],
        ]
        let digests = try variants.map { try Self.context($0).digest }
        #expect(Set(digests).count == variants.count)
    }
}
