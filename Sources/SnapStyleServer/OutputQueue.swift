import NIOCore

/// A connection's output that the socket has not taken yet, and when it last took some: tells a client that
/// reads slowly (its output shrinks) from one that does not read at all. A pure value: the connection's event
/// loop owns it and passes the time in.
struct OutputQueue {
    /// Output is written in chunks of this size, so that a large answer streams and progress is seen.
    static let chunkBytes = 65_536
    /// A client over the limit that takes nothing for this long does not read.
    static let stallLimit = TimeAmount.seconds(5)

    /// Bytes written to the channel and not yet taken by the socket.
    private(set) var bytes = 0
    /// The most that was ever queued.
    private(set) var peak = 0
    /// When the socket last took a chunk, or when output started to queue.
    private(set) var lastProgress = NIODeadline.now()

    mutating func queued(_ count: Int) {
        if bytes == 0 { lastProgress = .now() }
        bytes += count
        peak = max(peak, bytes)
    }

    mutating func written(_ count: Int, at now: NIODeadline) {
        bytes -= count
        lastProgress = now
    }

    func isOverLimit(_ limit: Int) -> Bool { bytes > limit }

    /// Nothing was taken for `stallLimit`.
    func isStalled(at now: NIODeadline) -> Bool { bytes > 0 && now - lastProgress >= Self.stallLimit }

    /// Whether a connection with `unwritten` more bytes of answers should stop reading requests for now (256 KiB).
    func pausesReading(unwritten: Int) -> Bool { bytes + unwritten >= Self.chunkBytes * 4 }

    /// Whether a connection paused by `pausesReading` may read again (64 KiB or less waiting).
    var allowsReading: Bool { bytes <= Self.chunkBytes }
}
