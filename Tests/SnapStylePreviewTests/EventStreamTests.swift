import SnapStyleClient
import SnapStyleProtocol
import Testing

@testable import SnapStylePreview

@Suite struct EventStreamTests {
    @Test func messagesFollowTheEventStreamFormat() {
        #expect(
            ServerSentEvent.message(event: "themeChanged", data: #"{"theme":"a"}"#, id: 7).text
                == "event: themeChanged\ndata: {\"theme\":\"a\"}\nid: 7\n\n")
        #expect(
            ServerSentEvent.message(event: "x", data: "one\ntwo", id: nil).text == "event: x\ndata: one\ndata: two\n\n")
        #expect(ServerSentEvent.position(3).text == "id: 3\n\n")
        #expect(ServerSentEvent.comment("keep-alive").text == ": keep-alive\n\n")
    }

    @Test func theRelayedEventsAreTheDaemonsThemeEventsAndMissed() {
        #expect(
            Set(RelayedEvent.allCases.map(\.rawValue))
                == ["themeChanged", "themeError", "themeRecovered", "themeAdded", "themeRemoved", "missed"])
        #expect(RelayedEvent(rawValue: "valuesChanged") == nil)
    }

    @Test func anIssuedIdResumesUnderItsInstance() {
        var ledger = EventIDLedger()
        #expect(ledger.resumePoint(theme: "a", lastEventID: 1) == nil)
        ledger.record(instance: "i1", theme: "a", generation: 3)
        ledger.record(instance: "i1", theme: "a", generation: 5)
        #expect(ledger.resumePoint(theme: "a", lastEventID: 4) == SubscriptionPoint(instance: "i1", generation: 4))
        #expect(ledger.resumePoint(theme: "a", lastEventID: 5) == SubscriptionPoint(instance: "i1", generation: 5))
        #expect(ledger.resumePoint(theme: "a", lastEventID: 2) == nil)
        #expect(ledger.resumePoint(theme: "a", lastEventID: 6) == nil)
        #expect(ledger.resumePoint(theme: "b", lastEventID: 3) == nil)
    }

    @Test func aThemeAddedAgainForgetsItsIds() {
        var ledger = EventIDLedger()
        ledger.record(instance: "i1", theme: "a", generation: 4)
        ledger.record(instance: "i1", theme: "b", generation: 2)
        ledger.forget(theme: "a")
        #expect(ledger.resumePoint(theme: "a", lastEventID: 4) == nil)
        #expect(ledger.resumePoint(theme: "b", lastEventID: 2) != nil)
    }

    @Test func aNewInstanceForgetsTheIdsOfTheOldOne() {
        var ledger = EventIDLedger()
        ledger.record(instance: "i1", theme: "a", generation: 9)
        ledger.record(instance: "i2", theme: "b", generation: 1)
        #expect(ledger.instance == "i2")
        #expect(ledger.resumePoint(theme: "a", lastEventID: 9) == nil)
        #expect(ledger.resumePoint(theme: "b", lastEventID: 1) == SubscriptionPoint(instance: "i2", generation: 1))
    }
}
