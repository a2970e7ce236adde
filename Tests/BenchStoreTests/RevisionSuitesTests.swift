import Foundation
import TestSupport
import Testing

@testable import BenchKit
@testable import MotionBenchApp

/// MotionBench's part in a comparison of its own revisions: each checkout's fixtures played by
/// the tool built from it (here two checkouts' fixture folders and this build's tool, so that no
/// revision is built), and the verdicts that changed between them.
@Suite("a revision's own suites")
struct RevisionSuitesTests {
    /// A checkout holding the documented suite only, with `c10-bezier`'s expected value at 0.5
    /// given as `value`.
    func checkout(bezierValue value: String) throws -> URL {
        let folder = TemporaryFolder.make("motion-bench-store")
        let suite = folder.appendingPathComponent("Fixtures/documented")
        try FileManager.default.createDirectory(at: suite.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Fixtures/documented"), to: suite)
        let file = suite.appendingPathComponent("c10-bezier.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "\"value\": 0.5", with: "\"value\": \(value)")
        #expect(changed != text || value == "0.5")
        try changed.write(to: file, atomically: true, encoding: .utf8)
        return folder
    }

    @Test(
        "each checkout's fixtures are played by the tool and the one whose expectation moved is the one changed verdict; a folder without fixtures has no suites"
    )
    func changedVerdict() throws {
        let suites = MotionBenchSuites(executable: BuiltProducts.directory.appendingPathComponent("motion-bench"))
        let (a, b) = (try checkout(bezierValue: "0.5"), try checkout(bezierValue: "0.9"))
        let before = try #require(suites.verdicts(checkout: a, binaries: BuiltProducts.directory, engineCommand: nil, timeout: 120))
        let after = try #require(suites.verdicts(checkout: b, binaries: BuiltProducts.directory, engineCommand: nil, timeout: 120))
        #expect(before.count > 40 && before.values.allSatisfy { $0 == "pass" || $0 == "skip" }, "\(before.filter { $0.value != "pass" })")
        let delta = ConformanceDelta(before: before, after: after)
        #expect(delta.changed.map(\.id) == ["documented/c10-bezier"] && delta.changed.first?.after == "fail", "\(delta.changed)")
        #expect(delta.added.isEmpty && delta.removed.isEmpty)
        #expect(suites.hasSuites(checkout: a) && !suites.hasSuites(checkout: TemporaryFolder.make("motion-bench-store")))
    }
}
