import SnapStyleJSON
import SnapStyleVocabulary

/// The result of a `resolve` with `queries`: each query's value or error, in order, from one generation.
public struct ResolveQueriesResult: Sendable, Hashable {
    /// One query's answer.
    public struct Entry: Sendable, Hashable {
        public var attribute: Attribute
        public var key: String
        /// The value (nil: none), or why the key could not be resolved.
        public var outcome: Result<JSONValue?, RPCError>

        public init(attribute: Attribute, key: String, outcome: Result<JSONValue?, RPCError>) {
            self.attribute = attribute
            self.key = key
            self.outcome = outcome
        }

        /// The value; nil when there is none or the query failed.
        public var value: JSONValue? {
            guard case .success(let value) = outcome else { return nil }
            return value
        }

        public var json: JSONValue {
            var object: JSONObject = ["attribute": .string(attribute.rawValue), "key": .string(key)]
            switch outcome {
            case .success(let value): object["value"] = value ?? .null
            case .failure(let error): object["error"] = error.json
            }
            return .object(object)
        }

        public init?(json: JSONValue) {
            guard let attribute = json["attribute"]?.stringValue.flatMap(Attribute.init(rawValue:)),
                let key = json["key"]?.stringValue
            else { return nil }
            if let error = json["error"] {
                guard let error = RPCError(json: error) else { return nil }
                self.init(attribute: attribute, key: key, outcome: .failure(error))
            } else {
                let value = json["value"] ?? .null
                self.init(attribute: attribute, key: key, outcome: .success(value.nonNull))
            }
        }
    }

    public var theme: String
    public var generation: Int
    public var results: [Entry]

    public init(theme: String, generation: Int, results: [Entry]) {
        self.theme = theme
        self.generation = generation
        self.results = results
    }

    public var json: JSONValue {
        .object([
            "theme": .string(theme), "generation": .integer(Int64(generation)),
            "results": .array(results.map(\.json)),
        ])
    }

    public init?(json: JSONValue) {
        guard let theme = json["theme"]?.stringValue, let generation = json["generation"]?.intValue,
            let results = json["results"]?.arrayValue
        else { return nil }
        self.init(theme: theme, generation: generation, results: results.compactMap(Entry.init(json:)))
    }
}
