import CSimdJSON
import SnapStyleJSON

/// A walk over the pre-order node array of one simdjson parse (see `snapstyle_simdjson.h`). Nodes are read through
/// pointers, never copied whole.
struct RequestTape {
    let nodes: UnsafeBufferPointer<snapjson_node>
    var index = 0

    /// The node at the walk's position.
    var current: UnsafePointer<snapjson_node> { nodes.baseAddress! + index }

    /// The value at the walk's position, moving past it; nil for what jansson reads differently (a duplicate key
    /// or a key holding a NUL byte).
    mutating func value() -> JSONValue? {
        let node = current
        index += 1
        switch UInt32(node.pointee.kind) {
        case SNAPJSON_NULL.rawValue: return .null
        case SNAPJSON_TRUE.rawValue: return .bool(true)
        case SNAPJSON_FALSE.rawValue: return .bool(false)
        case SNAPJSON_INTEGER.rawValue: return .integer(node.pointee.integer)
        case SNAPJSON_DOUBLE.rawValue: return .double(node.pointee.number)
        case SNAPJSON_STRING.rawValue: return .string(Self.string(node))
        case SNAPJSON_ARRAY.rawValue:
            let count = Int(node.pointee.count)
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count {
                guard let element = value() else { return nil }
                elements.append(element)
            }
            return .array(elements)
        case SNAPJSON_OBJECT.rawValue:
            let count = Int(node.pointee.count)
            var members: [JSONObject.Member] = []
            members.reserveCapacity(count)
            // Past a few members, keys seen are looked up in a set: one check per member, not one per pair.
            var seen = count > 8 ? Set<String>(minimumCapacity: count) : nil
            for _ in 0..<count {
                let member = current
                let keyBytes = UnsafeRawBufferPointer(start: member.pointee.key, count: Int(member.pointee.key_length))
                // jansson refuses both: let it say so.
                guard !keyBytes.contains(0) else { return nil }
                let key = String(decoding: keyBytes, as: UTF8.self)
                let duplicate = seen != nil ? !seen!.insert(key).inserted : members.contains { $0.key == key }
                guard !duplicate, let value = value() else { return nil }
                members.append(JSONObject.Member(key: key, value: value))
            }
            return .object(JSONObject(members))
        default: return nil
        }
    }

    /// A string node's text (simdjson has checked that it is UTF-8).
    static func string(_ node: UnsafePointer<snapjson_node>) -> String {
        guard let pointer = node.pointee.string else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: Int(node.pointee.count)), as: UTF8.self)
    }
}
