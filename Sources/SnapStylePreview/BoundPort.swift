import Synchronization

/// The port the server listens on, once it does (`--port 0` picks one when binding).
final class BoundPort: Sendable {
    private let storage = Atomic<Int>(-1)

    var value: Int? {
        let port = storage.load(ordering: .acquiring)
        return port < 0 ? nil : port
    }

    func set(_ port: Int) { storage.store(port, ordering: .releasing) }
}
