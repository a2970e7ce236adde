import ConformanceReference
import FixtureFormat
import Foundation
import TestSupport
import Testing

/// The conformance layer's modules as the manifest declares them (`swift package dump-package`):
/// the reference model and the fixture format reach nothing of MotionCore, directly or through
/// another module. The build's import check (the Makefile's `IMPORT_CHECK`) refuses an import a
/// target does not declare, so the declarations are what the compiler allows.
@Suite("module graph")
struct ModuleGraphTests {
    /// Each target's declared dependencies on the package's own targets, by name.
    static func declared() throws -> [String: [String]] {
        // A scratch folder of its own: the tests' `swift test` holds the lock on .build.
        let scratch = TemporaryFolder.name("dump-package")
        let dump = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "dump-package", "--package-path", Repository.root.path, "--scratch-path", scratch.path])
        try #require(dump.status == 0, "swift package dump-package")
        let data = Data(dump.output.utf8)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var graph: [String: [String]] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            let dependencies = target["dependencies"] as? [[String: Any]] ?? []
            graph[name] = dependencies.compactMap { ($0["byName"] as? [Any])?.first as? String ?? ($0["target"] as? [Any])?.first as? String }
        }
        return graph
    }

    /// Every target `name` reaches through declared dependencies, itself excluded.
    static func closure(of name: String, in graph: [String: [String]]) -> Set<String> {
        var reached: Set<String> = []
        var frontier = graph[name] ?? []
        while let next = frontier.popLast() {
            if reached.insert(next).inserted { frontier += graph[next] ?? [] }
        }
        return reached
    }

    @Test("the reference model and the fixture format reach nothing of MotionCore, MotionEngine or the player")
    func referenceIndependent() throws {
        let graph = try Self.declared()
        #expect(Self.closure(of: "ConformanceReference", in: graph) == ["FixtureFormat"])
        #expect(Self.closure(of: "FixtureFormat", in: graph).isEmpty)
        // The harness builds on both, and they are the only route its expected numbers take.
        #expect(Self.closure(of: "MotionConformance", in: graph).isSuperset(of: ["ConformanceReference", "FixtureFormat", "MotionCore"]))
    }

    @Test(
        "the conformance layer's modules are layers: the player reaches neither the explorer nor the diagnosis, the explorer not the diagnosis, and none of them the engine or the runner"
    )
    func conformanceLayers() throws {
        let graph = try Self.declared()
        let player = Self.closure(of: "MotionConformance", in: graph)
        let explorer = Self.closure(of: "ConformanceExplorer", in: graph)
        let diagnosis = Self.closure(of: "ConformanceDiagnosis", in: graph)
        #expect(player.isDisjoint(with: ["ConformanceExplorer", "ConformanceDiagnosis", "EngineConformance", "ConformanceReports"]))
        #expect(explorer.contains("MotionConformance") && !explorer.contains("ConformanceDiagnosis"))
        #expect(diagnosis.isSuperset(of: ["MotionConformance", "ConformanceExplorer"]))
        for layer in [player, explorer, diagnosis] {
            #expect(layer.isDisjoint(with: ["MotionEngine", "BenchKit", "BenchStore", "EngineConformance", "ConformanceReports", "MotionBenchApp"]))
        }
        // The explorer and the diagnosis compute expected numbers with the reference model only:
        // MotionCore reaches them through the player, never as a dependency of their own.
        #expect(!(graph["ConformanceExplorer"] ?? []).contains("MotionCore"))
        #expect(!(graph["ConformanceDiagnosis"] ?? []).contains("MotionCore"))
    }

    @Test(
        "each layer's tests link that layer and what it builds on: the player's neither the explorer nor the diagnosis, the explorer's not the diagnosis, none of them an engine"
    )
    func layerTestsLinkTheirLayer() throws {
        let graph = try Self.declared()
        let above = ["ConformanceExplorer", "ConformanceDiagnosis", "EngineConformance", "ConformanceReports", "MotionBenchApp"]
        #expect(Self.closure(of: "MotionConformanceTests", in: graph).isDisjoint(with: above))
        #expect(Self.closure(of: "ConformanceExplorerTests", in: graph).isDisjoint(with: above.dropFirst()))
        #expect(Self.closure(of: "ConformanceDiagnosisTests", in: graph).isDisjoint(with: above.dropFirst(2)))
    }

    @Test("MotionCore's tests link the reference model, not the harness")
    func coreTestsLinkTheReference() throws {
        let graph = try Self.declared()
        #expect(Self.closure(of: "MotionCoreTests", in: graph) == ["MotionCore", "ConformanceReference", "FixtureFormat"])
    }
}

/// The reference model used alone, as Sources/ConformanceReference/README.md shows it.
@Suite("the reference model alone")
struct ReferenceAloneTests {
    @Test("a linear change of 100 over 1 s is at 25 and 50 a quarter and a half in (closed form 100·t/d)")
    func linear() throws {
        let scenario = ReferenceScenario(
            valueType: .scalar, initialValue: [0], mergesCoincidentAnimations: true,
            changes: [.init(time: 0, value: [100], animation: try JSONValue.parse(#"{"linear": {"duration": 1}}"#))],
            sampleTimes: [0.25, 0.5])
        let answers = try ReferencePlayback.answers(scenario)
        #expect(answers.map(\.value) == [[25], [50]])
        #expect(answers.map(\.isAnimating) == [true, true])
    }
}
