import Foundation
import SnapStyleJSON

/// A request's query string as the daemon's params: the method's own parameters by name, and every other
/// parameter a member of the context (`colorScheme=dark&dynamicType=accessibility1&vars.theme=dark`), merged over
/// `context=JSON` when both are given. `component=ID[:STATE]` and `container=ID[:STATE]` push stack entries in
/// the order given. `v` and `_` are ignored, for cache busting.
public struct PreviewQuery: Sendable, Equatable {
    /// The decoded `name=value` pairs, in order.
    public var pairs: [(name: String, value: String)]

    public static func == (lhs: PreviewQuery, rhs: PreviewQuery) -> Bool {
        lhs.pairs.map(\.name) == rhs.pairs.map(\.name) && lhs.pairs.map(\.value) == rhs.pairs.map(\.value)
    }

    /// Parses `a=1&b=%7B%7D`: `+` is a space, percent escapes are decoded (names too), an empty pair is skipped.
    public init(_ query: String?) {
        pairs = (query ?? "").split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            guard !name.isEmpty else { return nil }
            return (name, parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// The last value of `name`.
    public subscript(name: String) -> String? { pairs.last { $0.name == name }?.value }

    /// Parameters that are never context members.
    static let ignored: Set<String> = ["v", "_"]

    /// The params for a daemon method: `names` are the method's own parameters (each taken as a string, or as JSON
    /// when listed in `json`); the rest make the context. `withContext` false ignores the rest (`themes`).
    public func params(names: Set<String>, json: Set<String> = [], withContext: Bool = true) throws(PreviewError)
        -> JSONObject
    {
        var params = JSONObject()
        var base = JSONObject()
        var members = JSONObject()
        var vars = JSONObject()
        var stack: [JSONValue] = []
        for (name, value) in pairs where !Self.ignored.contains(name) {
            if json.contains(name) {
                params[name] = try Self.parseJSON(value, field: name)
            } else if names.contains(name) {
                params[name] = .string(value)
            } else if !withContext {
                continue
            } else if name == "context" {
                guard case .object(let object) = try Self.parseJSON(value, field: name) else {
                    throw .badQuery(name, "context must be a JSON object")
                }
                base = object
            } else if name == "component" || name == "container" {
                let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
                guard let id = parts.first, !id.isEmpty else { throw .badQuery(name, "expected ID or ID:STATE") }
                var entry: JSONObject = [name: .string(id)]
                if parts.count == 2 { entry["state"] = .string(parts[1]) }
                stack.append(.object(entry))
            } else if name.hasPrefix("vars.") {
                vars[String(name.dropFirst("vars.".count))] = Self.scalar(value)
            } else {
                members[name] = try Self.member(name, value)
            }
        }
        // The separate members go over `context=`, wherever they stand in the query: variables one by one, stack
        // entries after the object's own.
        var context = base
        for member in members.members { context[member.key] = member.value }
        if !vars.isEmpty {
            var merged = context["vars"]?.objectValue ?? [:]
            for member in vars.members { merged[member.key] = member.value }
            context["vars"] = .object(merged)
        }
        if !stack.isEmpty { context["stack"] = .array((context["stack"]?.arrayValue ?? []) + stack) }
        if !context.isEmpty { params["context"] = .object(context) }
        return params
    }

    /// A context member's value: numbers for the numeric members, JSON for `stack` and an object `element`.
    static func member(_ name: String, _ value: String) throws(PreviewError) -> JSONValue {
        switch name {
        case "scaleFactor", "elevation":
            guard let number = Double(value), number.isFinite else { throw .badQuery(name, "expected a number") }
            return .number(number)
        case "stack": return try parseJSON(value, field: name)
        case "element" where value.hasPrefix("{"): return try parseJSON(value, field: name)
        default: return .string(value)
        }
    }

    /// A number when the text is one, else the text: `vars.containerHeight=844`, `vars.theme=dark`.
    static func scalar(_ value: String) -> JSONValue {
        if let number = Double(value), number.isFinite, !value.isEmpty, value.first != "+" { return .number(number) }
        return .string(value)
    }

    static func parseJSON(_ text: String, field: String) throws(PreviewError) -> JSONValue {
        do {
            return try JSONText.parse(text)
        } catch {
            throw .badQuery(field, "not valid JSON: \(error)")
        }
    }
}
