import Testing

/// Checks `actual` against `expected` within an absolute tolerance, treating equal infinities as
/// equal and NaN as never close. The message names what was checked, so a failure reads as a row
/// of the spec.
func expectClose(
    _ actual: Double, _ expected: Double, tolerance: Double, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let ok: Bool
    if expected.isInfinite || actual.isInfinite {
        ok = actual == expected
    } else {
        ok = abs(actual - expected) <= tolerance
    }
    #expect(ok, "\(what()): got \(actual), expected \(expected) ± \(tolerance)", sourceLocation: sourceLocation)
}

/// Relative-and-absolute closeness: |a − b| ≤ tolerance · max(1, |b|).
func expectRelativelyClose(
    _ actual: Double, _ expected: Double, tolerance: Double, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual, expected, tolerance: tolerance * max(1, abs(expected)), what(), sourceLocation: sourceLocation)
}
