import Testing

@testable import SnapStyleServer

/// The connection's state machine, without a channel.
@Suite struct ConnectionStateTests {
    func open() -> ConnectionState {
        var state = ConnectionState()
        state.activated()
        return state
    }

    @Test func linesAreAnsweredOnlyOnceActiveAndNotWhileWaiting() {
        var state = ConnectionState()
        #expect(!state.answersLines)
        state.activated()
        #expect(state.answersLines)
        let result1 = state.wait(for: .reply)
        #expect(result1 == .pauseReading)
        #expect(!state.answersLines)
        let result2 = state.wait(for: .writable)
        #expect(result2 == .none, "one wait at a time")
        let result3 = state.waitEnded(.writable)
        #expect(!result3, "the other wait does not end this one")
        let result4 = state.waitEnded(.reply)
        #expect(result4)
        #expect(state.answersLines)
        #expect(state.afterHeldLines() == .resumeReading)
    }

    @Test func inputClosedFinishesAtOnceOnlyWhenNothingWaits() {
        var idle = open()
        let result5 = idle.inputClosed(holding: false)
        #expect(result5 == .finish)

        var holding = open()
        let result6 = holding.inputClosed(holding: true)
        #expect(result6 == .none)
        #expect(holding.afterHeldLines() == .finish, "held lines answered, then finish")

        var waiting = open()
        _ = waiting.wait(for: .reply)
        let result7 = waiting.inputClosed(holding: false)
        #expect(result7 == .none)
        #expect(waiting.afterHeldLines() == .none, "still waiting for the reply")
        let result8 = waiting.waitEnded(.reply)
        #expect(result8)
        #expect(waiting.afterHeldLines() == .finish)
    }

    @Test func closingIsFinal() {
        var state = open()
        let result9 = state.close()
        #expect(result9)
        let result10 = state.close()
        #expect(!result10, "closing twice does nothing")
        #expect(!state.answersLines && !state.isOpen)
        let result11 = state.wait(for: .reply)
        #expect(result11 == .none)
        let result12 = state.waitEnded(.reply)
        #expect(!result12)
        let result13 = state.inputClosed(holding: false)
        #expect(result13 == .none)
        state.closed()
        #expect(state.phase == .closed)
    }
}
