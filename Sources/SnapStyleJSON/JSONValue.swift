/// A JSON value. Objects keep their members in document order.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A number, stored as an integer when it is integral and exactly representable.
    public static func number(_ value: Double) -> JSONValue {
        if value.rounded() == value, abs(value) < 9_007_199_254_740_992 { return .integer(Int64(value)) }
        return .double(value)
    }

    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The value, or nil for `null`. (`isNull ? nil : value` would not do: `nil` there is read as this type's nil
    /// literal, `.null`.)
    public var nonNull: JSONValue? { isNull ? Optional.none : self }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }

    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }

    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }

    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    /// The value as a Double, for integers and reals alike.
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// The value as an Int, only for integral numbers.
    public var intValue: Int? {
        switch self {
        case .integer(let i): Int(exactly: i)
        case .double(let d): d.rounded() == d ? Int(exactly: d) : nil
        default: nil
        }
    }

    /// The JSON type's name as used in error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The largest member count of any object in the value, nested ones included (found without recursion).
    public var widestObject: Int {
        var widest = 0
        var pending: [JSONValue] = [self]
        while let value = pending.popLast() {
            switch value {
            case .object(let object):
                widest = max(widest, object.count)
                for member in object.members {
                    if case .object = member.value { pending.append(member.value) }
                    if case .array = member.value { pending.append(member.value) }
                }
            case .array(let elements):
                for element in elements {
                    if case .object = element { pending.append(element) }
                    if case .array = element { pending.append(element) }
                }
            default: break
            }
        }
        return widest
    }

    /// Member lookup for objects; nil for other values.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }
}

/// A JSON object: members in document order, keys unique.
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member: its key and value.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(_ members: [Member] = []) { self.members = members }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Adds a member at the end (the caller keeps keys unique).
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// An object literal, members in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}

extension JSONValue {
    /// Structural equality that treats `1` and `1.0` as the same number.
    public func numericallyEquals(_ other: JSONValue) -> Bool {
        switch (self, other) {
        case (.integer, .double), (.double, .integer), (.double, .double), (.integer, .integer):
            return doubleValue == other.doubleValue
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.numericallyEquals($1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { m in b[m.key].map { m.value.numericallyEquals($0) } ?? false }
        default:
            return self == other
        }
    }
}
