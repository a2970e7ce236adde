import MotionCore
import Testing

/// `BezierAnimation._progress(_:duration:time:)` — four timing curves solved together, for the engine —
/// must give each lane exactly what `_progress(time:)` gives that lane alone (§2.2: Newton, then
/// bisection, rounded to 2⁻²⁰), including the lanes that need the bisection fallback.
@Suite("Timing curves four lanes at a time")
struct BezierLanesTests {
    static let curves: [BezierAnimation] = {
        var curves: [BezierAnimation] = []
        func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ duration: Double) -> BezierAnimation {
            BezierAnimation(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2), duration: duration)
        }
        // The presets' control points (§2.2), an overshooting timingCurve, and a curve whose X is
        // flat at t = ½ (x1 = 1, x2 = 0: X′(t) = 3(1 − 2t)²), where Newton stalls and bisection takes over.
        for (x1, y1, x2, y2) in [
            (0.0, 0.0, 1.0, 1.0), (0.42, 0.0, 1.0, 1.0), (0.0, 0.0, 0.58, 1.0), (0.42, 0.0, 0.58, 1.0),
            (0.68, -0.6, 0.32, 1.6), (1.0, 0.3, 0.0, 0.7), (0.0, 1.0, 1.0, 0.0), (1.5, 0.2, -0.5, 0.9),
        ] {
            for duration in [1.0, 0.35, 0.0, -1.0, .nan, 1e-9] { curves.append(curve(x1, y1, x2, y2, duration)) }
        }
        return curves
    }()

    static let times: [Double] = {
        var times = stride(from: -0.1, through: 1.1, by: 1.0 / 97).map { $0 }
        times += [0, 1, 0.35, 1e-9, -0.0, .infinity, -.infinity]
        // Around the flat point of the (1, 0.3, 0, 0.7) curve, where X(t) = ½ + 4(t − ½)³.
        for k in -40...40 { times.append(0.5 + Double(k) * 1e-5) }
        return times
    }()

    @Test("every lane equals the scalar _progress bit for bit, finished lanes marked, across curves, durations and times")
    func lanesEqualScalar() {
        var checked = 0
        for (c, curve) in Self.curves.enumerated() {
            // Each lane a different curve and time: neighbours in the list, rotated.
            let others = (
                Self.curves[(c + 1) % Self.curves.count], Self.curves[(c + 7) % Self.curves.count],
                Self.curves[(c + 13) % Self.curves.count]
            )
            for (k, time) in Self.times.enumerated() {
                let lanes = (curve, others.0, others.1, others.2)
                let times = SIMD4(
                    time, Self.times[(k + 3) % Self.times.count], Self.times[(k + 11) % Self.times.count],
                    Self.times[(k + 29) % Self.times.count])
                // As the engine's curve pool holds them: each lane's coefficients and duration.
                let c = [lanes.0, lanes.1, lanes.2, lanes.3].map(\._coefficients)
                let coefficients = _BezierCoefficientLanes(
                    ax: SIMD4(c.map(\.ax)), bx: SIMD4(c.map(\.bx)), cx: SIMD4(c.map(\.cx)),
                    ay: SIMD4(c.map(\.ay)), by: SIMD4(c.map(\.by)), cy: SIMD4(c.map(\.cy)))
                let durations = SIMD4(lanes.0.duration, lanes.1.duration, lanes.2.duration, lanes.3.duration)
                let (progress, finished) = BezierAnimation._progress(coefficients, duration: durations, time: times)
                for (lane, animation) in [lanes.0, lanes.1, lanes.2, lanes.3].enumerated() {
                    let expected = animation._progress(time: times[lane])
                    #expect(finished[lane] == (expected == nil), "curve \(c) lane \(lane) at \(times[lane])")
                    if let expected, !finished[lane] {
                        #expect(
                            progress[lane].bitPattern == expected.bitPattern,
                            "curve \(c) lane \(lane) at \(times[lane]): \(progress[lane]) against \(expected)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 5_000)
    }
}
