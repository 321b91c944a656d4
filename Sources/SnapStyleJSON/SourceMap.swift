/// A 1-based line and column in a text (columns count Unicode scalars).
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = SourcePosition(line: 1, column: 1)

    public static func < (a: Self, b: Self) -> Bool { (a.line, a.column) < (b.line, b.column) }

    public var description: String { "\(line):\(column)" }
}

/// Where a JSON value and its parts stand in the text it was parsed from.
///
/// The tree mirrors the value: an object's children are its members in document order (each with the
/// position of its key), an array's children are its elements.
public final class SourceNode: Sendable {
    /// The position of the member's key, for object members; nil otherwise.
    public let keyPosition: SourcePosition?
    /// The position of the value's first character.
    public let position: SourcePosition
    public let children: [SourceNode]

    public init(keyPosition: SourcePosition?, position: SourcePosition, children: [SourceNode]) {
        self.keyPosition = keyPosition
        self.position = position
        self.children = children
    }

    /// The position to report for this member: its key if it has one.
    public var memberPosition: SourcePosition { keyPosition ?? position }

    /// A node standing for a value with no known place (built in code rather than parsed).
    public static let unknown = SourceNode(keyPosition: nil, position: .start, children: [])

    /// The node of a member or element by index; past the end, a node at this one's position.
    public func child(_ index: Int) -> SourceNode {
        index < children.count ? children[index] : SourceNode(keyPosition: nil, position: position, children: [])
    }
}

/// A JSON value together with the positions of its parts.
public struct LocatedJSON: Sendable {
    public let value: JSONValue
    public let node: SourceNode

    public init(value: JSONValue, node: SourceNode) {
        self.value = value
        self.node = node
    }

    public var position: SourcePosition { node.position }

    /// The members of an object with their nodes, in document order.
    public var members: [(key: String, value: LocatedJSON)] {
        guard case .object(let object) = value else { return [] }
        return object.members.enumerated().map { index, member in
            (member.key, LocatedJSON(value: member.value, node: node.child(index)))
        }
    }

    /// The elements of an array with their nodes.
    public var elements: [LocatedJSON] {
        guard case .array(let array) = value else { return [] }
        return array.enumerated().map { LocatedJSON(value: $1, node: node.child($0)) }
    }

    public subscript(key: String) -> LocatedJSON? {
        guard case .object(let object) = value,
            let index = object.members.firstIndex(where: { $0.key == key })
        else { return nil }
        return LocatedJSON(value: object.members[index].value, node: node.child(index))
    }
}
