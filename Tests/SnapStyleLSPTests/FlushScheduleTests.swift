import Testing

@testable import SnapStyleLSP

/// When the language server analyses what it read: a lone edit at once, a burst once after it settles. Instants
/// are made from one base, so nothing here waits on a clock.
@Suite struct FlushScheduleTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant {
        start + .milliseconds(milliseconds)
    }

    @Test func theFirstMessageIsAnalysedAtOnce() {
        var schedule = FlushSchedule(settle: .milliseconds(10))
        schedule.message(arrived: at(0))
        #expect(schedule.decide(waiting: 0) == .flushNow)
    }

    @Test(arguments: [(2, false), (9, false), (10, true), (250, true)])
    func aMessageAfterQuietInputIsAnalysedAtOnceAndOneInABurstSettles(gap: Int, atOnce: Bool) {
        var schedule = FlushSchedule(settle: .milliseconds(10))
        schedule.message(arrived: at(0))
        #expect(schedule.decide(waiting: 0) == .flushNow)
        // The first message's flush is not reported, as if it were still being worked out: only the gap decides.
        schedule.message(arrived: at(gap))
        #expect(schedule.decide(waiting: 0) == (atOnce ? .flushNow : .settle(ticket: 2)))
    }

    @Test func aMessageThatComesAfterEverythingBeforeItWasWorkedOutIsAnalysedAtOnce() {
        var schedule = FlushSchedule(settle: .milliseconds(10))
        schedule.message(arrived: at(0))
        #expect(schedule.decide(waiting: 0) == .flushNow)
        schedule.flushed(at: at(1))
        schedule.message(arrived: at(3))
        #expect(schedule.decide(waiting: 0) == .flushNow)
    }

    @Test func messagesReadTogetherWaitForTheLastAndAreOneBurst() {
        var schedule = FlushSchedule(settle: .milliseconds(10))
        schedule.message(arrived: at(0))
        #expect(schedule.decide(waiting: 0) == .flushNow)
        schedule.flushed(at: at(1))
        // Three messages framed from one read, 4 ms after the last: after the flush, so analysed at once, but only
        // after the last of them.
        for waiting in [2, 1] {
            schedule.message(arrived: at(5))
            #expect(schedule.decide(waiting: waiting) == .wait)
        }
        schedule.message(arrived: at(5))
        #expect(schedule.decide(waiting: 0) == .flushNow)
        // The next read comes 2 ms later and nothing was flushed since: a burst.
        schedule.message(arrived: at(7))
        #expect(schedule.decide(waiting: 0) == .settle(ticket: 3))
    }

    @Test func filesChangedOnDiskAlwaysSettle() {
        var schedule = FlushSchedule(settle: .milliseconds(10))
        schedule.message(arrived: at(0))
        #expect(schedule.decide(waiting: 0) == .flushNow)
        schedule.otherInput()
        #expect(schedule.decide(waiting: 0) == .settle(ticket: 2))
    }

    @Test func onlyTheLatestSettleTimerFlushesAndOnlyWhenNothingWaits() {
        var schedule = FlushSchedule(settle: .milliseconds(10))
        schedule.otherInput()
        #expect(schedule.decide(waiting: 0) == .settle(ticket: 1))
        schedule.otherInput()
        #expect(schedule.decide(waiting: 0) == .settle(ticket: 2))
        #expect(!schedule.isDue(1, waiting: 0))
        #expect(!schedule.isDue(2, waiting: 1))
        #expect(schedule.isDue(2, waiting: 0))
    }
}
