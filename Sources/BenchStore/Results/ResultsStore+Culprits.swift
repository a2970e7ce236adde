import BenchKit
import Foundation

extension ResultsStore {
    /// Names the culprit of a change point and the stored comparison of the culprit against its
    /// parent, on every machine's row of that change point (the same benchmark, metric and range).
    /// Returns how many rows now name it: 0 when the change point is not stored.
    @discardableResult
    public func link(_ range: SuspectRange, culprit: String, comparison: Int64) throws -> Int {
        try connection.transaction {
            try connection.execute(
                """
                UPDATE change_points SET culprit = ?, comparison_id = ?
                WHERE benchmark = ? AND metric = ? AND before_revision = ? AND after_revision = ? AND after_date = ?
                """, .text(culprit), .integer(comparison), .text(range.benchmark), .text(range.metric.rawValue), .text(range.before),
                .text(range.after), .text(range.afterDate))
        }
    }

    /// The stored comparison named `source`, with its id.
    public func comparison(source: String) throws -> (id: Int64, report: ComparisonReport)? {
        guard let row = try connection.query("SELECT id, report FROM comparisons WHERE source = ?", .text(source)).first,
            let id = row[0].int, let text = row[1].string
        else { return nil }
        return (Int64(id), try JSONDecoder().decode(ComparisonReport.self, from: Data(text.utf8)))
    }

    /// A machine's change points that a bisection narrowed to a commit, newest first.
    public func bisectedChangePoints(of machine: Int64) throws -> [BisectedChangePoint] {
        try connection.query(
            """
            SELECT p.benchmark, p.metric, p.before_revision, p.after_revision, p.before_date, p.after_date, p.ratio, p.culprit, c.source, c.report
            FROM change_points p JOIN comparisons c ON c.id = p.comparison_id
            WHERE p.machine_id = ? AND p.culprit IS NOT NULL ORDER BY p.after_date DESC, p.benchmark
            """, .integer(machine)
        ).compactMap { row -> BisectedChangePoint? in
            guard let benchmark = row[0].string, let metric = row[1].string.flatMap(SuspectRange.Metric.init(rawValue:)),
                let before = row[2].string, let after = row[3].string, let culprit = row[7].string, let source = row[8].string,
                let text = row[9].string
            else { return nil }
            let report = try JSONDecoder().decode(ComparisonReport.self, from: Data(text.utf8))
            let range = SuspectRange(
                benchmark: benchmark, metric: metric, before: before, after: after, beforeDate: row[4].string ?? "", afterDate: row[5].string ?? "",
                ratio: row[6].double ?? .nan, atNewest: false, environmentChanges: [])
            return BisectedChangePoint(range: range, culprit: culprit, comparisonName: source, comparison: report)
        }
    }
}
