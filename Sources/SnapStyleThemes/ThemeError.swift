import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON

/// A problem with a theme file: where (file relative to its root, 1-based line and column) and what.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = Quoted.excerpt(message, limit: Limits.messageCharacters)
    }

    public init(file: String, at position: SourcePosition, _ message: String) {
        self.init(file: file, line: position.line, column: position.column, message: message)
    }

    public init(at location: SourceLocation, _ message: String) {
        self.init(file: location.file, line: location.line, column: location.column, message: message)
    }

    /// `path:line:column: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }

    /// The same error with the file shown as `path` (for output relative to the current directory).
    public func shown(as path: String) -> ThemeError {
        ThemeError(file: path, line: line, column: column, message: message)
    }
}

/// The manifest of a theme (`"theme"` member).
public struct ThemeManifest: Hashable, Sendable {
    /// The theme this one is layered on; nil for none. Defaults to `snap`.
    public var extends: String?
    public var description: String?
    public var location: SourceLocation
    /// Points per `rem` for imported dimensions (16 unless the manifest says).
    public var remBase: Double = 16
    /// How imported modifiers follow the built-in context.
    public var modifiers: [ModifierMapping] = []

    public init(extends: String?, description: String?, location: SourceLocation) {
        self.extends = extends
        self.description = description
        self.location = location
    }
}
