import SnapStyleSystem

/// The watcher's events gathered from its thread until they settle: events within `settleMillis` of each other
/// are taken together (an editor's save with a backup file is several events over a few milliseconds: one
/// change). The daemon's reloads and `snapstyle build --watch` both wait on it.
public final class SettledEvents: Sendable {
    /// What arrived since the last `take()`.
    public struct Batch: Sendable {
        public var paths = Set<String>()
        /// The watcher lost events: everything must be read again.
        public var rescan = false
    }

    struct Pending {
        var batch = Batch()
        /// When the watcher last reported something: a burst is taken once it has been quiet for the settle time.
        var lastEvent = ContinuousClock.now
    }

    let settleMillis: Int
    let pending = Locked(Pending())
    /// One element whenever something arrived (at most one waits): the consumer then settles and takes.
    public let kicks: AsyncStream<Void>
    let kick: AsyncStream<Void>.Continuation

    public init(settleMillis: Int) {
        self.settleMillis = settleMillis
        (kicks, kick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Called on the watcher's thread.
    public func receive(_ event: WatchEvent) {
        pending.withLock { pending in
            switch event {
            case .changed(let paths): pending.batch.paths.formUnion(paths)
            case .rescan: pending.batch.rescan = true
            }
            pending.lastEvent = .now
        }
        kick.yield()
    }

    /// Waits until the watcher has been quiet for `settleMillis`, but no longer than 50 settle times in all.
    public func settle() async {
        let settle = Duration.milliseconds(settleMillis)
        let deadline = ContinuousClock.now + settle * 50
        while true {
            // Until the settle time after the last event, not a whole settle time more.
            let quietUntil = min(pending.withLock { $0.lastEvent } + settle, deadline)
            guard quietUntil > ContinuousClock.now, !Task.isCancelled else { return }
            try? await Task.sleep(until: quietUntil, clock: .continuous)
        }
    }

    /// What arrived since the last call, and nothing left behind.
    public func take() -> Batch {
        pending.withLock { pending in
            defer { pending.batch = Batch() }
            return pending.batch
        }
    }

    /// Ends `kicks`, so that its consumer's loop returns.
    public func finish() { kick.finish() }
}
