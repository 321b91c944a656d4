import SnapStyleVocabulary
import SnapStyleJSON

/// An attribute and a key: what a value depends on.
public struct AttributeKey: Sendable, Hashable {
    public var attribute: Attribute
    public var key: String

    public init(attribute: Attribute, key: String) {
        self.attribute = attribute
        self.key = key
    }

    public var json: JSONValue { .object(["attribute": .string(attribute.rawValue), "key": .string(key)]) }

    public init?(json: JSONValue) {
        guard let attribute = json["attribute"]?.stringValue.flatMap(Attribute.init(rawValue:)),
            let key = json["key"]?.stringValue
        else { return nil }
        self.init(attribute: attribute, key: key)
    }
}

/// The result of `explain`: a key's value and every definition consulted, in the order resolution consulted them.
public struct ExplainResult: Sendable, Hashable {
    /// One definition consulted.
    public struct Step: Sendable, Hashable {
        /// The theme (or `overrides`) whose layer wrote it.
        public var layer: String
        public var file: String
        public var line: Int
        /// `value`, `ref`, `when` or `null`.
        public var kind: String
        /// The `when` case that matched.
        public var caseIndex: Int?
        /// `value`, `none` or `ref KEY`.
        public var result: String
        public var attribute: Attribute
        public var key: String
        /// The definition as written (`ref base`, `when colorScheme = dark → ...`).
        public var definition: String
        /// For an imported token: the modifier and context that supplied the value (both null for a set); nil for
        /// a native definition, which has neither member.
        public var source: (modifier: String?, context: String?)?

        public init(
            layer: String, file: String, line: Int, kind: String, caseIndex: Int?, result: String,
            attribute: Attribute, key: String, definition: String, source: (modifier: String?, context: String?)? = nil
        ) {
            self.layer = layer
            self.file = file
            self.line = line
            self.kind = kind
            self.caseIndex = caseIndex
            self.result = result
            self.attribute = attribute
            self.key = key
            self.definition = definition
            self.source = source
        }

        public var json: JSONValue {
            var object: JSONObject = [
                "layer": .string(layer), "file": .string(file), "line": .integer(Int64(line)), "kind": .string(kind),
                "case": caseIndex.map { .integer(Int64($0)) } ?? .null, "result": .string(result),
                "attribute": .string(attribute.rawValue), "key": .string(key), "definition": .string(definition),
            ]
            if let source {
                object["modifier"] = source.modifier.map(JSONValue.string) ?? .null
                object["context"] = source.context.map(JSONValue.string) ?? .null
            }
            return .object(object)
        }

        public init?(json: JSONValue) {
            guard let attribute = json["attribute"]?.stringValue.flatMap(Attribute.init(rawValue:)),
                let key = json["key"]?.stringValue
            else { return nil }
            let imported = json["modifier"] != nil || json["context"] != nil
            self.init(
                layer: json["layer"]?.stringValue ?? "", file: json["file"]?.stringValue ?? "",
                line: json["line"]?.intValue ?? 0, kind: json["kind"]?.stringValue ?? "",
                caseIndex: json["case"]?.intValue, result: json["result"]?.stringValue ?? "none",
                attribute: attribute, key: key, definition: json["definition"]?.stringValue ?? "",
                source: imported ? (json["modifier"]?.stringValue, json["context"]?.stringValue) : nil)
        }

        public static func == (a: Self, b: Self) -> Bool { a.json == b.json }

        public func hash(into hasher: inout Hasher) { hasher.combine(json) }
    }

    public var theme: String
    public var generation: Int
    public var attribute: Attribute
    public var key: String
    /// nil when the key resolves to no value.
    public var value: JSONValue?
    public var steps: [Step]
    /// Every other key the value read, directly or not.
    public var dependsOn: [AttributeKey]
    /// For an imported key: its token's facts.
    public var token: TokenFacts?

    public init(
        theme: String, generation: Int, attribute: Attribute, key: String, value: JSONValue?, steps: [Step],
        dependsOn: [AttributeKey], token: TokenFacts? = nil
    ) {
        self.theme = theme
        self.generation = generation
        self.attribute = attribute
        self.key = key
        self.value = value
        self.steps = steps
        self.dependsOn = dependsOn
        self.token = token
    }

    public var json: JSONValue {
        var result: JSONObject = [
            "theme": .string(theme), "generation": .integer(Int64(generation)),
            "attribute": .string(attribute.rawValue), "key": .string(key), "value": value ?? .null,
            "steps": .array(steps.map(\.json)), "dependsOn": .array(dependsOn.map(\.json)),
        ]
        if let token { result["token"] = token.json }
        return .object(result)
    }

    public init?(json: JSONValue) {
        guard let theme = json["theme"]?.stringValue, let generation = json["generation"]?.intValue,
            let attribute = json["attribute"]?.stringValue.flatMap(Attribute.init(rawValue:)),
            let key = json["key"]?.stringValue
        else { return nil }
        let value = json["value"] ?? .null
        self.init(
            theme: theme, generation: generation, attribute: attribute, key: key, value: value.nonNull,
            steps: json["steps"]?.arrayValue?.compactMap(Step.init(json:)) ?? [],
            dependsOn: json["dependsOn"]?.arrayValue?.compactMap(AttributeKey.init(json:)) ?? [],
            token: json["token"].flatMap(TokenFacts.init(json:)))
    }
}
