import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol

/// The preview's connection to the daemon for requests: the client library's `SnapStyleLink` (opened on first use,
/// shared by every HTTP request, opened again when the daemon has restarted), its failures as HTTP answers.
struct DaemonLink: Sendable {
    /// An answer and the instance of the daemon that gave it.
    typealias Answer = SnapStyleLink.Answer

    let link: SnapStyleLink

    /// `timeout`: how long an answer may take: past it the request is 504, and the call is forgotten (an answer that
    /// never comes, such as one the daemon sends with id null, must not keep anything).
    init(socket: String?, timeout: Duration = .seconds(10)) {
        link = SnapStyleLink(socket: socket, timeout: timeout)
    }

    /// Calls a daemon method. Throws the daemon's error answer, 502 when no daemon answers, or 504 when the answer
    /// does not come in time.
    func call(_ method: Method, _ params: JSONObject) async throws(PreviewError) -> JSONValue {
        try await answer(method, params).value
    }

    /// `call`, with the answering daemon's instance.
    func answer(_ method: Method, _ params: JSONObject) async throws(PreviewError) -> Answer {
        do {
            return try await link.answer(method, params)
        } catch SnapStyleClientError.server(let code, let message, let data) {
            throw .daemon(code: code, message: message, data: data)
        } catch SnapStyleClientError.timedOut(let timeout) {
            throw .daemonTimeout(timeout)
        } catch {
            throw .daemonUnavailable("\(error)")
        }
    }

    /// Closes the connection (at shutdown).
    func close() async {
        await link.close()
    }
}
