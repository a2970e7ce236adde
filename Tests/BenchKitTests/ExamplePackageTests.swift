import Foundation
import TestSupport
import Testing

@testable import BenchKit

/// Benchmarks in a package of one's own: Examples/swift-engine depends on MotionBench by path,
/// declares its benchmarks with BenchKit, and its worker runs under `motion-bench run` and
/// `nightly` like this repository's. Built here in debug (the comparison of its revisions, which
/// builds two checkouts in release, is shown in the README's commands, not run in CI).
@Suite("A package of one's own", .serialized)
struct ExamplePackageTests {
    let tool = RunnerEndToEndTests()
    static let package = Repository.url("Examples/swift-engine")

    @Test("Examples/swift-engine builds against MotionBench, and its worker runs under run and nightly, into a history")
    func examplePackage() throws {
        // Once more if the first build fails: other tests run SwiftPM at the same time, and one
        // full-suite run saw this build fail once (not reproduced alone, from clean or not).
        let command = ["swift", "build", "--package-path", Self.package.path, "--product", "TinyBenchmarks"] + RevisionComparison.buildArguments()
        var build = try tool.run("/usr/bin/env", command)
        if build.status != 0 {
            let first = build.stdout.suffix(1500) + build.stderr.suffix(1500)
            build = try tool.run("/usr/bin/env", command)
            #expect(build.status == 0, "first attempt: \(first)\nsecond: \(build.stdout.suffix(1500))\(build.stderr.suffix(1500))")
        }
        let worker = Self.package.appendingPathComponent(".build/debug/TinyBenchmarks").path
        let list = try tool.motionBench(["list", "--worker", worker])
        #expect(list.stdout.contains("tween.linear.10k  [frame, 10000 elements]") && list.stdout.contains("tween.easeInOut.100k"), "\(list.stdout)")
        let reports = tool.temporaryReports()
        defer { try? FileManager.default.removeItem(at: reports) }
        let run = try tool.motionBench([
            "run", "--quick", "--quiet", "--worker", worker, "--filter", "^tween\\.linear\\.10k$", "--reports", reports.path,
            "--format", "json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try JSONDecoder().decode(RunResult.self, from: Data(run.stdout.utf8))
        #expect(result.benchmarks.map(\.name) == ["tween.linear.10k"] && result.benchmarks.first?.status == .ok)
        #expect((result.benchmarks.first?.timing?.nanosecondsPerElement ?? 0) > 0)
        let fixtures = Self.package.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path
        for _ in 0..<2 {
            let nightly = try tool.motionBench([
                "nightly", "--quick", "--no-instructions", "--worker", worker, "--filter", "^tween\\.linear\\.10k$",
                "--reports", reports.path, "--fixtures", fixtures,
            ])
            #expect(nightly.status == 0, "\(nightly.stdout)\(nightly.stderr)")
        }
        let history = HistoryStore(root: reports.appendingPathComponent("history")).load()
        #expect(history.records.count == 2 && history.records.allSatisfy { $0.run.benchmarks.map(\.name) == ["tween.linear.10k"] })
    }
}
