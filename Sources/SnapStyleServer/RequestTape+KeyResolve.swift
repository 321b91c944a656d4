import CSimdJSON
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleSystem

extension RequestTape {
    private static let attributes = NameTable<Attribute>()
    private static let contextMembers = NameTable<StyleContext.Member>()

    /// Reads `{"jsonrpc":"2.0","id":ID,"method":"resolve","params":{"theme"?,"attribute","key","context"?}}`
    /// (members in any order, an integer or string id) from the start of the tape into `params` (which must hold
    /// `KeyResolveParams()`), comparing member names as bytes, and gives its id. nil for anything else (another
    /// method or member, a notification, a duplicate member, a value of another type, an unknown attribute, an
    /// invalid context): the general path reads those, and reports their errors.
    mutating func keyResolve(into params: inout KeyResolveParams) -> JSONValue? {
        let root = current
        guard root.pointee.kind == SNAPJSON_OBJECT.rawValue, root.pointee.count == 4 else { return nil }
        index += 1
        var id: JSONValue?, sawVersion = false, sawMethod = false, sawParams = false
        for _ in 0..<4 {
            let node = current
            if Self.has(node, key: "params") {
                guard !sawParams, readKeyResolveParams(into: &params) else { return nil }
                sawParams = true
                continue
            }
            index += 1
            if Self.has(node, key: "id") {
                guard id == nil else { return nil }
                switch UInt32(node.pointee.kind) {
                case SNAPJSON_INTEGER.rawValue:
                    id = .integer(node.pointee.integer)
                    // `-0`, or an integer that may have been rounded: the general path echoes its text.
                    guard !RequestIDText.mayDiffer(id) else { return nil }
                case SNAPJSON_STRING.rawValue: id = .string(Self.string(node))
                default: return nil
                }
            } else if Self.has(node, key: "jsonrpc") {
                guard !sawVersion, Self.isString(node, "2.0") else { return nil }
                sawVersion = true
            } else if Self.has(node, key: "method") {
                guard !sawMethod, Self.isString(node, "resolve") else { return nil }
                sawMethod = true
            } else {
                return nil
            }
        }
        guard sawParams, sawVersion, sawMethod else { return nil }
        return id
    }

    /// Reads the params object at the current node into `params`; false when it is not of that shape.
    private mutating func readKeyResolveParams(into params: inout KeyResolveParams) -> Bool {
        let object = current
        guard object.pointee.kind == SNAPJSON_OBJECT.rawValue else { return false }
        index += 1
        var sawTheme = false, sawAttribute = false, sawKey = false, sawContext = false
        for _ in 0..<object.pointee.count {
            let node = current
            if Self.has(node, key: "context") {
                guard !sawContext, readContext(into: &params.context) else { return false }
                sawContext = true
                continue
            }
            index += 1
            guard node.pointee.kind == SNAPJSON_STRING.rawValue else { return false }
            if Self.has(node, key: "attribute") {
                guard !sawAttribute,
                    let attribute = Self.attributes.name(node.pointee.string, count: Int(node.pointee.count))
                else { return false }
                params.attribute = attribute
                sawAttribute = true
            } else if Self.has(node, key: "key") {
                guard !sawKey else { return false }
                params.key = Self.string(node)
                sawKey = true
            } else if Self.has(node, key: "theme") {
                guard !sawTheme else { return false }
                params.theme = Self.string(node)
                sawTheme = true
            } else {
                return false
            }
        }
        return sawAttribute && sawKey
    }

    /// Reads the context object at the current node member by member (`StyleContext.set`, the checks of
    /// `StyleContext(json:)`); false when a member is unknown, repeated or invalid.
    private mutating func readContext(into context: inout StyleContext) -> Bool {
        let object = current
        guard object.pointee.kind == SNAPJSON_OBJECT.rawValue else { return false }
        index += 1
        var seen: UInt32 = 0
        for _ in 0..<object.pointee.count {
            let node = current
            guard let position = Self.contextMembers.position(node.pointee.key, count: Int(node.pointee.key_length)),
                seen & 1 << position == 0, let value = value()
            else { return false }
            seen |= 1 << position
            do { try context.set(Self.contextMembers[position], value) } catch { return false }
        }
        return true
    }

    /// Whether the node is an object member of that name.
    private static func has(_ node: UnsafePointer<snapjson_node>, key name: StaticString) -> Bool {
        guard let key = node.pointee.key, Int(node.pointee.key_length) == name.utf8CodeUnitCount else { return false }
        return RawMemory.equal(key, name.utf8Start, count: name.utf8CodeUnitCount)
    }

    /// Whether the node is a string of exactly those bytes.
    private static func isString(_ node: UnsafePointer<snapjson_node>, _ text: StaticString) -> Bool {
        guard node.pointee.kind == SNAPJSON_STRING.rawValue, let string = node.pointee.string,
            Int(node.pointee.count) == text.utf8CodeUnitCount
        else { return false }
        return RawMemory.equal(string, text.utf8Start, count: text.utf8CodeUnitCount)
    }
}
