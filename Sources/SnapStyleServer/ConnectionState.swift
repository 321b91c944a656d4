/// A connection's life as one value: whether it answers lines now or holds them (waiting for a deferred answer,
/// or for the client to read its output), whether the client finished writing, and closing. Pure: the handler
/// feeds it events and does what it says.
struct ConnectionState: Equatable {
    /// What holds the connection's input.
    enum Wait: Equatable {
        /// A request is answered later: its answer must come before the next line's.
        case reply
        /// More output is queued than the high watermark: read again once the client has read enough.
        case writable
    }

    enum Phase: Equatable {
        /// Not active yet.
        case idle
        /// Answering lines as they come (`wait` nil), or holding them; `inputClosed`: the client finished writing.
        case open(wait: Wait?, inputClosed: Bool)
        /// Closing: nothing more is read or answered.
        case closing
        case closed
    }

    /// What the handler does next.
    enum Action: Equatable {
        case none
        /// Stop reading from the socket (autoRead off).
        case pauseReading
        /// Read from the socket again (autoRead on).
        case resumeReading
        /// Flush what is written, then close.
        case finish
    }

    private(set) var phase = Phase.idle

    /// Whether a line that arrives now is answered now (otherwise it is held).
    var answersLines: Bool {
        phase == .open(wait: nil, inputClosed: false) || phase == .open(wait: nil, inputClosed: true)
    }

    var isOpen: Bool {
        if case .open = phase { return true }
        return false
    }

    mutating func activated() {
        guard phase == .idle else { return }
        phase = .open(wait: nil, inputClosed: false)
    }

    /// A line was answered `later`, or the output passed its high watermark.
    mutating func wait(for wait: Wait) -> Action {
        guard case .open(nil, let inputClosed) = phase else { return .none }
        phase = .open(wait: wait, inputClosed: inputClosed)
        return .pauseReading
    }

    /// The awaited thing came (the deferred answer, or room in the output): true when the connection goes on.
    mutating func waitEnded(_ wait: Wait) -> Bool {
        guard case .open(wait, let inputClosed) = phase else { return false }
        phase = .open(wait: nil, inputClosed: inputClosed)
        return true
    }

    /// After the held lines were answered (or held again): read on, or finish when the client is done writing.
    func afterHeldLines() -> Action {
        switch phase {
        case .open(nil, inputClosed: false): .resumeReading
        case .open(nil, inputClosed: true): .finish
        default: .none
        }
    }

    /// The client finished writing (half-close): finish now if nothing waits, else once it is answered.
    mutating func inputClosed(holding lines: Bool) -> Action {
        guard case .open(let wait, false) = phase else { return .none }
        phase = .open(wait: wait, inputClosed: true)
        return wait == nil && !lines ? .finish : .none
    }

    /// Closing for a reason of the daemon's (limit, slow reader, peer check): false when already closing.
    mutating func close() -> Bool {
        switch phase {
        case .closing, .closed: return false
        case .idle, .open:
            phase = .closing
            return true
        }
    }

    mutating func closed() { phase = .closed }
}
