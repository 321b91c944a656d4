import MCP
import SnapStyleJSON

/// `tools/call` with its params read as the project's `JSONValue`. The SDK's own `CallTool` reads them as its
/// `Value`, which matches every string against a data-URL regular expression it builds anew each time: most of a
/// call's cost (docs/agents.md, "How it is built"). The params are read whatever their shape and checked by
/// `arguments()`: the SDK answers params it cannot decode with -32603, where JSON-RPC says -32602.
enum ToolCall: MCP.Method {
    static let name = CallTool.name

    struct Parameters: Codable, Hashable, Sendable, NotRequired {
        /// The params as sent; null when there are none.
        var value: WireJSON

        init() { value = WireJSON(.null) }

        init(_ value: JSONValue) { self.value = WireJSON(value) }

        init(from decoder: any Decoder) throws { value = try WireJSON(from: decoder) }

        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }

        /// The tool's name and its arguments (nil when absent or null); -32602 for params of another shape.
        func call() throws(MCPError) -> (name: String, arguments: JSONValue?) {
            guard case .object(let params) = value.value else {
                throw .invalidParams("tools/call takes an object: {\"name\": TOOL, \"arguments\": {...}}")
            }
            guard case .string(let name)? = params["name"] else {
                throw .invalidParams("tools/call: \"name\" must be the tool's name, a string")
            }
            switch params["arguments"] {
            case nil, .null?: return (name, nil)
            case .object(let arguments)?: return (name, .object(arguments))
            default: throw .invalidParams("tools/call: \"arguments\" must be an object")
            }
        }
    }

    typealias Result = CallTool.Result
}

/// A JSON value read through `Codable` as plain JSON (strings stay strings), for the SDK's coders.
struct WireJSON: Codable, Hashable, Sendable {
    var value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    private struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Strings, the most common, are tried first; each failed try costs a thrown error.
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = .null
        } else if let string = try? single.decode(String.self) {
            value = .string(string)
        } else if let object = try? decoder.container(keyedBy: Name.self) {
            var members = JSONObject()
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append(key.stringValue, try object.decode(WireJSON.self, forKey: key).value)
            }
            value = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(WireJSON.self).value) }
            value = .array(elements)
        } else if let bool = try? single.decode(Bool.self) {
            value = .bool(bool)
        } else if let integer = try? single.decode(Int64.self) {
            value = .integer(integer)
        } else {
            value = .double(try single.decode(Double.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .integer(let integer):
            var single = encoder.singleValueContainer()
            try single.encode(integer)
        case .double(let double):
            var single = encoder.singleValueContainer()
            try single.encode(double)
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(WireJSON(element)) }
        case .object(let object):
            var container = encoder.container(keyedBy: Name.self)
            for member in object { try container.encode(WireJSON(member.value), forKey: Name(stringValue: member.key)) }
        }
    }
}
