import Foundation

/// One axis of a chart: how values map to positions, where the ticks go and how their numbers
/// read. Numbers are written the way people say them — `390 µs`, `1.2 ms`, `100k`, `1.05×`,
/// `p99.9`, `Nov 12` — never in exponent form.
public struct ChartAxis: Sendable {
    public enum Scale: Sendable {
        /// Linear; `fromZero` puts 0 in the range, so that bar heights and distances compare.
        case linear(fromZero: Bool)
        /// Logarithmic, ticks at the decades (and at 2 and 5 when the data span one decade or less).
        case log
        /// Percentiles on a "nines" scale: p50, p90, p99 and p99.9 equally spaced.
        case nines
        /// Dates, as seconds since 1970, ticks at midnights (UTC).
        case dates
    }

    public enum Unit: Sendable {
        case nanoseconds, count, ratio, percentile, plain
        /// Any magnitude, residuals of 1e-9 included: `%g` with as many digits as it takes for
        /// neighbouring ticks to read differently (`2e-09`, `4e-09`).
        case scientific
    }

    public var scale: Scale
    public var unit: Unit
    /// Ticks to use instead of computed ones (the channel counts measured, say).
    public var ticks: [Double]?

    public init(_ scale: Scale, unit: Unit, ticks: [Double]? = nil) {
        self.scale = scale
        self.unit = unit
        self.ticks = ticks
    }

    func transform(_ value: Double) -> Double {
        switch scale {
        case .linear, .dates: return value
        case .log: return value > 0 ? log10(value) : -.infinity
        case .nines: return value < 100 ? -log10(1 - value / 100) : .infinity
        }
    }

    /// The range shown for `values` (transformed) and its ticks (untransformed).
    func layout(_ values: [Double]) -> (low: Double, high: Double, ticks: [Double]) {
        let finite = values.filter { transform($0).isFinite }
        guard var low = finite.min(), var high = finite.max() else { return (0, 1, []) }
        if let ticks {
            low = min(low, ticks.min() ?? low)
            high = max(high, ticks.max() ?? high)
        }
        switch scale {
        case let .linear(fromZero):
            if fromZero {
                low = min(low, 0)
                high = max(high, 0)
                // Times, counts and ratios are never negative: their axis starts at zero.
                if [.nanoseconds, .count, .ratio].contains(unit) { low = max(low, 0) }
            }
            if high - low < 1e-12 * max(abs(high), 1) { (low, high) = (low - max(abs(low) * 0.1, 1), high + max(abs(high) * 0.1, 1)) }
            let step = Self.niceStep((high - low) / 5)
            let first = (low / step).rounded(.down) * step, last = (high / step).rounded(.up) * step
            let computed = stride(from: first, through: last + step / 2, by: step).map { abs($0) < step * 1e-9 ? 0 : $0 }
            return (first, last, ticks ?? computed)
        case .log:
            if let ticks, !ticks.isEmpty {
                // The measured values are the ticks: half a decade either side keeps the ends off the edges.
                return (log10(low) - 0.3, log10(high) + 0.3, ticks)
            }
            let lowDecade = log10(low).rounded(.down), highDecade = max(log10(high).rounded(.up), lowDecade + 1)
            var computed = stride(from: lowDecade, through: highDecade, by: 1).map { pow(10, $0) }
            if highDecade - lowDecade <= 1 { computed = computed.flatMap { [$0, 2 * $0, 5 * $0] }.filter { $0 <= pow(10, highDecade) } }
            return (lowDecade, highDecade, ticks ?? computed)
        case .nines:
            return (transform(min(low, 50)), transform(max(high, 99.9)), ticks ?? [50, 90, 99, 99.9])
        case .dates:
            // A step of minutes, hours or days that gives at most about eight ticks.
            let steps: [Double] = [60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600] + (1...60).map { Double($0) * 86_400 }
            let step = steps.first { (high - low) / $0 <= 8 } ?? 60 * 86_400
            let first = (low / step).rounded(.down) * step, last = max((high / step).rounded(.up) * step, first + step)
            let margin = max((high - low) * 0.04, 30)
            return (min(first, low - margin), max(last, high + margin), ticks ?? stride(from: first, through: last, by: step).map { $0 })
        }
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, log10(raw).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw * 0.999 } ?? 10 * power
    }

    /// A tick's label.
    public func label(_ value: Double) -> String {
        switch scale {
        case .dates: return Self.date(value, format: "MMM d")
        case .nines: return "p" + Self.trimmed(value, digits: 1)
        default: return Self.format(value, unit: unit)
        }
    }

    /// The labels of `ticks`: dates less than a day apart show the time, and the day only where it
    /// changes.
    public func labels(_ ticks: [Double]) -> [String] {
        if case .scientific = unit, case .linear = scale {
            for digits in 3...17 {
                let labels = ticks.map { Self.scientific($0, digits: digits) }
                if Set(labels).count == Set(ticks).count { return labels }
            }
        }
        guard case .dates = scale, ticks.count > 1, ticks[1] - ticks[0] < 86_400 else { return ticks.map(label) }
        return ticks.enumerated().map { index, tick in
            let day = Self.date(tick, format: "MMM d")
            return index == 0 || Self.date(ticks[index - 1], format: "MMM d") != day ? Self.date(tick, format: "MMM d HH:mm") : Self.date(tick, format: "HH:mm")
        }
    }

    /// A ratio as tables and tooltips show it: three decimals, `1.302×`.
    public static func ratio(_ value: Double) -> String {
        value.isFinite ? String(format: "%.3f×", value) : "–"
    }

    /// `value` in `unit`, for labels and tooltips.
    public static func format(_ value: Double, unit: Unit) -> String {
        guard value.isFinite else { return "–" }
        switch unit {
        case .nanoseconds: return duration(value)
        case .count: return count(value)
        case .ratio: return trimmed(value, digits: 2) + "×"
        case .percentile: return "p" + trimmed(value, digits: 1)
        case .plain: return count(value)
        case .scientific: return scientific(value, digits: 3)
        }
    }

    /// `value` with `digits` significant digits, an exponent where one helps; 0 as "0".
    static func scientific(_ value: Double, digits: Int) -> String {
        value == 0 ? "0" : String(format: "%.\(digits)g", value)
    }

    /// Nanoseconds in the unit that keeps 1–3 digits before the point: `37 ns`, `390 µs`, `1.2 ms`.
    public static func duration(_ nanoseconds: Double) -> String {
        let units: [(Double, String)] = [(1e9, "s"), (1e6, "ms"), (1e3, "µs"), (1, "ns")]
        let magnitude = abs(nanoseconds)
        guard magnitude > 0 else { return "0" }
        let (scale, name) = units.first { magnitude >= $0.0 } ?? (1, "ns")
        return significant(nanoseconds / scale) + " " + name
    }

    /// Counts with k and M: `1k`, `100k`, `1.5M`; small numbers as they are.
    static func count(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e9 { return significant(value / 1e9) + "G" }
        if magnitude >= 1e6 { return significant(value / 1e6) + "M" }
        if magnitude >= 1e3 { return significant(value / 1e3) + "k" }
        return significant(value)
    }

    /// Three significant digits at most, no trailing zeros, no exponent.
    static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : magnitude >= 0.1 ? 3 : 4
        return trimmed(value, digits: decimals)
    }

    static func trimmed(_ value: Double, digits: Int) -> String {
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// A time in UTC in `format` (`MMM d`, `HH:mm`, …).
    static func date(_ seconds: Double, format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
