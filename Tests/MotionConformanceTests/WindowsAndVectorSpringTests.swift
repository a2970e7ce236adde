import FixtureFormat
import Foundation
import Testing

@testable import ConformanceReference
@testable import MotionConformance

/// Completions crossed with the windows of their animations in the coverage map, and the reference
/// model's fluid spring on vectors (§3.1 item 6, §4.5).
@Suite("completion windows and vector fluid springs")
struct WindowsAndVectorSpringTests {
    func fixture(_ valueType: String, initial: String, events: String, samples: [Double] = [0]) throws -> Fixture {
        let sampled = samples.map { "{\"time\": \(JSONValue.format($0)), \"value\": \(initial)}" }.joined(separator: ", ")
        return try FixtureLoader.decode(
            """
            {"id": "windows/probe", "title": "t", "suite": "windows", "provenance": "analytic", "source": "closed form",
             "tolerance": {"absolute": 1e-9}, "property": {"valueType": \(valueType), "initialValue": \(initial),
             "events": [\(events)], "samples": [\(sampled)]}}
            """)
    }

    @Test("a completion is crossed with the delay and repeats of its own animation and with the merges and blends that reach it, and with no other")
    func completionWindows() throws {
        let delayed = try fixture(
            "\"scalar\"", initial: "0",
            events: #"{"time": 0, "set": 1, "animation": {"linear": {"duration": 1}, "delay": 0.5}, "completion": {"name": "a"}}"#)
        #expect(FixtureFeatures.of(delayed).isSuperset(of: ["completion:logicallyComplete×delay"]))
        #expect(FixtureFeatures.of(delayed).isDisjoint(with: ["completion:logicallyComplete×repeat", "completion:logicallyComplete×merge"]))

        let repeated = try fixture(
            "\"scalar\"", initial: "0",
            events: #"{"time": 0, "set": 1, "animation": {"easeIn": {"duration": 0.2}, "repeatCount": 2}, "completion": {"name": "a", "criteria": "removed"}}"#)
        #expect(FixtureFeatures.of(repeated).contains("completion:removed×repeat"))
        #expect(!FixtureFeatures.of(repeated).contains("completion:removed×delay"))

        // The completion's spring is merged into by a later one with a blend: merge and blend.
        let merged = try fixture(
            "\"scalar\"", initial: "0",
            events: #"""
                {"time": 0, "set": 1, "animation": {"spring": {"response": 0.5}}, "completion": {"name": "a", "criteria": "removed"}},
                {"time": 0.1, "set": 2, "animation": {"spring": {"response": 0.3, "blendDuration": 0.4}}}
                """#)
        #expect(FixtureFeatures.of(merged).isSuperset(of: ["completion:removed×merge", "completion:removed×blend"]))

        // A merge before the completion's change does not reach it; a combination is no merge.
        let before = try fixture(
            "\"scalar\"", initial: "0",
            events: #"""
                {"time": 0, "set": 1, "animation": {"spring": {"response": 0.5, "blendDuration": 0.4}}},
                {"time": 0.1, "set": 2, "animation": {"spring": {"response": 0.3, "blendDuration": 0.4}}},
                {"time": 0.2, "set": 3, "animation": {"linear": {"duration": 1}}, "completion": {"name": "a"}}
                """#)
        #expect(FixtureFeatures.of(before).isDisjoint(with: FixtureFeatures.completionWindows.map { "completion:logicallyComplete×\($0)" }))
    }

    @Test("every completion window is a region of §6.2 the coverage map lists")
    func windowsAreRegions() {
        let regions = Set(SemanticsMap.rules.first { $0.id == "§6.2" }?.regions.map(\.feature) ?? [])
        for criterion in ["logicallyComplete", "removed"] {
            for window in FixtureFeatures.completionWindows { #expect(regions.contains("completion:\(criterion)×\(window)")) }
        }
    }

    /// A spring is linear in its interval, so a point whose y moves a hundredth of its x follows
    /// x/100 at every time — until the vector rests (§3.1 item 6: on its length), when both reach
    /// their targets together. Played apart, y (a hundred times slower) would rest long before x.
    @Test("a fluid spring on a point rests on the vector's length: y follows x/100 throughout and both finish together")
    func vectorRestTest() throws {
        let samples = (0...150).map { Double($0) / 50 }
        func played(_ type: String, _ initial: String, _ target: String) throws -> [ReferencePlayback.Answer] {
            let spring = #"{"spring": {"response": 0.5, "dampingFraction": 0.8}}"#
            let decoded = try fixture(type, initial: initial, events: #"{"time": 0, "set": \#(target), "animation": \#(spring)}"#, samples: samples)
            guard case let .property(scenario) = decoded.body else { throw ReferenceModel.Unsupported(description: "not a property") }
            return try ReferencePlayback.answers(scenario.reference)
        }
        let answers = try played("\"point\"", "[0, 0]", "[100, 1]")
        for answer in answers {
            #expect(abs(answer.value[1] - answer.value[0] / 100) <= 1e-9 * max(1, abs(answer.value[0])))
        }
        let ended = try #require(answers.firstIndex { !$0.isAnimating })
        #expect(ended > 0 && answers[ended].value == [100, 1])
        #expect(answers[ended - 1].value[0] != 100)

        // The y component alone rests earlier than the vector does.
        let yAlone = try #require(try played("\"scalar\"", "0", "1").firstIndex { !$0.isAnimating })
        #expect(yAlone < ended)
    }
}
