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
        guard fixture.provenance == .referenceModel else {
            return Outcome(file: file, changes: [], newText: nil, skipped: "provenance \(fixture.provenance.rawValue): never rewritten")
        }
        guard case let .property(scenario) = fixture.body, scenario.valueType == .scalar, let json = fixture.json else {
            return Outcome(file: file, changes: [], newText: nil, skipped: "the reference model plays property scenarios of scalar values only")
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
        guard case let .array(events)? = json["property"]?["events"], case let .array(sampleJSON)? = json["property"]?["samples"] else { return [] }
        var fired: [String] = []
        let property = ReferenceProperty(scenario.initialValue[0], mergesCoincident: scenario.mergesCoincidentAnimations)
        var next = 0
        var result: [JSONValue] = []
        for (index, sample) in scenario.samples.enumerated() {
            while next < scenario.events.count && scenario.events[next].time <= sample.time {
                let event = scenario.events[next]
                let listener = event.completion.map { completion in
                    ReferenceProperty.Listener(name: completion.name, waitsForRemoval: completion.criteria == .removed) { fired.append($0) }
                }
                _ = events[next]
                try property.set(
                    event.value[0], at: event.time, animation: ExternalEngine.resolvedAnimation(event),
                    tracksVelocity: event.transaction.tracksVelocity, listener: listener)
                listener?.bodyDone = true
                listener?.check()
                next += 1
            }
            let value = property.value(at: sample.time)
            let velocity = property.velocity(at: sample.time)
            guard case let .object(members) = sampleJSON[index] else { continue }
            let asked = Set(members.map(\.0))
            var out: [(String, JSONValue)] = [("time", .number(sample.time))]
            if asked.contains("value") || asked == ["time"] { out.append(("value", number(value))) }
            if asked.contains("velocity") { out.append(("velocity", number(velocity))) }
            if asked.contains("isAnimating") { out.append(("isAnimating", .bool(property.running != nil))) }
            if asked.contains("completed") { out.append(("completed", .array(fired.map { .string($0) }))) }
            result.append(.object(out))
        }
        return result
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
