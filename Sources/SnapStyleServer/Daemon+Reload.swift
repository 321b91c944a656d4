import NIOPosix
import ServiceLifecycle
import SnapStyleJSON
import SnapStyleThemes

/// `reload` requests waiting for the reload worker. `accepting` is set before the services start and cleared
/// when the worker stops, under the same lock as the jobs, so no request is queued that nobody answers.
struct ReloadQueue: Sendable {
    var accepting = false
    var jobs: [Daemon.ReloadJob] = []
}

extension Daemon {
    /// A `reload` request to answer once a rescan is done: its caller, and its id (nil: a notification).
    struct ReloadJob: Sendable {
        let caller: Caller
        let id: JSONValue?
    }

    /// From now on, `reload` requests wait for `answerReloadRequests` (call it before the services start).
    public func acceptReloadRequests() {
        reloadQueue.withLock { $0.accepting = true }
    }

    /// Queues a `reload` for the worker; false when no worker takes requests (answer it in place then).
    func queueReload(_ job: ReloadJob) -> Bool {
        let queued = reloadQueue.withLock { queue in
            guard queue.accepting else { return false }
            queue.jobs.append(job)
            return true
        }
        if queued { reloadKick.yield() }
        return queued
    }

    /// Answers queued `reload` requests until shutdown begins, then those still queued. One rescan answers
    /// every request that waits when it starts, so a flood of requests costs one rescan at a time.
    public func answerReloadRequests() async {
        for await _ in reloadKicks.cancelOnGracefulShutdown() {
            let jobs = reloadQueue.withLock { queue in
                defer { queue.jobs = [] }
                return queue.jobs
            }
            await answer(jobs)
        }
        let left = reloadQueue.withLock { queue in
            queue.accepting = false
            defer { queue.jobs = [] }
            return queue.jobs
        }
        await answer(left)
    }

    private func answer(_ jobs: [ReloadJob]) async {
        guard !jobs.isEmpty else { return }
        let report = await rescan(reason: jobs.count == 1 ? "reload requested" : "\(jobs.count) reloads requested")
        let result = Self.encode(reloadResult(report))
        for job in jobs { job.caller.sink.resume(with: job.id.map { Self.envelope(id: $0, result: result) }) }
    }

    /// A rescan someone asked for (SIGHUP, `reload`), on NIO's thread pool: the watcher first retries the
    /// watches a limit refused, then `reloadAll` reads every file away from the event loops and the tasks.
    @discardableResult
    public func rescan(reason: String) async -> ReloadReport {
        await offTheLoops { self.rescanInPlace(reason: reason) }
    }

    /// Runs blocking theme work (file reads, rebuilds, waiting for the change lock) on NIO's thread pool,
    /// so it holds neither an event loop nor a thread of the concurrency pool.
    @discardableResult
    func offTheLoops<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        if let value = try? await NIOThreadPool.singleton.runIfActive(body) { return value }
        return body()
    }

    /// A rescan someone asked for, on the calling thread (a `reload` inside a batch, or with no worker).
    func rescanInPlace(reason: String) -> ReloadReport {
        for hook in rescanHooks.withLock({ $0 }) { hook() }
        return reloadAll(reason: reason)
    }
}
