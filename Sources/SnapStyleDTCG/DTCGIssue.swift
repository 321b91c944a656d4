import SnapStyleEngine

/// An error or a warning about a DTCG file: where, and what.
public struct DTCGIssue: Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = Quoted.excerpt(message, limit: Limits.messageCharacters)
    }

    /// `path:line:column: message`.
    public var description: String { "\(location): \(message)" }
}

/// Errors and warnings collected while reading DTCG files.
struct Diagnostics: Sendable {
    var errors: [DTCGIssue] = []
    var warnings: [DTCGIssue] = []

    mutating func error(_ location: SourceLocation, _ message: String) { errors.append(DTCGIssue(location, message)) }
    mutating func warning(_ location: SourceLocation, _ message: String) {
        warnings.append(DTCGIssue(location, message))
    }
}
