import Foundation
import Testing

@testable import BenchKit

/// `compare-revisions` end to end on real revisions: a throwaway clone of this repository gets a
/// commit with a deliberately slowed curve kernel and a fluid-spring kernel whose outputs differ;
/// it is built (in debug, to keep CI short — the comparison is relative) and compared with HEAD,
/// one build for both findings. Three rounds decide; a regression is confirmed by three more, so
/// six are allowed.
@Suite("compare-revisions end to end", .serialized)
struct RevisionComparisonTests {
    static let tool = RunnerEndToEndTests.buildDirectory.appendingPathComponent("motion-bench")
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Run {
        let status: Int32
        let output: String
    }

    static func sh(_ command: String, in directory: URL) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The comparison a run stored, read from the `wrote ….json` line it printed.
    static func storedReport(in run: Run) throws -> ComparisonReport {
        let line = try #require(run.output.split(separator: "\n").last { $0.hasPrefix("wrote ") && $0.hasSuffix(".json and .md") })
        let path = String(line.dropFirst("wrote ".count).dropLast(" and .md".count))
        let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : try #require(Self.clone).appendingPathComponent(path)
        return try JSONDecoder().decode(ComparisonReport.self, from: Data(contentsOf: file))
    }

    /// A clone with two commits: HEAD ("base") and "changed" on top of it.
    static let clone: URL? = {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("revisions-\(UUID().uuidString)")
        let curve = "Sources/MotionEngine/Pools/CurvePool.swift", fluid = "Sources/MotionEngine/Pools/FluidPool.swift"
        let script = """
            set -e
            git clone -q "\(repository.path)" "\(directory.path)"
            cd "\(directory.path)"
            git config user.email test@example.com && git config user.name test
            git tag base
            python3 - <<'PY'
            p = "\(curve)"
            s = open(p).read()
            anchor = "        var i = range.lowerBound\\n"
            assert anchor in s, "the curve pool's tick has changed: update the patch in RevisionComparisonTests"
            s = s.replace(anchor, "        var spin = 0.0\\n        for k in 0..<(range.count * 400) { spin += Double(k).squareRoot() }\\n        if spin < 0 { print(spin) }\\n" + anchor, 1)
            open(p, "w").write(s)
            p = "\(fluid)"
            s = open(p).read()
            anchor = "            tickOne(at: i, time: time, values: values, sink: sink)\\n            i += 1\\n        }\\n"
            assert anchor in s, "the fluid pool's tick has changed: update the patch in RevisionComparisonTests"
            s = s.replace(anchor, anchor + "        for slot in range { values[Int(channel[slot])] += 0.001 }\\n", 1)
            open(p, "w").write(s)
            PY
            git commit -qam "slow the curve kernel; change the fluid kernel's outputs" && git tag changed
            git checkout -q base
            """
        guard let run = try? sh(script, in: URL(fileURLWithPath: NSTemporaryDirectory())), run.status == 0 else { return nil }
        return directory
    }()

    /// Instruction counts (callgrind, once a side) only where a test reads them: they take seconds.
    func compare(_ a: String, _ b: String, filter: String = "^tick\\.fluid\\.10k\\.1$", instructions: Bool = false) throws -> Run {
        let clone = try #require(Self.clone, "the test clone could be made")
        return try Self.sh(
            "\"\(Self.tool.path)\" compare-revisions \(a) \(b) --quick --rounds 3 --max-rounds 6 --configuration debug "
                + "--filter '\(filter)' --repository . --reports reports" + (instructions ? "" : " --no-instructions"), in: clone)
    }

    @Test(
        "a slowed kernel is a confirmed regression with its instruction counts risen; another whose outputs differ is a digest mismatch, with the conformance changes listed: exit 4"
    )
    func changedRevision() throws {
        let run = try compare("base", "changed", filter: "^tick\\.(curve|fluid)\\.10k\\.1$", instructions: true)
        #expect(run.status == 4, "\(run.output.suffix(1500))")
        let report = try Self.storedReport(in: run)
        let curve = try #require(report.comparisons.first { $0.name == "tick.curve.10k.1" })
        #expect(curve.verdict == .regressed && curve.confirmed == true, "a regression is confirmed before it is reported")
        // Counted once a side under callgrind: the slowed kernel's extra work per channel.
        let (a, b) = (try #require(curve.baselineInstructions), try #require(curve.candidateInstructions))
        #expect(b > a * 1.01, "instructions \(a) → \(b)")
        let fluid = try #require(report.comparisons.first { $0.name == "tick.fluid.10k.1" })
        #expect(fluid.verdict == .digestMismatch)
        #expect(report.conformance?.changed.isEmpty == false, "the changed revision's fixtures change verdict")
        #expect(report.conformance?.failure == nil, "a revision whose fixtures fail still has verdicts")
        #expect(report.rounds?.design == "blocks", "both workers serve blocks, so the rounds take turns")
        #expect(report.exitCode == run.status, "the stored exit code is the one the process exited with")
    }

    @Test("a revision compared with itself shows no regression and no mismatch")
    func sameRevision() throws {
        let run = try compare("base", "base")
        #expect(run.status != 2 && run.status != 4 && run.status != 1, "\(run.output.suffix(1500))")
        let report = try Self.storedReport(in: run)
        #expect(!report.comparisons.isEmpty && !report.comparisons.contains { $0.verdict == .regressed })
        #expect(report.conformance?.changed.isEmpty == true && report.conformance?.failure == nil)
        #expect(!run.output.contains("was compiled"), "both sides built alike: no build warning")
    }

    @Test("--format json prints the comparison as JSON valid against its schema; an unknown format is refused before anything is built")
    func formats() throws {
        let clone = try #require(Self.clone, "the test clone could be made")
        let refused = try Self.sh("\"\(Self.tool.path)\" compare-revisions base base --format xml --repository . --reports reports", in: clone)
        #expect(refused.status == 1 && refused.output.contains("unknown format 'xml'") && !refused.output.contains("building"), "\(refused.output)")
        let run = try Self.sh(
            "\"\(Self.tool.path)\" compare-revisions base base --quick --quiet --rounds 2 --max-rounds 2 --no-confirm --no-instructions --configuration debug "
                + "--filter '^tick\\.fluid\\.10k\\.1$' --repository . --reports reports --format json 2>/dev/null", in: clone)
        let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect(json?["schemaVersion"] as? Int == 1 && (json?["comparisons"] as? [Any])?.count == 1, "\(run.output.prefix(800))")
        if formatCheckerReady { try FormatParserTests().check("comparison", run.output) }
    }
}
