import Foundation

/// What a `compare-revisions` job can find on this machine: per benchmark, the rounds needed to
/// call a slowdown of `effect` regressed at `threshold`, from the benchmark's measured round
/// noise (`roundCV`), and whether the job's budget holds them.
///
/// With cv the standard deviation of a round's log-ratio, n rounds give a standard error cv/√n,
/// and the verdict calls a true slowdown E regressed with 80% probability when
/// ln(1 + E) ≥ max(L, M + t₁₋α,ₙ₋₁·cv/√n) + t₀.₈,ₙ₋₁·cv/√n, L = ln(1 + θ), M = ln(1 + μθ)
/// (`VerdictDecision.detectableEffect`, μ the margin).
/// The smallest such n is the rounds to the verdict; a regression is then confirmed by as many
/// rounds again, so the job spends 2n rounds on it.
extension Calibration {
    public struct Reach: Codable, Sendable {
        public var name: String
        /// Rounds to a verdict on a slowdown of `effect`; nil when no number of rounds (up to
        /// `maximumRounds`) reaches it, or when `effect` is not above the threshold.
        public var rounds: Int?
        /// Seconds of rounds, confirmation included: 2 × rounds × the measured round time.
        public var seconds: Double?
        /// Whether the budget holds this benchmark's rounds beside those of the benchmarks that
        /// need less (the job spends its rounds on undecided benchmarks only).
        public var withinBudget: Bool
    }

    public static let maximumRounds = 1000

    /// The smallest n with `detectableEffect(threshold, cv/√n, n − 1) ≤ effect`, or nil.
    public static func roundsNeeded(effect: Double, threshold: Double, roundCV: Double, confidence: Double, margin: Double = 1) -> Int? {
        guard effect > threshold, roundCV.isFinite, roundCV >= 0 else { return nil }
        for n in 2...maximumRounds {
            let reached = VerdictDecision.detectableEffect(
                threshold: threshold, standardError: roundCV / Double(n).squareRoot(),
                degreesOfFreedom: Double(n - 1), confidence: confidence, margin: margin)
            if reached <= effect { return n }
        }
        return nil
    }

    /// Every benchmark's reach for a slowdown of `effect` at `threshold`, with `minutes` of rounds:
    /// the benchmarks that need the least time are decided first, each within the budget while
    /// the sum so far fits.
    public func reach(effect: Double, threshold: Double, minutes: Double, confidence: Double = 0.95, margin: Double = 1) -> [Reach] {
        var result = benchmarks.map { b -> Reach in
            let rounds = Self.roundsNeeded(effect: effect, threshold: threshold, roundCV: b.roundCV, confidence: confidence, margin: margin)
            let seconds = rounds.flatMap { n in b.roundSeconds.map { 2 * Double(n) * $0 } }
            return Reach(name: b.name, rounds: rounds, seconds: seconds, withinBudget: false)
        }
        var spent = 0.0
        for index in result.indices.sorted(by: { (result[$0].seconds ?? .infinity) < (result[$1].seconds ?? .infinity) }) {
            guard let seconds = result[index].seconds, spent + seconds <= minutes * 60 else { break }
            spent += seconds
            result[index].withinBudget = true
        }
        return result
    }
}
