import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleThemes
import Testing

/// The daemon answers a single-key `resolve` through `resolveResponse` (the response line written around the
/// value's cached encoding) and everything else through `answer`: for the same request both must give the same
/// bytes, and a request that fails is left to `answer`.
@Suite struct ResolveFastPathTests {
    static let methods: StyleMethods = {
        let store = ThemeStore(roots: [])
        store.reloadAll()
        return StyleMethods(store: store, defaultTheme: "snap")
    }()

    static let contexts: [JSONValue?] = [
        nil, .object([:]), .object(["colorScheme": "dark"]), .object(["dynamicType": "accessibility3"]),
        .object(["colorScheme": "dark", "contrast": "high", "platform": "macOS"]),
    ]

    // The preset has no imported tokens (`token` keys come from DTCG files).
    @Test func aFailingRequestIsLeftToTheGeneralPath() throws {
        let context = StyleContext()
        for (theme, key) in [("snap", "noSuchKey"), ("noSuchTheme", "title"), ("snap", "not a key")] {
            let params = KeyResolveParams(theme: theme, attribute: .font, key: key, context: context)
            #expect(Self.methods.resolveResponse(params, id: 1) == nil)
            let request: JSONValue = .object(["theme": .string(theme), "attribute": "font", "key": .string(key)])
            #expect(throws: RPCError.self) { try Self.methods.answer(.resolve, request) }
        }
    }

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
                    let fast = Self.methods.resolveResponse(
                        KeyResolveParams(
                            theme: theme, attribute: attribute, key: key,
                            context: try StyleContext(json: context ?? .null)),
                        id: .integer(7))
                    let general = try #require(try Self.methods.answer(.resolve, .object(params)))
                    #expect(
                        fast.map { String(decoding: $0, as: UTF8.self) }
                            == Jansson.encode(.object(["jsonrpc": "2.0", "id": 7, "result": general])),
                        "\(attribute.rawValue) \(key) \(context.map(Jansson.encode) ?? "-")")
                    compared += 1
                }
            }
        }
        #expect(compared == keys.count * Self.contexts.count * 2)
    }
}
