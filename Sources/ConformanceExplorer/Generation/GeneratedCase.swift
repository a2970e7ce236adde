import FixtureFormat
import Foundation
import MotionConformance

/// The kinds of scenario the generator draws: one per scenario body of the fixture format.
public enum ScenarioKind: String, CaseIterable, Sendable {
    case property, spring, curve, keyframes, phases, timeline
}

extension Fixture.Body {
    /// Which kind of scenario the body is.
    public var kind: ScenarioKind {
        switch self {
        case .property: return .property
        case .spring: return .spring
        case .curve: return .curve
        case .keyframes: return .keyframes
        case .phases: return .phases
        case .timeline: return .timeline
        }
    }
}

/// A generated scenario of any kind: a property scenario as structured data (it has a shrinker of
/// its own), or the body of a spring, curve, keyframes, phases or timeline scenario as the
/// fixture writes it, its expected answers left for the reference model.
public enum GeneratedCase: Sendable, Equatable {
    case property(GeneratedScenario)
    case body(ScenarioKind, JSONValue)

    public var kind: ScenarioKind {
        switch self {
        case .property: return .property
        case let .body(kind, _): return kind
        }
    }

    /// How big it is, for saying how far it shrank: changes and samples of a property scenario;
    /// of any other, the numbers of what it asks (answers left out) and its checks or samples.
    public var size: Int {
        switch self {
        case let .property(s): return s.events.count + s.sampleTimes.count
        case let .body(_, json):
            let asked = ["checks", "samples"].map { key in if case let .array(items)? = json[key] { return items.count } else { return 0 } }
            return Self.leaves(Self.inputs(json)) + asked.reduce(0, +)
        }
    }

    static func leaves(_ json: JSONValue) -> Int {
        switch json {
        case let .array(items): return items.map(leaves).reduce(0, +)
        case let .object(members): return members.map { leaves($0.1) }.reduce(0, +)
        default: return 1
        }
    }

    var isPlayableByReference: Bool {
        if case let .property(s) = self { return s.isPlayableByReference }
        return true
    }

    /// The fixture's JSON, its expectations left for the reference model.
    package func skeleton(id: String, title: String, source: String, generator: Fixture.Generator) -> JSONValue {
        switch self {
        case let .property(s):
            return s.skeleton(id: id, title: title, source: source, generator: generator)
        case let .body(kind, body):
            return .object(generator.header(id: id, title: title, source: source) + [("tolerance", BodyTolerance.of(kind, body)), (kind.rawValue, body)])
        }
    }

    /// The scenario with its numbers left out, so that the same bug, shrunk, is written once.
    package var shape: String {
        switch self {
        case let .property(s): return "property|" + Self.propertyShape(s)
        case let .body(kind, json): return kind.rawValue + "|" + Self.numbersLeftOut(json).serialized()
        }
    }

    package static func numbersLeftOut(_ json: JSONValue) -> JSONValue {
        switch json {
        case .number: return .string("#")
        case let .array(items): return .array(items.map(numbersLeftOut))
        case let .object(members): return .object(members.map { ($0.0, numbersLeftOut($0.1)) })
        default: return json
        }
    }

    static func propertyShape(_ scenario: GeneratedScenario) -> String {
        let changes = scenario.events.map { event in
            [
                event.animation.map { ([$0.base] + $0.arguments.map(\.key) + $0.modifiers.map(\.key)).joined(separator: ".") } ?? "none",
                event.tracksVelocity ? "tracks" : "", event.completion == nil ? "" : (event.waitsForRemoval ? "removed" : "logical"),
            ].joined(separator: "/")
        }
        return "\(scenario.valueType)|\(scenario.mergesCoincidentAnimations)|" + changes.joined(separator: ";")
    }

    /// One line saying what it is, for a fixture's title.
    package var summary: String {
        switch self {
        case let .property(s): return Self.describe(s)
        case let .body(kind, json):
            let inputs = Self.inputs(json)
            let text = inputs.serialized().replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
            return "\(kind.rawValue) " + (text.count > 240 ? String(text.prefix(237)) + "…" : text)
        }
    }

    /// The body without its expected answers: what the scenario asks.
    package static func inputs(_ json: JSONValue) -> JSONValue {
        guard case let .object(members) = json else { return json }
        return .object(members.filter { !["checks", "samples", "transitions", "expected", "ends"].contains($0.0) })
    }

    static func describe(_ scenario: GeneratedScenario) -> String {
        let changes = scenario.events.map { event -> String in
            let animation = event.animation.map { a in
                ([a.base + "(" + a.arguments.map { "\($0.key): \($0.value.serialized())" }.joined(separator: ", ") + ")"]
                    + a.modifiers.map { "\($0.key)(\($0.value.serialized()))" }).joined(separator: ".")
            }
            let value = scenario.valueType == .scalar ? event.value[0].description : event.value.description
            var text =
                "set \(value) at \(event.time) s " + (animation.map { "with \($0)" } ?? (event.tracksVelocity ? "tracking velocity" : "without animation"))
            if event.disablesAnimations { text += ", animations disabled" }
            if !event.path.isEmpty { text += ", through " + event.path.map { $0.compactSerialized() }.joined(separator: " then ") }
            return text
        }
        return "\(scenario.valueType) from \(scenario.valueType == .scalar ? scenario.initialValue[0].description : scenario.initialValue.description); "
            + changes.joined(separator: "; ")
    }
}

extension Fixture.Generator {
    /// A generated fixture's members before its tolerance and scenario, in the order files have them.
    func header(id: String, title: String, source: String) -> [(String, JSONValue)] {
        [
            ("id", .string(id)), ("title", .string(title)), ("suite", .string("generated")), ("provenance", .string("generated")),
            ("source", .string(source)),
            (
                "generator",
                .object([("seed", .number(Double(seed))), ("index", .number(Double(index))), ("rules", .array(rules.map { .string($0) }))])
            ),
        ]
    }
}

extension ScenarioKind {
    /// The kind of a fixture's scenario.
    public init(_ body: Fixture.Body) {
        switch body {
        case .property: self = .property
        case .spring: self = .spring
        case .curve: self = .curve
        case .keyframes: self = .keyframes
        case .phases: self = .phases
        case .timeline: self = .timeline
        }
    }
}
