import Foundation

/// A change point a bisection narrowed to one commit, with the comparison of that commit against
/// its parent: its verdict and, when it regressed, the functions whose work changed.
public struct BisectedChangePoint: Sendable {
    public var range: SuspectRange
    /// The first commit of the range that carries the change.
    public var culprit: String
    /// The stored comparison of the culprit against its parent: its name and report.
    public var comparisonName: String
    public var comparison: ComparisonReport

    public init(range: SuspectRange, culprit: String, comparisonName: String, comparison: ComparisonReport) {
        (self.range, self.culprit, self.comparisonName, self.comparison) = (range, culprit, comparisonName, comparison)
    }

    /// The comparison's verdict on the range's benchmark.
    public var benchmarkComparison: BenchmarkComparison? { comparison.comparisons.first { $0.name == range.benchmark } }
}
