import SnapStyleJSON

/// A build that cannot run: a config error at its place (`file:line:col: message`), or an output that failed.
public struct BuildError: Error, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Code: String, Sendable {
        /// The config file cannot be read or is not JSON.
        case unreadable
        /// An unknown option, format, theme, set or context member; a value of the wrong shape.
        case invalidConfiguration
        /// An output's theme did not resolve.
        case resolution
        /// An output could not be written.
        case write
    }

    public var code: Code
    public var message: String
    /// The file and place the error is about, when it has one.
    public var file: String?
    public var position: SourcePosition?

    public init(_ code: Code, _ message: String, file: String? = nil, position: SourcePosition? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.position = position
    }

    public var description: String {
        switch (file, position) {
        case (let file?, let position?): "\(file):\(position.line):\(position.column): \(message)"
        case (let file?, nil): "\(file): \(message)"
        default: message
        }
    }
}
