import SnapStyleJSON

/// A design token's `$value` as written, with its aliases kept: they resolve from the top layer each time, as
/// every reference does, so a theme that redefines an aliased token changes every value that aliases it.
public indirect enum TokenValue: Hashable, Sendable {
    /// A part with no alias inside.
    case json(JSONValue)
    case object([TokenMember])
    case array([TokenValue])
    /// Another token's value (or a part of it, for a JSON Pointer into its `$value`).
    case alias(TokenAlias)
    /// Tokens Studio math inside a composite (`"fontSize": "{size.base} * 1.5"`): a number, or a length in px.
    case calc(CalcExpression, isLength: Bool)

    /// Every alias inside, in document order (the numbers math reads among them).
    public var aliases: [TokenAlias] {
        switch self {
        case .json: []
        case .object(let members): members.flatMap(\.value.aliases)
        case .array(let elements): elements.flatMap(\.aliases)
        case .alias(let alias): [alias]
        case .calc(let expression, _):
            expression.keys.map { TokenAlias(attribute: .number, key: $0, type: "number") }
        }
    }

    /// The value itself when it holds no alias.
    public var plain: JSONValue? {
        if case .json(let value) = self { return value }
        return nil
    }
}

/// One member of an object inside a token value.
public struct TokenMember: Hashable, Sendable {
    public var name: String
    public var value: TokenValue

    public init(name: String, value: TokenValue) {
        self.name = name
        self.value = value
    }
}

/// An alias inside a token value: the key it names (in the attribute its token imported into), the DTCG type the
/// place expects, and for a JSON Pointer into the target's `$value`, the path below it.
public struct TokenAlias: Hashable, Sendable {
    public var attribute: Attribute
    public var key: String
    public var type: String
    public var path: [String]

    public init(attribute: Attribute, key: String, type: String, path: [String] = []) {
        self.attribute = attribute
        self.key = key
        self.type = type
        self.path = path
    }
}

/// A token value with aliases inside it (`{"color": "{base.red}", ...}`): its aliases are resolved when the key
/// is, then the value is read as its DTCG type (`color`, `typography`, ...) into its attribute's value.
public struct ImportedLiteral: Hashable, Sendable {
    public var type: String
    public var value: TokenValue
    /// Points per `rem`, for dimensions that an alias brings in.
    public var remBase: Double

    public init(type: String, value: TokenValue, remBase: Double = 16) {
        self.type = type
        self.value = value
        self.remBase = remBase
    }
}

extension JSONValue {
    /// The number of values in this one (itself, each member's and element's, all the way down), counted until
    /// `bound`: the cost is at most `bound` steps even for a value that shares its parts many times over.
    public func parts(upTo bound: Int) -> Int {
        var count = 0
        var pending: [JSONValue] = [self]
        while let next = pending.popLast() {
            count += 1
            // Every value waiting counts at least one, so no more than the bound's rest is ever kept.
            let room = bound - count - pending.count
            guard room > 0 else { return min(bound, count + pending.count) }
            switch next {
            case .array(let elements): pending.append(contentsOf: elements.prefix(room))
            case .object(let object): pending.append(contentsOf: object.members.prefix(room).map(\.value))
            default: break
            }
        }
        return count
    }

    /// The part at a path of member names and array indices.
    public func at(_ path: some Collection<String>) -> JSONValue? {
        var current = self
        for segment in path {
            switch current {
            case .object(let object):
                guard let next = object[segment] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(segment), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }
}

extension Double {
    /// A number written in a token's text (`"0.2"`, `"-3"`, `"1e3"`): nil for what is not one, and for `NaN`,
    /// `inf`, `Infinity` and numbers too large for a double, which Swift's own parser accepts.
    public init?(finite text: some StringProtocol) {
        guard let value = Double(String(text)), value.isFinite else { return nil }
        self = value
    }
}
