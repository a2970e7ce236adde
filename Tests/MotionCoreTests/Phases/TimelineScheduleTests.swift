import Foundation
import MotionCore
import Testing

/// §9 T01–T07: timeline schedules, Apple-measured by [OSUI-compat].
@Suite("§9 T rows: timeline schedules")
struct TimelineScheduleTests {
    func date(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }
    func first<S: TimelineSchedule>(_ n: Int, of schedule: S, from start: Double, mode: TimelineScheduleMode = .normal) -> [Double] {
        Array(schedule.entries(from: date(start), mode: mode).prefix(n)).map(\.timeIntervalSinceReferenceDate)
    }

    @Test("T01 periodic(from: 0, by: 5).entries(from: 12) → 10, 15, 20, …")
    func t01() { #expect(first(3, of: .periodic(from: date(0), by: 5), from: 12) == [10, 15, 20]) }

    @Test("T02 periodic(from: 0, by: 10).entries(from: 25) → 20, 30, …")
    func t02() { #expect(first(2, of: .periodic(from: date(0), by: 10), from: 25) == [20, 30]) }

    @Test("T03 periodic(from: 0, by: 5).entries(from: 15) → 15, 20, …")
    func t03() { #expect(first(2, of: .periodic(from: date(0), by: 5), from: 15) == [15, 20]) }

    @Test("T04 explicit([100, 200, 300]).entries(from: 0) → 100, 200, 300, end")
    func t04() {
        let schedule: ExplicitTimelineSchedule<[Date]> = .explicit([date(100), date(200), date(300)])
        var entries = schedule.entries(from: date(0), mode: .normal).makeIterator()
        #expect([entries.next(), entries.next(), entries.next()].map { $0?.timeIntervalSinceReferenceDate } == [100, 200, 300])
        #expect(entries.next() == nil)
    }

    @Test("T05 animation(minimumInterval: 1.5).entries(from: 0, mode: .normal) → 0, 1.5, 3.0, …")
    func t05() { #expect(first(3, of: .animation(minimumInterval: 1.5), from: 0) == [0, 1.5, 3.0]) }

    @Test("T06 the animation schedule has no entries in .lowFrequency mode, nor when paused")
    func t06() {
        #expect(first(3, of: .animation, from: 0, mode: .lowFrequency).isEmpty)
        #expect(first(3, of: .animation(paused: true), from: 0).isEmpty)
    }

    @Test("T07 everyMinute: every entry has second 0 and nanosecond 0; consecutive entries 60 s apart")
    func t07() {
        let entries = Array(EveryMinuteTimelineSchedule().entries(from: date(1_000_000.75), mode: .normal).prefix(5))
        for entry in entries {
            let parts = Calendar.current.dateComponents([.second, .nanosecond], from: entry)
            #expect(parts.second == 0 && parts.nanosecond == 0)
        }
        for (a, b) in zip(entries, entries.dropFirst()) { #expect(b.timeIntervalSince(a) == 60) }
        #expect(entries[0] <= date(1_000_000.75) && date(1_000_000.75).timeIntervalSince(entries[0]) < 60)
    }

    @Test("the default animation interval is 1/120 s; entries are computed, not accumulated")
    func animationDefaults() {
        let entries = first(1201, of: .animation, from: 0)
        #expect(entries[1] == 1.0 / 120)
        #expect(entries[1200] == 10)
    }

    @Test("a non-positive periodic interval gives the start date alone")
    func badInterval() {
        #expect(first(3, of: .periodic(from: date(0), by: 0), from: 7) == [7])
        #expect(first(3, of: .periodic(from: date(0), by: -5), from: 7) == [7])
    }
}
