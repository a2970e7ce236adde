import Foundation
import TestSupport
import Testing

@testable import ConformanceExplorer
@testable import MotionConformance

/// The defaults and limits docs/semantics.md and docs/protocol.md state (`StatedValues`): held
/// against the documents, read from fixtures, and reached by the bundled suites.
@Suite("stated defaults and limits")
struct StatedValuesTests {
    static let documents: [String: String] = {
        var documents: [String: String] = [:]
        for path in [StatedValues.semanticsDoc, StatedValues.protocolDoc] {
            documents[path] = (try? String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        }
        return documents
    }()

    @Test("every statement is written where it says, and every default and limit the documents state is a statement")
    func tableMatchesDocuments() {
        #expect(Self.documents.values.allSatisfy { $0.count > 10_000 })
        #expect(StatedValues.problems(documents: Self.documents) == [])
        #expect(StatedValues.defaults.count >= 30)
        #expect(StatedValues.limitStatements.count >= 15)
        #expect(Set(StatedValues.statements.map(\.id)).count == StatedValues.statements.count)
    }

    @Test("a new default in a protocol table, words no longer written, and a new clamp are each found")
    func documentChangesAreFound() throws {
        var changed = Self.documents
        let row = "| `timingCurve` |"
        let protocolText = try #require(changed[StatedValues.protocolDoc])
        #expect(protocolText.contains(row))
        changed[StatedValues.protocolDoc] = protocolText.replacingOccurrences(
            of: "`extraBounce` (0) |\n| `interactiveSpring`", with: "`extraBounce` (0), `speed` (2) |\n| `interactiveSpring`")
        let semanticsText = try #require(changed[StatedValues.semanticsDoc])
        changed[StatedValues.semanticsDoc] =
            semanticsText.replacingOccurrences(of: "Stiffness k = (τ/r)², at most 45,000", with: "Stiffness k = (τ/r)², never above 45,000")
            .replacingOccurrences(of: "### 3.2 Modifiers\n", with: "### 3.2 Modifiers\n\nA speed is clamped to [0.1, 10].\n")
        let problems = StatedValues.problems(documents: changed)
        #expect(
            problems.contains(
                .rowWithoutStatement(document: StatedValues.protocolDoc, entry: .init(row: "`smooth`, `snappy`, `bouncy`", argument: "speed", value: "2"))))
        // The cap's sentence is quoted by the limit and by the response's domain: both lose it.
        for id in ["fluid.stiffness", "domain:fluid.response"] {
            #expect(problems.contains { if case let .notWritten(statement, _) = $0 { statement == id } else { false } }, "\(id)")
        }
        #expect(
            problems.contains { if case let .unclaimed(document, phrase, _) = $0 { document == StatedValues.semanticsDoc && phrase == "clamp" } else { false } }
        )
        #expect(problems.count == 4)
    }

    static func features(_ body: String) throws -> Set<String> {
        let fixture = try FixtureLoader.decode(
            #"{"id": "x/y", "title": "t", "suite": "x", "provenance": "analytic", "source": "docs/semantics.md", "tolerance": {"absolute": 1e-9}, "#
                + body + "}")
        return FixtureFeatures.of(fixture)
    }

    @Test("an argument left out reaches the default's region; one given reaches the other")
    func omittedArguments() throws {
        let features = try Self.features(
            #""spring": {"init": {"bounce": 0.2}, "checks": [{"value": {"time": 0.5}, "expected": 0.5}, {"velocity": {"target": 2, "time": 0.5}, "expected": 1}]}"#
        )
        #expect(features.contains(StatedValues.feature("Spring.duration", "omitted")))
        #expect(features.contains(StatedValues.feature("Spring.bounce", "given")))
        #expect(features.contains(StatedValues.feature("query.target", "omitted")))
        #expect(features.contains(StatedValues.feature("query.target", "given")))
        #expect(!features.contains(StatedValues.feature("Spring.bounce", "omitted")))
    }

    @Test("a limit's side: at it, just inside, just outside, and far from it nothing")
    func limitSides() throws {
        #expect(FixtureFeatures.side(1, of: 1, insideBelow: true, span: 0.5) == "at")
        #expect(FixtureFeatures.side(0.9, of: 1, insideBelow: true, span: 0.5) == "inside")
        #expect(FixtureFeatures.side(1.05, of: 1, insideBelow: true, span: 0.5) == "outside")
        #expect(FixtureFeatures.side(3, of: 1, insideBelow: true, span: 0.5) == nil)
        #expect(FixtureFeatures.side(0.005, of: 0.01, insideBelow: false, span: 0.05) == "outside")
        let cap = 2 * Double.pi / 45_000.squareRoot()
        for (response, region) in [(cap, "at"), (0.04, "inside"), (0.02, "outside"), (0, "nonpositive")] {
            let features = try Self.features(
                #""property": {"valueType": "scalar", "initialValue": 0, "events": [{"time": 0, "set": 1, "animation": {"spring": {"response": "#
                    + "\(response)" + #"}}}], "samples": [{"time": 0.1, "value": 0}]}"#)
            #expect(features.contains(StatedValues.feature("fluid.stiffness", region)), "response \(response)")
            #expect(features.contains(StatedValues.feature("spring.dampingFraction", "omitted")))
        }
    }

    @Test("frame times added up: 78 steps of 1/60 are 1.3000000000000003, which the allowance meets as frame 78")
    func accumulatedFrameTimes() throws {
        // The protocol's own example (docs/protocol.md §4 `phases`).
        #expect(FixtureFeatures.accumulated(78, rate: 60) == 1.3000000000000003)
        #expect(78.0 / 60 == 1.3)
        let features = try Self.features(
            #""phases": {"phases": [{"name": "a", "value": 0, "animation": null}, {"name": "b", "value": 1, "animation": null}], "mode": "trigger", "#
                + #""frameRate": 60, "triggers": [1.3000000000000003], "duration": 2, "samples": [{"time": 0.5000000005, "value": 0, "phase": "a"}, "#
                + #"{"time": 1.000000002, "value": 1, "phase": "b"}, {"time": 1.5, "value": 1, "phase": "b"}], "transitions": []}"#)
        for region in ["accumulated", "inside", "outside", "at"] {
            #expect(features.contains(StatedValues.feature("phases.allowance", region)), "\(region)")
        }
    }

    @Test("the bundled suites reach every region of every default and limit at least twice")
    func bundledSuitesReachEveryRegion() {
        let map = CoverageMap(fixtures: FixtureLoader.load(root: Repository.root.appendingPathComponent("Fixtures")).fixtures)
        #expect(map.missingStatedRegions.map { "\($0.statement): \($0.region)" } == [])
        #expect(map.thinStatedRegions.map { "\($0.statement): \($0.region)" } == [])
        #expect(map.statements.filter { $0.statement.reachedElsewhere == nil }.allSatisfy { !$0.regions.isEmpty })
    }
}
