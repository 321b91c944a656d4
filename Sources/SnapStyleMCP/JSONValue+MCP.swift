import MCP
import SnapStyleJSON

extension JSONValue {
    /// The value as the MCP SDK holds JSON (object members lose their order).
    var mcp: Value {
        switch self {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .integer(let integer): Int(exactly: integer).map(Value.int) ?? .double(Double(integer))
        case .double(let double): .double(double)
        case .string(let string): .string(string)
        case .array(let elements): .array(elements.map(\.mcp))
        case .object(let object):
            .object(Dictionary(object.map { ($0.key, $0.value.mcp) }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// A value the SDK decoded, as the daemon's protocol takes it; nil for binary data, which no parameter is.
    init?(_ value: Value) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .integer(Int64(int))
        case .double(let double): self = .double(double)
        case .string(let string): self = .string(string)
        case .data: return nil
        case .array(let elements):
            var converted: [JSONValue] = []
            for element in elements {
                guard let json = JSONValue(element) else { return nil }
                converted.append(json)
            }
            self = .array(converted)
        case .object(let members):
            var object = JSONObject()
            for name in members.keys.sorted() {
                guard let json = JSONValue(members[name]!) else { return nil }
                object[name] = json
            }
            self = .object(object)
        }
    }
}
