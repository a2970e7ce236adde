/// What a fixture's expected numbers rest on: Apple's measurements, Apple's documentation,
/// analytic math, or a rule this project inferred where Apple says nothing. An engine that fails
/// only inferred checks may be right; the reports group failures by basis so that shows.
public enum Basis: String, Sendable, CaseIterable, Comparable {
    case appleMeasurement = "apple-measurement"
    case appleDocument = "apple-document"
    case analytic
    case inferred

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// The basis of a fixture's provenance, before any inferred rule is applied: a reference-model
    /// fixture computes documented behaviour, so it rests on Apple's documents.
    init(_ provenance: Fixture.Provenance) {
        switch provenance {
        case .apple: self = .appleMeasurement
        case .documented, .referenceModel, .generated: self = .appleDocument
        case .analytic: self = .analytic
        }
    }
}

/// A rule of docs/semantics.md that the project inferred or decided (marked so there), and the
/// fixtures and checks whose expected numbers rest on it.
public struct InferredRule: Sendable {
    /// The checks a rule decides: all of a fixture's, or only those of one kind.
    public enum Checks: String, Sendable { case all, velocity, completion }

    public var id: String
    /// The section of docs/semantics.md that states it (and marks it inferred or decided).
    public var section: String
    public var summary: String
    /// Fixture features (`FixtureFeatures`) any one of which brings the rule into play, by prefix.
    public var features: [String]
    public var checks: Checks

    func applies(to features: Set<String>) -> Bool {
        features.contains { feature in self.features.contains { feature.hasPrefix($0) } }
    }

    func decides(_ check: CheckResult) -> Bool {
        switch checks {
        case .all: return true
        case .velocity: return check.name.hasPrefix("velocity")
        case .completion: return check.name.hasPrefix("completed") || check.name.hasPrefix("isAnimating")
        }
    }

    /// The ids of the rules that decide `check` (a check of that kind) in `fixture`: what its
    /// expected value rests on besides the documents.
    package static func deciding(_ check: CheckResult, in fixture: Fixture) -> Set<String> {
        let features = FixtureFeatures.of(fixture)
        return Set(all.filter { $0.applies(to: features) && $0.decides(check) }.map(\.id))
    }

    /// Every inferred or decided rule a fixture can rest on. docs/semantics.md marks each
    /// section listed here (a test holds the two together).
    public static let all: [InferredRule] = [
        .init(
            id: "modifier-order", section: "§3.2", summary: "modifiers nest in writing order and time passes outermost first",
            features: ["modifier:chain"], checks: .all),
        .init(
            id: "modifier-velocity", section: "§3.2", summary: "velocity through delay, speed and repeat is the base's at the modified time",
            features: ["modifier:delay", "modifier:speed", "modifier:repeatCount", "modifier:repeatForever"], checks: .velocity),
        .init(
            id: "modifier-logical-completion", section: "§3.2",
            summary: "logical completion through a modifier is the base's; a repeat's after its first cycle",
            features: ["modifier:"], checks: .completion),
        .init(
            id: "interpolating-spring-velocity", section: "§3.1", summary: "the interpolating spring's velocity is value·s′(t)",
            features: ["base:interpolatingSpring"], checks: .velocity),
        .init(
            id: "fluid-logical-completion", section: "§3.1", summary: "a fluid spring is logically complete one response after it starts",
            features: ["base:spring", "base:smooth", "base:snappy", "base:bouncy", "base:interactiveSpring", "base:default"], checks: .completion),
        .init(
            id: "unanimated-change-while-running", section: "§4.3", summary: "a change without an animation leaves a running one on its old interval",
            features: ["change:unanimated-while-animating"], checks: .all),
        .init(
            id: "same-value-starts-nothing", section: "§4.3", summary: "setting the value a property already has starts nothing",
            features: ["change:same-value"], checks: .all),
        .init(
            id: "merge-clears-logical-completion", section: "§4.3", summary: "a merge clears the running animation's logical completion",
            features: ["change:merges"], checks: .completion),
        .init(
            id: "combining-velocity", section: "§4.3", summary: "a combination's velocity is the sum of its entries', none when the newest reports none",
            features: ["change:combines"], checks: .velocity),
        .init(
            id: "coincident-changes-replace", section: "§4.3",
            summary: "with mergesCoincidentAnimations off, a change before any frame replaces the running animation",
            features: ["mergesCoincident:off"], checks: .all),
        .init(
            id: "merge-through-modifiers", section: "§3.1",
            summary: "a spring merging into one inside modifiers starts from the state they hand through; a merging repeat keeps the cycle",
            features: ["change:merges-into-modifier"], checks: .all),
        .init(
            id: "bezier-slope-arithmetic", section: "§2.2", summary: "a Bézier's slope at an end follows the coefficient form's arithmetic",
            features: ["curve:velocity:at-0", "curve:velocity:at-1"], checks: .velocity),
        .init(
            id: "keyframes-no-time", section: "§5.2", summary: "a keyframe whose duration is not positive is a move",
            features: ["keyframes:no-time"], checks: .all),
        .init(
            id: "keyframes-outside-the-timeline", section: "§5.2",
            summary: "before 0 the first segment at its time 0, past the end the last value, velocity 0 outside",
            features: ["keyframes:time-before-0", "keyframes:time-after-end"], checks: .all),
        .init(
            id: "velocity-tracking-samples", section: "§4.4", summary: "velocity tracking samples at frames when the interval changed",
            features: ["change:tracksVelocity"], checks: .all),
        .init(
            id: "keyframes-progress", section: "§5.1", summary: "value(progress:) is value(time: progress·duration)",
            features: ["keyframes:check:progress"], checks: .all),
        .init(
            id: "phase-trigger-mid-cycle", section: "§6.1", summary: "a trigger during a cycle starts a new cycle from wherever the value is",
            features: ["phases:trigger-later", "phases:several-triggers"], checks: .all),
        .init(
            id: "transaction-innermost-wins", section: "§7", summary: "of several transaction modifiers on the path, the innermost wins",
            features: ["transaction:"], checks: .all),
        .init(
            id: "speed-below-zero", section: "§3.2", summary: "a speed below 0 is 0: every base stays at its start",
            features: [StatedValues.feature("domain:speed", "class-negative")], checks: .all),
        .init(
            id: "response-zero-stiffest", section: "§3.1", summary: "a fluid spring's response at or below 0 is the stiffest spring (k = 45,000)",
            features: [StatedValues.feature("domain:fluid.response", "class-zero"), StatedValues.feature("domain:fluid.response", "class-negative")],
            checks: .all),
        .init(
            id: "blend-below-zero", section: "§3.1", summary: "a blend duration below 0 does not blend",
            features: [StatedValues.feature("domain:blendDuration", "class-negative")], checks: .all),
        .init(
            id: "schedule-interval-none", section: "§8.2", summary: "an animation schedule's interval at or below 0 is as nil",
            features: [
                StatedValues.feature("domain:animation.minimumInterval", "class-zero"),
                StatedValues.feature("domain:animation.minimumInterval", "class-negative"),
            ], checks: .all),
    ]
}

extension FixtureResult {
    /// Marks the result and its checks with their basis: the fixture's from its provenance, or
    /// inferred when a rule of `InferredRule.all` decides all its checks; single checks decided by
    /// a rule that covers only their kind are inferred on their own.
    package mutating func markBasis(_ fixture: Fixture) {
        let provenance = Basis(fixture.provenance)
        guard provenance != .appleMeasurement else {
            basis = provenance
            facets = Self.facets(of: FixtureFeatures.of(fixture))
            return
        }
        let features = FixtureFeatures.of(fixture)
        facets = Self.facets(of: features)
        let rules = InferredRule.all.filter { $0.applies(to: features) }
        let whole = rules.filter { $0.checks == .all }
        basis = whole.isEmpty ? provenance : .inferred
        inferredRules = whole.map(\.id)
        for index in checks.indices {
            let deciding = rules.filter { $0.checks != .all && $0.decides(checks[index]) }
            checks[index].basis = !deciding.isEmpty || !whole.isEmpty ? .inferred : provenance
            checks[index].inferredRules = whole.map(\.id) + deciding.map(\.id)
        }
    }

    /// The features a report breaks failures down by: the scenario kind, the value type, the
    /// animation bases and the modifiers a fixture exercises.
    static func facets(of features: Set<String>) -> [String] {
        features.filter { feature in ["kind:", "valueType:", "base:", "modifier:"].contains { feature.hasPrefix($0) } }.sorted()
    }
}
