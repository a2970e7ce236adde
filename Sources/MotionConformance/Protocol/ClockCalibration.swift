import ConformanceReference
import FixtureFormat

/// Finds the clock an engine plays property scenarios on (docs/protocol.md §2) from its answers to
/// three scenarios whose values tell the clocks apart: a change from rest between frames, one on a
/// frame's own time, and one over a running animation between frames. Each clock is judged by
/// the reference model's values for it; the clocks whose values all three answers fit are the
/// ones the engine may be on.
public enum ClockCalibration {
    /// How the clock an engine is judged on was chosen.
    public enum Source: String, Sendable, Codable {
        /// The handshake's `clockModel`.
        case declared
        /// Found from the calibration scenarios (the handshake declared none).
        case detected
        /// The change-time clock, for want of a fit: no clock fits the answers, or the engine
        /// cannot play them.
        case assumed
    }

    /// What calibration found: the clocks whose values the engine's answers fit, in
    /// `ClockModel.allCases` order, or why nothing could be judged.
    public struct Finding: Sendable, Equatable {
        public var fits: [ClockModel]
        public var problem: String?
    }

    /// The scenarios, as fixtures write property scenarios: linear animations of a scalar, frames
    /// at 50 Hz (times exact in binary but for the change between frames).
    static let scenarios: [PropertyScenario] = [
        scenario(initial: 0, changes: [(0.01, 1, 0.5)]),
        scenario(initial: 0, changes: [(0.04, 1, 0.5)]),
        scenario(initial: 0, changes: [(0, 1, 1), (0.61, 2, 1)], from: 0.6),
    ]

    static func scenario(initial: Double, changes: [(time: Double, value: Double, duration: Double)], from start: Double = 0) -> PropertyScenario {
        let zero = JSONValue.number(0)
        let events: [JSONValue] = changes.map { change in
            .object([
                ("time", .number(change.time)), ("set", .number(change.value)),
                ("animation", .object([("linear", .object([("duration", .number(change.duration))]))])),
            ])
        }
        let samples: [JSONValue] = (0..<7).map { frame in
            .object([("time", .number(start + Double(frame) * 0.02)), ("value", zero), ("velocity", zero), ("isAnimating", .bool(false))])
        }
        // Only the scenario is played; the expected numbers are the reference model's, per clock.
        let json = JSONValue.object([
            ("id", .string("calibration/clock")), ("title", .string("")), ("suite", .string("generated")), ("provenance", .string("generated")),
            ("source", .string("")), ("generator", .object([("seed", zero), ("index", zero), ("rules", .array([]))])),
            ("tolerance", .object([("absolute", .number(1e-9)), ("relative", .number(1e-9))])),
            (
                "property",
                .object([("valueType", .string("scalar")), ("initialValue", .number(initial)), ("events", .array(events)), ("samples", .array(samples))])
            ),
        ])
        guard let fixture = try? FixtureLoader.decode(json.serialized()), case let .property(scenario) = fixture.body else {
            preconditionFailure("a calibration scenario the fixture reader refuses")
        }
        return scenario
    }

    public static var scenarioCount: Int { scenarios.count }

    /// Plays the scenarios through `play` and judges the values on every clock.
    public static func find(play: (PropertyScenario) throws -> [[Double]?]) -> Finding {
        var fits = Set(ClockModel.allCases)
        for scenario in scenarios {
            let answered: [[Double]?]
            do {
                answered = try play(scenario)
            } catch {
                return Finding(fits: [], problem: "the engine could not play a calibration scenario: \(error)")
            }
            for clock in ClockModel.allCases where fits.contains(clock) {
                guard let expected = try? ReferencePlayback.answers(scenario.reference, clock: clock).map(\.value), expected.count == answered.count,
                    zip(expected, answered).allSatisfy({ pair in pair.1.map { Self.fits($0, pair.0) } ?? false })
                else {
                    fits.remove(clock)
                    continue
                }
            }
        }
        return Finding(fits: ClockModel.allCases.filter(fits.contains), problem: nil)
    }

    /// Within a millionth of the interval: a Bézier's progress is rounded to 2⁻²⁰ (§2.2), and one
    /// frame of any clock moves these values by a hundredth or more.
    static func fits(_ actual: [Double], _ expected: [Double]) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= 1e-5 }
    }
}
