import Foundation

/// The main job: conformance suites, the quick benchmark profile and the report, on the bundled
/// default suites. The conformance player and the runner arrive with their issues; until then it
/// prints the version and what it will run, with the fixture count of each suite.
struct MainJob {
    /// The conformance suites, one folder each under the fixtures directory.
    static let conformanceSuites = ["documented", "merge", "retarget", "velocity", "keyframes", "phases", "timeline"]

    var fixturesDirectory = "Fixtures"

    init(options: [String]) throws {
        var remaining = options[...]
        while let option = remaining.popFirst() {
            switch option {
            case "--fixtures":
                guard let value = remaining.popFirst() else { throw UsageError("--fixtures needs a directory") }
                fixturesDirectory = value
            default:
                throw UsageError("unknown option '\(option)' for 'main'; expected --fixtures DIR")
            }
        }
    }

    func run() throws -> Int32 {
        print("motion-bench \(CommandLineTool.version): main job")
        print("conformance suites (fixtures in \(fixturesDirectory)/):")
        for suite in Self.conformanceSuites {
            let count = fixtureCount(in: suite)
            print("  \(suite.padding(toLength: 12, withPad: " ", startingAt: 0)) \(count) fixture\(count == 1 ? "" : "s")")
        }
        print("benchmark profile: quick")
        print("not yet run: the conformance player and the benchmark runner are still to be built")
        return 0
    }

    private func fixtureCount(in suite: String) -> Int {
        let folder = URL(fileURLWithPath: fixturesDirectory).appendingPathComponent(suite)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.count
    }
}
