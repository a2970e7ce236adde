import Foundation

/// How much slower a candidate is than a baseline, estimated over the units that are independent
/// draws of the machine's noise — worker processes, or interleaved rounds — never over the samples
/// inside one process, which share its memory layout, thread placement and neighbours and so
/// scatter far less than the processes do.
///
/// Each unit is summarised first (one statistic per process); the estimate works on logarithms,
/// so the ratio is a ratio of geometric means and its interval is symmetric in log space:
///
/// - `processes`: Welch's two-sample t on the logs of each side's per-process statistics,
///   with the Welch–Satterthwaite degrees of freedom. For runs measured at different times.
/// - `pairedRounds`: the one-sample t on the per-round log-ratios log(Bᵢ / Aᵢ), for rounds that
///   measure A and B back to back, so drift over the job cancels within each pair. The log-ratios
///   are kept: a verdict on them needs their sign-flip test too (`SignFlip`), which stays at its
///   level when processes scatter in modes and a t on a few rounds does not.
public struct RatioEstimate: Codable, Hashable, Sendable {
    public enum Design: String, Codable, Sendable {
        case processes
        case pairedRounds
    }

    public var design: Design
    /// exp(mean log B − mean log A): above 1 the candidate is slower.
    public var ratio: Double
    /// The standard error of log(ratio).
    public var logStandardError: Double
    public var degreesOfFreedom: Double
    /// Units on each side (for paired rounds, both are the number of rounds).
    public var baselineUnits: Int
    public var candidateUnits: Int
    /// The per-round log-ratios of the paired design; nil for processes.
    public var logRatios: [Double]?

    /// The two-sided `confidence` interval of the ratio.
    public func interval(confidence: Double) -> ClosedRange<Double> {
        let half = StudentT.quantile(1 - (1 - confidence) / 2, degreesOfFreedom: degreesOfFreedom) * logStandardError
        return exp(log(ratio) - half)...exp(log(ratio) + half)
    }

    /// The estimate from per-process statistics (positive), or nil when either side has fewer
    /// than two processes: one process cannot show how much processes differ.
    public static func processes(baseline a: [Double], candidate b: [Double]) -> RatioEstimate? {
        guard a.count >= 2, b.count >= 2, (a + b).allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        let la = a.map(log), lb = b.map(log)
        let va = variance(la) / Double(a.count), vb = variance(lb) / Double(b.count)
        let se = (va + vb).squareRoot()
        // Welch–Satterthwaite; when neither side varies, the pooled count (the value is moot).
        let df =
            va + vb > 0
            ? (va + vb) * (va + vb) / (va * va / Double(a.count - 1) + vb * vb / Double(b.count - 1))
            : Double(a.count + b.count - 2)
        return RatioEstimate(
            design: .processes, ratio: exp(mean(lb) - mean(la)), logStandardError: se,
            degreesOfFreedom: df, baselineUnits: a.count, candidateUnits: b.count)
    }

    /// The estimate from per-round log-ratios log(Bᵢ / Aᵢ), or nil with fewer than two rounds.
    public static func pairedRounds(logRatios d: [Double]) -> RatioEstimate? {
        guard d.count >= 2, d.allSatisfy(\.isFinite) else { return nil }
        return RatioEstimate(
            design: .pairedRounds, ratio: exp(mean(d)), logStandardError: (variance(d) / Double(d.count)).squareRoot(),
            degreesOfFreedom: Double(d.count - 1), baselineUnits: d.count, candidateUnits: d.count, logRatios: d)
    }

    static func mean(_ x: [Double]) -> Double { x.reduce(0, +) / Double(x.count) }

    /// The sample variance (n − 1).
    static func variance(_ x: [Double]) -> Double {
        let m = mean(x)
        return x.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(x.count - 1)
    }
}

/// A verdict reached from a `RatioEstimate`, a threshold θ and a margin μ (0 < μ ≤ 1), with the
/// p-value it rests on.
///
/// θ is the size of change that matters; μθ is the size the evidence must show. With
/// L = ln(1 + θ), M = ln(1 + μθ), m the log-ratio, s its standard error and T the t distribution:
/// - `regressed` when the estimate is past the threshold (m ≥ L) and the one-sided test of
///   H₀: ratio ≤ 1 + μθ rejects, t = (m − M)/s — the interval lies wholly above 1 + μθ. With
///   μ = 1 (the default) that is the interval above 1 + θ;
/// - `improved` likewise below: m ≤ −L and H₀: ratio ≥ 1/(1 + μθ) rejected, t = (−M − m)/s;
/// - `unchanged` when both one-sided tests of equivalence at θ reject (TOST, Schuirmann 1987):
///   the interval lies within [1/(1 + θ), 1 + θ]; its p-value is the larger of the two;
/// - `inconclusive` otherwise, with the smallest of the three p-values (the nearest decision).
/// Each test is at level (1 − confidence)/2, matching the two-sided interval. For paired rounds
/// the two directional tests also need the sign-flip test of the shifted log-ratios (dᵢ − M for
/// slower, −M − dᵢ for faster) to reject: their p-value is the larger of the two, so a verdict
/// never rests on the t's normality alone (`SignFlip`).
///
/// The detectable effect is the slowdown this estimate's noise would call `regressed` with 80%
/// probability: exp(max(L, M + t₁₋α·s) + t₀.₈·s) − 1 (the usual power approximation for a t
/// test; with μ = 1, exp(L + (t₁₋α + t₀.₈)·s) − 1).
public struct VerdictDecision: Hashable, Sendable {
    public var verdict: Verdict
    public var pValue: Double
    /// The null hypothesis `pValue` tests, e.g. "ratio ≤ 1.05".
    public var hypothesis: String
    /// The relative slowdown detectable with 80% power (0.06 for 6%); NaN when none is (paired
    /// rounds fewer than the sign-flip test needs).
    public var detectableEffect: Double
    /// The smaller of the two one-sided p-values, against ratio ≤ 1 + μθ and ratio ≥ 1/(1 + μθ):
    /// what a comparison of many benchmarks ranks to control its false discoveries.
    public var directionalPValue: Double

    public static let power = 0.8

    /// The slowdown a log-ratio with standard error `standardError` and its degrees of freedom
    /// calls `regressed` with 80% probability: exp(max(L, M + t₁₋α·s) + t₀.₈·s) − 1; NaN without
    /// degrees of freedom or with an infinite standard error.
    public static func detectableEffect(
        threshold: Double, standardError s: Double, degreesOfFreedom nu: Double, confidence: Double, margin: Double = 1
    ) -> Double {
        guard nu > 0, s.isFinite else { return .nan }
        let tAlpha = StudentT.quantile(1 - (1 - confidence) / 2, degreesOfFreedom: nu)
        let tPower = StudentT.quantile(power, degreesOfFreedom: nu)
        return exp(max(log(1 + threshold), log(1 + margin * threshold) + tAlpha * s) + tPower * s) - 1
    }

    public init(_ estimate: RatioEstimate, threshold: Double, confidence: Double, margin: Double = 1) {
        assert(margin > 0 && margin <= 1, "the margin is a part of the threshold")
        let alpha = (1 - confidence) / 2
        let m = log(estimate.ratio), s = estimate.logStandardError, nu = estimate.degreesOfFreedom
        let bound = log(1 + threshold), evidence = log(1 + margin * threshold)
        func ratio(_ x: Double) -> String { String(format: "%.3g", x) }
        let slower = ratio(1 + margin * threshold), faster = ratio(1 / (1 + margin * threshold))
        let equivalent = "ratio outside \(ratio(1 / (1 + threshold)))–\(ratio(1 + threshold))"
        func p(_ t: Double) -> Double { s > 0 ? StudentT.upperTail(t, degreesOfFreedom: nu) : (t > 0 ? 0 : 1) }
        func t(_ distance: Double) -> Double { s > 0 ? distance / s : (distance > 0 ? .infinity : -.infinity) }
        var pSlower = p(t(m - evidence)), pFaster = p(t(-evidence - m))
        if let d = estimate.logRatios {
            pSlower = max(pSlower, SignFlip.upperTail(d.map { $0 - evidence }))
            pFaster = max(pFaster, SignFlip.upperTail(d.map { -evidence - $0 }))
        }
        let pEquivalent = max(p(t(m + bound)), p(t(bound - m)))
        directionalPValue = min(pSlower, pFaster)
        // Paired rounds fewer than the sign-flip test decides with can detect no change at all.
        let tooFewRounds = estimate.logRatios.map { $0.count < SignFlip.minimumUnits(alpha: alpha) } ?? false
        detectableEffect =
            tooFewRounds
            ? .nan : Self.detectableEffect(threshold: threshold, standardError: s, degreesOfFreedom: nu, confidence: confidence, margin: margin)
        // Below the full threshold, the hypothesis names the estimate's condition too.
        let estimateNote = { (side: String) in margin < 1 ? ", estimate \(side) \(side == "≥" ? ratio(1 + threshold) : ratio(1 / (1 + threshold)))" : "" }
        if pSlower < alpha && m >= bound {
            (verdict, pValue, hypothesis) = (.regressed, pSlower, "ratio ≤ \(slower)" + estimateNote("≥"))
        } else if pFaster < alpha && m <= -bound {
            (verdict, pValue, hypothesis) = (.improved, pFaster, "ratio ≥ \(faster)" + estimateNote("≤"))
        } else if pEquivalent < alpha {
            (verdict, pValue, hypothesis) = (.unchanged, pEquivalent, equivalent)
        } else {
            let nearest = [(pSlower, "ratio ≤ \(slower)"), (pFaster, "ratio ≥ \(faster)"), (pEquivalent, equivalent)]
                .min { $0.0 < $1.0 }!
            (verdict, pValue, hypothesis) = (.inconclusive, nearest.0, nearest.1)
        }
    }
}
