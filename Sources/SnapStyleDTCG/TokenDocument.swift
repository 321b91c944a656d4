import SnapStyleEngine
import SnapStyleJSON

/// A token as one source writes it.
final class FlatToken: Sendable {
    /// The key: the path's names joined with `.`, without a final `$root`.
    let key: String
    /// Whether the path ends in `$root` (the token of its group).
    let isRoot: Bool
    /// The value as written (its positions are not kept: the token's location is).
    let value: JSONValue
    let type: String?
    let description: String?
    let deprecated: JSONValue?
    let location: SourceLocation
    /// `$extensions."org.snapstyle"`, as an export writes it.
    let hints: SnapStyleHints?
    /// Tokens Studio's color modifier, `$extensions."studio.tokens".modify`.
    let modify: JSONValue?
    /// Read with Tokens Studio's semantics: an alias is its target's value whatever type it declares.
    let isLoose: Bool
    /// The style a Tokens Studio weight name carries (`Regular italic`): a typography whose weight names this
    /// token takes it as its `fontStyle`.
    let weightStyle: String?

    init(
        key: String, isRoot: Bool, value: JSONValue, location: SourceLocation, type: String? = nil,
        description: String? = nil, deprecated: JSONValue? = nil, hints: SnapStyleHints? = nil,
        modify: JSONValue? = nil, isLoose: Bool = false, weightStyle: String? = nil
    ) {
        self.modify = modify
        self.isLoose = isLoose
        self.weightStyle = weightStyle
        self.key = key
        self.isRoot = isRoot
        self.value = value
        self.location = location
        self.type = type
        self.description = description
        self.deprecated = deprecated
        self.hints = hints
    }

    /// Whether two readings of a token say the same, at the same place.
    func says(the same: FlatToken) -> Bool {
        key == same.key && location == same.location && type == same.type && description == same.description
            && deprecated == same.deprecated && hints == same.hints && value == same.value && modify == same.modify
            && isLoose == same.isLoose && weightStyle == same.weightStyle
    }

    /// The same token under another key (a group's `$extends` copies tokens below the extending group).
    func moved(to key: String) -> FlatToken {
        FlatToken(
            key: key, isRoot: false, value: value, location: location, type: type,
            description: description, deprecated: deprecated, hints: hints, modify: modify, isLoose: isLoose,
            weightStyle: weightStyle)
    }
}

/// What a group says about the tokens below it.
struct GroupInfo: Sendable {
    var type: String?
    var deprecated: JSONValue?
    /// The group a `$extends` names (its key), and where.
    var extends: (key: String, location: SourceLocation)?

    /// `over` on top of `under`: what `over` says replaces what `under` says.
    static func merged(_ under: GroupInfo?, _ over: GroupInfo) -> GroupInfo {
        var result = under ?? GroupInfo()
        if let type = over.type { result.type = type }
        if let deprecated = over.deprecated { result.deprecated = deprecated }
        if let extends = over.extends { result.extends = extends }
        return result
    }
}

/// A DTCG token document (or a part of one) flattened: tokens by key and groups by key ("" for the top), in
/// document order. Merging documents is then replacing tokens whole, as the resolver module says.
struct TokenDocument: Sendable {
    var tokens: [String: FlatToken] = [:]
    var order: [String] = []
    var groups: [String: GroupInfo] = [:]
    /// Tokens Studio modifiers written as a token of their own (`{"value": {"type": "alpha", "value": ...}}`), by
    /// key, for a color's `modify` that refers to one (`"modify": "{modifier}"`).
    var modifiers: [String: JSONValue] = [:]

    static let tokenMembers: Set = ["$value", "$type", "$description", "$deprecated", "$extensions", "$ref"]

    /// How a document's `$value` tokens are read: with DTCG's strict rules, or with Tokens Studio's semantics (its
    /// types, loose values and math), as its DTCG option writes them.
    enum Dialect: Sendable {
        case dtcg, tokensStudio
    }

    /// Reads a document from its top group (`prefix`: the path of that group, for a JSON Pointer fragment).
    init(
        _ json: LocatedJSON, file: String, prefix: [String] = [], dialect: Dialect = .dtcg,
        diagnostics: inout Diagnostics
    ) {
        guard case .object = json.value else {
            diagnostics.error(
                SourceLocation(file: file, line: json.position.line, column: json.position.column),
                "a token file must hold an object, not \(json.value.typeName)")
            return
        }
        walkGroup(json, path: prefix, file: file, dialect: dialect, inheritedType: nil, &diagnostics)
    }

    init() {}

    /// Adds `other` on top: its tokens replace these whole, its group properties replace these.
    mutating func merge(_ other: TokenDocument) {
        if order.isEmpty && groups.isEmpty {
            self = other
            return
        }
        for key in other.order {
            if tokens[key] == nil { order.append(key) }
            tokens[key] = other.tokens[key]
        }
        for (key, info) in other.groups { groups[key] = GroupInfo.merged(groups[key], info) }
        for (key, modifier) in other.modifiers { modifiers[key] = modifier }
    }

    private mutating func walkGroup(
        _ json: LocatedJSON, path: [String], file: String, dialect: Dialect, inheritedType: String?,
        _ d: inout Diagnostics
    ) {
        var info = GroupInfo()
        let groupType = json.value["$type"]?.stringValue ?? inheritedType
        for (index, member) in json.members.enumerated() {
            let position = json.node.child(index).memberPosition
            let location = SourceLocation(file: file, line: position.line, column: position.column)
            let name = member.key
            switch name {
            case "$type":
                if let type = member.value.value.stringValue {
                    info.type = type
                } else {
                    d.error(location, "\(Self.join(path)): $type must be a string")
                }
            case "$deprecated": info.deprecated = member.value.value
            case "$extends":
                if let target = member.value.value.stringValue, let key = Self.groupReference(target) {
                    info.extends = (key, location)
                } else {
                    d.error(location, "\(Self.join(path)): $extends must name a group as \"{group.path}\"")
                }
            case "$root":
                walkMember(
                    member.value, path: path + [name], location: location, file: file, dialect: dialect,
                    groupType: groupType, &d)
            default:
                if name.hasPrefix("$") { continue }
                guard Self.isValidName(name) else {
                    d.error(location, "'\(name)': a token or group name may not contain '{', '}' or '.'")
                    continue
                }
                walkMember(
                    member.value, path: path + [name], location: location, file: file, dialect: dialect,
                    groupType: groupType, &d)
            }
        }
        let key = Self.join(path)
        if info.type != nil || info.deprecated != nil || info.extends != nil { groups[key] = info }
    }

    private mutating func walkMember(
        _ json: LocatedJSON, path: [String], location: SourceLocation, file: String, dialect: Dialect,
        groupType: String?, _ d: inout Diagnostics
    ) {
        guard case .object(let object) = json.value else {
            d.warning(location, "\(Self.join(path)): neither a token nor a group (\(json.value.typeName)): ignored")
            return
        }
        // A Tokens Studio modifier held by a token without a type: kept for the colors whose `modify` names it.
        if object["type"] == nil, object["$value"] == nil, case .object(let held)? = object["value"],
            let kind = held["type"]?.stringValue, StudioModifier.Kind(rawValue: kind) != nil, held["value"] != nil
        {
            modifiers[Self.join(path)] = .object(held)
            return
        }
        // Tokens Studio's legacy syntax: `value` and `type` without `$` (read as DTCG by `TokensStudioValue`).
        let legacy = object["$value"] == nil && object["value"] != nil && object["type"]?.stringValue != nil
        let children = object.members.filter {
            !$0.key.hasPrefix("$") && !(legacy && ($0.key == "value" || $0.key == "type" || $0.key == "description"))
        }
        let isToken = object["$value"] != nil || legacy || (object["$ref"] != nil && children.isEmpty)
        guard isToken else {
            if children.isEmpty, object["$type"] != nil, object.count == 1 || object["$description"] != nil {
                d.warning(location, "\(Self.join(path)): has a $type but no $value: read as an empty group")
            }
            walkGroup(json, path: path, file: file, dialect: dialect, inheritedType: groupType, &d)
            return
        }
        let key = Self.join(path)
        var value: JSONValue
        var legacyType: String?
        var modify = object["$extensions"]?["studio.tokens"]?["modify"]
        // Tokens Studio's DTCG option: `$value` and `$type`, read as the legacy syntax is.
        let studioType =
            dialect == .tokensStudio && object["$value"] != nil
            ? (object["$type"]?.stringValue ?? groupType) : nil
        if let written = legacy ? object["value"] : object["$value"],
            let type = legacy ? object["type"]?.stringValue : studioType
        {
            (legacyType, value) = TokensStudioValue.normalize(type: type, written)
            // `rgba({colors.blue}, 50%)`: the referenced color with its alpha set, as the alpha modifier does.
            if legacyType == "color", modify == nil, let (reference, alpha) = TokensStudioValue.rgbaOfReference(written)
            {
                value = reference
                modify = .object(["type": "alpha", "value": .number(alpha), "space": "srgb"])
            }
        } else if let v = json["$value"] {
            value = v.value
            for child in children {
                d.warning(location, "\(key): member '\(child.key)' beside $value is not DTCG's: ignored")
            }
        } else {
            // `{"$ref": "#/a/b/$value", "$type": ...}`, as the published format text writes an alias by pointer.
            value = .object(["$ref": object["$ref"]!])
        }
        var type: String? = legacyType
        if legacyType == nil, let typeJSON = json["$type"] {
            if let name = typeJSON.value.stringValue {
                type = name
            } else {
                d.error(location, "\(key): $type must be a string")
            }
        }
        let token = FlatToken(
            key: key, isRoot: path.last == "$root", value: value, location: location, type: type,
            description: object["$description"]?.stringValue ?? (legacy ? object["description"]?.stringValue : nil),
            deprecated: object["$deprecated"],
            hints: SnapStyleHints(extensions: object["$extensions"]),
            modify: modify, isLoose: legacyType != nil,
            weightStyle: legacyType == "fontWeight"
                ? (legacy ? object["value"] : object["$value"]).flatMap(TokensStudioValue.fontStyle) : nil)
        add(token)
        // A weight with a style (`Regular italic`) also gives its two parts, as Tokens Studio's transforms split it:
        // `KEY.weight` (the number) and `KEY.style` (the keyword).
        if let style = token.weightStyle {
            add(
                FlatToken(
                    key: key + ".weight", isRoot: false, value: value, location: location, type: type, isLoose: true))
            add(
                FlatToken(
                    key: key + ".style", isRoot: false, value: .string(style), location: location, type: "fontStyle",
                    isLoose: true))
        }
    }

    private mutating func add(_ token: FlatToken) {
        if tokens[token.key] == nil { order.append(token.key) }
        tokens[token.key] = token
    }

    /// A path's key: its names joined with `.`, a final `$root` dropped.
    static func join(_ path: [String]) -> String {
        (path.last == "$root" ? path.dropLast() : path[...]).joined(separator: ".")
    }

    /// DTCG names: not starting with `$`, without `{`, `}` and `.`.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("$") && !name.contains { $0 == "{" || $0 == "}" || $0 == "." }
    }

    /// `{a.b}` → `a.b` (a final `.$root` names the group's own token); nil for any other string.
    static func reference(_ text: String) -> String? {
        let bytes = text.utf8
        guard bytes.count > 2, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains(where: { $0 == "{" || $0 == "}" }) else { return nil }
        let path = inner.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard path.allSatisfy({ !$0.isEmpty }) else { return nil }
        return join(path)
    }

    /// A group named by `$extends`: `{a.b}` or a JSON Pointer string `#/a/b`.
    static func groupReference(_ text: String) -> String? {
        if let key = reference(text) { return key }
        guard text.hasPrefix("#/") else { return nil }
        return pointerSegments(String(text.dropFirst(2))).joined(separator: ".")
    }

    /// RFC 6901 segments (`~1` is `/`, `~0` is `~`).
    static func pointerSegments(_ pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }
}
