import Logging
import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol
import Testing

@testable import SnapStylePreview

/// The event streams' bookkeeping, without I/O.
@Suite struct StreamHubTests {
    func subscribed(_ instance: String, _ generations: [String: Int], missed: Bool = false) -> SubscribeResult {
        SubscribeResult(subscription: "s", instance: instance, generations: generations, values: [], missed: missed)
    }

    func changed(_ theme: String, _ generation: Int) -> ThemeEvent {
        let params: JSONObject = [
            "theme": .string(theme), "generation": .integer(Int64(generation)), "changed": .object([:]),
            "containers": .array([]), "components": .array([]), "files": .array([]),
        ]
        return ThemeEvent(method: "themeChanged", params: .object(params))!
    }

    /// The messages of each stream, by stream.
    func byStream(_ deliveries: [StreamHub.Delivery]) -> [Int: [ServerSentEvent]] {
        Dictionary(grouping: deliveries, by: \.stream).mapValues { $0.map(\.message) }
    }

    func event(_ message: ServerSentEvent?) -> String? {
        guard case .message(let event, _, _) = message else { return nil }
        return event
    }

    @Test func streamsPastTheLimitAreRefusedAndAClosedOneFreesItsPlace() {
        var hub = StreamHub(limit: 3)
        #expect(hub.open(1, theme: "a", lastEventID: nil)?.needsSubscription == true)
        #expect(hub.open(2, theme: nil, lastEventID: nil)?.needsSubscription == false)
        #expect(hub.open(3, theme: "b", lastEventID: nil) != nil)
        #expect(hub.open(4, theme: "a", lastEventID: nil) == nil)
        #expect(hub.count == 3)
        #expect(hub.close(2) == false)
        #expect(hub.close(2) == false, "closing twice changes nothing")
        #expect(hub.open(5, theme: "a", lastEventID: nil) != nil)
        #expect(hub.close(1) == false && hub.close(3) == false)
        #expect(hub.close(5) == true, "the last stream closed: the subscription is no longer needed")
        #expect(hub.count == 0)
        #expect(hub.open(6, theme: nil, lastEventID: nil)?.needsSubscription == true)
    }

    @Test func aStreamStartsWithItsPositionOnceTheSubscriptionIsUp() {
        var hub = StreamHub(limit: 10)
        #expect(hub.open(1, theme: "a", lastEventID: nil)?.first == nil, "no subscription yet: it waits")
        let first = byStream(hub.subscribed(subscribed("i1", ["a": 4, "b": 9])))
        #expect(first == [1: [.position(4)]])
        #expect(hub.open(2, theme: nil, lastEventID: nil)?.first == .position(9), "all themes: the newest")
        #expect(hub.open(3, theme: "b", lastEventID: nil)?.first == .position(9))
    }

    @Test func anEventReachesEveryStreamOfItsThemeAndEveryStreamOfAllThemes() {
        var hub = StreamHub(limit: 1000)
        _ = hub.subscribed(subscribed("i1", ["a": 1, "b": 1]))
        for id in 0..<300 { _ = hub.open(id, theme: id % 3 == 0 ? nil : (id % 3 == 1 ? "a" : "b"), lastEventID: nil) }
        let deliveries = byStream(hub.received(changed("a", 2)))
        #expect(deliveries.count == 200)
        #expect(Set(deliveries.keys) == Set((0..<300).filter { $0 % 3 != 2 }))
        #expect(deliveries.values.allSatisfy { $0.count == 1 && event($0.first) == "themeChanged" })
        guard case .message(_, _, let id) = deliveries[0]?.first else { return }
        #expect(id == 2)
        #expect(hub.open(1000, theme: "a", lastEventID: nil)?.first == .position(2), "the position follows events")
        #expect(hub.everyone(.comment("keep-alive")).count == 301)
    }

    @Test func aLastEventIDResumesOnlyWhereTheLedgerVouchesAndNothingMoved() {
        var hub = StreamHub(limit: 10)
        _ = hub.subscribed(subscribed("i1", ["a": 1]))
        _ = hub.received(changed("a", 2))
        #expect(hub.open(1, theme: "a", lastEventID: 2)?.first == .position(2), "current: nothing missed")
        #expect(event(hub.open(2, theme: "a", lastEventID: 1)?.first) == "missed", "behind")
        #expect(event(hub.open(3, theme: "a", lastEventID: 40)?.first) == "missed", "never issued")
        #expect(event(hub.open(4, theme: nil, lastEventID: 2)?.first) == "missed", "all themes cannot resume")
        guard case .message(_, let data, let id) = hub.open(5, theme: "a", lastEventID: 40)?.first else { return }
        #expect(id == 2 && data.contains("cannot be resumed"))
    }

    @Test func afterAReconnectionOnlyStreamsWhoseThemeMovedAreToldTheyMissed() {
        var hub = StreamHub(limit: 10)
        _ = hub.subscribed(subscribed("i1", ["a": 1, "b": 1]))
        _ = hub.open(1, theme: "a", lastEventID: nil)
        _ = hub.open(2, theme: "b", lastEventID: nil)
        _ = hub.open(3, theme: nil, lastEventID: nil)
        let gone = byStream(hub.disconnected())
        #expect(gone.count == 3 && gone.values.allSatisfy { $0 == [.comment("daemon gone: reconnecting")] })
        #expect(hub.isLive == false)
        #expect(hub.open(4, theme: "a", lastEventID: nil)?.first == nil, "opened while down: it waits")

        let again = byStream(hub.subscribed(subscribed("i1", ["a": 1, "b": 2])))
        #expect(again[1] == nil, "a did not move")
        #expect(event(again[2]?.first) == "missed" && event(again[3]?.first) == "missed")
        #expect(again[4] == [.position(1)])

        _ = hub.disconnected()
        let restarted = byStream(hub.subscribed(subscribed("i2", ["a": 1, "b": 2])))
        #expect(restarted.count == 4 && restarted.values.allSatisfy { event($0.first) == "missed" }, "another daemon")
    }

    @Test func aStreamOfAllThemesAlsoTakesTheDaemonsWordForAMiss() {
        var hub = StreamHub(limit: 10)
        _ = hub.subscribed(subscribed("i1", ["a": 1]))
        _ = hub.open(1, theme: "a", lastEventID: nil)
        _ = hub.open(2, theme: nil, lastEventID: nil)
        _ = hub.disconnected()
        let again = byStream(hub.subscribed(subscribed("i1", ["a": 1], missed: true)))
        #expect(again[1] == nil && event(again[2]?.first) == "missed")
    }

    @Test func aStoppedSubscriptionMakesNewStreamsWait() {
        var hub = StreamHub(limit: 10)
        _ = hub.subscribed(subscribed("i1", ["a": 1]))
        _ = hub.open(1, theme: "a", lastEventID: nil)
        #expect(hub.close(1) == true)
        hub.stopped()
        #expect(hub.open(2, theme: "a", lastEventID: nil)?.first == nil)
        #expect(byStream(hub.subscribed(subscribed("i1", ["a": 3]))) == [2: [.position(3)]])
    }
}

/// The relay's streams are closed whichever way they end, so nothing is kept for a client that is gone.
@Suite struct EventRelayStreamTests {
    let relay = EventRelay(socket: "/nonexistent.sock", maxStreams: 2, logger: Logger(label: "test"))

    @Test func aStreamWhoseResponseIsDroppedUnreadIsClosed() {
        var stream = relay.open(theme: "a", lastEventID: nil)
        #expect(stream != nil && relay.count == 1)
        stream = nil
        #expect(relay.count == 0)
    }

    @Test func aFinishedStreamFreesItsPlaceForTheNext() {
        let first = relay.open(theme: nil, lastEventID: nil)
        let second = relay.open(theme: nil, lastEventID: nil)
        #expect(first != nil && second != nil)
        #expect(relay.open(theme: nil, lastEventID: nil) == nil)
        first?.sink.finish()
        #expect(relay.count == 1)
        #expect(relay.open(theme: nil, lastEventID: nil) != nil)
    }
}
