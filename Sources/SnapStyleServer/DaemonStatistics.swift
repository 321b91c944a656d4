import Foundation
import SnapStyleEngine
import SnapStyleSystem
import Synchronization

/// The daemon's counters for `status`: connections (and admitting them), reloads, watches, uptime. Written from
/// the event loops, the reload paths and the watcher; read by `status`.
public final class DaemonStatistics: Sendable {
    struct Counters: Sendable {
        var connections = 0
        var nextConnection = 1
        var reloads = 0
        var lastReloadMillis = 0.0
        var lastReloadAt: String?
    }

    let counters = Locked(Counters())
    let watches = Atomic<Int>(0)
    let startedAt = ContinuousClock.now
    /// At most this many connections at once.
    public let maxConnections: Int

    public init(maxConnections: Int) { self.maxConnections = maxConnections }

    /// A new connection's number, or nil when `maxConnections` are open.
    public func connectionOpened() -> Int? {
        counters.withLock { counters in
            guard counters.connections < maxConnections else { return nil }
            counters.connections += 1
            defer { counters.nextConnection += 1 }
            return counters.nextConnection
        }
    }

    public func connectionClosed() { counters.withLock { $0.connections -= 1 } }

    /// Records how many inotify watches are in place.
    public func setWatchCount(_ count: Int) { watches.store(count, ordering: .relaxed) }

    /// Records a reload that took `elapsed`, now.
    func reloaded(in elapsed: Duration) {
        let millis = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let now = Date().formatted(.iso8601)
        counters.withLock { counters in
            counters.reloads += 1
            counters.lastReloadMillis = millis
            counters.lastReloadAt = now
        }
    }

    var snapshot: Counters { counters.withLock { $0 } }
    var watchCount: Int { watches.load(ordering: .relaxed) }
    var uptime: Duration { ContinuousClock.now - startedAt }
}
