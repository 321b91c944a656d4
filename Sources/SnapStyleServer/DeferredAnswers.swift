import ServiceLifecycle

/// Answers deferred requests (`Reply.deferred`) as a service: each in a child task of `run()`, so every answer in
/// flight belongs to the service and ends with it. Connections submit from their event loops.
public final class DeferredAnswers: Service, Sendable {
    struct Job: Sendable {
        let request: DeferredRequest
        let done: @Sendable ([UInt8]?) -> Void
    }

    let dispatcher: RequestDispatcher
    let jobs: AsyncStream<Job>
    let submissions: AsyncStream<Job>.Continuation

    public init(dispatcher: RequestDispatcher) {
        self.dispatcher = dispatcher
        (jobs, submissions) = AsyncStream.makeStream(of: Job.self)
    }

    /// Queues a request; `done` gets its answer (nil: nothing to send). False once the service is shutting down.
    func submit(_ request: DeferredRequest, done: @escaping @Sendable ([UInt8]?) -> Void) -> Bool {
        if case .enqueued = submissions.yield(Job(request: request, done: done)) { return true }
        return false
    }

    /// Answers until a graceful shutdown; requests already queued then are still answered.
    public func run() async {
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                for await job in jobs {
                    group.addTask { [dispatcher] in job.done(await dispatcher.answer(job.request)) }
                }
            }
        } onGracefulShutdown: { [submissions] in
            submissions.finish()
        }
    }
}
