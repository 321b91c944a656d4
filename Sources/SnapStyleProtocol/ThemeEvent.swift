import SnapStyleVocabulary
import SnapStyleJSON

/// One event a subscription receives (a JSON-RPC notification), typed: the daemon encodes it, clients decode it (docs/protocol.md,
/// "Notifications"). The `subscription` member of the params is added by `ResponseLine.notification`.
public enum ThemeEvent: Sendable, Hashable {
    case themeAdded(theme: String)
    case themeRemoved(theme: String)
    case themeChanged(ThemeChangedEvent)
    case themeError(ThemeErrorEvent)
    case themeRecovered(ThemeRecoveredEvent)
    case valuesChanged(ValuesChangedEvent)

    public var method: NotificationMethod {
        switch self {
        case .themeAdded: .themeAdded
        case .themeRemoved: .themeRemoved
        case .themeChanged: .themeChanged
        case .themeError: .themeError
        case .themeRecovered: .themeRecovered
        case .valuesChanged: .valuesChanged
        }
    }

    /// The theme the event is about.
    public var theme: String {
        switch self {
        case .themeAdded(let theme), .themeRemoved(let theme): theme
        case .themeRecovered(let event): event.theme
        case .themeChanged(let event): event.theme
        case .themeError(let event): event.theme
        case .valuesChanged(let event): event.theme
        }
    }

    /// The theme's generation the event reports, for the events that carry one.
    public var generation: Int? {
        switch self {
        case .themeAdded, .themeRemoved: nil
        case .themeRecovered(let event): event.generation
        case .themeChanged(let event): event.generation
        case .themeError(let event): event.generation
        case .valuesChanged(let event): event.generation
        }
    }

    /// The params, without `subscription`.
    public var params: JSONObject {
        switch self {
        case .themeAdded(let theme), .themeRemoved(let theme): ["theme": .string(theme)]
        case .themeRecovered(let event):
            JSONObject(
                [
                    JSONObject.Member(key: "theme", value: .string(event.theme)),
                    JSONObject.Member(key: "generation", value: .integer(Int64(event.generation))),
                ] + event.leftOut.members)
        case .themeChanged(let event): event.params
        case .themeError(let event):
            [
                "theme": .string(event.theme), "generation": .integer(Int64(event.generation)),
                "errors": .array(event.errors.map(\.json)), "errorCount": .integer(Int64(event.errorCount)),
            ]
        case .valuesChanged(let event):
            [
                "theme": .string(event.theme), "generation": .integer(Int64(event.generation)),
                "values": .array(event.values.map(\.json)),
            ]
        }
    }

    /// Reads a notification a daemon sent; nil for a method or params this version does not know.
    public init?(method: String, params: JSONValue) {
        guard let method = NotificationMethod(rawValue: method), let theme = params["theme"]?.stringValue else {
            return nil
        }
        let generation = params["generation"]?.intValue
        switch method {
        case .themeAdded: self = .themeAdded(theme: theme)
        case .themeRemoved: self = .themeRemoved(theme: theme)
        case .themeRecovered:
            guard let generation else { return nil }
            self = .themeRecovered(
                ThemeRecoveredEvent(theme: theme, generation: generation, leftOut: ListedErrors(params: params)))
        case .themeChanged:
            guard let event = ThemeChangedEvent(params: params) else { return nil }
            self = .themeChanged(event)
        case .themeError:
            guard let generation, let errors = params["errors"]?.arrayValue else { return nil }
            self = .themeError(
                ThemeErrorEvent(
                    theme: theme, generation: generation, errors: errors.compactMap(ThemeFileError.init(json:)),
                    errorCount: params["errorCount"]?.intValue))
        case .valuesChanged:
            guard let generation, let values = params["values"]?.arrayValue else { return nil }
            self = .valuesChanged(
                ValuesChangedEvent(
                    theme: theme, generation: generation, values: values.compactMap(QueryValue.init(json:))))
        }
    }
}

/// `themeChanged`: a theme's new generation and what changed in it.
public struct ThemeChangedEvent: Sendable, Hashable {
    public var theme: String
    public var generation: Int
    /// The keys whose values changed, by attribute.
    public var changed: [Attribute: [String]]
    public var containers: [String]
    public var components: [String]
    /// The files the change came from, relative to the theme.
    public var files: [String]
    /// The errors of the tokens an imported theme leaves out in this generation (`errors` and `errorCount`, sent
    /// only when there are some): the rest of the theme serves.
    public var leftOut: ListedErrors

    public init(
        theme: String, generation: Int, changed: [Attribute: [String]], containers: [String] = [],
        components: [String] = [], files: [String] = [], leftOut: ListedErrors = .none
    ) {
        self.theme = theme
        self.generation = generation
        self.changed = changed
        self.containers = containers
        self.components = components
        self.files = files
        self.leftOut = leftOut
    }

    /// `{ATTRIBUTE: [keys]}` in the attributes' order.
    public var changedJSON: JSONValue {
        var object = JSONObject()
        for attribute in Attribute.allCases {
            if let keys = changed[attribute] { object[attribute.rawValue] = .array(keys.map(JSONValue.string)) }
        }
        return .object(object)
    }

    var params: JSONObject {
        var params: JSONObject = [
            "theme": .string(theme), "generation": .integer(Int64(generation)), "changed": changedJSON,
            "containers": .array(containers.map(JSONValue.string)),
            "components": .array(components.map(JSONValue.string)), "files": .array(files.map(JSONValue.string)),
        ]
        params.members += leftOut.members
        return params
    }

    init?(params: JSONValue) {
        guard let theme = params["theme"]?.stringValue, let generation = params["generation"]?.intValue else {
            return nil
        }
        var changed: [Attribute: [String]] = [:]
        for member in params["changed"]?.objectValue ?? [:] {
            guard let attribute = Attribute(rawValue: member.key) else { continue }
            changed[attribute] = member.value.arrayValue?.compactMap(\.stringValue) ?? []
        }
        func strings(_ name: String) -> [String] { params[name]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        self.init(
            theme: theme, generation: generation, changed: changed, containers: strings("containers"),
            components: strings("components"), files: strings("files"), leftOut: ListedErrors(params: params))
    }
}

/// `themeRecovered`: a theme that was in error serves its files as they are now, from `generation` on.
public struct ThemeRecoveredEvent: Sendable, Hashable {
    public var theme: String
    public var generation: Int
    /// The errors of the tokens an imported theme leaves out (sent only when there are some).
    public var leftOut: ListedErrors

    public init(theme: String, generation: Int, leftOut: ListedErrors = .none) {
        self.theme = theme
        self.generation = generation
        self.leftOut = leftOut
    }
}

/// `themeError`: a theme's files have errors; the daemon keeps serving `generation` (0: never loaded).
public struct ThemeErrorEvent: Sendable, Hashable {
    public var theme: String
    public var generation: Int
    /// The first `Limits.listedErrors` errors.
    public var errors: [ThemeFileError]
    /// How many errors there are in all.
    public var errorCount: Int

    /// An event with every error: it keeps the first `Limits.listedErrors` and the count, unless `errorCount`
    /// says how many there were before the list was cut.
    public init(theme: String, generation: Int, errors: [ThemeFileError], errorCount: Int? = nil) {
        self.theme = theme
        self.generation = generation
        self.errors = Array(errors.prefix(Limits.listedErrors))
        self.errorCount = max(errorCount ?? errors.count, self.errors.count)
    }
}

/// `valuesChanged`: subscribed queries whose values changed.
public struct ValuesChangedEvent: Sendable, Hashable {
    public var theme: String
    public var generation: Int
    public var values: [QueryValue]

    public init(theme: String, generation: Int, values: [QueryValue]) {
        self.theme = theme
        self.generation = generation
        self.values = values
    }
}
