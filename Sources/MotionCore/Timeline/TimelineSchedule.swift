import Foundation

/// How often a timeline may update: `.normal`, or `.lowFrequency` when the system wants fewer
/// updates (for example an always-on display).
public enum TimelineScheduleMode: Hashable, Sendable {
    case normal
    case lowFrequency
}

/// A type that provides the dates at which a timeline updates (docs/semantics.md §8.2).
/// Entries are lazy sequences: only the dates asked for are computed.
public protocol TimelineSchedule {
    associatedtype Entries: Sequence where Entries.Element == Date
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

/// Updates at a regular interval from a start date.
///
/// Entries start at the interval boundary on or before the start date —
/// `startDate − (startDate − anchor).truncatingRemainder(dividingBy: interval)` — and step by the
/// interval; each entry is computed as start + k·interval, so no rounding accumulates. A
/// non-positive or NaN interval gives the start date alone.
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    public let startDate: Date
    public let interval: TimeInterval

    public init(from startDate: Date, by interval: TimeInterval) {
        self.startDate = startDate
        self.interval = interval
    }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        guard interval > 0 else { return Entries(first: startDate, interval: 0) }
        let offset = (startDate.timeIntervalSince(self.startDate)).truncatingRemainder(dividingBy: interval)

        return Entries(first: startDate.addingTimeInterval(-offset), interval: interval)
    }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        let first: Date
        let interval: TimeInterval
        var index = 0

        init(first: Date, interval: TimeInterval) {
            self.first = first
            self.interval = interval
        }

        public mutating func next() -> Date? {
            if interval == 0 && index > 0 { return nil }
            defer { index += 1 }
            return first.addingTimeInterval(Double(index) * interval)
        }
    }
}

/// Updates at the start of every minute: the start date itself if it is on a minute boundary,
/// else the boundary before it, then each following boundary (in `Calendar.current`).
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public init() {}

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        let calendar = Calendar.current
        let first = calendar.dateInterval(of: .minute, for: startDate)?.start ?? startDate
        return Entries(calendar: calendar, upcoming: first)
    }

    public struct Entries: Sequence, IteratorProtocol {
        let calendar: Calendar
        var upcoming: Date?

        public mutating func next() -> Date? {
            guard let current = upcoming else { return nil }
            upcoming = calendar.date(byAdding: .minute, value: 1, to: current)
            return current
        }
    }
}

/// Updates at the dates given, unchanged.
public struct ExplicitTimelineSchedule<Dates: Sequence>: TimelineSchedule where Dates.Element == Date {
    public let dates: Dates

    public init(_ dates: Dates) { self.dates = dates }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Dates { dates }
}

extension ExplicitTimelineSchedule: Sendable where Dates: Sendable {}

/// Updates as fast as animation needs: start, start + i, start + 2i, … with i the minimum
/// interval (1/120 s when nil, [OSUI]'s choice). No entries when paused or in `.lowFrequency`
/// mode. A non-positive or NaN interval is 1/120 s.
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    public let minimumInterval: Double?
    public let paused: Bool

    public init(minimumInterval: Double? = nil, paused: Bool = false) {
        self.minimumInterval = minimumInterval
        self.paused = paused
    }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        let interval = minimumInterval.flatMap { $0 > 0 ? $0 : nil } ?? 1.0 / 120
        let isEmpty = paused || mode == .lowFrequency
        return Entries(start: startDate, interval: interval, isEmpty: isEmpty)
    }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        let start: Date
        let interval: TimeInterval
        let isEmpty: Bool
        var index = 0

        public mutating func next() -> Date? {
            guard !isEmpty else { return nil }
            defer { index += 1 }
            return start.addingTimeInterval(Double(index) * interval)
        }
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where Self == ExplicitTimelineSchedule<S> {
        ExplicitTimelineSchedule(dates)
    }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }

    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}
