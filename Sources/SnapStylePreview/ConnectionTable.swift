import NIOCore
import Synchronization

/// The preview's open connections by client address, for the bound on what one client may hold: at most
/// `perAddress` connections of an address that are not event streams (those have `--max-streams`). A new one past
/// the bound closes the oldest connection of that address that is waiting for a request (a slow or abandoned head,
/// or an idle keep-alive connection), or is itself refused when every one is busy answering.
final class ConnectionTable: Sendable {
    /// What the table decides for a new connection.
    enum Admission: Equatable {
        case admitted
        /// Admitted, once this connection (the oldest waiting one of its address) is closed.
        case admittedClosing(ObjectIdentifier)
        case refused
    }

    private struct Entry {
        var channel: any Channel
        var order: UInt64
        var waiting = true
        var stream = false
    }

    private struct State {
        var byAddress: [String: [ObjectIdentifier: Entry]] = [:]
        var next: UInt64 = 0
    }

    let perAddress: Int
    private let state = Mutex(State())

    init(perAddress: Int) { self.perAddress = perAddress }

    /// Registers `channel` from `address`; closes the connection it displaces, if any.
    func admit(_ channel: any Channel, from address: String) -> Admission {
        let id = ObjectIdentifier(channel)
        let (admission, displaced): (Admission, (any Channel)?) = state.withLock { state in
            var entries = state.byAddress[address, default: [:]]
            var displaced: (any Channel)?
            var admission = Admission.admitted
            if entries.values.count(where: { !$0.stream }) >= perAddress {
                let waiting = entries.filter { $0.value.waiting && !$0.value.stream }
                let oldest = waiting.min { $0.value.order < $1.value.order }
                guard let oldest else { return (.refused, nil) }
                entries[oldest.key] = nil
                displaced = oldest.value.channel
                admission = .admittedClosing(oldest.key)
            }
            entries[id] = Entry(channel: channel, order: state.next)
            state.next += 1
            state.byAddress[address] = entries
            return (admission, displaced)
        }
        displaced?.close(promise: nil)
        return admission
    }

    /// Says whether the connection is waiting for a request (no head, or its answers all written) and whether it
    /// became an event stream.
    func update(_ channel: any Channel, from address: String, waiting: Bool, stream: Bool) {
        state.withLock { state in
            guard var entry = state.byAddress[address]?[ObjectIdentifier(channel)] else { return }
            entry.waiting = waiting
            entry.stream = stream
            state.byAddress[address]?[ObjectIdentifier(channel)] = entry
        }
    }

    func remove(_ channel: any Channel, from address: String) {
        state.withLock { state in
            state.byAddress[address]?[ObjectIdentifier(channel)] = nil
            if state.byAddress[address]?.isEmpty == true { state.byAddress[address] = nil }
        }
    }

    /// Connections of `address` counted against the bound (event streams are not).
    func count(from address: String) -> Int {
        state.withLock { $0.byAddress[address]?.values.count(where: { !$0.stream }) ?? 0 }
    }
}
