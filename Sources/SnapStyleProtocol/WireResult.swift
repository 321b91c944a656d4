import SnapStyleJSON

/// A method's result with its JSON form both ways: the daemon's side builds the value and writes `json`, every client
/// reads `init?(json:)` (nil: not this result's shape).
public protocol WireResult: Sendable {
    init?(json: JSONValue)
    var json: JSONValue { get }
}

/// What every result of a method that reads a theme carries: the theme that answered and the generation it
/// answered from.
public struct ResultStamp: WireResult, Hashable {
    public var theme: String
    public var generation: Int

    public init(theme: String, generation: Int) {
        self.theme = theme
        self.generation = generation
    }

    public var json: JSONValue { .object(["theme": .string(theme), "generation": .integer(Int64(generation))]) }

    public init?(json: JSONValue) {
        guard let theme = json["theme"]?.stringValue, let generation = json["generation"]?.intValue else { return nil }
        self.init(theme: theme, generation: generation)
    }
}

extension ResolveResult: WireResult {}
extension SubscribeResult: WireResult {}
extension ReloadResult: WireResult {}
extension DaemonStatus: WireResult {}
extension ThemesResult: WireResult {}
extension KeysResult: WireResult {}
extension ExplainResult: WireResult {}
extension ElementResult: WireResult {}
extension ContainerResult: WireResult {}
extension ResolveQueriesResult: WireResult {}

/// The result of `ping`: the string `"pong"`.
public struct PingResult: WireResult, Hashable {
    public init() {}

    public var json: JSONValue { "pong" }

    public init?(json: JSONValue) {
        guard json == "pong" else { return nil }
    }
}

/// The result of `unsubscribe`: `{"ok": true}`.
public struct UnsubscribeResult: WireResult, Hashable {
    public var ok: Bool

    public init(ok: Bool = true) { self.ok = ok }

    public var json: JSONValue { .object(["ok": .bool(ok)]) }

    public init?(json: JSONValue) {
        guard let ok = json["ok"]?.boolValue else { return nil }
        self.init(ok: ok)
    }
}
