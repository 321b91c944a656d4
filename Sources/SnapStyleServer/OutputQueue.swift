import NIOCore

/// A connection's output that the socket has not taken yet, as far as the connection knows: what the channel said
/// it held when last asked (`ChannelOptions.bufferedWritableBytes`), plus what was written since. Asking costs
/// little and is done only once that figure has grown by a chunk, so answering costs no promise per write. Tells
/// a client that reads slowly (the socket keeps taking output) from one that does not read at all. A pure value:
/// the connection's event loop owns it and passes the time and the channel's figure in.
struct OutputQueue {
    /// Output is written in chunks of this size, so that a large answer streams and progress is seen.
    static let chunkBytes = 65_536
    /// A client over the limit that takes nothing for this long does not read.
    static let stallLimit = TimeAmount.seconds(5)
    /// Every connection's write-buffer watermarks: reading pauses while the channel holds more than `high` bytes
    /// (`pausesReading`), and NIO reports the channel writable again below `low` (`allowsReading`).
    static let waterMark = ChannelOptions.Types.WriteBufferWaterMark(low: chunkBytes, high: chunkBytes * 4)

    /// At most this many bytes are held by the channel: its figure when last asked, plus what was written since.
    private(set) var bytes = 0
    /// The most that was ever held.
    private(set) var peak = 0
    /// Bytes ever written to the channel, and how many of them the socket had taken when the channel was last asked.
    private var written = 0
    private var taken = 0
    /// When the channel was last seen to have handed output to the socket, or to hold none.
    private(set) var lastProgress = NIODeadline.now()

    mutating func queued(_ count: Int) {
        bytes += count
        written += count
    }

    /// Whether `bytes` may be far above what the channel holds: it has grown by a chunk since the channel was asked.
    var needsChannelFigure: Bool { bytes >= Self.chunkBytes }

    /// The channel holds `buffered` bytes.
    mutating func channelHolds(_ buffered: Int, at now: NIODeadline) {
        let takenNow = written - buffered
        if takenNow > taken || buffered == 0 { lastProgress = now }
        taken = takenNow
        bytes = buffered
        peak = max(peak, buffered)
    }

    func isOverLimit(_ limit: Int) -> Bool { bytes > limit }

    /// Nothing was taken for `stallLimit`.
    func isStalled(at now: NIODeadline) -> Bool { bytes > 0 && now - lastProgress >= Self.stallLimit }

    /// Whether a connection with `unwritten` more bytes of answers should stop reading requests for now (more than
    /// the high watermark, 256 KiB).
    func pausesReading(unwritten: Int) -> Bool { bytes + unwritten > Self.waterMark.high }

    /// Whether a connection paused by `pausesReading` may read again (64 KiB or less waiting).
    var allowsReading: Bool { bytes <= Self.waterMark.low }
}
