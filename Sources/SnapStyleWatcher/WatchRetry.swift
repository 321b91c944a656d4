/// When to try again to watch the directories the kernel refused (the watch or the instance limit).
///
/// After a limit is hit, retries back off from `first`, doubling up to `maximum`, so a machine that stays at
/// its limit is not rescanned in a loop. An explicit request (SIGHUP, `reload`) retries at once. A pure state
/// machine: the watcher's thread owns it and passes the time in.
struct WatchRetry: Equatable {
    enum State: Equatable {
        /// Every directory is watched.
        case complete
        /// Some directories are not watched; the next attempt is due at `next`.
        case incomplete(next: ContinuousClock.Instant, delay: Duration)
    }

    let first: Duration
    let maximum: Duration
    private(set) var state = State.complete

    init(first: Duration = .seconds(10), maximum: Duration = .seconds(600)) {
        self.first = first
        self.maximum = maximum
    }

    var isComplete: Bool { state == .complete }

    /// A limit refused a watch: the first attempt again is due after `first` (an earlier schedule stands).
    mutating func limitHit(at now: ContinuousClock.Instant) {
        guard case .complete = state else { return }
        state = .incomplete(next: now + first, delay: first)
    }

    /// Whether to try again now.
    func isDue(at now: ContinuousClock.Instant, requested: Bool) -> Bool {
        guard case .incomplete(let next, _) = state else { return false }
        return requested || now >= next
    }

    /// Records an attempt: complete, or the next attempt later. An automatic attempt that fails doubles the
    /// delay (at most `maximum`); a requested one that fails keeps it. Returns the delay until the next
    /// attempt, or nil when every directory is now watched.
    @discardableResult
    mutating func attempted(at now: ContinuousClock.Instant, complete: Bool, requested: Bool = false) -> Duration? {
        guard !complete else {
            state = .complete
            return nil
        }
        let delay: Duration
        if case .incomplete(_, let last) = state {
            delay = requested ? last : min(last * 2, maximum)
        } else {
            delay = first
        }
        state = .incomplete(next: now + delay, delay: delay)
        return delay
    }
}
