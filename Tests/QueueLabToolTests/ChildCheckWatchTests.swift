import Testing

@testable import QueueLabTool

/// `conform`'s parent and a child running one check: silence ends a stuck check, each line of
/// progress restarts the silence bound, and the cap ends a check that moves forever.
struct ChildCheckWatchTests {
    let second: UInt64 = 1_000_000_000

    @Test func eachLineRestartsTheSilenceBoundUntilTheCapIsNear() {
        var watch = ChildCheckWatch(silence: .seconds(200), cap: .seconds(1_000), now: 0)
        #expect(watch.nextBound(now: 0) == .seconds(200))
        // A check still moving after 600 s (starved, not stuck) gets the whole silence bound again.
        #expect(watch.nextBound(now: 600 * second) == .seconds(200))
        #expect(!watch.endsAtCap)
        // Within a silence bound of the cap, the wait ends at the cap.
        #expect(watch.nextBound(now: 900 * second) == .seconds(100))
        #expect(watch.endsAtCap)
        #expect(watch.nextBound(now: 1_100 * second) == .zero)
    }

    @Test func theStaleSummarySaysWhichBoundEndedTheCheck() {
        var silent = ChildCheckWatch(silence: .seconds(200), cap: .seconds(1_000), now: 0)
        _ = silent.nextBound(now: 50 * second)
        let stuck = silent.staleSummary(killedAt: 250 * second)
        #expect(stuck.contains("said nothing for 200 s") && stuck.contains("after running it for 50 s"), "\(stuck)")

        var moving = ChildCheckWatch(silence: .seconds(200), cap: .seconds(1_000), now: 0)
        _ = moving.nextBound(now: 950 * second)
        let capped = moving.staleSummary(killedAt: 1_000 * second)
        #expect(capped.contains("ran for 1000 s") && capped.contains("cap of 1000 s"), "\(capped)")
        #expect(moving.seconds(until: 1_000 * second) == 1_000)
    }

    @Test func progressLinesRoundTrip() {
        let line = ConformChildProtocol.Line.progress(index: 12)
        #expect(line.text == "queuelab-progress 12")
        #expect(ConformChildProtocol.Line(parsing: line.text) == line)
        #expect(ConformChildProtocol.Line(parsing: "queuelab-progress x") == .other("queuelab-progress x"))
    }
}
