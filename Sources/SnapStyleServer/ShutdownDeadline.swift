import Foundation
import Logging
import ServiceLifecycle
import SnapStyleEngine
import SnapStyleSystem

/// Bounds a graceful shutdown: once SIGTERM or SIGINT has started it, the process exits after `limit` whatever is
/// still running. A change being applied (a slow compile of a hostile token file, a read of a slow file system)
/// cannot be interrupted in the middle of the synchronous work that owns the theme state; it is abandoned instead,
/// and since a change is published only at its end, nothing half-done is ever served. The listener has already
/// closed and removed its socket file by then.
public struct ShutdownDeadline: Service {
    let limit: Duration
    let logger: Logger
    let exit: @Sendable () -> Void

    public init(
        limit: Duration = .seconds(Limits.shutdownSeconds), logger: Logger,
        exit: @escaping @Sendable () -> Void = { CurrentProcess.exit(0) }
    ) {
        self.limit = limit
        self.logger = logger
        self.exit = exit
    }

    public func run() async {
        guard (try? await gracefulShutdown()) != nil else { return }
        // A thread of its own: the deadline must hold even when every thread of the concurrency pool is busy.
        let (limit, logger, exit) = (limit, logger, exit)
        let thread = Thread {
            Thread.sleep(
                forTimeInterval: Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18)
            logger.warning("shutdown: work still in progress after \(limit) (a change being applied): exiting now")
            exit()
        }
        thread.start()
    }
}
