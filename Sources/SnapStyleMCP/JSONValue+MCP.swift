import MCP
import SnapStyleJSON

extension JSONValue {
    /// The value as the MCP SDK holds JSON (object members lose their order).
    var mcp: MCP.Value {
        switch self {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .integer(let integer): Int(exactly: integer).map(MCP.Value.int) ?? .double(Double(integer))
        case .double(let double): .double(double)
        case .string(let string): .string(string)
        case .array(let elements): .array(elements.map(\.mcp))
        case .object(let object):
            .object(Dictionary(object.map { ($0.key, $0.value.mcp) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
