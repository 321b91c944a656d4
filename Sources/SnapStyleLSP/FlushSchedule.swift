/// When the language server works out what the messages it read changed (a flush: the themes rebuilt, diagnostics
/// sent). A burst of input (a paste typed out, a client replaying changes) is read whole and analysed once, after
/// the input has been quiet for `settle`; a message that is no part of a burst is analysed at once. Instants in,
/// decisions out, so the rule is tested without stdin or a clock.
struct FlushSchedule {
    typealias Instant = ContinuousClock.Instant

    /// What the loop does once it has handled an input.
    enum Decision: Equatable {
        /// Flush now, then report it with `flushed(at:)`.
        case flushNow
        /// Flush once the input has been quiet for `settle`, if `isDue(ticket)` says so then.
        case settle(ticket: Int)
        /// Messages are still waiting: the last of them decides.
        case wait
    }

    let settle: Duration
    /// When the input last arrived (messages framed from one read arrive together) and when before that.
    private var lastRead: Instant?
    private var readBefore: Instant?
    private var lastFlush: Instant?
    /// Whether the input just handled may be flushed at once.
    private var alone = false
    /// The settle timer that may still flush; older ones were overtaken by later input.
    private var ticket = 0

    init(settle: Duration) {
        self.settle = settle
    }

    /// A message framed from input read at `arrived`. It is alone when the input before it had been quiet for the
    /// settle time, or had all been worked out when it came: no burst is under way that waiting would gather.
    mutating func message(arrived: Instant) {
        if arrived != lastRead { (lastRead, readBefore) = (arrived, lastRead) }
        guard let before = readBefore else {
            alone = true
            return
        }
        alone = arrived - before >= settle || lastFlush.map { $0 >= before && $0 <= arrived } == true
    }

    /// Input other than a message (files changed on disk): it always settles, since saves come in bursts.
    mutating func otherInput() {
        alone = false
    }

    /// What to do after handling an input, with `waiting` messages still queued behind it.
    mutating func decide(waiting: Int) -> Decision {
        guard waiting == 0 else { return .wait }
        ticket += 1
        return alone ? .flushNow : .settle(ticket: ticket)
    }

    /// Whether the settle timer `settled` is still the latest and nothing waits behind it.
    func isDue(_ settled: Int, waiting: Int) -> Bool {
        settled == ticket && waiting == 0
    }

    /// The server flushed at `now`.
    mutating func flushed(at now: Instant) {
        lastFlush = now
    }
}
