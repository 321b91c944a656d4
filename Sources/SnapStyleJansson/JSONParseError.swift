import SnapStyleJSON

/// A JSON text that jansson rejected, with where and why.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem jansson found.
    public enum Code: Hashable, Sendable {
        case syntax
        case invalidUTF8
        case duplicateKey
        case tooDeep
        case numberOutOfRange
        case other
    }

    public var code: Code
    public var message: String
    /// 1-based line and column of the problem (1:1 when jansson could not place it, as for empty input).
    public var position: SourcePosition

    public init(code: Code, message: String, position: SourcePosition) {
        self.code = code
        self.message = message
        self.position = position
    }

    public var description: String { "\(position.line):\(position.column): \(message)" }
}
