import SnapStyleEngine

/// What a place in a theme file or a style sheet names: a key of an attribute, an imported token by its path (whose
/// attribute the theme decides), a container or a component.
public enum StyleName: Hashable, Sendable {
    case key(Attribute, String)
    case token(String)
    case container(String)
    case component(String)

    /// The name as written in the file.
    public var text: String {
        switch self {
        case .key(_, let key), .token(let key), .container(let key), .component(let key): key
        }
    }
}

/// A place in a file that defines or names something, with the byte range of the name itself.
public struct NameSite: Hashable, Sendable {
    public enum Role: Hashable, Sendable { case definition, reference }

    public var name: StyleName
    public var role: Role
    public var start: Int
    public var end: Int
    /// Whether the name is written as a JSON Pointer's segments (`color/blue`), not dotted.
    public var isPointer: Bool

    public init(name: StyleName, role: Role, start: Int, end: Int, isPointer: Bool = false) {
        self.name = name
        self.role = role
        self.start = start
        self.end = end
        self.isPointer = isPointer
    }
}
