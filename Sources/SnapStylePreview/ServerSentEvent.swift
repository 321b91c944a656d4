/// One message of a `text/event-stream`, as the HTML standard's event stream format reads it.
public enum ServerSentEvent: Equatable, Sendable {
    /// A named event: `event: NAME`, its data (one `data:` line per line of text), and an `id:` when given.
    case message(event: String, data: String, id: Int?)
    /// Sets the stream's last event id without dispatching an event (an `id:` line and no data), so a browser that
    /// reconnects before the first event still says where it was.
    case position(Int)
    /// A comment line: keeps the connection from idling out, dispatches nothing.
    case comment(String)

    /// The message as it goes on the wire, ending with the blank line.
    public var text: String {
        switch self {
        case .message(let event, let data, let id):
            var text = "event: \(event)\n"
            for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
            if let id { text += "id: \(id)\n" }
            return text + "\n"
        case .position(let id): return "id: \(id)\n\n"
        case .comment(let text): return ": \(text)\n\n"
        }
    }
}
