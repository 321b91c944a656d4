import SnapStyleVocabulary
import SnapStyleJSON

/// An imported design token's own facts, as `keys` and `explain` report them: `{"type", "description",
/// "deprecated", "source"}` (the last three when set).
public struct TokenFacts: Sendable, Hashable {
    /// Its DTCG type (`color`, `dimension`, `shadow`, ...).
    public var type: String
    public var description: String?
    /// `true`, or the reason, when the token is deprecated.
    public var deprecated: JSONValue?
    /// Whether only Tokens Studio `source` sets write it (`"source": true`): not one of the theme's own keys.
    public var isSource = false

    public init(type: String, description: String? = nil, deprecated: JSONValue? = nil, isSource: Bool = false) {
        self.type = type
        self.description = description
        self.deprecated = deprecated
        self.isSource = isSource
    }

    /// Its members, to add to an object.
    public var members: JSONObject {
        var object: JSONObject = ["type": .string(type)]
        if let description { object["description"] = .string(description) }
        if let deprecated { object["deprecated"] = deprecated }
        if isSource { object["source"] = true }
        return object
    }

    public var json: JSONValue { .object(members) }

    /// Reads the members of `json` (an object that has a `type`).
    public init?(json: JSONValue) {
        guard let type = json["type"]?.stringValue else { return nil }
        self.init(
            type: type, description: json["description"]?.stringValue, deprecated: json["deprecated"],
            isSource: json["source"]?.boolValue == true)
    }
}

/// The result of `keys`: a theme's keys by attribute with where each is defined, and its container and component
/// ids.
public struct KeysResult: Sendable, Hashable {
    /// One key: its top definition's file and line, and for an imported token its facts.
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var file: String
        public var line: Int
        public var token: TokenFacts?

        public init(key: String, file: String, line: Int, token: TokenFacts? = nil) {
            self.key = key
            self.file = file
            self.line = line
            self.token = token
        }

        public var json: JSONValue {
            var object: JSONObject = ["key": .string(key), "file": .string(file), "line": .integer(Int64(line))]
            object.members += token?.members.members ?? []
            return .object(object)
        }

        public init?(json: JSONValue) {
            guard let key = json["key"]?.stringValue else { return nil }
            self.init(
                key: key, file: json["file"]?.stringValue ?? "", line: json["line"]?.intValue ?? 0,
                token: TokenFacts(json: json))
        }
    }

    public var theme: String
    public var generation: Int
    /// In the attributes' order; only the attribute asked for when one was.
    public var keys: [(attribute: Attribute, entries: [Entry])]
    public var containers: [String]
    public var components: [String]

    public init(
        theme: String, generation: Int, keys: [(attribute: Attribute, entries: [Entry])], containers: [String],
        components: [String]
    ) {
        self.theme = theme
        self.generation = generation
        self.keys = keys
        self.containers = containers
        self.components = components
    }

    /// The entries of one attribute.
    public func entries(_ attribute: Attribute) -> [Entry] { keys.first { $0.attribute == attribute }?.entries ?? [] }

    public var json: JSONValue {
        var lists = JSONObject()
        for (attribute, entries) in keys { lists[attribute.rawValue] = .array(entries.map(\.json)) }
        return .object([
            "theme": .string(theme), "generation": .integer(Int64(generation)), "keys": .object(lists),
            "containers": .array(containers.map(JSONValue.string)),
            "components": .array(components.map(JSONValue.string)),
        ])
    }

    public init?(json: JSONValue) {
        guard let theme = json["theme"]?.stringValue, let generation = json["generation"]?.intValue,
            let lists = json["keys"]?.objectValue
        else { return nil }
        let keys = lists.compactMap { member -> (attribute: Attribute, entries: [Entry])? in
            guard let attribute = Attribute(rawValue: member.key) else { return nil }
            return (attribute, member.value.arrayValue?.compactMap(Entry.init(json:)) ?? [])
        }
        func strings(_ name: String) -> [String] { json[name]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        self.init(
            theme: theme, generation: generation, keys: keys, containers: strings("containers"),
            components: strings("components"))
    }

    public static func == (a: Self, b: Self) -> Bool { a.json == b.json }

    public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}
