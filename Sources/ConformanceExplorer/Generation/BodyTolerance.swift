import ConformanceReference
import FixtureFormat
import Foundation

/// The tolerance of a generated spring, curve, keyframes, phases or timeline fixture: 1e-9 where
/// the answer is closed-form arithmetic, widened only where docs/semantics.md §2.2 lets two correct
/// solvers differ — a Bézier's value by one 2⁻²⁰ step each way of its rounding, and its slope by
/// that step seen through how fast the slope changes.
enum BodyTolerance {
    static let step = 1.0 / 1_048_576

    static func of(_ kind: ScenarioKind, _ body: JSONValue) -> JSONValue {
        let absolute: Double
        var relative = 1e-9
        switch kind {
        case .property: absolute = 1e-9
        case .spring: absolute = 1e-9
        case .curve: absolute = curve(body)
        case .keyframes: absolute = keyframes(body)
        case .phases: absolute = phases(body)
        case .timeline:
            // Seconds since 2001 are near 1e9: a relative tolerance would allow whole seconds.
            absolute = 1e-6
            relative = 0
        }
        return .object([("absolute", .number(readable(absolute))), ("relative", .number(relative))])
    }

    /// Two significant digits, rounded up, so the file stays readable; plus the 1e-9 floor.
    static func readable(_ x: Double) -> Double {
        guard x > 1e-9 else { return 1e-9 }
        let scale = pow(10, floor(log10(x)) - 1)
        return (x / scale).rounded(.up) * scale + 1e-9
    }

    /// The largest change of a Bézier curve's slope per unit of progress, measured on a grid, or
    /// nil for a curve that does not round (linear, circular).
    static func slopeChange(_ json: JSONValue) -> Double? {
        guard let curve = try? ReferenceUnitCurve(json: json), case let .bezier(points) = curve else { return nil }
        let raw = ReferenceCurve(change: 1, controlPoints: points, duration: 1, clampsY: false, reportsSpeed: true, rounds: false)
        var most = 0.0
        for i in 0..<200 {
            let p = Double(i) / 200, h = 1e-4
            let change = abs(raw.slope(min(p + h, 1)) - raw.slope(max(p - h, 0))) / (min(p + h, 1) - max(p - h, 0))
            if change.isFinite { most = max(most, change) }
        }
        return most
    }

    static func curve(_ body: JSONValue) -> Double {
        guard let curve = body["curve"], let change = slopeChange(curve) else { return 1e-9 }
        return 2 * step * (1 + change)
    }

    /// A Bézier curve in a linear keyframe moves its value by the step of its interval, and every
    /// velocity after it (cubic tangents take it) by that step over the keyframe's duration.
    static func keyframes(_ body: JSONValue) -> Double {
        guard case let .array(tracks)? = body["tracks"] else { return 1e-9 }
        var widest = 0.0
        for track in tracks {
            guard case let .array(keyframes)? = track["keyframes"] else { continue }
            var previous = largest(body["initialValue"])
            for keyframe in keyframes {
                guard let (kind, args) = keyframe.object?.first else { continue }
                let to = largest(args["to"])
                if kind == "linear", let curve = args["curve"], let change = slopeChange(curve) {
                    let interval = abs(to) + abs(previous)
                    var duration = 1.0
                    if case let .number(d)? = args["duration"] { duration = max(d, 1e-3) }
                    widest = max(widest, 2 * step * interval * (1 + change) * max(1, 1 / duration))
                }
                previous = to
            }
        }
        return widest
    }

    /// As a property scenario's: the rounding of a Bézier animation over the widest move, seen
    /// through the fastest animation.
    static func phases(_ body: JSONValue) -> Double {
        guard case let .array(phases)? = body["phases"] else { return 1e-9 }
        let values = phases.map { phase -> Double in if case let .number(v)? = phase["value"] { return v } else { return 0 } }
        let interval = (values.max() ?? 0) - (values.min() ?? 0)
        var rounds = false
        var fastest = 1.0
        for phase in phases {
            guard let animation = phase["animation"].flatMap(GeneratedScenario.Animation.init(json:)) else { continue }
            rounds = rounds || animation.roundsProgress
            fastest = max(fastest, animation.fastestRate)
        }
        return rounds ? 4 * step * interval * fastest : 1e-9
    }

    /// The largest magnitude among a value's numbers.
    static func largest(_ json: JSONValue?) -> Double {
        switch json {
        case let .number(n)?: return abs(n)
        case let .array(items)?: return items.map { largest($0) }.max() ?? 0
        case let .object(members)?: return members.map { largest($0.1) }.max() ?? 0
        default: return 0
        }
    }
}
