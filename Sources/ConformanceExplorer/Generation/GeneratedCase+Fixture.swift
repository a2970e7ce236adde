import FixtureFormat
import MotionConformance

extension GeneratedCase {
    /// A fixture's scenario as the shrinker edits it: a property scenario read into
    /// `GeneratedScenario`, any other body as its JSON. Nil when the fixture writes something the
    /// generated form cannot carry (a member it does not know), so that no reduction starts from a
    /// scenario other than the fixture's.
    package init?(_ fixture: Fixture) {
        guard let json = fixture.json, let body = json[fixture.body.kind.rawValue] else { return nil }
        guard case let .property(typed) = fixture.body else {
            self = .body(fixture.body.kind, body)
            return
        }
        guard case let .object(members) = body,
            members.allSatisfy({ ["valueType", "initialValue", "mergesCoincidentAnimations", "events", "samples"].contains($0.0) }),
            case let .array(events)? = body["events"], events.count == typed.events.count
        else { return nil }
        var scenario = GeneratedScenario(
            valueType: typed.valueType, initialValue: typed.initialValue, events: [], sampleTimes: typed.samples.map(\.time))
        scenario.mergesCoincidentAnimations = typed.mergesCoincidentAnimations
        for (json, event) in zip(events, typed.events) {
            guard let generated = Self.event(json, time: event.time, value: event.value) else { return nil }
            scenario.events.append(generated)
        }
        self = .property(scenario)
    }

    /// One change as a fixture writes it, or nil when it has a member the generated form lacks.
    static func event(_ json: JSONValue, time: Double, value: [Double]) -> GeneratedScenario.Event? {
        guard case let .object(members) = json else { return nil }
        var event = GeneratedScenario.Event(time: time, value: value)
        for (key, member) in members {
            switch key {
            case "time", "set": continue
            case "animation":
                guard member != .null else { continue }
                guard let animation = GeneratedScenario.Animation(json: member) else { return nil }
                event.animation = animation
            case "transaction":
                guard case let .object(flags) = member else { return nil }
                for (flag, setting) in flags {
                    guard case let .bool(on) = setting else { return nil }
                    switch flag {
                    case "disablesAnimations": event.disablesAnimations = on
                    case "tracksVelocity": event.tracksVelocity = on
                    default: return nil
                    }
                }
            case "path":
                guard case let .array(path) = member else { return nil }
                event.path = path
            case "completion":
                guard case let .string(name)? = member["name"], case let .string(criteria)? = member["criteria"],
                    ["removed", "logicallyComplete"].contains(criteria)
                else { return nil }
                (event.completion, event.waitsForRemoval) = (name, criteria == "removed")
            default:
                return nil
            }
        }
        return event
    }
}
