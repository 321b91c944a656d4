import CSimdJSON
import NIOPosix
import SnapStyleJSON
import SnapStyleJansson

/// Parses request lines with simdjson (through the `CSimdJSON` C interface), one parser per thread; anything it
/// does not accept, or reads differently from jansson (duplicate or NUL-holding keys, integers beyond 64 bits,
/// nesting past 1,024), is parsed again by jansson, whose answer (a value, or an error with its position) stands.
/// Theme files are never parsed here: jansson, with positions, stays their parser. docs/architecture.md,
/// "Request lines", has the figures behind this.
enum RequestLineParser {
    /// Owns one thread's simdjson parser. Sendable only so that `ThreadSpecificVariable` may hold it: each one is
    /// made, used and freed by a single thread.
    final class Parser: @unchecked Sendable {
        let pointer: OpaquePointer?

        init() { pointer = snapjson_parser_create() }
        deinit { snapjson_parser_destroy(pointer) }
    }

    private static let parsers = ThreadSpecificVariable<Parser>()

    static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        if let value = fastParse(bytes) { return value }
        return try Jansson.parse(bytes: bytes)
    }

    /// The line's value through simdjson, or nil to let jansson decide.
    static func fastParse(_ bytes: UnsafeRawBufferPointer) -> JSONValue? {
        let parser: Parser
        if let existing = parsers.currentValue {
            parser = existing
        } else {
            parser = Parser()
            parsers.currentValue = parser
        }
        guard let pointer = parser.pointer, let base = bytes.baseAddress else { return nil }
        var nodes: UnsafePointer<snapjson_node>?
        var count = 0
        let code = snapjson_parse(
            pointer, base.assumingMemoryBound(to: CChar.self), bytes.count, &nodes, &count, nil, 0)
        guard code == 0, let nodes, count > 0 else { return nil }
        var tape = Tape(nodes: UnsafeBufferPointer(start: nodes, count: count))
        return tape.value()
    }

    /// A walk over the pre-order node array.
    struct Tape {
        let nodes: UnsafeBufferPointer<snapjson_node>
        var index = 0

        mutating func value() -> JSONValue? {
            let node = nodes[index]
            index += 1
            switch UInt32(node.kind) {
            case SNAPJSON_NULL.rawValue: return .null
            case SNAPJSON_TRUE.rawValue: return .bool(true)
            case SNAPJSON_FALSE.rawValue: return .bool(false)
            case SNAPJSON_INTEGER.rawValue: return .integer(node.integer)
            case SNAPJSON_DOUBLE.rawValue: return .double(node.number)
            case SNAPJSON_STRING.rawValue: return .string(Self.string(node.string, node.count))
            case SNAPJSON_ARRAY.rawValue:
                var elements: [JSONValue] = []
                elements.reserveCapacity(Int(node.count))
                for _ in 0..<node.count {
                    guard let element = value() else { return nil }
                    elements.append(element)
                }
                return .array(elements)
            case SNAPJSON_OBJECT.rawValue:
                var members: [JSONObject.Member] = []
                members.reserveCapacity(Int(node.count))
                for _ in 0..<node.count {
                    let member = nodes[index]
                    let keyBytes = UnsafeRawBufferPointer(start: member.key, count: Int(member.key_length))
                    // jansson refuses both: let it say so.
                    guard !keyBytes.contains(0) else { return nil }
                    let key = Self.string(member.key, member.key_length)
                    guard !members.contains(where: { $0.key == key }), let value = value() else { return nil }
                    members.append(JSONObject.Member(key: key, value: value))
                }
                return .object(JSONObject(members))
            default: return nil
            }
        }

        /// simdjson has checked the bytes are UTF-8.
        static func string(_ pointer: UnsafePointer<CChar>?, _ count: UInt32) -> String {
            guard let pointer else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: pointer, count: Int(count)), as: UTF8.self)
        }
    }
}
