import BenchKit
import Foundation
import HarnessSupport
import MotionBenchApp
import MotionConformance

/// `motion-bench fixtures fuzz`: a campaign of damaged fixtures through the real `conform`.
///
/// Fixtures made from the real ones by `FixtureMutator` go to `conform` in batches, each batch
/// with a few real fixtures copied unchanged as controls. The campaign holds when no batch loses
/// its verdicts, no fixture crashes the player or runs past its budget, every fixture the loader
/// rejects is named with its file and where in it, and every control passes in every batch.
enum FuzzCommand {
    struct Tally {
        var fixtures = 0, batches = 0, passed = 0, failed = 0, rejected = 0, rejectedAndNamed = 0
        var crashed: [String] = [], overBudget: [String] = [], unnamed: [String] = [], lostBatches: [String] = []
        var controls = 0, controlsPassed = 0, batchesWithEveryControl = 0
        var slowestBatch = 0.0

        var holds: Bool {
            crashed.isEmpty && overBudget.isEmpty && unnamed.isEmpty && lostBatches.isEmpty && controls == controlsPassed && fixtures > 0
        }
    }

    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("fixtures fuzz"))
        let root = try Application.fixturesFolder(arguments.value("--fixtures") ?? "Fixtures")
        let count = try arguments.int("--count") ?? 10_000, batchSize = try arguments.int("--batch") ?? 250
        let seed = try arguments.int("--seed") ?? 1, controlsPerBatch = try arguments.int("--controls") ?? 6
        let budget = try arguments.double("--fixture-timeout") ?? 20
        guard (1...1_000_000).contains(count), (1...10_000).contains(batchSize), (1...100).contains(controlsPerBatch), budget > 0 else {
            throw UsageError("--count is 1–1000000, --batch 1–10000, --controls 1–100 and --fixture-timeout more than 0")
        }
        let loaded = FixtureLoader.load(root: root)
        guard loaded.errors.isEmpty, !loaded.fixtures.isEmpty else {
            throw ToolError("the campaign starts from valid fixtures; \(root.path) has \(loaded.fixtures.count) and \(loaded.errors.count) that do not load")
        }
        let sources = try loaded.fixtures.map { ($0, try String(contentsOfFile: $0.file!, encoding: .utf8)) }
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("motion-bench-fuzz-\(getpid())")
        print(
            "fuzz: \(count) fixtures made from \(sources.count) real ones (seed \(seed)), in batches of \(batchSize) with \(controlsPerBatch) "
                + "unchanged fixtures as controls; per-fixture budget \(String(budget)) s")
        var mutator = FixtureMutator(seed: UInt64(seed))
        var tally = Tally()
        let started = Date()
        var made = 0
        while made < count {
            let folder = scratch.appendingPathComponent("batch-\(tally.batches)")
            var controls: [String] = []
            for k in 0..<controlsPerBatch {
                let (fixture, text) = sources[(tally.batches * controlsPerBatch + k) % sources.count]
                guard !controls.contains(fixture.id) else { continue }
                try write(text, to: folder.appendingPathComponent("\(fixture.suite)/\(URL(fileURLWithPath: fixture.file!).lastPathComponent)"))
                controls.append(fixture.id)
            }
            let size = min(batchSize, count - made)
            for j in 0..<size {
                let (fixture, text) = sources[mutator.next(sources.count)]
                let id = "\(fixture.suite)/fuzz-\(made + j)"
                let renamed = text.replacingOccurrences(of: "\"id\": \"\(fixture.id)\"", with: "\"id\": \"\(id)\"")
                try write(mutator.mutate(renamed), to: folder.appendingPathComponent("\(fixture.suite)/fuzz-\(made + j).json"))
            }
            made += size
            let batchStart = Date()
            judge(
                conform(folder, budget: budget, timeout: budget * Double(size + controls.count) + 60), folder: folder, controls: controls,
                into: &tally)
            tally.fixtures += size
            tally.batches += 1
            tally.slowestBatch = max(tally.slowestBatch, -batchStart.timeIntervalSinceNow)
            if tally.holds { try? FileManager.default.removeItem(at: folder) }
        }
        print(report(tally, seconds: -started.timeIntervalSinceNow))
        if tally.holds { try? FileManager.default.removeItem(at: scratch) } else { print("the batches with problems are kept under \(scratch.path)") }
        return tally.holds ? 0 : 1
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// `conform --format json` on one batch, in its own process, stopped after `timeout` seconds.
    static func conform(_ folder: URL, budget: Double, timeout: Double) -> WorkerProcess.Outcome {
        WorkerProcess(
            executable: URL(fileURLWithPath: selfExecutable),
            arguments: ["conform", "--fixtures", folder.path, "--format", "json", "--fixture-timeout", String(budget)], timeout: timeout
        ).run()
    }

    static func judge(_ outcome: WorkerProcess.Outcome, folder: URL, controls: [String], into tally: inout Tally) {
        // Exit 1 (failures) and 2 (fixture errors) are verdicts, with the report on standard output.
        let output: Data?
        let how: String
        switch outcome {
        case let .finished(stdout): (output, how) = (stdout, "")
        case let .failed(status, stdout, _): (output, how) = (status == 2 || status == 1 ? stdout : nil, "exited \(status) without a JSON report")
        case let .crashed(signal, _, _): (output, how) = (nil, "was killed by signal \(signal)")
        case .timedOut: (output, how) = (nil, "did not finish")
        case let .couldNotStart(why): (output, how) = (nil, why)
        }
        guard let output, let json = try? JSONValue.parse(String(decoding: output, as: UTF8.self)), case let .array(results)? = json["fixtures"] else {
            tally.lostBatches.append("\(folder.path): conform " + (how.isEmpty ? "printed no JSON report" : how))
            return
        }
        var passedControls = 0
        for result in results {
            guard case let .string(id)? = result["id"], case let .string(verdict)? = result["verdict"] else { continue }
            let message: String
            if case let .string(text)? = result["message"] { message = text } else { message = "" }
            let file: String?
            if case let .string(path)? = result["file"] { file = path } else { file = nil }
            if controls.contains(id) {
                if verdict == "pass" { passedControls += 1 }
                continue
            }
            switch verdict {
            case "pass": tally.passed += 1
            case "fail": tally.failed += 1
            default:
                if message.hasPrefix("the player crashed") {
                    tally.crashed.append("\(file ?? id): \(message)")
                } else if message.contains("per-fixture budget") {
                    tally.overBudget.append("\(file ?? id): \(message)")
                } else {
                    tally.rejected += 1
                    // Named: the file, and where in it — a JSON path, a line and column, or a byte.
                    if let file, message.contains(file), message.contains("$") || message.contains("line ") || message.contains("byte ") {
                        tally.rejectedAndNamed += 1
                    } else {
                        tally.unnamed.append("\(file ?? id): \(message)")
                    }
                }
            }
        }
        tally.controls += controls.count
        tally.controlsPassed += passedControls
        if passedControls == controls.count { tally.batchesWithEveryControl += 1 }
    }

    static func report(_ t: Tally, seconds: Double) -> String {
        func listed(_ items: [String]) -> String {
            items.prefix(10).map { "\n    \($0)" }.joined() + (items.count > 10 ? "\n    … and \(items.count - 10) more" : "")
        }
        return """
              loaded and played:             \(t.passed + t.failed) (\(t.passed) pass, \(t.failed) fail: a changed expectation)
              rejected by the loader:        \(t.rejected), named with file and where: \(t.rejectedAndNamed)\(listed(t.unnamed))
              crashed the player:            \(t.crashed.count)\(listed(t.crashed))
              over the per-fixture budget:   \(t.overBudget.count)\(listed(t.overBudget))
              batches that lost verdicts:    \(t.lostBatches.count)\(listed(t.lostBatches))
              controls passing:              \(t.controlsPassed) of \(t.controls), every control in \(t.batchesWithEveryControl) of \(t.batches) batches
              time:                          \(String(format: "%.0f", seconds)) s, slowest batch \(String(format: "%.1f", t.slowestBatch)) s
            fuzz: \(t.holds ? "holds" : "FAILS")
            """
    }
}
