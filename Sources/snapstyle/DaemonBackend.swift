import SnapStyleJSON

/// Talks to snapstyled over its socket.
struct DaemonBackend: Backend {
    let socket: String

    init(socket: String?) throws {
        self.socket = socket ?? "(default socket)"
    }

    func call(_ method: String, _ params: JSONObject) async throws -> JSONValue {
        throw NoDaemonError(socket: socket, reason: "the daemon is not built yet")
    }
}
