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
/// position of its key), an array's children are its elements. A parsed text's nodes share one `SourceTable`
/// (a few bytes a node, however large the text); a node built in code holds its own.
public struct SourceNode: Sendable {
    private enum Storage: Sendable {
        case table(SourceTable, Int)
        case built(BuiltSourceNode)
    }

    private let storage: Storage

    init(table: SourceTable, index: Int) { storage = .table(table, index) }

    public init(keyPosition: SourcePosition?, position: SourcePosition, children: [SourceNode]) {
        storage = .built(BuiltSourceNode(keyPosition: keyPosition, position: position, children: children))
    }

    /// The position of the member's key, for object members; nil otherwise.
    public var keyPosition: SourcePosition? {
        switch storage {
        case .table(let table, let index): table.keyPosition(index)
        case .built(let node): node.keyPosition
        }
    }

    /// The position of the value's first character.
    public var position: SourcePosition {
        switch storage {
        case .table(let table, let index): table.position(index)
        case .built(let node): node.position
        }
    }

    public var children: [SourceNode] {
        switch storage {
        case .table(let table, let index): table.children(index).map { SourceNode(table: table, index: $0) }
        case .built(let node): node.children
        }
    }

    /// The position to report for this member: its key if it has one.
    public var memberPosition: SourcePosition { keyPosition ?? position }

    /// How many nodes the parse this node belongs to has (1 for a node built in code).
    public var parseSize: Int {
        switch storage {
        case .table(let table, _): table.entries.count
        case .built: 1
        }
    }

    /// A node standing for a value with no known place (built in code rather than parsed).
    public static let unknown = SourceNode(keyPosition: nil, position: .start, children: [])

    /// The node of a member or element by index; past the end, a node at this one's position.
    public func child(_ index: Int) -> SourceNode {
        switch storage {
        case .table(let table, let node):
            if let child = table.child(index, of: node) { return SourceNode(table: table, index: child) }
        case .built(let node):
            if index < node.children.count { return node.children[index] }
        }
        return SourceNode(keyPosition: nil, position: position, children: [])
    }

    /// Whether two nodes are the same node of the same parse (or the same node built in code).
    public static func === (a: SourceNode, b: SourceNode) -> Bool {
        switch (a.storage, b.storage) {
        case (.table(let x, let i), .table(let y, let j)): x === y && i == j
        case (.built(let x), .built(let y)): x === y
        default: false
        }
    }
}

/// Whether two optional nodes are both nil or the same node.
public func === (a: SourceNode?, b: SourceNode?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a === b
    default: false
    }
}

/// A node built in code, with its children.
final class BuiltSourceNode: Sendable {
    let keyPosition: SourcePosition?
    let position: SourcePosition
    let children: [SourceNode]

    init(keyPosition: SourcePosition?, position: SourcePosition, children: [SourceNode]) {
        self.keyPosition = keyPosition
        self.position = position
        self.children = children
    }
}

/// Every node of one parsed text, in document order, packed: its position, its key's (line 0: none), and where its
/// children's indices start in `childIndices`, where each container's children stand together.
final class SourceTable: Sendable {
    struct Entry: Sendable {
        var keyLine: UInt32
        var keyColumn: UInt32
        var line: UInt32
        var column: UInt32
        var firstChild: UInt32
        var childCount: UInt32
    }

    let entries: [Entry]
    let childIndices: [UInt32]

    init(entries: [Entry], childIndices: [UInt32]) {
        self.entries = entries
        self.childIndices = childIndices
    }

    func keyPosition(_ index: Int) -> SourcePosition? {
        let entry = entries[index]
        return entry.keyLine == 0 ? nil : SourcePosition(line: Int(entry.keyLine), column: Int(entry.keyColumn))
    }

    func position(_ index: Int) -> SourcePosition {
        SourcePosition(line: Int(entries[index].line), column: Int(entries[index].column))
    }

    func child(_ child: Int, of index: Int) -> Int? {
        let entry = entries[index]
        guard child >= 0, child < Int(entry.childCount) else { return nil }
        return Int(childIndices[Int(entry.firstChild) + child])
    }

    func children(_ index: Int) -> [Int] {
        let entry = entries[index]
        return childIndices[Int(entry.firstChild)..<Int(entry.firstChild + entry.childCount)].map { Int($0) }
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
