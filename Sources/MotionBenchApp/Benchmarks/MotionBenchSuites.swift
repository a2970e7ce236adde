import BenchKit
import EngineConformance
import Foundation
import HarnessSupport
import MotionConformance

/// MotionBench's part in a comparison of two revisions: each checkout's workers read its own
/// fixtures, an engine in another process is measured by this tool's workload worker, and a
/// revision's verdicts are its conformance suites', played by that revision's own tool (or, for
/// an engine, by this one).
package struct MotionBenchSuites: RevisionSuites {
    /// This tool, whose workload worker and conformance suites an engine revision is run through.
    package var executable: URL

    package init(executable: URL) { self.executable = executable }

    package func workerEnvironment(checkout: URL) -> [String: String] {
        ["MOTIONBENCH_FIXTURES": checkout.appendingPathComponent("Fixtures").path]
    }

    package func engineWorker(engineCommand: String) -> BenchmarkDriver.WorkerCommand {
        let engine = EngineLaunch(command: engineCommand, shell: true, timeout: EngineLaunch.workloadTimeout)
        return BenchmarkDriver.WorkerCommand(
            executable: executable, arguments: [InternalCommand.workloadWorker.rawValue] + EngineOptions.arguments(for: engine))
    }

    /// A checkout with MotionBench's fixture folder.
    package func hasSuites(checkout: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Fixtures").path, isDirectory: &folder) && folder.boolValue
    }

    /// The part of `conform --format json` read here: each fixture's verdict.
    struct Verdicts: Decodable {
        struct Fixture: Decodable {
            var id: String
            var verdict: String
        }
        var fixtures: [Fixture]
    }

    package func verdicts(checkout: URL, binaries: URL?, engineCommand: String?, timeout: Double) -> [String: String]? {
        let outcome: WorkerProcess.Outcome
        if let engineCommand {
            let engine = EngineLaunch(command: engineCommand, shell: true, timeout: EngineLaunch.answerTimeout)
            outcome = WorkerProcess(executable: executable, arguments: ConformInvocation(engine: engine).arguments, timeout: timeout).run()
        } else if let binaries {
            let fixtures = checkout.appendingPathComponent("Fixtures").path
            outcome = WorkerProcess(
                executable: binaries.appendingPathComponent(executable.lastPathComponent), arguments: ConformInvocation(fixtures: fixtures).arguments,
                timeout: timeout
            ).run()
        } else {
            return nil
        }
        let data: Data
        switch outcome {
        case let .finished(output): data = output
        // Exit 1 or 2: some fixtures fail or are errors — verdicts like any other, with the
        // report on stdout.
        case let .failed(status, output, _) where status == 1 || status == 2: data = output
        default: return nil
        }
        guard let report = try? JSONDecoder().decode(Verdicts.self, from: data) else { return nil }
        return Dictionary(report.fixtures.map { ($0.id, $0.verdict) }, uniquingKeysWith: { first, _ in first })
    }

    /// The site's scaling charts: `tick.KIND.COUNT.THREADS` on one thread and on all, and the C
    /// kernel of the same math (`c.REF.COUNT`) beside them.
    package static let scaling = ScalingCharts(series: ["1 thread", "all threads", "C kernel"], element: "channel-frame", elements: "channels") { name in
        let parts = name.split(separator: ".").map(String.init)
        if parts.count == 4, parts[0] == "tick", ["1", "all"].contains(parts[3]) { return .init(chart: "tick.\(parts[1])", series: parts[3] == "1" ? 0 : 1) }
        let kernels = ["fluid": "fluid", "closed": "closed", "cubic": "keyframe"]
        if parts.count == 3, parts[0] == "c", let kind = kernels[parts[1]] { return .init(chart: "tick.\(kind)", series: 2) }
        return nil
    }
}
