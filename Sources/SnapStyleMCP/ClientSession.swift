import MCP
import SnapStyleJSON
import Synchronization

/// What the server knows of its client: the protocol version `initialize` negotiated, read off the client's
/// `initialize` request (as `ScreenedTransport` reads it) as the SDK negotiates it (the SDK keeps its copy private).
final class ClientSession: Sendable {
    private let version = Mutex<String?>(nil)

    /// The first version with `structuredContent` in a tool's result.
    static let structuredContentSince = "2025-06-18"

    /// Notes the version an `initialize` message asks for; any other message is ignored.
    func observe(_ message: JSONValue) {
        guard version.withLock({ $0 == nil }), message["method"]?.stringValue == Initialize.name,
            let requested = message["params"]?["protocolVersion"]?.stringValue
        else { return }
        let negotiated = MCP.Version.supported.contains(requested) ? requested : MCP.Version.latest
        version.withLock { $0 = negotiated }
    }

    /// The negotiated version; nil before `initialize`.
    var protocolVersion: String? { version.withLock { $0 } }

    /// Whether a tool's result may carry `structuredContent` (versions are dates, so they order as text).
    var allowsStructuredContent: Bool { (protocolVersion ?? MCP.Version.latest) >= Self.structuredContentSince }
}
