import SnapStyleSystem
import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON

/// Turns the JSON of one theme file (or a request's overrides) into definitions, collecting every error with
/// its position.
struct ThemeParser {
    let file: String
    let themeName: String
    var layer: ThemeLayer
    var manifest: ThemeManifest?
    var errors: [ThemeError] = []
    /// `when` definitions and `not` matchers open now.
    var nesting = 0

    // How deep `when` and `not` may nest is `Limits.whenNesting`: everything that evaluates, compares or releases
    // them recurses, so hostile files must not nest without bound.

    /// Enters one more level of nesting; false (and an error) past the limit. Pair with `nesting -= 1`.
    mutating func enterNesting(_ json: LocatedJSON, _ what: String) -> Bool {
        guard nesting < Limits.whenNesting else {
            error(json, "\(what): nests deeper than \(Limits.whenNesting) levels of when or not")
            return false
        }
        nesting += 1
        return true
    }

    init(file: String, themeName: String) {
        self.file = file
        self.themeName = themeName
        self.layer = ThemeLayer(name: themeName)
    }

    mutating func error(_ at: LocatedJSON, _ message: String) {
        errors.append(ThemeError(file: file, at: at.position, message))
    }

    mutating func error(_ position: SourcePosition, _ message: String) {
        errors.append(ThemeError(file: file, at: position, message))
    }

    func location(_ position: SourcePosition) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// Members of an object without the ignored `$…` ones; an error if it is not an object.
    mutating func members(_ json: LocatedJSON, _ what: String) -> [(key: String, value: LocatedJSON)]? {
        guard case .object = json.value else {
            error(json, "\(what) must be an object, not \(json.value.typeName)")
            return nil
        }
        return json.members.filter { !$0.key.hasPrefix("$") }
    }

    /// Checks that an object has only the allowed members (plus `$…`), reporting each unknown one.
    mutating func onlyMembers(_ json: LocatedJSON, _ allowed: [String], _ what: String) -> Bool {
        var ok = true
        for (index, member) in json.members.enumerated() where !member.key.hasPrefix("$") {
            guard !allowed.contains(member.key) else { continue }
            let position = json.node.child(index).memberPosition
            error(position, "\(what): unknown member '\(member.key)' (expected \(Self.list(allowed)))")
            ok = false
        }
        return ok
    }

    static func list(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    mutating func parseFile(_ root: LocatedJSON, allowManifest: Bool) {
        guard let sections = members(root, "a theme file") else { return }
        for (name, section) in sections {
            let position = section.node.keyPosition ?? section.position
            switch name {
            case "theme" where allowManifest:
                parseManifest(section, at: position)
            case "container":
                parseContainers(section)
            case "component":
                parseComponents(section)
            default:
                if let attribute = Attribute(rawValue: name) {
                    parseSection(attribute, section)
                } else {
                    let allowed = allowManifest ? ThemeSection.all : Array(ThemeSection.all.dropFirst())
                    error(position, "unknown section '\(name)' (expected \(Self.list(allowed)))")
                }
            }
        }
    }

    mutating func parseManifest(_ json: LocatedJSON, at position: SourcePosition) {
        guard members(json, "theme") != nil,
            onlyMembers(json, ["extends", "description", "modifiers", "remBase", "audit"], "theme")
        else { return }
        var extends: String? = "snap"
        if let value = json["extends"] {
            switch value.value {
            case .null: extends = nil
            case .string(let name) where ThemeName.isValid(name): extends = name
            default: error(value, "theme: extends must be a theme name or null")
            }
        }
        var description: String?
        if let value = json["description"] {
            if let text = value.value.stringValue {
                description = text
            } else {
                error(value, "theme: description must be a string")
            }
        }
        manifest = ThemeManifest(extends: extends, description: description, location: location(position))
        if let value = json["remBase"] {
            if let base = value.value.doubleValue, base.isFinite, base > 0 {
                manifest?.remBase = base
            } else {
                error(value, "theme: remBase must be a positive number (points per rem)")
            }
        }
        if let value = json["modifiers"] {
            let mappings = parseModifierMappings(value)
            manifest?.modifiers = mappings
        }
        // The contrast pairs `snapstyle audit` measures besides the model's (docs/review.md); it reads them itself.
        if let value = json["audit"], case .array(let pairs) = value.value {
            for (index, pair) in pairs.enumerated() {
                guard case .object(let members) = pair, members["foreground"]?.stringValue != nil,
                    members["background"]?.stringValue != nil
                else {
                    error(
                        value,
                        "theme: audit[\(index)] must be {\"foreground\": KEY, \"background\": KEY, \"text\": ...}")
                    continue
                }
            }
        } else if let value = json["audit"] {
            error(value, "theme: audit must be an array of {\"foreground\", \"background\", \"text\"} pairs")
        }
    }

    /// `{"MODIFIER": {"CONTEXT": Predicate, ...}, ...}`: how an imported theme's modifiers follow the context.
    mutating func parseModifierMappings(_ json: LocatedJSON) -> [ModifierMapping] {
        guard let modifiers = members(json, "theme: modifiers") else { return [] }
        var result: [ModifierMapping] = []
        for (name, contextsJSON) in modifiers {
            let what = "theme.modifiers.\(name)"
            guard let contexts = members(contextsJSON, what) else { continue }
            let mapping = contexts.map { context, predicate in
                ModifierSelector.Mapping(context: context, predicate: parsePredicate(predicate, "\(what).\(context)"))
            }
            result.append(
                ModifierMapping(
                    modifier: name, contexts: mapping, location: location(contextsJSON.node.memberPosition),
                    written: contextsJSON.value))
        }
        return result
    }

    /// A section's key: checks its syntax.
    mutating func checkKey(_ key: String, _ what: String, at position: SourcePosition) -> Bool {
        guard KeySyntax.isValid(key) else {
            error(
                position,
                "\(what) '\(key)': not a valid key (expected letters, digits and _, dot-separated, "
                    + "not starting with a digit)")
            return false
        }
        return true
    }

    mutating func parseSection(_ attribute: Attribute, _ section: LocatedJSON) {
        guard let entries = members(section, "section '\(attribute.rawValue)'") else { return }
        for (key, json) in entries {
            let position = json.node.memberPosition
            guard checkKey(key, attribute.rawValue, at: position) else { continue }
            let errorCount = errors.count
            let definition = parseDefinition(json, attribute, key: key)
            guard errors.count == errorCount else { continue }
            layer.set(attribute, key, DefinitionEntry(definition: definition, location: location(position)))
        }
    }

    /// `Definition := Literal | {"ref", "adjust"} | {"when", "else"} | null` (docs/theme-format.md).
    mutating func parseDefinition(_ json: LocatedJSON, _ attribute: Attribute, key: String) -> Definition {
        let what = "\(attribute.rawValue) '\(key)'"
        switch json.value {
        case .null:
            return .null
        case .object(let object) where object["ref"] != nil:
            guard onlyMembers(json, ["ref", "adjust"], what) else { return .null }
            guard let target = json["ref"], let name = target.value.stringValue, KeySyntax.isValidReference(name) else {
                error(json["ref"]!, "\(what): ref must be a key string")
                return .null
            }
            var adjustments: [Adjustment] = []
            if let adjust = json["adjust"] {
                guard attribute == .surface else {
                    error(adjust, "\(what): adjust is only allowed on surfaces")
                    return .null
                }
                adjustments = parseAdjustments(adjust, what)
            }
            return .ref(name, adjust: adjustments)
        case .object(let object) where object["when"] != nil:
            guard onlyMembers(json, ["when", "else"], what), enterNesting(json, what) else { return .null }
            defer { nesting -= 1 }
            let whenJSON = json["when"]!
            guard case .array = whenJSON.value else {
                error(whenJSON, "\(what): when must be an array of {\"if\", \"then\"} cases")
                return .null
            }
            var cases: [Definition.Case] = []
            for (index, caseJSON) in whenJSON.elements.enumerated() {
                let caseWhat = "\(what): when case \(index)"
                guard members(caseJSON, caseWhat) != nil, onlyMembers(caseJSON, ["if", "then"], caseWhat) else {
                    continue
                }
                guard let ifJSON = caseJSON["if"], let thenJSON = caseJSON["then"] else {
                    error(caseJSON, "\(caseWhat): needs both \"if\" and \"then\"")
                    continue
                }
                let predicate = parsePredicate(ifJSON, caseWhat)
                cases.append(
                    Definition.Case(predicate: predicate, then: parseDefinition(thenJSON, attribute, key: key)))
            }
            let otherwise = json["else"].map { parseDefinition($0, attribute, key: key) }
            return .when(cases, else: otherwise)
        default:
            return parseLiteral(json, attribute, what).map(Definition.value) ?? .null
        }
    }
}
