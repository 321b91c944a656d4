import SnapStyleJSON
import SnapStyleVocabulary

/// The result of `audit`, and the report of `snapstyle audit --format json` (docs/review.md): each theme's
/// foreground/background pairs measured in every context, with those below their threshold.
public struct AuditResult: WireResult, Hashable {
    /// `WCAG 2.2 AA`, `WCAG 2.2 AAA and APCA bronze`.
    public var standard: String
    /// `AA` or `AAA`.
    public var level: String
    public var apca: Bool
    /// Whether any pair fails.
    public var failed: Bool
    public var themes: [Theme]
    /// Themes that could not be audited and declared pairs that could not be read.
    public var problems: [String]
    /// With `apca`: the terms APCA's author licenses its figures under, said wherever they are shown
    /// (docs/review.md, "APCA's license"); nil otherwise.
    public var apcaNotice: String?

    public init(
        standard: String, level: String, apca: Bool, failed: Bool, themes: [Theme], problems: [String],
        apcaNotice: String? = nil
    ) {
        self.standard = standard
        self.level = level
        self.apca = apca
        self.failed = failed
        self.themes = themes
        self.problems = problems
        self.apcaNotice = apcaNotice
    }

    /// One theme's audit.
    public struct Theme: Sendable, Hashable {
        public var theme: String
        /// The generation audited (from the daemon; the CLI leaves it out).
        public var generation: Int?
        /// Context objects as requests take them.
        public var contexts: [JSONValue]
        /// Pair × context measurements.
        public var measured: Int
        public var failing: Int
        public var exempt: Int
        public var unmeasured: Int
        /// The failing pairs, or every pair when asked for (`all`).
        public var pairs: [Pair]

        public init(
            theme: String, generation: Int? = nil, contexts: [JSONValue], measured: Int, failing: Int, exempt: Int,
            unmeasured: Int, pairs: [Pair]
        ) {
            self.theme = theme
            self.generation = generation
            self.contexts = contexts
            self.measured = measured
            self.failing = failing
            self.exempt = exempt
            self.unmeasured = unmeasured
            self.pairs = pairs
        }

        public var json: JSONValue {
            var object: JSONObject = ["theme": .string(theme)]
            if let generation { object["generation"] = .integer(Int64(generation)) }
            object["contexts"] = .array(contexts)
            object["measured"] = .integer(Int64(measured))
            object["failing"] = .integer(Int64(failing))
            object["exempt"] = .integer(Int64(exempt))
            object["unmeasured"] = .integer(Int64(unmeasured))
            object["pairs"] = .array(pairs.map(\.json))
            return .object(object)
        }

        public init?(json: JSONValue) {
            guard let theme = json["theme"]?.stringValue, let measured = json["measured"]?.intValue,
                let failing = json["failing"]?.intValue, let pairs = json["pairs"]?.arrayValue
            else { return nil }
            let read = pairs.compactMap(Pair.init(json:))
            guard read.count == pairs.count else { return nil }
            self.init(
                theme: theme, generation: json["generation"]?.intValue, contexts: json["contexts"]?.arrayValue ?? [],
                measured: measured, failing: failing, exempt: json["exempt"]?.intValue ?? 0,
                unmeasured: json["unmeasured"]?.intValue ?? 0, pairs: read)
        }
    }

    /// A key a pair reads: its color as resolved and where it is defined.
    public struct Key: Sendable, Hashable {
        public var attribute: Attribute
        public var key: String
        /// For an accent: the variant read (`onAccent`, `base`).
        public var member: String?
        /// `#RRGGBBAA`.
        public var color: String
        public var file: String?
        public var line: Int?
        /// Whether the file is one of the built-in preset's.
        public var builtin: Bool

        public init(
            attribute: Attribute, key: String, member: String? = nil, color: String, file: String? = nil,
            line: Int? = nil, builtin: Bool = false
        ) {
            self.attribute = attribute
            self.key = key
            self.member = member
            self.color = color
            self.file = file
            self.line = line
            self.builtin = builtin
        }

        /// `surface onContent0`, `accent primary.onAccent`.
        public var name: String { "\(attribute.rawValue) \(key)" + (member.map { ".\($0)" } ?? "") }

        public var json: JSONValue {
            .object([
                "attribute": .string(attribute.rawValue), "key": .string(key),
                "member": member.map(JSONValue.string) ?? .null, "color": .string(color),
                "file": file.map(JSONValue.string) ?? .null, "line": line.map { .integer(Int64($0)) } ?? .null,
                "builtin": .bool(builtin),
            ])
        }

        public init?(json: JSONValue) {
            guard let attribute = json["attribute"]?.stringValue.flatMap(Attribute.init(rawValue:)),
                let key = json["key"]?.stringValue, let color = json["color"]?.stringValue
            else { return nil }
            self.init(
                attribute: attribute, key: key, member: json["member"]?.stringValue, color: color,
                file: json["file"]?.stringValue, line: json["line"]?.intValue,
                builtin: json["builtin"]?.boolValue ?? false)
        }
    }

    /// What a pair belongs to: `kind` is `element`, `border`, `accent`, `declared` or `convention`.
    public enum Subject: Sendable, Hashable {
        case element(component: String, element: String, hierarchies: [String], state: String)
        case border(component: String, state: String)
        case accent(String)
        case declared(index: Int)
        case convention(rule: String)

        public var json: JSONValue {
            switch self {
            case .element(let component, let element, let hierarchies, let state):
                .object([
                    "kind": "element", "component": .string(component), "element": .string(element),
                    "hierarchies": .array(hierarchies.map(JSONValue.string)), "state": .string(state),
                ])
            case .border(let component, let state):
                .object(["kind": "border", "component": .string(component), "state": .string(state)])
            case .accent(let key): .object(["kind": "accent", "accent": .string(key)])
            case .declared(let index): .object(["kind": "declared", "index": .integer(Int64(index))])
            case .convention(let rule): .object(["kind": "convention", "rule": .string(rule)])
            }
        }

        public init?(json: JSONValue) {
            switch json["kind"]?.stringValue {
            case "element":
                guard let component = json["component"]?.stringValue, let element = json["element"]?.stringValue,
                    let state = json["state"]?.stringValue
                else { return nil }
                let hierarchies = (json["hierarchies"]?.arrayValue ?? []).compactMap(\.stringValue)
                self = .element(component: component, element: element, hierarchies: hierarchies, state: state)
            case "border":
                guard let component = json["component"]?.stringValue, let state = json["state"]?.stringValue else {
                    return nil
                }
                self = .border(component: component, state: state)
            case "accent":
                guard let accent = json["accent"]?.stringValue else { return nil }
                self = .accent(accent)
            case "declared":
                guard let index = json["index"]?.intValue else { return nil }
                self = .declared(index: index)
            case "convention":
                guard let rule = json["rule"]?.stringValue else { return nil }
                self = .convention(rule: rule)
            default: return nil
            }
        }
    }

    /// The color suggested for a failing pair's foreground key; `to` is nil when no lightness passes.
    public struct Suggestion: Sendable, Hashable {
        public var attribute: Attribute
        public var key: String
        public var member: String?
        public var from: String
        public var to: String?
        /// How many pair × context measurements the suggestion was checked against.
        public var checked: Int

        public init(attribute: Attribute, key: String, member: String?, from: String, to: String?, checked: Int) {
            self.attribute = attribute
            self.key = key
            self.member = member
            self.from = from
            self.to = to
            self.checked = checked
        }

        public var json: JSONValue {
            .object([
                "key": .string(key), "attribute": .string(attribute.rawValue),
                "member": member.map(JSONValue.string) ?? .null, "from": .string(from),
                "to": to.map(JSONValue.string) ?? .null, "checked": .integer(Int64(checked)),
            ])
        }

        public init?(json: JSONValue) {
            guard let attribute = json["attribute"]?.stringValue.flatMap(Attribute.init(rawValue:)),
                let key = json["key"]?.stringValue, let from = json["from"]?.stringValue
            else { return nil }
            self.init(
                attribute: attribute, key: key, member: json["member"]?.stringValue, from: from,
                to: json["to"]?.stringValue, checked: json["checked"]?.intValue ?? 0)
        }
    }

    /// One pair, measured alike in `contexts`.
    public struct Pair: Sendable, Hashable {
        /// `contentCard title (normal)`, `accent primary`.
        public var name: String
        public var subject: Subject
        /// `text`, `icon`, `border`.
        public var role: String
        /// `normal text`, `large text`, `non-text`, `disabled`.
        public var category: String
        public var passes: Bool
        public var foreground: Key
        /// The layer drawn right below the foreground.
        public var background: Key
        /// Every background layer's key, bottom first.
        public var backgroundLayers: [String]
        /// Both colors as composited: `#RRGGBBAA`.
        public var drawnForeground: String
        public var drawnBackground: String
        /// The font's size in points and weight.
        public var font: (size: Double, weight: Int)?
        public var ratio: Double
        /// Nil for a pair with no WCAG minimum.
        public var required: Double?
        public var lightnessContrast: Double
        public var requiredLightnessContrast: Double
        public var contexts: [JSONValue]
        public var suggestion: Suggestion?

        public init(
            name: String, subject: Subject, role: String, category: String, passes: Bool, foreground: Key,
            background: Key, backgroundLayers: [String], drawnForeground: String, drawnBackground: String,
            font: (size: Double, weight: Int)?, ratio: Double, required: Double?, lightnessContrast: Double,
            requiredLightnessContrast: Double, contexts: [JSONValue], suggestion: Suggestion?
        ) {
            self.name = name
            self.subject = subject
            self.role = role
            self.category = category
            self.passes = passes
            self.foreground = foreground
            self.background = background
            self.backgroundLayers = backgroundLayers
            self.drawnForeground = drawnForeground
            self.drawnBackground = drawnBackground
            self.font = font
            self.ratio = ratio
            self.required = required
            self.lightnessContrast = lightnessContrast
            self.requiredLightnessContrast = requiredLightnessContrast
            self.contexts = contexts
            self.suggestion = suggestion
        }

        public static func == (a: Pair, b: Pair) -> Bool { a.json == b.json }

        public func hash(into hasher: inout Hasher) { hasher.combine(json) }

        public var json: JSONValue {
            .object([
                "name": .string(name), "subject": subject.json, "role": .string(role), "category": .string(category),
                "passes": .bool(passes), "foreground": foreground.json, "background": background.json,
                "backgroundLayers": .array(backgroundLayers.map(JSONValue.string)),
                "drawn": .object(["foreground": .string(drawnForeground), "background": .string(drawnBackground)]),
                "font": font.map { .object(["size": .number($0.size), "weight": .integer(Int64($0.weight))]) }
                    ?? .null,
                "ratio": .number(ratio), "required": required.map(JSONValue.number) ?? .null,
                "lc": .number(lightnessContrast), "requiredLc": .number(requiredLightnessContrast),
                "contexts": .array(contexts), "suggestion": suggestion?.json ?? .null,
            ])
        }

        public init?(json: JSONValue) {
            guard let name = json["name"]?.stringValue, let subject = json["subject"].flatMap(Subject.init(json:)),
                let role = json["role"]?.stringValue, let category = json["category"]?.stringValue,
                let passes = json["passes"]?.boolValue, let foreground = json["foreground"].flatMap(Key.init(json:)),
                let background = json["background"].flatMap(Key.init(json:)),
                let ratio = json["ratio"]?.doubleValue
            else { return nil }
            var font: (size: Double, weight: Int)?
            if let size = json["font"]?["size"]?.doubleValue, let weight = json["font"]?["weight"]?.intValue {
                font = (size, weight)
            }
            self.init(
                name: name, subject: subject, role: role, category: category, passes: passes, foreground: foreground,
                background: background,
                backgroundLayers: (json["backgroundLayers"]?.arrayValue ?? []).compactMap(\.stringValue),
                drawnForeground: json["drawn"]?["foreground"]?.stringValue ?? foreground.color,
                drawnBackground: json["drawn"]?["background"]?.stringValue ?? background.color, font: font,
                ratio: ratio, required: json["required"]?.doubleValue,
                lightnessContrast: json["lc"]?.doubleValue ?? 0,
                requiredLightnessContrast: json["requiredLc"]?.doubleValue ?? 0,
                contexts: json["contexts"]?.arrayValue ?? [],
                suggestion: json["suggestion"].flatMap(Suggestion.init(json:)))
        }
    }

    public var json: JSONValue {
        var object: JSONObject = [
            "standard": .string(standard), "level": .string(level), "apca": .bool(apca), "failed": .bool(failed),
            "themes": .array(themes.map(\.json)), "problems": .array(problems.map(JSONValue.string)),
        ]
        if let apcaNotice { object["apcaNotice"] = .string(apcaNotice) }
        return .object(object)
    }

    public init?(json: JSONValue) {
        guard let standard = json["standard"]?.stringValue, let level = json["level"]?.stringValue,
            let failed = json["failed"]?.boolValue, let themes = json["themes"]?.arrayValue
        else { return nil }
        let read = themes.compactMap(Theme.init(json:))
        guard read.count == themes.count else { return nil }
        self.init(
            standard: standard, level: level, apca: json["apca"]?.boolValue ?? false, failed: failed, themes: read,
            problems: (json["problems"]?.arrayValue ?? []).compactMap(\.stringValue),
            apcaNotice: json["apcaNotice"]?.stringValue)
    }
}
