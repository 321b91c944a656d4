import SnapStyleVocabulary
import SnapStyleJSON

/// An error in a theme file, where it is: `{"file", "line", "column", "message"}`.
public struct ThemeFileError: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var json: JSONValue {
        .object([
            "file": .string(file), "line": .integer(Int64(line)), "column": .integer(Int64(column)),
            "message": .string(message),
        ])
    }

    public init?(json: JSONValue) {
        guard let file = json["file"]?.stringValue, let message = json["message"]?.stringValue else { return nil }
        self.init(
            file: file, line: json["line"]?.intValue ?? 0, column: json["column"]?.intValue ?? 0, message: message)
    }

    /// `path:line:column: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// A subscribed query's value, under the id the client gave it: `{"id", "value"}`.
public struct QueryValue: Sendable, Hashable {
    public var id: JSONValue
    /// `null` when the key resolves to no value.
    public var value: JSONValue

    public init(id: JSONValue, value: JSONValue) {
        self.id = id
        self.value = value
    }

    public var json: JSONValue { .object(["id": id, "value": value]) }

    public init?(json: JSONValue) {
        guard let id = json["id"] else { return nil }
        self.init(id: id, value: json["value"] ?? .null)
    }
}

/// Where a subscriber left off: the daemon's instance and the newest generation it saw (`since`).
public struct SubscriptionPoint: Sendable, Hashable {
    public var instance: String
    public var generation: Int

    public init(instance: String, generation: Int) {
        self.instance = instance
        self.generation = generation
    }

    public var json: JSONValue {
        .object(["instance": .string(instance), "generation": .integer(Int64(generation))])
    }

    public init?(json: JSONValue) {
        guard let instance = json["instance"]?.stringValue, let generation = json["generation"]?.intValue else {
            return nil
        }
        self.init(instance: instance, generation: generation)
    }
}

/// The result of `subscribe`.
public struct SubscribeResult: Sendable, Hashable {
    public var subscription: String
    public var instance: String
    /// Each subscribed theme's generation now.
    public var generations: [String: Int]
    /// The subscribed queries' current values.
    public var values: [QueryValue]
    /// Events may have been missed since the `since` given (another instance, or a generation passed).
    public var missed: Bool

    public init(
        subscription: String, instance: String, generations: [String: Int], values: [QueryValue], missed: Bool
    ) {
        self.subscription = subscription
        self.instance = instance
        self.generations = generations
        self.values = values
        self.missed = missed
    }

    public var json: JSONValue {
        var generations = JSONObject()
        for name in self.generations.keys.sorted() { generations[name] = .integer(Int64(self.generations[name]!)) }
        var result: JSONObject = [
            "subscription": .string(subscription), "instance": .string(instance), "generations": .object(generations),
            "values": .array(values.map(\.json)),
        ]
        if missed { result["missed"] = true }
        return .object(result)
    }

    public init?(json: JSONValue) {
        guard let subscription = json["subscription"]?.stringValue, let instance = json["instance"]?.stringValue
        else { return nil }
        var generations: [String: Int] = [:]
        for member in json["generations"]?.objectValue ?? [:] { generations[member.key] = member.value.intValue ?? 0 }
        self.init(
            subscription: subscription, instance: instance, generations: generations,
            values: (json["values"]?.arrayValue ?? []).compactMap(QueryValue.init(json:)),
            missed: json["missed"]?.boolValue ?? false)
    }
}

/// The result of a single-key `resolve`.
public struct ResolveResult: Sendable, Hashable {
    public var theme: String
    public var generation: Int
    public var attribute: Attribute
    public var key: String
    /// nil when the key resolves to no value.
    public var value: JSONValue?

    public init(theme: String, generation: Int, attribute: Attribute, key: String, value: JSONValue?) {
        self.theme = theme
        self.generation = generation
        self.attribute = attribute
        self.key = key
        self.value = value
    }

    public var json: JSONValue {
        .object([
            "theme": .string(theme), "generation": .integer(Int64(generation)),
            "attribute": .string(attribute.rawValue), "key": .string(key), "value": value ?? .null,
        ])
    }

    public init?(json: JSONValue) {
        guard let theme = json["theme"]?.stringValue, let generation = json["generation"]?.intValue,
            let attribute = json["attribute"]?.stringValue.flatMap(Attribute.init(rawValue:)),
            let key = json["key"]?.stringValue
        else { return nil }
        let value = json["value"] ?? .null
        self.init(
            theme: theme, generation: generation, attribute: attribute, key: key, value: value.nonNull)
    }
}

/// The result of `reload`: the keys that changed per theme, and every error with its theme.
public struct ReloadResult: Sendable, Hashable {
    /// One error in one theme's files.
    public struct ThemedError: Sendable, Hashable {
        public var theme: String
        public var error: ThemeFileError

        public init(theme: String, error: ThemeFileError) {
            self.theme = theme
            self.error = error
        }
    }

    /// The themes that changed, in the order the reload changed them.
    public var changes: [ThemeChangedEvent]
    public var errors: [ThemedError]

    public init(changes: [ThemeChangedEvent], errors: [ThemedError]) {
        self.changes = changes
        self.errors = errors
    }

    public var json: JSONValue {
        var changed = JSONObject()
        for change in changes { changed[change.theme] = change.changedJSON }
        let errors: [JSONValue] = errors.map { entry in
            var object: JSONObject = ["theme": .string(entry.theme)]
            object.members += entry.error.json.objectValue?.members ?? []
            return .object(object)
        }
        return .object(["changed": .object(changed), "errors": .array(errors)])
    }

    /// Reads a `reload` answer. Its `changed` names no generations: each change reads generation 0.
    public init?(json: JSONValue) {
        guard let changed = json["changed"]?.objectValue, let errors = json["errors"]?.arrayValue else { return nil }
        var changes: [ThemeChangedEvent] = []
        for member in changed {
            var keys: [Attribute: [String]] = [:]
            for list in member.value.objectValue ?? [:] {
                guard let attribute = Attribute(rawValue: list.key) else { continue }
                keys[attribute] = list.value.arrayValue?.compactMap(\.stringValue) ?? []
            }
            changes.append(ThemeChangedEvent(theme: member.key, generation: 0, changed: keys))
        }
        let themed = errors.compactMap { entry -> ThemedError? in
            guard let theme = entry["theme"]?.stringValue, let error = ThemeFileError(json: entry) else { return nil }
            return ThemedError(theme: theme, error: error)
        }
        self.init(changes: changes, errors: themed)
    }
}
