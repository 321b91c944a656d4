import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleThemes
import Testing

/// The daemon answers a single-key `resolve` through `resolveEncoded` (the result written around the value's cached
/// encoding) and everything else through `answer`: for the same request both must give the same bytes.
@Suite struct ResolveFastPathTests {
    static let methods: StyleMethods = {
        let store = ThemeStore(roots: [])
        store.reloadAll()
        return StyleMethods(store: store, defaultTheme: "snap")
    }()

    static let contexts: [JSONValue?] = [
        nil, .object([:]), .object(["colorScheme": "dark"]), .object(["dynamicType": "accessibility3"]),
        .object(["colorScheme": "dark", "contrast": "increased", "platform": "macOS"]),
    ]

    // The preset has no imported tokens (`token` keys come from DTCG files).
    @Test(arguments: Attribute.allCases.filter { $0 != .token })
    func theFastPathAndTheGeneralPathGiveTheSameBytes(attribute: Attribute) throws {
        let snapshot = try #require(Self.methods.store.theme(named: "snap")).snapshot
        let keys = snapshot.keys(attribute)
        #expect(!keys.isEmpty)
        var compared = 0
        for key in keys {
            for context in Self.contexts {
                for theme in [nil, "snap"] as [String?] {
                    var params: JSONObject = ["attribute": .string(attribute.rawValue), "key": .string(key)]
                    if let context { params["context"] = context }
                    if let theme { params["theme"] = .string(theme) }
                    let fast: Result<[UInt8]?, RPCError> = Result { () throws(RPCError) in
                        try Self.methods.resolveEncoded(.object(params))
                    }
                    let general: Result<JSONValue?, RPCError> = Result { () throws(RPCError) in
                        try Self.methods.answer(.resolve, .object(params))
                    }
                    switch (fast, general) {
                    case (.success(let bytes?), .success(let value?)):
                        #expect(
                            String(decoding: bytes, as: UTF8.self) == Jansson.encode(value),
                            "\(attribute.rawValue) \(key) \(context.map(Jansson.encode) ?? "-")")
                    case (.failure(let a), .failure(let b)):
                        #expect(a == b)
                    default:
                        Issue.record("the paths disagree for \(attribute.rawValue) \(key): \(fast) / \(general)")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared == keys.count * Self.contexts.count * 2)
    }
}
