import HTTPTypes

/// The header names the preview uses that HTTPTypes does not name.
extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
    static let xAccelBuffering = Self("X-Accel-Buffering")!
    /// A `Host` header among the fields: only a second one (the first is the request's authority).
    static let extraHost = Self("Host")!
}
