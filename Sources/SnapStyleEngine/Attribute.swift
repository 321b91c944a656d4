extension Attribute {
    /// Its position among the attributes, read from the enum's tag.
    var index: Int { Int(tag(self)) }
}

/// What a definition, a cache entry or a change can be about: one key of an attribute, a container or a
/// component id, or a part of the context that theme data decides.
public enum NodeRef: Hashable, Sendable, Comparable {
    case key(Attribute, String)
    case container(String)
    case component(String)

    public static func < (a: Self, b: Self) -> Bool { a.sortKey < b.sortKey }

    private var sortKey: (Int, String) {
        switch self {
        case .key(let attribute, let key): (attribute.index, key)
        case .container(let id): (100, id)
        case .component(let id): (101, id)
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .key(let attribute, let key): hasher.combine(fnv1a(key) &+ UInt64(attribute.index))
        case .container(let id): hasher.combine(fnv1a(id) &+ 16)
        case .component(let id): hasher.combine(fnv1a(id) &+ 17)
        }
    }

    public var description: String {
        switch self {
        case .key(let attribute, let key): "\(attribute.rawValue) '\(key)'"
        case .container(let id): "container '\(id)'"
        case .component(let id): "component '\(id)'"
        }
    }
}

/// Where a definition was written.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
