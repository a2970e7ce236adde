import Foundation

/// Recomputes the expectations of `reference-model` fixtures with the reference model. Fixtures of
/// any other provenance are never touched: their numbers are typed in with their citation.
public enum FixtureRegenerator {
    public struct Outcome: Sendable {
        public var file: String
        public var changes: [String]
        public var newText: String?
        public var skipped: String?
    }

    public static func regenerate(_ fixture: Fixture) -> Outcome {
        let file = fixture.file ?? fixture.id
        guard fixture.provenance.isComputedByReference else {
            return Outcome(file: file, changes: [], newText: nil, skipped: "provenance \(fixture.provenance.rawValue): never rewritten")
        }
        guard case let .property(scenario) = fixture.body, let json = fixture.json else {
            return Outcome(file: file, changes: [], newText: nil, skipped: "the reference model plays property scenarios only")
        }
        do {
            let samples = try expectations(scenario, json: json)
            var changes: [String] = []
            let original = json["property"]?["samples"]
            if case let .array(old)? = original {
                for (index, (before, after)) in zip(old, samples).enumerated() where before != after {
                    changes.append(
                        "$.property.samples[\(index)]: \(before.serialized().replacingOccurrences(of: "\n", with: " ")) → \(after.serialized().replacingOccurrences(of: "\n", with: " "))"
                    )
                }
            }
            let updated = replacing(json, path: ["property", "samples"], with: .array(samples))
            return Outcome(file: file, changes: changes, newText: updated.serialized() + "\n", skipped: nil)
        } catch {
            return Outcome(file: file, changes: [], newText: nil, skipped: "\(error)")
        }
    }

    /// The samples of the scenario with the reference model's values in every field they ask for
    /// (a sample that asks for nothing gets a value).
    static func expectations(_ scenario: PropertyScenario, json: JSONValue) throws -> [JSONValue] {
        guard case let .array(sampleJSON)? = json["property"]?["samples"] else { return [] }
        let answers = try ReferencePlayback.answers(scenario)
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

    static func replacing(_ json: JSONValue, path: [String], with value: JSONValue) -> JSONValue {
        guard let key = path.first, case let .object(members) = json else { return value }
        return .object(members.map { $0.0 == key ? ($0.0, replacing($0.1, path: Array(path.dropFirst()), with: value)) : $0 })
    }
}
