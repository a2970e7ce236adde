import Foundation

/// Summary statistics of a sample. Percentiles use linear interpolation between closest ranks
/// (Hyndman & Fan type 7, the default of R, NumPy and spreadsheets): for sorted x₀…xₙ₋₁ the
/// p-th percentile is at rank h = (n − 1)·p/100, `x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋])`.
public enum Descriptive {
    public static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }

    /// The sample standard deviation (n − 1 in the denominator).
    public static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let m = mean(values)
        return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count - 1)).squareRoot()
    }

    /// The p-th percentile (0…100) of `values`, type 7.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        percentile(sorted: values.sorted(), p)
    }

    /// The p-th percentile of already sorted values.
    public static func percentile(sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let h = Double(sorted.count - 1) * min(max(p, 0), 100) / 100
        let lower = Int(h.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (h - Double(lower)) * (sorted[upper] - sorted[lower])
    }

    public static func median(_ values: [Double]) -> Double { percentile(values, 50) }

    /// The mean of the values left after dropping the `fraction` smallest and largest: robust to
    /// outliers like the median, but smooth where the distribution has several modes (a tick
    /// that alternates between two and three integration steps), where the median jumps.
    public static func trimmedMean(_ values: [Double], trimming fraction: Double = 0.2) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let cut = Int(Double(sorted.count) * fraction)
        let kept = sorted[cut..<max(cut + 1, sorted.count - cut)]
        return kept.reduce(0, +) / Double(kept.count)
    }

    /// The `confidence` interval of the trimmed mean (Tukey & McLaughlin 1963, as in Yuen's test):
    /// with g = ⌊fraction·n⌋ values cut from each end and h = n − 2g kept, its standard error is
    /// `√((n − 1)·s²_w / (h·(h − 1)))`, s²_w the variance of the winsorized sample (the g smallest
    /// set to the next, the g largest to the one before), and the interval is the trimmed mean
    /// T·exp(±t(h − 1)·SE/T) for positive values (times), which never reaches zero, else T ± t·SE.
    /// Closed form, so it costs one sort where a bootstrap costs hundreds.
    public static func trimmedMeanInterval(_ values: [Double], trimming fraction: Double = 0.2, confidence: Double = 0.95) -> ClosedRange<Double> {
        let center = trimmedMean(values, trimming: fraction)
        let n = values.count
        let g = Int(Double(n) * fraction)
        let h = n - 2 * g
        guard h >= 2 else { return center...center }
        let sorted = values.sorted()
        let winsorized = sorted.indices.map { sorted[min(max($0, g), n - g - 1)] }
        let variance = standardDeviation(winsorized) * standardDeviation(winsorized)
        let error = (Double(n - 1) * variance / Double(h * (h - 1))).squareRoot()
        let t = StudentT.quantile(1 - (1 - confidence) / 2, degreesOfFreedom: Double(h - 1))
        // A time is positive: the interval is Yuen's in relative terms, on the logarithm (the
        // delta method: the standard error of ln T is error/T), so it never reaches zero and is
        // as wide as Yuen's to first order — center·exp(±t·error/center).
        guard center > 0, values.allSatisfy({ $0 > 0 }) else { return (center - t * error)...(center + t * error) }
        let relative = t * error / center
        return (center * exp(-relative))...(center * exp(relative))
    }

    /// The median absolute deviation from the median (unscaled).
    public static func medianAbsoluteDeviation(_ values: [Double]) -> Double {
        let m = median(values)
        return median(values.map { abs($0 - m) })
    }
}
