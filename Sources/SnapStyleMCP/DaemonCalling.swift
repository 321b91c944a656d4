import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol

/// What the tools and resources ask the daemon through: the shared `SnapStyleLink` when serving, a stand-in in the
/// in-process tests.
protocol DaemonCalling: Sendable {
    /// The daemon's socket (nil: the default path), for the CLI's message when no daemon answers.
    var socket: String? { get }

    /// Calls a daemon method; throws `SnapStyleClientError`.
    func call(_ method: SnapStyleProtocol.Method, _ params: JSONObject) async throws -> JSONValue
}

extension SnapStyleLink: DaemonCalling {}
