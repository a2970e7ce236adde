import BenchKit

/// The rule a comparison's verdicts are decided by, as a request states it. What the application
/// derives — this machine's calibrated floors, each benchmark's own noise over the stored history —
/// is added by the job, never by its caller. A field left nil keeps the comparison's own default
/// (`compare`: the whole 95% interval past a 10% threshold; `compare-revisions`: half of it).
package struct VerdictRule: Sendable {
    /// The relative change below which a difference does not matter, both ways.
    package var threshold: Double?
    /// Thresholds for the benchmarks whose names match a pattern; the last match wins.
    package var thresholdOverrides: [(pattern: String, threshold: Double)] = []
    /// The part of the threshold the interval of the ratio must clear for regressed or improved.
    package var margin: Double?
    /// The rise in instructions per iteration that is a regression (instruction counts are exact).
    package var instructionThreshold: Double?

    /// The threshold a comparison uses unless told.
    package static let defaultThreshold = ComparisonPolicy().threshold

    package init() {}

    /// `base` with this rule's fields put over it.
    func applied(to base: ComparisonPolicy) -> ComparisonPolicy {
        var policy = base
        if let threshold { policy.threshold = threshold }
        policy.thresholdOverrides = thresholdOverrides
        if let margin { policy.margin = margin }
        if let instructionThreshold { policy.instructionThreshold = instructionThreshold }
        return policy
    }
}
