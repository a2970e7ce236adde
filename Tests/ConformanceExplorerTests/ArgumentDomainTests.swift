import FixtureFormat
import Foundation
import Testing

@testable import ConformanceExplorer
@testable import MotionConformance

/// The argument domains (`ArgumentDomain.table`): each value's class, boundary side and rounding,
/// the regions read from fixtures, the generator's edges, and the reader's refusals.
@Suite("argument domains")
struct ArgumentDomainTests {
    static func domain(_ id: String) throws -> ArgumentDomain { try #require(ArgumentDomain.table.first { $0.id == id }) }

    @Test("a value's class: NaN, ±∞, zero, negative, tiny, ordinary and huge by the domain's limits")
    func classes() {
        typealias C = ArgumentDomain.ValueClass
        let cases: [(Double, C)] = [
            (.nan, .nan), (-.infinity, .infinite), (0, .zero), (-0.0, .zero), (-2, .negative), (1e-4, .tiny), (1e-3, .tiny), (0.5, .ordinary), (1e3, .huge),
        ]
        for (x, expected) in cases { #expect(C.of(x, tiny: 1e-3, huge: 1e3) == expected, "\(x)") }
    }

    @Test("a boundary value is on it; a value within its span is just under or over; a whole number's neighbours are one away")
    func boundaries() throws {
        let count = try Self.domain("repeatCount")
        #expect(count.regionKeys(1).contains("on-1"))
        #expect(count.regionKeys(0).contains("under-1") && count.regionKeys(0).contains("class-zero"))
        #expect(count.regionKeys(2).contains("over-1") && count.regionKeys(2).contains("class-ordinary"))
        #expect(!count.regionKeys(3).contains { $0.hasSuffix("-1") })
        #expect(count.edges.contains(0) && count.edges.contains(2) && count.edges.contains(1))
        let bounce = try Self.domain("Spring.bounce")
        #expect(bounce.regionKeys(-1.05).contains("under--1"))
        #expect(bounce.regionKeys(-0.999).contains("over--1"))
        #expect(!bounce.regionKeys(-1.2).contains("under--1"), "further than the span is not just under")
        // The generator's nearest to −1 keeps the ratio well conditioned (r = 1/(b + 1) ≤ 1000).
        #expect(bounce.edges.filter { $0 > -1 && $0 < -0.9 }.allSatisfy { 1 / ($0 + 1) <= 1000 + 1e-6 })
    }

    @Test("a rounded value: a tie is k + ½ exactly, a near tie within 0.05 of one, a whole number apart")
    func ties() throws {
        let frames = try Self.domain("phases.frames")
        #expect(frames.regionKeys(2.5).contains("tie"))
        #expect(frames.regionKeys(2.48).contains("near-tie"))
        #expect(frames.regionKeys(180).contains("whole"))
        #expect(frames.regionKeys(2.3).allSatisfy { !["tie", "near-tie", "whole"].contains($0) })
        // Ties above an even and an odd number: half to even and away from zero differ at the first.
        #expect(frames.edges.contains(2.5) && frames.edges.contains(3.5))
    }

    @Test("the values a fixture holds: at a path, a product of two members, a difference, a member beside another")
    func readers() throws {
        let speed = try StatedValuesTests.features(
            #""property": {"valueType": "scalar", "initialValue": 0, "events": [{"time": 0, "set": 1, "animation": {"linear": {"duration": 0.5}, "speed": -1}}], "samples": [{"time": 0.1, "value": 0}]}"#
        )
        #expect(speed.contains(StatedValues.feature("domain:speed", "class-negative")))
        #expect(speed.contains(StatedValues.feature("domain:curve.duration", "class-ordinary")))
        let tie = try StatedValuesTests.features(
            #""phases": {"phases": [{"name": "a", "value": 0, "animation": null}, {"name": "b", "value": 1, "animation": null}], "mode": "continuous", "frameRate": 2, "duration": 1.25, "samples": [{"time": 1, "value": 0}]}"#
        )
        #expect(tie.contains(StatedValues.feature("domain:phases.frames", "tie")))
        let before = try StatedValuesTests.features(
            #""timeline": {"schedule": {"periodic": {"from": 0, "by": 5}}, "from": -12, "expected": [-10, -5]}"#)
        #expect(before.contains(StatedValues.feature("domain:periodic.date", "class-negative")))
        #expect(!before.contains(StatedValues.feature("domain:everyMinute.date", "class-negative")), "a periodic date is no everyMinute date")
        let minute = try StatedValuesTests.features(#""timeline": {"schedule": {"everyMinute": {}}, "from": -90, "expected": [-120, -60]}"#)
        #expect(minute.contains(StatedValues.feature("domain:everyMinute.date", "class-negative")))
    }

    @Test("values computed from an object: a physical spring's damping against critical, by its over-damping flag; explicit dates against the start")
    func formulas() throws {
        let over = try StatedValuesTests.features(
            #""spring": {"init": {"mass": 4, "stiffness": 25, "damping": 21}, "checks": [{"property": "mass", "expected": 4}]}"#)
        // 2√(mk) = 20: a damping of 21 is just over critical, and over-damping is not allowed.
        #expect(over.contains(StatedValues.feature("domain:Spring.critical", "over-1")))
        #expect(!over.contains { $0.hasPrefix(StatedValues.feature("domain:Spring.critical.allowed", "")) }, "the flag picks the domain")
        let allowed = try StatedValuesTests.features(
            #""spring": {"init": {"stiffness": 100, "damping": 20, "allowOverDamping": true}, "checks": [{"property": "mass", "expected": 1}]}"#)
        #expect(allowed.contains(StatedValues.feature("domain:Spring.critical.allowed", "on-1")))
        let critical = try Self.domain("Spring.critical")
        let spring = try JSONValue.parse(#"{"mass": 4, "stiffness": 25, "damping": 3}"#)
        #expect(critical.canSet(spring, at: ["spring", "init"]))
        #expect(ArgumentDomain.number(critical.setting(1.5, in: spring), at: ["damping"]) == 30)
        let dates = try StatedValuesTests.features(#""timeline": {"schedule": {"explicit": [-5, 3, 9]}, "from": 3, "expected": [-5, 3, 9]}"#)
        for key in ["class-negative", "class-zero", "class-ordinary"] { #expect(dates.contains(StatedValues.feature("domain:explicit.date", key)), "\(key)") }
        let explicit = try Self.domain("explicit.date")
        let timeline = try JSONValue.parse(#"{"schedule": {"explicit": [5, 1]}, "from": 2, "count": 2}"#)
        #expect(explicit.values(at: ["timeline"], explicit.setting(-4, in: timeline)) == [-4, -1])
    }

    @Test("every class, boundary and tie of every domain is a region, and no two domains share an id")
    func regions() {
        #expect(Set(ArgumentDomain.table.map(\.id)).count == ArgumentDomain.table.count)
        for domain in ArgumentDomain.table {
            let regions = domain.regions.count
            let expected = domain.classes.count + 3 * domain.boundaries.count + (domain.rounds ? 3 : 0)
            #expect(regions == expected, "\(domain.id)")
            #expect(Set(domain.classes.map(\.0)).isDisjoint(with: domain.refused.map(\.0)), "\(domain.id): a class both held and refused")
        }
        #expect(StatedValues.domainStatements.count == ArgumentDomain.table.count)
    }

    @Test("the generator moves arguments to their edges: over 300 phase scenarios a tie of the frame count, and the same scenario twice alike")
    func generatorDrawsEdges() {
        let generator = ScenarioGenerator(seed: 1)
        var reached = Set<String>()
        for index in 0..<300 {
            guard case let .body(_, body) = generator.scenario(.phases, index) else { continue }
            var features = Set<String>()
            FixtureFeatures.domains(.object([("phases", body)]), &features)
            reached.formUnion(features)
            if index < 20, case let .body(_, again) = generator.scenario(.phases, index) { #expect(again.serialized() == body.serialized()) }
        }
        #expect(reached.contains(StatedValues.feature("domain:phases.frames", "tie")))
        #expect(reached.contains(StatedValues.feature("domain:speed", "class-negative")))
        var property = Set<String>()
        for index in 0..<300 {
            guard case let .property(scenario) = generator.scenario(.property, index) else { continue }
            let events: [JSONValue] = scenario.events.compactMap { $0.animation.map { .object([("animation", $0.json)]) } }
            FixtureFeatures.domains(.object([("property", .object([("events", .array(events))]))]), &property)
        }
        for region in ["domain:delay", "domain:speed", "domain:curve.duration"] {
            #expect(
                property.contains(StatedValues.feature(region, "class-negative")) || property.contains(StatedValues.feature(region, "class-huge")), "\(region)")
        }
    }

    @Test("a periodic schedule's interval at or below 0 is refused where it is written")
    func periodicIntervalRefused() throws {
        for by in ["0", "-5"] {
            let text =
                #"{"id": "x/t", "title": "t", "suite": "x", "provenance": "analytic", "source": "s", "tolerance": {"absolute": 1e-9}, "#
                + #""timeline": {"schedule": {"periodic": {"from": 0, "by": "# + by + #"}}, "from": 3, "expected": [0]}}"#
            #expect(throws: FixtureError.self) { try FixtureLoader.decode(text) }
            do {
                _ = try FixtureLoader.decode(text)
            } catch let error as FixtureError {
                #expect(error.path == "$.timeline.schedule.periodic.by")
            }
        }
    }
}
