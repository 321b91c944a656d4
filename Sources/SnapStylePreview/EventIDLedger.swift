import SnapStyleProtocol
import SnapStyleClient

/// The event ids (theme generations) this preview has handed out, per theme, under the daemon instance that served
/// them. A browser's `Last-Event-ID` is only a generation; it is trusted as a place to resume from (the daemon then
/// says whether anything was missed since) only when this preview issued it under the instance it now knows, so an
/// id from before a daemon restart, or from another preview process, is answered with `missed`.
struct EventIDLedger: Sendable, Equatable {
    private(set) var instance: String?
    private var issued: [String: ClosedRange<Int>] = [:]

    /// Notes that `generation` of `theme` was sent under `instance`; another instance starts the ledger over.
    mutating func record(instance: String, theme: String, generation: Int) {
        if instance != self.instance {
            self.instance = instance
            issued = [:]
        }
        let range = issued[theme] ?? generation...generation
        issued[theme] = min(range.lowerBound, generation)...max(range.upperBound, generation)
    }

    /// A theme removed or added again starts its generations over: no id of it from before can be trusted.
    mutating func forget(theme: String) {
        issued[theme] = nil
    }

    /// Where a client that last saw `generation` of `theme` resumes, or nil when this ledger cannot vouch for it.
    func resumePoint(theme: String, lastEventID generation: Int) -> SubscriptionPoint? {
        guard let instance, let range = issued[theme], range.contains(generation) else { return nil }
        return SubscriptionPoint(instance: instance, generation: generation)
    }
}
