import NIOCore
import NIOEmbedded
import Testing

@testable import SnapStylePreview

/// The bound on one client address's connections: past it the oldest waiting one makes room, streams aside.
@Suite struct ConnectionTableTests {
    @Test func theOldestWaitingConnectionMakesRoomAndBusyOnesStay() {
        let table = ConnectionTable(perAddress: 2)
        let first = EmbeddedChannel()
        let second = EmbeddedChannel()
        #expect(table.admit(first, from: "127.0.0.1") == .admitted)
        #expect(table.admit(second, from: "127.0.0.1") == .admitted)
        table.update(first, from: "127.0.0.1", waiting: false, stream: false)
        // `first` is answering a request: `second`, waiting, makes room.
        let third = EmbeddedChannel()
        #expect(table.admit(third, from: "127.0.0.1") == .admittedClosing(ObjectIdentifier(second)))
        #expect(table.count(from: "127.0.0.1") == 2)
        // Another address has its own bound.
        #expect(table.admit(EmbeddedChannel(), from: "127.0.0.2") == .admitted)
        // Both busy: a new connection is refused.
        table.update(third, from: "127.0.0.1", waiting: false, stream: false)
        #expect(table.admit(EmbeddedChannel(), from: "127.0.0.1") == .refused)
        // An event stream does not count.
        table.update(third, from: "127.0.0.1", waiting: false, stream: true)
        #expect(table.admit(EmbeddedChannel(), from: "127.0.0.1") == .admitted)
        table.remove(first, from: "127.0.0.1")
        #expect(table.count(from: "127.0.0.1") == 1)
    }
}
