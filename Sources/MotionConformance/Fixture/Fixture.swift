import FixtureFormat
import Foundation
import MotionCore

/// One conformance scenario, as a fixture file states it. The format is documented in
/// Fixtures/README.md and Fixtures/fixture.schema.json.
public struct Fixture: Sendable {
    /// Where the expected numbers come from. Only `reference-model` and `generated` fixtures are
    /// ever rewritten (by `motion-bench fixtures regenerate`); the others are typed in with their
    /// citation.
    public enum Provenance: String, Sendable, CaseIterable {
        case apple, documented
        case referenceModel = "reference-model"
        case analytic
        /// A scenario the explorer generated and shrank, its numbers from the reference model.
        case generated

        /// Whether the reference model computes the expected numbers (and may recompute them).
        public var isComputedByReference: Bool { self == .referenceModel || self == .generated }
    }

    /// Where a generated fixture came from: the explorer's seed and scenario index, and the rules
    /// of docs/semantics.md it exercises.
    public struct Generator: Sendable, Equatable {
        public var seed: UInt64
        public var index: Int
        public var rules: [String]

        package init(seed: UInt64, index: Int, rules: [String]) {
            (self.seed, self.index, self.rules) = (seed, index, rules)
        }
    }

    public struct Tolerance: Sendable {
        public var absolute: Double
        public var relative: Double

        /// Whether `actual` is within tolerance of `expected`; equal infinities match, and an
        /// expected NaN only a NaN (a NaN answer is otherwise always wrong).
        public func accepts(_ actual: Double, _ expected: Double) -> Bool {
            if expected.isNaN || actual.isNaN { return expected.isNaN && actual.isNaN }
            if expected.isInfinite || actual.isInfinite { return actual == expected }
            return abs(actual - expected) <= absolute + relative * abs(expected)
        }

        /// How far outside (above 1) or inside (below 1) the tolerance `actual` is.
        public func error(_ actual: Double, _ expected: Double) -> Double {
            if expected.isNaN || actual.isNaN { return expected.isNaN && actual.isNaN ? 0 : .infinity }
            if expected.isInfinite || actual.isInfinite { return actual == expected ? 0 : .infinity }
            let allowed = absolute + relative * abs(expected)
            return allowed > 0 ? abs(actual - expected) / allowed : (actual == expected ? 0 : .infinity)
        }
    }

    public enum Body: Sendable {
        case property(PropertyScenario)
        case spring(SpringScenario)
        case curve(CurveScenario)
        case keyframes(KeyframeScenario)
        case phases(PhaseScenario)
        case timeline(TimelineScenario)
    }

    public var id: String
    public var title: String
    public var suite: String
    public var provenance: Provenance
    public var source: String
    public var tolerance: Tolerance
    public var body: Body
    public var generator: Generator? = nil
    /// The file the fixture was read from, and its parsed JSON (kept for regeneration).
    public var file: String?
    public var json: JSONValue?
}

/// A value animated in a property scenario: events change it, samples check it.
public struct PropertyScenario: Sendable {
    public struct Event: Sendable {
        public var time: Double
        public var value: [Double]
        public var animation: AnimationSpec?
        /// Whether the fixture named an animation at all (`"animation": null` is "none").
        public var transaction: TransactionSpec
        public var path: [ModifierSpec]
        public var completion: (name: String, criteria: AnimationCompletionCriteria)?
    }

    public struct Sample: Sendable {
        public var time: Double
        public var value: [Double]?
        public var velocity: [Double]?
        public var isAnimating: Bool?
        /// Completion callbacks fired by this time, by name.
        public var completed: [String]?
    }

    public var valueType: ValueType
    public var initialValue: [Double]
    public var mergesCoincidentAnimations: Bool
    public var events: [Event]
    public var samples: [Sample]
}

/// The transaction of an event: its animation and flags.
public struct TransactionSpec: Sendable {
    public var animation: AnimationSpec?
    public var hasAnimation: Bool
    public var disablesAnimations = false
    public var tracksVelocity = false
}

/// A transaction modifier between the change and the value (§7).
public enum ModifierSpec: Sendable {
    case animation(AnimationSpec?, valueChanged: Bool)
    case animationAlways(AnimationSpec?)
    case scopedAnimation(AnimationSpec?, bodyContainsValue: Bool)
    case transactionAnimation(AnimationSpec?, valueChanged: Bool?)
    case disableAnimations(valueChanged: Bool?)

    public var modifier: TransactionModifier {
        switch self {
        case let .animation(spec, changed): return .animation(spec?.animation, valueChanged: changed)
        case let .animationAlways(spec): return .animation(spec?.animation)
        case let .scopedAnimation(spec, inside): return .animation(spec?.animation, bodyContainsValue: inside)
        case let .transactionAnimation(spec, changed):
            let set: @Sendable (inout Transaction) -> Void = { $0.animation = spec?.animation }
            return changed.map { .transaction(valueChanged: $0, set) } ?? .transaction(set)
        case let .disableAnimations(changed):
            let set: @Sendable (inout Transaction) -> Void = { $0.disableAnimations() }
            return changed.map { .transaction(valueChanged: $0, set) } ?? .transaction(set)
        }
    }
}

/// Checks of a `Spring` made with one of its initializers.
public struct SpringScenario: Sendable {
    public enum Check: Sendable {
        case property(String, expected: Double)
        case value(target: Double, initialVelocity: Double, time: Double, expected: Double)
        case velocity(target: Double, initialVelocity: Double, time: Double, expected: Double)
        case settlingDuration(target: Double, initialVelocity: Double, epsilon: Double, expected: Double)
        /// The last time |target − value(t)| ≥ epsilon, truncated to `resolution` (how [PRISM] reports it).
        case lastTimeOutside(epsilon: Double, resolution: Double, expected: Double)
    }

    /// The initializer the fixture's `init` names (docs/protocol.md §4, `spring`).
    public enum Form: String, CaseIterable, Sendable {
        /// `duration` and `bounce` (also an empty `init`: both defaulted).
        case duration
        /// `response` and `dampingRatio`.
        case response
        /// `mass`, `stiffness` and `damping`.
        case physical
        /// `settlingDuration` and `dampingRatio`.
        case settling

        /// The capability an engine declares to be asked springs of this form.
        public var capability: EngineProtocol.Capability {
            switch self {
            case .duration: return .springFormDuration
            case .response: return .springFormResponse
            case .physical: return .springFormPhysical
            case .settling: return .springFormSettling
            }
        }
    }

    public var spring: Spring
    public var form: Form = .duration
    public var checks: [Check]
}

/// Checks of a `UnitCurve`.
public struct CurveScenario: Sendable {
    public enum Check: Sendable {
        case value(at: Double, expected: Double)
        case velocity(at: Double, expected: Double)
    }

    public var curve: UnitCurve
    public var checks: [Check]

    package init(curve: UnitCurve, checks: [Check]) {
        (self.curve, self.checks) = (curve, checks)
    }
}

/// A keyframe timeline over a scalar, a point or a struct of named scalars.
public struct KeyframeScenario: Sendable {
    public enum Keyframe: Sendable {
        case linear(to: [Double], duration: Double, curve: UnitCurve)
        case cubic(to: [Double], duration: Double, startVelocity: [Double]?, endVelocity: [Double]?)
        case spring(to: [Double], duration: Double?, spring: Spring, startVelocity: [Double]?)
        case move(to: [Double])
    }

    public struct Track: Sendable {
        /// The struct property the track moves; nil for the whole value.
        public var property: String?
        public var keyframes: [Keyframe]
    }

    public enum Check: Sendable {
        case value(time: Double, expected: [Double])
        case progress(Double, expected: [Double])
        case duration(expected: Double)
        /// The velocity of a whole-value track (scalar or point), in value units per second.
        case velocity(time: Double, expected: [Double])
    }

    public var valueType: ValueType
    public var initialValue: [Double]
    public var tracks: [Track]
    public var checks: [Check]
}

/// A phase sequence driving one scalar value.
public struct PhaseScenario: Sendable {
    public struct Phase: Sendable {
        public var name: String
        public var value: Double
        public var animation: AnimationSpec?
    }

    public struct Sample: Sendable {
        public var time: Double
        public var value: Double?
        public var phase: String?
    }

    public var phases: [Phase]
    public var mode: PhaseSequencer<Int>.Mode
    public var frameRate: Double
    public var triggers: [Double]
    public var duration: Double
    public var samples: [Sample]
    /// Expected phase changes: when and to which phase.
    public var transitions: [(time: Double, phase: String)]?
}

/// A timeline schedule's entries.
public struct TimelineScenario: Sendable {
    public enum Schedule: Sendable {
        case periodic(from: Double, by: Double)
        case everyMinute
        case explicit([Double])
        case animation(minimumInterval: Double?, paused: Bool)
    }

    public var schedule: Schedule
    public var from: Double
    public var mode: TimelineScheduleMode
    /// The first entries expected, in seconds since the reference date; with `ends`, exactly these.
    public var expected: [Double]?
    public var ends: Bool
    /// For schedules checked by property: entries on whole minutes, this many seconds apart.
    public var minuteAligned: Bool
    public var spacing: Double?
    public var count: Int
}
