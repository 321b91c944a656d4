import ServiceLifecycle
import SnapStyleEngine
import SnapStyleSystem
import SnapStyleThemes

/// `reload` requests waiting for a rescan. One rescan answers every request that waits when it starts, so a flood
/// of requests costs one rescan at a time. While no worker serves (`serve()`), a request rescans by itself.
public final class RescanRequests: Sendable {
    struct Queue: Sendable {
        var accepting = false
        var waiting: [CheckedContinuation<ReloadReport?, Never>] = []
    }

    let changes: ChangeCoordinator
    let queue = Locked(Queue())
    let kicks: AsyncStream<Void>
    let kick: AsyncStream<Void>.Continuation

    public init(changes: ChangeCoordinator) {
        self.changes = changes
        (kicks, kick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// A rescan for a `reload` request: the next one the worker runs, or one of its own without a worker.
    func rescan() async -> ReloadReport {
        let queued = await withCheckedContinuation { (continuation: CheckedContinuation<ReloadReport?, Never>) in
            let accepted = queue.withLock { queue in
                guard queue.accepting else { return false }
                queue.waiting.append(continuation)
                return true
            }
            if accepted { kick.yield() } else { continuation.resume(returning: nil) }
        }
        if let queued { return queued }
        return await changes.rescan(reason: "reload requested")
    }

    /// Answers waiting requests until shutdown begins, then those still waiting; from then on requests rescan by
    /// themselves.
    public func serve() async {
        queue.withLock { $0.accepting = true }
        for await _ in kicks.cancelOnGracefulShutdown() { await answer(takeWaiting(stopAccepting: false)) }
        await answer(takeWaiting(stopAccepting: true))
    }

    private func takeWaiting(stopAccepting: Bool) -> [CheckedContinuation<ReloadReport?, Never>] {
        queue.withLock { queue in
            if stopAccepting { queue.accepting = false }
            defer { queue.waiting = [] }
            return queue.waiting
        }
    }

    private func answer(_ waiting: [CheckedContinuation<ReloadReport?, Never>]) async {
        guard !waiting.isEmpty else { return }
        let reason = waiting.count == 1 ? "reload requested" : "\(waiting.count) reloads requested"
        let report = await changes.rescan(reason: reason)
        for continuation in waiting { continuation.resume(returning: report) }
    }
}
