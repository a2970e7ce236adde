import FixtureFormat

/// One check of a fixture: one expected quantity (a sample's value, its velocity, a spring's
/// stiffness, a curve's value at a progress …) compared with what the engine answered.
///
/// A check *needs* one capability (docs/protocol.md §3); an engine that did not declare it gets
/// the check skipped, not failed, and the rest of the fixture still runs.
public struct CheckResult: Sendable, Equatable {
    public enum Outcome: String, Sendable, Codable { case pass, fail, skipped }

    /// Unique within its fixture and stable while the fixture is: `value@0.25`, `stiffness`,
    /// `velocity(at: 0.5)`. Expectation files name single checks by it.
    public var name: String
    public var outcome: Outcome
    /// The capability the check needs.
    public var needs: String
    /// Expected and actual as text (numbers in their shortest exact form, vectors as lists);
    /// `actual` is empty when the engine did not answer or the check was skipped.
    public var expected: String
    public var actual: String
    /// How far off the answer is as a multiple of the tolerance (≤ 1 passes); nil for checks
    /// that are not numbers (a phase name, `isAnimating`) and for answers that are not finite
    /// numbers when a finite one was expected — those are named in `note` instead.
    public var residual: Double?
    /// Why a check failed or was skipped, in a few words.
    public var note: String
    /// What its expected number rests on; the inferred rules (`InferredRule.id`) that decide it.
    public var basis: Basis? = nil
    public var inferredRules: [String] = []
    /// A property sample taken at the time of one of the scenario's changes, where the
    /// protocol's reading of "the state at t" decides the answer (docs/protocol.md §2, "Time").
    public var atChangeTime = false

    public init(name: String, outcome: Outcome, needs: String, expected: String, actual: String, residual: Double?, note: String) {
        self.name = name
        self.outcome = outcome
        self.needs = needs
        self.expected = expected
        self.actual = actual
        self.residual = residual
        self.note = note
    }

    /// A residual (an error divided by its tolerance) as reports show it: three significant
    /// digits; "diverged" from `divergedResidual` on, where the size says nothing but that the
    /// answer went its own way (a residual of 1.35e+154 reads as a measurement it is not).
    public static func residualText(_ value: Double) -> String {
        value.isFinite ? (value >= divergedResidual ? "diverged" : String(format: "%.3g", value)) : "∞"
    }

    /// A million tolerances: far past any difference of rounding or of a reading.
    public static let divergedResidual = 1e6

    /// One line of a transcript: the outcome, what was checked, expected, got, and the residual
    /// in tolerances ("diverged" past a million), then the note.
    public var transcriptLine: String {
        let shown = residual.map { Self.residualText($0) + ($0.isFinite && $0 >= Self.divergedResidual ? "" : " × tol") } ?? "—"
        return
            "\(outcome.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(name)  expected \(expected)  actual \(actual.isEmpty ? "(none)" : actual)  residual \(shown)"
            + (note.isEmpty ? "" : "  — \(note)")
    }

    /// One line: what was checked, expected, got, by how much.
    public var summary: String {
        switch outcome {
        case .skipped: return "\(name): skipped (\(note))"
        case .pass, .fail:
            var text = "\(name): expected \(expected), got \(actual.isEmpty ? "no answer" : actual)"
            if let residual {
                text +=
                    residual.isFinite && residual >= Self.divergedResidual
                    ? " (diverged: over a million × tolerance)" : " (\(Self.residualText(residual)) × tolerance)"
            }
            if !note.isEmpty { text += " — \(note)" }
            return text
        }
    }
}

extension Double {
    /// The number as a fixture writes it: the shortest form that reads back to the same double.
    package var fixtureText: String { isFinite ? JSONValue.format(self) : isNaN ? "nan" : self < 0 ? "-inf" : "inf" }
}

extension Array where Element == Double {
    var fixtureText: String { count == 1 ? self[0].fixtureText : "[" + map(\.fixtureText).joined(separator: ", ") + "]" }
}

extension SpringScenario.Check {
    /// The capability this check needs.
    package var needs: EngineProtocol.Capability {
        switch self {
        case let .property(name, _): return name == "settlingDuration" ? .springSettling : .springParameters
        case .value: return .springValue
        case .velocity: return .springVelocity
        case .settlingDuration, .lastTimeOutside: return .springSettling
        }
    }

    /// The initial velocity the check asks the spring to start with.
    var initialVelocity: Double {
        switch self {
        case let .value(_, v, _, _), let .velocity(_, v, _, _), let .settlingDuration(_, v, _, _): return v
        case .property, .lastTimeOutside: return 0
        }
    }

    /// What the check needs of an engine that declared `available` (nil: everything): its own
    /// capability — except that a check of a nonzero initial velocity needs `spring.initialVelocity`
    /// where the engine's limits took that away, and `lastTimeOutside`, a scan of the spring's
    /// values, is computed by the harness from `spring.value` answers when the engine declares
    /// those but not `spring.settling`.
    package func needs(_ available: Set<EngineProtocol.Capability>?) -> EngineProtocol.Capability {
        guard let available else { return needs }
        var own = needs
        if case .lastTimeOutside = self, !available.contains(.springSettling), available.contains(.springValue) { own = .springValue }
        guard available.contains(own) else { return own }
        return initialVelocity != 0 && !available.contains(.springInitialVelocity) ? .springInitialVelocity : own
    }

    /// True when the harness computes this check's answer from the engine's values.
    package func computedByHarness(_ available: Set<EngineProtocol.Capability>?) -> Bool {
        if case .lastTimeOutside = self { return needs(available) == .springValue }
        return false
    }
}

extension CurveScenario.Check {
    package var needs: EngineProtocol.Capability {
        switch self {
        case .value: return .curveValue
        case .velocity: return .curveVelocity
        }
    }

    var progress: Double {
        switch self {
        case let .value(p, _), let .velocity(p, _): return p
        }
    }

    /// What the check needs of an engine that declared `available` (nil: everything): its kind's
    /// capability, or `curve.extended` when its progress lies outside [0, 1] and that is not declared.
    package func needs(_ available: Set<EngineProtocol.Capability>?) -> EngineProtocol.Capability {
        if !(0...1).contains(progress), let available, !available.contains(.curveExtended) { return .curveExtended }
        return needs
    }
}

extension KeyframeScenario.Check {
    package var needs: EngineProtocol.Capability {
        switch self {
        case .value, .progress: return .keyframesValue
        case .velocity: return .keyframesVelocity
        case .duration: return .keyframesDuration
        }
    }
}
