import FixtureFormat
import Foundation

/// Makes a diverging spring, curve, keyframes, phases or timeline scenario smaller while it still
/// diverges, editing its JSON: fewer checks, tracks, keyframes, phases, triggers and samples,
/// optional arguments left to their defaults, animations and keyframes made linear, rounder
/// numbers. The candidates that do not make a fixture the reader accepts are dropped by the caller.
package enum BodyShrinker {
    /// Arrays an element may be taken from, and how many must stay.
    static let shortenable: [String: Int] = ["checks": 1, "tracks": 1, "keyframes": 1, "phases": 2, "triggers": 0, "samples": 1, "explicit": 1]
    /// Members that may be left out, their defaults then applying.
    package static let optional: Set<String> = [
        "curve", "startVelocity", "endVelocity", "spring", "allowOverDamping", "epsilon", "mass", "initialVelocity", "minimumInterval", "paused",
        "delay", "speed", "repeatCount", "repeatForever", "autoreverses", "logicallyCompleteAfter", "blendDuration", "extraBounce",
    ]

    /// Smaller bodies, the biggest cuts first.
    static func candidates(_ body: JSONValue) -> [JSONValue] {
        cuts(body, key: nil, inSamples: false) + roundings(body, key: nil, array: nil)
    }

    static func cuts(_ json: JSONValue, key: String?, inSamples: Bool) -> [JSONValue] {
        switch json {
        case let .object(members):
            var out: [JSONValue] = []
            for (index, (name, value)) in members.enumerated() {
                if optional.contains(name) { out.append(.object(members.enumerated().filter { $0.offset != index }.map(\.element))) }
                // A phase without an animation, and a linear animation or keyframe instead of another.
                if name == "animation", value != .null { out.append(.object(members.map { $0.0 == name ? ($0.0, .null) : $0 })) }
                if index == 0, ["cubic", "spring"].contains(name), let to = value["to"], let duration = value["duration"] {
                    out.append(.object([("linear", .object([("to", to), ("duration", duration)]))]))
                }
                for smaller in cuts(value, key: name, inSamples: name == "samples") {
                    out.append(.object(members.map { $0.0 == name ? ($0.0, smaller) : $0 }))
                }
            }
            return out
        case let .array(items):
            var out: [JSONValue] = []
            if let key, let keep = shortenable[key], items.count > keep {
                if items.count > 3 {
                    out.append(.array(Array(items.prefix(items.count / 2))))
                    out.append(.array(Array(items.suffix(from: items.count / 2))))
                }
                for index in items.indices { out.append(.array(items.enumerated().filter { $0.offset != index }.map(\.element))) }
            }
            for (index, item) in items.enumerated() where !inSamples {
                for smaller in cuts(item, key: nil, inSamples: false) {
                    out.append(.array(items.enumerated().map { $0.offset == index ? smaller : $0.element }))
                }
            }
            return out
        default:
            return []
        }
    }

    /// Rounder numbers, on the shrinker's grids: times and arguments on 1, 0.5, 0.1, 0.05, 0.01;
    /// values on 100, 10, 1. `array` is the key of the array the value is an element of.
    static func roundings(_ json: JSONValue, key: String?, array: String?) -> [JSONValue] {
        switch json {
        case let .object(members):
            var out: [JSONValue] = []
            for (index, (name, value)) in members.enumerated() where !isAnswer(name, value, array: array) {
                for rounder in roundings(value, key: name, array: nil) {
                    out.append(.object(members.enumerated().map { $0.offset == index ? ($0.element.0, rounder) : $0.element }))
                }
            }
            return out
        case let .array(items):
            var out: [JSONValue] = []
            for (index, item) in items.enumerated() {
                for rounder in roundings(item, key: key, array: key) {
                    out.append(.array(items.enumerated().map { $0.offset == index ? rounder : $0.element }))
                }
            }
            return out
        case let .number(n):
            let values = ["to", "value", "initialValue", "startVelocity", "endVelocity", "a", "b"]
            let steps = values.contains(key ?? "") ? ScenarioShrinker.roundedValue(n) : ScenarioShrinker.rounded(n)
            return steps.map { .number($0) }
        default:
            return []
        }
    }

    /// Whether a member holds an answer the reference model writes (editing it changes nothing):
    /// `expected`, `transitions`, `ends`, and a check's or sample's value, velocity or phase — a
    /// spring check's `value` holds its arguments, which are not.
    static func isAnswer(_ name: String, _ value: JSONValue, array: String?) -> Bool {
        if ["expected", "transitions", "ends"].contains(name) { return true }
        guard array == "checks" || array == "samples", ["value", "velocity", "phase"].contains(name) else { return false }
        return value["time"] == nil
    }
}
