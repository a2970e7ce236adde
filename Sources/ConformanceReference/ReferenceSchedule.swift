import FixtureFormat
import Foundation

/// `TimelineSchedule` entries by docs/semantics.md §8.2, written apart from MotionCore's, in
/// seconds since the reference date.
package enum ReferenceSchedule {
    /// The entries from `start`, at most `limit` of them (fewer when the schedule ends).
    package static func entries(_ schedule: JSONValue, from start: Double, lowFrequency: Bool, limit: Int) throws -> [Double] {
        guard case let .object(members) = schedule, let (kind, args) = members.first else {
            throw ReferenceModel.Unsupported(description: "a schedule must be an object naming its kind")
        }
        func n(_ key: String) -> Double? { if case let .number(v)? = args[key] { return v } else { return nil } }
        func every(_ first: Double, _ step: Double) -> [Double] { (0..<limit).map { first + Double($0) * step } }
        switch kind {
        case "periodic":
            guard let from = n("from"), let by = n("by") else { throw ReferenceModel.Unsupported(description: "periodic needs from and by") }
            return every(start - (start - from).truncatingRemainder(dividingBy: by), by)
        case "everyMinute":
            let minute = (start / 60).rounded(.down) * 60
            return every(minute, 60)
        case "explicit":
            guard case let .array(dates) = args else { throw ReferenceModel.Unsupported(description: "explicit needs dates") }
            return Array(dates.compactMap { if case let .number(v) = $0 { return v } else { return nil } }.prefix(limit))
        case "animation":
            var paused = false
            if case let .bool(b)? = args["paused"] { paused = b }
            if paused || lowFrequency { return [] }
            // An interval at or below 0 sets no minimum, as nil does.
            return every(start, n("minimumInterval").flatMap { $0 > 0 ? $0 : nil } ?? 1.0 / 120)
        default:
            throw ReferenceModel.Unsupported(description: "unknown schedule \(kind)")
        }
    }
}
