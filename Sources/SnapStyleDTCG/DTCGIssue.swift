import SnapStyleEngine

/// An error or a warning about a DTCG file: where, and what.
public struct DTCGIssue: Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    /// Whether the issue only follows from another: a token left out because a token it reads is in error.
    /// Reported after the causes, so that the first errors a theme shows are causes.
    public var isConsequence: Bool

    public init(_ location: SourceLocation, _ message: String, isConsequence: Bool = false) {
        self.location = location
        self.message = Quoted.excerpt(message, limit: Limits.messageCharacters)
        self.isConsequence = isConsequence
    }

    /// `path:line:column: message`.
    public var description: String { "\(location): \(message)" }
}

/// Errors and warnings collected while reading DTCG files.
struct Diagnostics: Sendable {
    var errors: [DTCGIssue] = []
    var warnings: [DTCGIssue] = []

    mutating func error(_ location: SourceLocation, _ message: String) { errors.append(DTCGIssue(location, message)) }
    /// A token left out because a token it reads is in error.
    mutating func leftOut(_ location: SourceLocation, reader: String, target: String) {
        errors.append(
            DTCGIssue(location, "\(reader): reads {\(target)}, which is in error: left out", isConsequence: true))
    }
    mutating func warning(_ location: SourceLocation, _ message: String) {
        warnings.append(DTCGIssue(location, message))
    }
}
