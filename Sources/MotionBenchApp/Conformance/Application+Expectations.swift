import BenchKit
import ConformanceDiagnosis
import ConformanceReports
import Foundation
import MotionConformance

extension Application {
    /// The expectation file at `file`; nil when there is none and `mustExist` is false.
    static func loadExpectations(_ file: String, mustExist: Bool) throws -> Expectations? {
        guard FileManager.default.fileExists(atPath: file) else {
            if mustExist { throw RequestError(.expectations, file, "names no file (a run that updates expectations writes one)") }
            return nil
        }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw ToolError("\(file): cannot be read as UTF-8 text")
        }
        do { return try Expectations(parsing: text, file: file) } catch { throw ToolError("\(error)") }
    }

    /// Writes the expectation file `results` imply to `file`, keeping what the file there (or the
    /// one the run was held against, when it is the same file) said of each entry; logs what changed.
    func updateExpectations(_ file: String, held: (file: String, expectations: Expectations)?, results: [FixtureResult], causes: Causes?) throws
        -> Expectations
    {
        let old = held?.file == file ? held?.expectations : try Self.loadExpectations(file, mustExist: false)
        let base =
            old
            ?? Expectations(header: [
                "# Fixtures and checks this engine is expected to fail (motion-bench conform --expectations).",
                "# [fixture id], then `check = NAME` lines (none: the whole fixture), `category = bug|by-design`,",
                "# `reason = …` and an optional `link = …`; `expected = error` for a fixture expected to error.",
            ])
        let updated = base.updated(with: results, newReason: "not yet examined", causes: causes)
        try AtomicFile.write(Data(updated.rendered().utf8), to: URL(fileURLWithPath: file))
        let before = Set(base.entries.map(\.fixture)), after = Set(updated.entries.map(\.fixture))
        log(
            "expectations: wrote \(file): \(updated.entries.count) entries (\(after.subtracting(before).count) added, "
                + "\(before.subtracting(after).count) removed, \(before.intersection(after).count) kept)")
        return updated
    }
}
