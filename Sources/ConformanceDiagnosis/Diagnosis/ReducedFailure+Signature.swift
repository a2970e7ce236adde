import ConformanceExplorer
import FixtureFormat
import Foundation
import MotionConformance

/// What a reduced failure shows, with its numbers left out: the shape of the smallest scenario,
/// the quantity that is wrong, how the engine's answer is wrong and where the failing sample sits.
/// Two fixtures whose reductions have one signature fail for one cause.
public struct FailureSignature: Sendable, Hashable {
    /// A stable identifier, as expectation files name a cause (`cause:ID`).
    public var id: String
    /// The cause in a sentence.
    public var name: String
    /// Where the documents state the rules the smallest scenario exercises.
    public var sections: [String]
    /// What the failure does, whatever scenario shows it and wherever its sample sits: the kind of
    /// scenario, the quantity and how it is wrong — "the velocity is 0". Causes of one family are
    /// one behaviour of the engine seen through different animations.
    public var family: Family

    public struct Family: Sendable, Hashable {
        public var id: String
        public var name: String

        public init(id: String, name: String) { (self.id, self.name) = (id, name) }
    }
}

extension ReducedFailure {
    /// The failure's signature.
    public var signature: FailureSignature {
        let answer = Answer(check)
        switch scenario {
        case let .property(s): return Self.property(s, check: check, answer: answer, reduced: reduced)
        case let .body(kind, json):
            let shape = GeneratedCase.numbersLeftOut(GeneratedCase.inputs(json)).compactSerialized().replacingOccurrences(of: "\"#\"", with: "#")
            let shown = shape.count > 160 ? String(shape.prefix(159)) + "…" : shape
            // One wrong input shows in every quantity derived from it: the shape is the cause.
            // A difference within `slight` tolerances (numerics) and one far beyond it (a wrong
            // formula) on one shape are two causes.
            let quantity = CheckKind(check).quantity
            // The family is the scenario's form: its shape without the members that may be left
            // to their defaults. Which quantity fails first, and whether an optional argument is
            // written, varies with the scenario; one wrong form shows through all of them.
            let form = Self.form(GeneratedCase.numbersLeftOut(GeneratedCase.inputs(json))).compactSerialized().replacingOccurrences(
                of: "\"#\"", with: "#")
            let slight = answer == .slightly ? [answer.id] : []
            return FailureSignature(
                id: ([kind.rawValue, "*", shape] + slight).joined(separator: ":"),
                name: "\(kind.rawValue) \(shown): \(quantity) (and what else derives from it) \(answer.text)",
                sections: Self.sections(reduced, protocol: kind.protocolSection),
                family: .init(
                    id: ([kind.rawValue, form] + slight).joined(separator: ":"),
                    name: "\(kind.rawValue) scenarios of \(form.count > 120 ? String(form.prefix(119)) + "…" : form)"
                        + (slight.isEmpty ? ": answers that differ from the reference model" : ": answers that differ slightly (numerics)")))
        }
    }

    /// `shape` without the members a scenario may leave to their defaults (`epsilon`, `mass`, …).
    static func form(_ shape: JSONValue) -> JSONValue {
        switch shape {
        case let .object(members): return .object(members.filter { !BodyShrinker.optional.contains($0.0) }.map { ($0.0, form($0.1)) })
        case let .array(items): return .array(items.map(form))
        default: return shape
        }
    }

    /// How a wrong answer is wrong, from the check's expected and actual text.
    enum Answer: Equatable {
        case none, notFinite, zero, startValue, newValue
        case exact(String)
        case differs
        /// Within `CheckKind.slight` tolerances of the expected number: a numerical difference.
        case slightly

        init(_ check: CheckResult) {
            let quantity = CheckKind.quantity(of: check)
            guard !check.actual.isEmpty else {
                self = .none
                return
            }
            guard let actual = Self.numbers(check.actual), let expected = Self.numbers(check.expected) else {
                self = quantity == "isAnimating" || quantity == "phase" ? .exact(check.actual) : .differs
                return
            }
            if actual.contains(where: { !$0.isFinite }) && expected.allSatisfy(\.isFinite) {
                self = .notFinite
            } else if actual.allSatisfy({ $0 == 0 }) && !expected.allSatisfy({ $0 == 0 }) {
                self = .zero
            } else if let residual = check.residual, residual.isFinite, residual < CheckKind.slight {
                self = .slightly
            } else {
                self = .differs
            }
        }

        var id: String {
            switch self {
            case .none: return "no-answer"
            case .notFinite: return "not-finite"
            case .zero: return "zero"
            case .startValue: return "start-value"
            case .newValue: return "new-value"
            case let .exact(text): return text
            case .differs: return "differs"
            case .slightly: return "differs-slightly"
            }
        }

        var text: String {
            switch self {
            case .none: return "is not answered"
            case .notFinite: return "is not a finite number"
            case .zero: return "is 0"
            case .startValue: return "still shows the value before the change"
            case .newValue: return "already shows the new value"
            case let .exact(text): return "is \(text)"
            case .differs: return "differs from the reference model"
            case .slightly: return "differs slightly (under \(Int(CheckKind.slight)) × tolerance) from the reference model"
            }
        }

        /// Numbers and lists of numbers as checks write them ("nan", "inf" included); nil for text.
        static func numbers(_ text: String) -> [Double]? {
            let words = text.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).split(separator: ",")
            let parsed = words.map { word -> Double? in
                let w = word.trimmingCharacters(in: .whitespaces)
                switch w {
                case "nan": return .nan
                case "inf": return .infinity
                case "-inf": return -.infinity
                default: return Double(w)
                }
            }
            return parsed.isEmpty || parsed.contains(nil) ? nil : parsed.map { $0! }
        }
    }

    /// Where a property sample sits: at a change, within a frame after it, while the animation
    /// runs, or after it.
    enum Position: String {
        case atChange = "at-change"
        case firstFrame = "first-frame"
        case running, after
        case beforeChanges = "before"

        var text: String {
            switch self {
            case .atChange: return "at the change's own time"
            case .firstFrame: return "at the first frame after the change"
            case .running: return "while it animates"
            case .after: return "after it has finished"
            case .beforeChanges: return "before any change"
            }
        }
    }

    static func property(_ s: GeneratedScenario, check: CheckResult, answer: Answer, reduced: Fixture) -> FailureSignature {
        let kind = CheckKind(check)
        let time = CheckKind.sampleTime(check)
        let governing = time.flatMap { t in s.events.lastIndex { $0.time <= t } }
        var answer = answer
        var position = Position.beforeChanges
        if let time, let g = governing {
            if s.events.contains(where: { $0.time == time }) {
                position = .atChange
            } else if time - s.events[g].time <= 1.0 / 60 + 1e-9 {
                position = .firstFrame
            } else {
                let animating = reduced.propertySample(at: time)?.isAnimating ?? true
                position = animating ? .running : .after
            }
            if kind.quantity == "value", answer == .differs, let actual = Answer.numbers(check.actual) {
                let before = g == 0 ? s.initialValue : s.events[g - 1].value
                let tolerance = reduced.tolerance
                func shows(_ value: [Double]) -> Bool { value.count == actual.count && zip(actual, value).allSatisfy { tolerance.accepts($0, $1) } }
                if shows(before) { answer = .startValue } else if shows(s.events[g].value) { answer = .newValue }
            }
        }
        let changes = s.events.map(\.phrase)
        let context: String
        switch changes.count {
        case 0: context = "no change"
        case 1: context = "one change " + changes[0] + " from rest"
        default: context = "\(changes.count) changes: " + changes.joined(separator: "; then ")
        }
        let type = s.valueType == .scalar ? "" : " (\(s.valueTypeJSON.compactSerialized().replacingOccurrences(of: "\"", with: "")))"
        let quantity = ["value": "the value", "velocity": "the velocity", "completed": "the completions"][kind.quantity] ?? kind.quantity
        let shape = s.events.map(\.shapeWord).joined(separator: ";") + (s.mergesCoincidentAnimations ? "" : ";unmerged")
        var sections = sections(reduced, protocol: "docs/protocol.md §4, \"Property scenarios\"")
        if position == .atChange || position == .firstFrame { sections.insert("docs/protocol.md §2, \"Time: the clock model\"", at: 0) }
        return FailureSignature(
            id: ["property", kind.quantity, answer.id, position.rawValue, shape].joined(separator: ":"),
            name: "\(quantity) \(answer.text) \(position.text), \(context)\(type)", sections: sections,
            family: .init(id: ["property", kind.quantity, answer.id].joined(separator: ":"), name: "\(quantity) \(answer.text)"))
    }

    /// The sections of docs/semantics.md the reduced fixture's rules name, then the protocol's.
    static func sections(_ reduced: Fixture, protocol section: String) -> [String] {
        let rules = (reduced.generator?.rules ?? []).filter { $0.hasPrefix("§") }
        return (rules.isEmpty ? [] : ["docs/semantics.md " + rules.joined(separator: ", ")]) + [section]
    }
}

extension GeneratedScenario.Event {
    /// The change in words: its animation with its modifiers, and its transaction.
    var phrase: String {
        var text =
            animation.map { a in
                "with `\(a.base)`" + (a.modifiers.isEmpty ? "" : " and " + a.modifiers.map { "`.\($0.key)`" }.joined(separator: ", "))
            } ?? (tracksVelocity ? "tracking velocity" : "without animation")
        if animation != nil && tracksVelocity { text += ", tracking velocity" }
        if disablesAnimations { text += ", animations disabled" }
        if !path.isEmpty { text += ", through " + path.compactMap { $0.object?.first?.0 }.map { "`\($0)`" }.joined(separator: " then ") }
        if completion != nil { text += waitsForRemoval ? ", a completion on removal" : ", a completion on logical completion" }
        return text
    }

    /// The change's shape in one word: base and modifiers, then its flags.
    var shapeWord: String {
        var word = animation.map { ([$0.base] + $0.modifiers.map(\.key)).joined(separator: ".") } ?? "none"
        if tracksVelocity { word += "+tracks" }
        if disablesAnimations { word += "+disabled" }
        for modifier in path { word += "+" + (modifier.object?.first?.0 ?? "path") }
        if completion != nil { word += waitsForRemoval ? "+removed" : "+logical" }
        return word
    }
}

extension ScenarioKind {
    /// The section of docs/protocol.md that states the kind's operation.
    var protocolSection: String {
        self == .property ? "docs/protocol.md §4, \"Property scenarios\"" : "docs/protocol.md §4, \"`\(rawValue)`\""
    }
}

extension Fixture {
    /// The property sample at `time`, if the fixture has one.
    func propertySample(at time: Double) -> PropertyScenario.Sample? {
        guard case let .property(scenario) = body else { return nil }
        return scenario.samples.first { $0.time == time }
    }
}
