import FixtureFormat
import Foundation
import MotionCore

/// The engine protocol's vocabulary: its version, the capabilities an engine may declare, what
/// each fixture needs, and how numbers travel. The contract is docs/protocol.md; a test holds the
/// two together (every capability and operation named here is documented there, and back).
public enum EngineProtocol {
    /// Bumped whenever the meaning of a request or an answer changes (docs/protocol.md, "Versions").
    public static let version = 2
    /// The versions this harness speaks; an engine answers the handshake with one of them.
    public static let versions = [1, 2]

    /// The operations of version 1, in the order the document describes them (`workload` and `frames` since 1.1).
    public static let operations = ["hello", "reset", "set", "sample", "spring", "curve", "keyframes", "phases", "timeline", "workload", "frames"]

    /// What an engine may declare in its handshake. Capabilities of the first group change how a
    /// scenario is played: a fixture that needs one the engine did not declare is skipped whole.
    /// The others are what single checks need: a check that needs one the engine did not declare
    /// is a skipped check, and the rest of its fixture runs.
    public enum Capability: String, CaseIterable, Sendable, Comparable {
        case propertyScalar = "property.scalar"
        case propertyAngle = "property.angle"
        case propertyPoint = "property.point"
        case propertySize = "property.size"
        case propertyRect = "property.rect"
        case propertyStruct = "property.struct"
        case tracksVelocity
        case mergesCoincidentAnimations
        case customAnimations
        case curveCircular = "curve.circular"
        case curveNamed = "curve.named"
        case curveBezier = "curve.bezier"
        case curveExtended = "curve.extended"
        case springFormDuration = "spring.form.duration"
        case springFormResponse = "spring.form.response"
        case springFormPhysical = "spring.form.physical"
        case springFormSettling = "spring.form.settling"
        case propertyVelocity = "property.velocity"
        case propertyIsAnimating = "property.isAnimating"
        case propertyCompletion = "property.completion"
        case propertyCompletionLogical = "property.completion.logical"
        case propertyCompletionRemoved = "property.completion.removed"
        case springValue = "spring.value"
        case springVelocity = "spring.velocity"
        case springParameters = "spring.parameters"
        case springSettling = "spring.settling"
        /// Spring queries of a nonzero initial velocity, besides their own capability: every
        /// engine of spring checks has it, except for the forms its `limits` say ignore it.
        case springInitialVelocity = "spring.initialVelocity"
        case curveValue = "curve.value"
        case curveVelocity = "curve.velocity"
        case keyframesValue = "keyframes.value"
        case keyframesVelocity = "keyframes.velocity"
        case keyframesDuration = "keyframes.duration"
        case phasesValue = "phases.value"
        case phasesPhase = "phases.phase"
        case timeline
        case workloadFluid = "workload.fluid"
        case workloadClosed = "workload.closed"
        case workloadCurve = "workload.curve"
        case workloadKeyframe = "workload.keyframe"
        case workloadFrames = "workload.frames"

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// Names that stand for several capabilities: version 1's coarse names, still accepted.
    public static let bundles: [(name: String, members: [Capability])] = [
        ("velocity", [.propertyVelocity]),
        ("isAnimating", [.propertyIsAnimating]),
        ("completion", [.propertyCompletion]),
        ("spring", [.springValue, .springVelocity, .springParameters, .springSettling]),
        ("curve", [.curveValue, .curveVelocity, .curveCircular]),
        ("keyframes", [.keyframesValue, .keyframesVelocity, .keyframesDuration]),
        ("phases", [.phasesValue, .phasesPhase]),
    ]

    /// The capabilities a declared name stands for: itself, or a bundle's members; nil when the
    /// harness does not know it.
    public static func capabilities(named name: String) -> [Capability]? {
        if let capability = Capability(rawValue: name) { return [capability] }
        return bundles.first { $0.name == name }?.members
    }

    /// The capabilities of the `spring` initializer forms (revision 2.1).
    public static let springForms = Set(SpringScenario.Form.allCases.map(\.capability))

    /// The capabilities of `curve` scenarios' shapes (revision 2.4): named curves, Béziers of
    /// control points, and progress or control points outside [0, 1].
    public static let curveShapes: Set<Capability> = [.curveNamed, .curveBezier, .curveExtended]

    /// What an engine is taken to have from the names it declared: each name's capabilities, and,
    /// for an engine of spring checks, every spring form when it names none of them (engines from
    /// before revision 2.1 are asked every form, as they were), for one of curve checks every
    /// curve shape likewise (before revision 2.4). The names the harness does not know, apart.
    public static func capabilities(declared names: [String]) -> (known: Set<Capability>, unknown: [String]) {
        var known: Set<Capability> = [], unknown: [String] = []
        for name in names {
            if let named = capabilities(named: name) { known.formUnion(named) } else { unknown.append(name) }
        }
        // Implied only for an engine that plays spring (curve) scenarios at all: the forms (shapes)
        // of one that does not would be capabilities it never claimed.
        let springChecks: Set<Capability> = [.springValue, .springVelocity, .springParameters, .springSettling]
        if known.isDisjoint(with: springForms), !known.isDisjoint(with: springChecks) { known.formUnion(springForms) }
        if !known.isDisjoint(with: springChecks) { known.insert(.springInitialVelocity) }
        let curveChecks: Set<Capability> = [.curveValue, .curveVelocity, .curveCircular]
        if known.isDisjoint(with: curveShapes), !known.isDisjoint(with: curveChecks) { known.formUnion(curveShapes) }
        // Completions of both criteria are `property.completion`, whichever way they are named.
        if known.contains(.propertyCompletion) { known.formUnion([.propertyCompletionLogical, .propertyCompletionRemoved]) }
        if known.isSuperset(of: [.propertyCompletionLogical, .propertyCompletionRemoved]) { known.insert(.propertyCompletion) }
        return (known, unknown)
    }

    /// What an engine that answers the handshake with no protocol version is taken to support
    /// (with `--legacy-engine`): the property scenarios of scalar values, as before the handshake existed.
    public static let legacyCapabilities: Set<Capability> = [.propertyScalar, .propertyVelocity]

    /// What a fixture needs before any of it can run: its value type and the ways of playing it
    /// that change every answer. What single checks need is decided as they are checked.
    public static func needs(_ fixture: Fixture) -> Set<Capability> {
        switch fixture.body {
        case let .property(scenario):
            var needs: Set<Capability> = [scenario.valueType.capability]
            if scenario.events.contains(where: { $0.transaction.tracksVelocity }) { needs.insert(.tracksVelocity) }
            if !scenario.mergesCoincidentAnimations { needs.insert(.mergesCoincidentAnimations) }
            if scenario.events.contains(where: { $0.resolvedAnimation.map(mentionsCustom) ?? false }) { needs.insert(.customAnimations) }
            return needs
        case let .curve(scenario):
            if [UnitCurve.circularEaseIn, .circularEaseOut, .circularEaseInOut].contains(scenario.curve) { return [.curveCircular] }
            return curveShapeNeeds(fixture, scenario)
        case let .spring(scenario): return [scenario.form.capability]
        case .keyframes, .timeline: return []
        case let .phases(scenario):
            return scenario.phases.contains { $0.animation.map { mentionsCustom($0.json) } ?? false } ? [.customAnimations] : []
        }
    }

    /// What an engine of `available` capabilities lacks to be asked the fixture at all: a way of
    /// playing it, or — when it has none of what the fixture's checks need — those. Empty when
    /// the fixture is played.
    public static func missing(_ fixture: Fixture, available: Set<Capability>) -> Set<Capability> {
        var missing = needs(fixture).subtracting(available)
        let checked = checkNeeds(fixture, declared: available)
        if checked.isDisjoint(with: available) { missing.formUnion(checked) }
        return missing
    }

    /// What the fixture's checks need, together: an engine that declares none of it is not asked
    /// the fixture at all (it would be skipped check by check). Read off the checker itself, run on
    /// no answers, so that each check's need is stated in one place.
    /// With `declared`, as an engine that declared it is asked (a check may need another
    /// capability then: `curve.extended`, or `spring.value` for a scan the harness makes).
    public static func checkNeeds(_ fixture: Fixture, declared: Set<Capability>? = nil) -> Set<Capability> {
        Set(Player.check(fixture, Player.noAnswers(fixture), available: declared, marking: false).checks.compactMap { Capability(rawValue: $0.needs) })
    }

    static func mentionsCustom(_ animation: JSONValue) -> Bool { animation["custom"] != nil }

    /// A curve scenario's shape: `curve.named` for a curve by name, `curve.bezier` for control
    /// points, and `curve.extended` besides when a control point lies outside [0, 1] (where a CSS
    /// easing function, say, refuses). A progress outside [0, 1] is one check's need
    /// (`CurveScenario.Check.needs(_:)`).
    static func curveShapeNeeds(_ fixture: Fixture, _ scenario: CurveScenario) -> Set<Capability> {
        let spec = fixture.json?["curve"]?["curve"]
        var needs: Set<Capability> = []
        var points: [Double] = []
        let named = spec.map { if case .string = $0 { true } else { false } } ?? [UnitCurve.linear, .easeIn, .easeOut, .easeInOut].contains(scenario.curve)
        if named {
            needs.insert(.curveNamed)
        } else {
            needs.insert(.curveBezier)
            if case let .array(items)? = spec?["bezier"] { points = items.compactMap { if case let .number(v) = $0 { v } else { nil } } }
        }
        if points.contains(where: { !(0...1).contains($0) }) { needs.insert(.curveExtended) }
        return needs
    }

    // MARK: Numbers

    /// A number as the protocol writes it: non-finite values as the strings "nan", "inf", "-inf"
    /// (JSON has no literal for them).
    public static func number(_ value: Double) -> JSONValue {
        if value.isNaN { return .string("nan") }
        if value.isInfinite { return .string(value > 0 ? "inf" : "-inf") }
        return .number(value)
    }

    /// A number read from an answer: a JSON number or one of the three strings; nil otherwise.
    public static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case let .number(n)?: return n
        case .string("nan")?: return .nan
        case .string("inf")?, .string("+inf")?: return .infinity
        case .string("-inf")?: return -.infinity
        default: return nil
        }
    }

    package static func numbers(_ values: [Double]) -> JSONValue { .array(values.map { number($0) }) }

    /// An array of numbers from an answer; nil when it is not one.
    package static func numbers(_ value: JSONValue?) -> [Double]? {
        guard case let .array(items)? = value else { return nil }
        let numbers = items.compactMap { number($0) }
        return numbers.count == items.count ? numbers : nil
    }

    // MARK: Commands

    /// An engine command whose quote is opened and never closed.
    public struct UnclosedQuote: Error, CustomStringConvertible, Equatable {
        public let command: String
        public var description: String { "the engine command has an unclosed quote: \(command)" }
    }

    /// Splits an engine command into words as a shell would for plain words and quotes ('…', "…",
    /// backslash), without running a shell: no variables, globs or pipes.
    public static func words(_ command: String) throws(UnclosedQuote) -> [String] {
        var words: [String] = [], current = "", inWord = false
        var quote: Character?
        var iterator = command.makeIterator()
        while let c = iterator.next() {
            if let q = quote {
                if c == q { quote = nil } else if c == "\\" && q == "\"", let next = iterator.next() { current.append(next) } else { current.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c
                inWord = true
            } else if c == "\\" {
                guard let next = iterator.next() else { break }
                current.append(next)
                inWord = true
            } else if c == " " || c == "\t" || c == "\n" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(c)
                inWord = true
            }
        }
        if quote != nil { throw UnclosedQuote(command: command) }
        if inWord { words.append(current) }
        return words
    }
}

extension ValueType {
    /// The capability of property scenarios of this type.
    var capability: EngineProtocol.Capability {
        switch self {
        case .scalar: return .propertyScalar
        case .angle: return .propertyAngle
        case .point: return .propertyPoint
        case .size: return .propertySize
        case .rect: return .propertyRect
        case .structure: return .propertyStruct
        }
    }
}
