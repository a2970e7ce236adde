import ConformanceReference
import FixtureFormat
import Foundation
import MotionConformance

/// Recomputes the expectations of `reference-model` fixtures with the reference model. Fixtures of
/// any other provenance are never touched: their numbers are typed in with their citation.
public enum FixtureRegenerator {
    public struct Outcome: Sendable {
        public var file: String
        public var changes: [String]
        public var newText: String?
        public var skipped: String?
    }

    /// The fixture with the reference model's numbers; a generated fixture's title also says what
    /// it exercises (`generatedTitle`). Without `describingChanges` the outcome lists no changes
    /// (the explorer builds thousands of fixtures and reads none of them).
    public static func regenerate(_ fixture: Fixture, describingChanges: Bool = true) -> Outcome {
        let (outcome, json) = numbers(fixture, describingChanges: describingChanges)
        guard let json else { return outcome }
        var titled = outcome
        if fixture.provenance == .generated, let title = generatedTitle(fixture), title != fixture.title {
            if describingChanges { titled.changes.append("$.title: \(fixture.title) → \(title)") }
            titled.newText = replacing(json, path: ["title"], with: .string(title)).serialized() + "\n"
        } else {
            titled.newText = json.serialized() + "\n"
        }
        return titled
    }

    /// "generated (seed S, scenario I): exercises §… (regions); §… (…)", from the fixture's
    /// generator block and the features it has.
    public static func generatedTitle(_ fixture: Fixture) -> String? {
        guard let generator = fixture.generator else { return nil }
        let which = fixture.body.kind == .property ? "scenario" : "\(fixture.body.kind.rawValue) scenario"
        let exercised = SemanticsMap.exercised(by: FixtureFeatures.of(fixture))
        return "generated (seed \(generator.seed), \(which) \(generator.index)): exercises " + (exercised.isEmpty ? fixture.source : exercised)
    }

    /// The reference model's numbers in the fixture's JSON, and what changed (when described);
    /// the JSON is nil when the fixture is not the reference model's to rewrite.
    static func numbers(_ fixture: Fixture, describingChanges: Bool) -> (Outcome, JSONValue?) {
        let file = fixture.file ?? fixture.id
        func skipped(_ why: String) -> (Outcome, JSONValue?) { (Outcome(file: file, changes: [], newText: nil, skipped: why), nil) }
        guard fixture.provenance.isComputedByReference else { return skipped("provenance \(fixture.provenance.rawValue): never rewritten") }
        guard let json = fixture.json else { return skipped("no fixture text") }
        guard case let .property(scenario) = fixture.body else {
            do {
                let (key, body) = try self.body(fixture, json: json)
                let changes = describingChanges ? differences(json[key], body, path: "$.\(key)") : []
                return (Outcome(file: file, changes: changes, newText: nil, skipped: nil), replacing(json, path: [key], with: body))
            } catch {
                return skipped("\(error)")
            }
        }
        do {
            let samples = try expectations(scenario, json: json)
            var changes: [String] = []
            if describingChanges, case let .array(old)? = json["property"]?["samples"] {
                for (index, (before, after)) in zip(old, samples).enumerated() where before != after {
                    changes.append(
                        "$.property.samples[\(index)]: \(before.serialized().replacingOccurrences(of: "\n", with: " ")) → \(after.serialized().replacingOccurrences(of: "\n", with: " "))"
                    )
                }
            }
            return (Outcome(file: file, changes: changes, newText: nil, skipped: nil), replacing(json, path: ["property", "samples"], with: .array(samples)))
        } catch {
            return skipped("\(error)")
        }
    }

    /// The leaves that differ between two versions of a scenario, by JSON path.
    static func differences(_ old: JSONValue?, _ new: JSONValue, path: String) -> [String] {
        switch (old, new) {
        case let (.object(a)?, .object(b)) where a.map(\.0) == b.map(\.0):
            return zip(a, b).flatMap { differences($0.1, $1.1, path: path + "." + $0.0) }
        case let (.array(a)?, .array(b)) where a.count == b.count:
            return zip(a, b).enumerated().flatMap { differences($1.0, $1.1, path: path + "[\($0)]") }
        default:
            return old == new ? [] : ["\(path): \(old?.serialized() ?? "nothing") → \(new.serialized())".replacingOccurrences(of: "\n", with: " ")]
        }
    }

    /// The samples of the scenario with the reference model's values in every field they ask for
    /// (a sample that asks for nothing gets a value).
    static func expectations(_ scenario: PropertyScenario, json: JSONValue) throws -> [JSONValue] {
        guard case let .array(sampleJSON)? = json["property"]?["samples"] else { return [] }
        let answers = try ReferencePlayback.answers(scenario.reference)
        let scale = ([scenario.initialValue] + scenario.events.map(\.value)).joined().map(abs).max() ?? 0
        try requireBounded(answers.flatMap(\.value), scale: scale)
        var result: [JSONValue] = []
        for (index, sample) in scenario.samples.enumerated() {
            guard case let .object(members) = sampleJSON[index] else { continue }
            let asked = Set(members.map(\.0))
            let answer = answers[index]
            var out: [(String, JSONValue)] = [("time", .number(sample.time))]
            if asked.contains("value") || asked == ["time"] { out.append(("value", encoded(answer.value, scenario.valueType))) }
            if asked.contains("velocity") { out.append(("velocity", encoded(answer.velocity, scenario.valueType))) }
            if asked.contains("isAnimating") { out.append(("isAnimating", .bool(answer.isAnimating))) }
            if asked.contains("completed") { out.append(("completed", .array(answer.completed.map { .string($0) }))) }
            result.append(.object(out))
        }
        return result
    }

    /// Refuses answers a diverging integration made: a fluid spring with its stiffness capped and
    /// a large damping fraction (about 1.24 at the cap) steps away without bound, and values a
    /// million times beyond any the scenario names have their digits decided by rounding, which
    /// two correct engines do in different orders (docs/semantics.md §3.1 item 5).
    static func requireBounded(_ values: [Double], scale: Double) throws {
        let bound = 1e6 * max(scale, 1)
        if let wild = values.first(where: { $0.isFinite && abs($0) > bound }) {
            throw ReferenceModel.Unsupported(
                description: "an answer of \(wild), beyond a million times the scenario's values: a diverging integration, outside docs/semantics.md §3.1")
        }
    }

    /// A value of the scenario's type as fixtures write it: a number, an array, or named numbers.
    static func encoded(_ components: [Double], _ type: ValueType) -> JSONValue {
        switch type {
        case .scalar, .angle: return number(components[0])
        case .point, .size, .rect: return .array(components.map(number))
        case let .structure(names): return .object(zip(names, components).map { ($0, number($1)) })
        }
    }

    /// Rounded to 12 significant digits, so files stay readable and regeneration is stable.
    static func number(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .string(value > 0 ? "inf" : "-inf") }
        guard value != 0 else { return .number(0) }
        let scale = pow(10, 11 - floor(log10(abs(value))))
        return .number((value * scale).rounded() / scale)
    }

    package static func replacing(_ json: JSONValue, path: [String], with value: JSONValue) -> JSONValue {
        guard let key = path.first, case let .object(members) = json else { return value }
        return .object(members.map { $0.0 == key ? ($0.0, replacing($0.1, path: Array(path.dropFirst()), with: value)) : $0 })
    }
}
