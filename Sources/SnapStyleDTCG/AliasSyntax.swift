import SnapStyleEngine
import SnapStyleJSON

/// How a token's value names other tokens: `"{a.b}"`, a JSON Pointer (`{"$ref": "#/a/b"}`), or Tokens Studio math.
enum AliasSyntax {
    /// The key a whole-value alias names: `"{a.b}"`, or a JSON Pointer to a whole token (`#/a/b`, `#/a/b/$value`).
    static func whole(_ value: JSONValue) -> String? {
        if let text = value.stringValue { return TokenDocument.reference(text) }
        guard case .object(let object) = value, object.count == 1, let pointer = object["$ref"]?.stringValue,
            let (key, path) = pointerTarget(pointer), path.isEmpty
        else { return nil }
        return key
    }

    /// A pointer `#/a/b/$value/x/0` as the token it enters (`a.b`) and the path inside its value (`x`, `0`).
    static func pointerTarget(_ pointer: String) -> (String, [String])? {
        guard pointer.hasPrefix("#/") else { return nil }
        let segments = TokenDocument.pointerSegments(String(pointer.dropFirst(2)))
        guard let valueIndex = segments.firstIndex(of: "$value") else {
            return segments.isEmpty ? nil : (TokenDocument.join(segments), [])
        }
        guard valueIndex > 0 else { return nil }
        return (TokenDocument.join(Array(segments[..<valueIndex])), Array(segments[(valueIndex + 1)...]))
    }

    /// Whether a value holds an alias anywhere (a whole-value alias included).
    static func hasAlias(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let s): TokenDocument.reference(s) != nil
        case .object(let o):
            (o.count == 1 && (o["$ref"]?.stringValue != nil || o[TokensStudioMath.marker] != nil))
                || o.contains { hasAlias($0.value) }
        case .array(let a): a.contains(where: hasAlias)
        default: false
        }
    }

    /// The keys named by the aliases inside a composite value.
    static func collect(in value: JSONValue, _ found: (String) -> Void) {
        switch value {
        case .string(let text):
            if let target = TokenDocument.reference(text) { found(target) }
        case .object(let object):
            if object.count == 1, let pointer = object["$ref"]?.stringValue {
                if let (target, _) = pointerTarget(pointer) { found(target) }
            } else if let text = TokensStudioMath.text(of: value) {
                for target in TokensStudioMath.references(in: text) { found(target) }
            } else {
                for member in object.members { collect(in: member.value, found) }
            }
        case .array(let elements):
            for element in elements { collect(in: element, found) }
        default:
            break
        }
    }
}
