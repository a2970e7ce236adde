import ConformanceReports
import Foundation
import HarnessSupport
import MotionConformance

/// A campaign of damaged fixtures: how many, in batches of what size, from which seed, with how
/// many unchanged fixtures per batch as controls, and each fixture's time budget in the player.
package struct FuzzRequest: Sendable {
    package var fixtures = "Fixtures"
    package var count = 10_000
    package var batch = 250
    package var seed: UInt64 = 1
    package var controls = 6
    package var fixtureTimeout = 20.0

    package init(fixtures: String = "Fixtures", count: Int = 10_000, batch: Int = 250, seed: UInt64 = 1) {
        (self.fixtures, self.count, self.batch, self.seed) = (fixtures, count, batch, seed)
    }
}

/// What a campaign found, fixture by fixture and batch by batch.
package struct FuzzTally: Sendable {
    package var fixtures = 0, batches = 0, passed = 0, failed = 0, rejected = 0, rejectedAndNamed = 0
    /// "FILE: MESSAGE" of each fixture that crashed the player, ran past its budget, or was
    /// rejected without saying where; and each batch whose `conform` gave no report.
    package var crashed: [String] = [], overBudget: [String] = [], unnamed: [String] = [], lostBatches: [String] = []
    package var controls = 0, controlsPassed = 0, batchesWithEveryControl = 0
    package var slowestBatch = 0.0

    /// No batch lost its verdicts, no fixture crashed the player or ran past its budget, every
    /// rejected fixture was named with its file and where in it, every control passed.
    package var holds: Bool {
        crashed.isEmpty && overBudget.isEmpty && unnamed.isEmpty && lostBatches.isEmpty && controls == controlsPassed && fixtures > 0
    }
}

package struct FuzzOutcome: Sendable {
    package var tally: FuzzTally
    package var seconds: Double
    /// The batches with problems, kept for reading; nil when the campaign holds.
    package var kept: URL?
    package var exitCode: Int32 { tally.holds ? 0 : 1 }
}

extension Application {
    /// `fixtures fuzz`: fixtures made from the real ones by `FixtureMutator` go to this tool's
    /// `conform` in batches, each batch in its own process with a few real fixtures copied
    /// unchanged as controls. `starting` is told how many real fixtures the campaign starts from.
    package func fuzz(_ request: FuzzRequest, starting: (Int) -> Void = { _ in }) throws -> FuzzOutcome {
        let ranges: [(RequestError.Field, Int, ClosedRange<Int>)] = [
            (.count, request.count, 1...1_000_000), (.batch, request.batch, 1...10_000), (.controls, request.controls, 1...100),
        ]
        for (field, value, range) in ranges where !range.contains(value) {
            throw RequestError(field, "\(value)", "is outside \(range.lowerBound)–\(range.upperBound)")
        }
        guard request.fixtureTimeout > 0 else { throw RequestError(.fixtureTimeout, "\(request.fixtureTimeout)", "is not above 0 seconds") }
        let root = try Self.fixturesFolder(request.fixtures)
        let loaded = FixtureLoader.load(root: root)
        guard loaded.errors.isEmpty, !loaded.fixtures.isEmpty else {
            throw ToolError("the campaign starts from valid fixtures; \(root.path) has \(loaded.fixtures.count) and \(loaded.errors.count) that do not load")
        }
        let sources = try loaded.fixtures.map { ($0, try String(contentsOfFile: $0.file!, encoding: .utf8)) }
        starting(sources.count)
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("motion-bench-fuzz-\(getpid())")
        var mutator = FixtureMutator(seed: request.seed)
        var tally = FuzzTally()
        let started = Date()
        var made = 0
        while made < request.count {
            let folder = scratch.appendingPathComponent("batch-\(tally.batches)")
            var controls: [String] = []
            for k in 0..<request.controls {
                let (fixture, text) = sources[(tally.batches * request.controls + k) % sources.count]
                guard !controls.contains(fixture.id) else { continue }
                try Self.write(text, to: folder.appendingPathComponent("\(fixture.suite)/\(URL(fileURLWithPath: fixture.file!).lastPathComponent)"))
                controls.append(fixture.id)
            }
            let size = min(request.batch, request.count - made)
            for j in 0..<size {
                let (fixture, text) = sources[mutator.next(sources.count)]
                let id = "\(fixture.suite)/fuzz-\(made + j)"
                let renamed = text.replacingOccurrences(of: "\"id\": \"\(fixture.id)\"", with: "\"id\": \"\(id)\"")
                try Self.write(mutator.mutate(renamed), to: folder.appendingPathComponent("\(fixture.suite)/fuzz-\(made + j).json"))
            }
            made += size
            let batchStart = Date()
            let budget = request.fixtureTimeout
            let conform = WorkerProcess(
                executable: executable, arguments: ConformInvocation(fixtures: folder.path, fixtureSeconds: budget).arguments,
                timeout: budget * Double(size + controls.count) + 60
            ).run()
            Self.judge(conform, folder: folder, controls: controls, into: &tally)
            tally.fixtures += size
            tally.batches += 1
            tally.slowestBatch = max(tally.slowestBatch, -batchStart.timeIntervalSinceNow)
            if tally.holds { try? FileManager.default.removeItem(at: folder) }
        }
        let seconds = -started.timeIntervalSinceNow
        if tally.holds { try? FileManager.default.removeItem(at: scratch) }
        return FuzzOutcome(tally: tally, seconds: seconds, kept: tally.holds ? nil : scratch)
    }

    private static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// One batch's `conform --format json`, read back as a report and counted.
    static func judge(_ outcome: WorkerProcess.Outcome, folder: URL, controls: [String], into tally: inout FuzzTally) {
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
        guard let output, let report = try? ConformanceReport(json: String(decoding: output, as: UTF8.self)) else {
            tally.lostBatches.append("\(folder.path): conform " + (how.isEmpty ? "printed no JSON report" : how))
            return
        }
        // Named: the file, and where in it — a JSON path, a line and column, or a byte.
        func rejected(_ message: String, file: String?, id: String) {
            tally.rejected += 1
            if let file, message.contains(file), message.contains("$") || message.contains("line ") || message.contains("byte ") {
                tally.rejectedAndNamed += 1
            } else {
                tally.unnamed.append("\(file ?? id): \(message)")
            }
        }
        var passedControls = 0
        for result in report.results {
            if controls.contains(result.id) {
                if result.verdict == .pass { passedControls += 1 }
                continue
            }
            switch result.verdict {
            case .pass: tally.passed += 1
            case .fail: tally.failed += 1
            case .error, .skipped:
                if result.stopped == .crashed {
                    tally.crashed.append("\(result.file ?? result.id): \(result.message)")
                } else if result.stopped == .timeBudget || result.stopped == .memoryBudget {
                    tally.overBudget.append("\(result.file ?? result.id): \(result.message)")
                } else {
                    rejected(result.message, file: result.file, id: result.id)
                }
            }
        }
        for error in report.loadErrors { rejected(error.description, file: error.file, id: error.file ?? "") }
        tally.controls += controls.count
        tally.controlsPassed += passedControls
        if passedControls == controls.count { tally.batchesWithEveryControl += 1 }
    }
}
