import MotionCore
import Testing

/// Timing-curve animations against an independent Bézier evaluation (Support/IndependentCurves)
/// — docs/semantics.md §2.3.
@Suite("Timing-curve animations")
struct TimingCurveAnimationTests {
    static let curves: [(String, Animation, @Sendable (Double) -> Double)] = [
        ("linear(1)", .linear(duration: 1), { $0 }),
        ("easeIn(1)", .easeIn(duration: 1), IndependentCurves.easeIn),
        ("easeOut(1)", .easeOut(duration: 1), IndependentCurves.easeOut),
        ("easeInOut(1)", .easeInOut(duration: 1), IndependentCurves.easeInOut),
        (
            "timingCurve(.68,-.6,.32,1.6)", .timingCurve(0.68, -0.6, 0.32, 1.6, duration: 1),
            { IndependentCurves.bezier((0.68, -0.6), (0.32, 1.6), at: $0) }
        ),
    ]

    @Test("values on a grid of times equal value × curve(t / duration); nil after the duration")
    func valuesOnGrid() {
        for (name, animation, curve) in Self.curves {
            var context = AnimationContext<Double>()
            for t in stride(from: 0.0, through: 1.0, by: 1.0 / 64) {
                let x = animation.animate(value: 250.0, time: t, context: &context)
                expectClose(x ?? .nan, 250 * curve(t), tolerance: 250 * IndependentCurves.resolution, "\(name) at \(t)")
            }
            #expect(animation.animate(value: 250.0, time: 1.0, context: &context) == 250, "\(name): the exact end time gives the whole value")
            #expect(animation.animate(value: 250.0, time: 1.0 + 1e-9, context: &context) == nil, "\(name): nil once past the duration")
        }
    }

    @Test("the named curves default to 0.35 s and match their (duration:) forms")
    func defaults() {
        #expect(Animation.linear == .linear(duration: 0.35))
        #expect(Animation.easeIn == .easeIn(duration: 0.35))
        #expect(Animation.easeOut == .easeOut(duration: 0.35))
        #expect(Animation.easeInOut == .easeInOut(duration: 0.35))
        #expect(Animation.timingCurve(0.42, 0, 0.58, 1) == .easeInOut)
        var context = AnimationContext<Double>()
        #expect(Animation.easeInOut.animate(value: 1.0, time: 0.35, context: &context) == 1)
        #expect(Animation.easeInOut.animate(value: 1.0, time: 0.36, context: &context) == nil)
    }

    @Test("timingCurve(_:_:_:_:) does not clamp y: it overshoots; timingCurve(UnitCurve) clamps it")
    func overshoot() {
        var context = AnimationContext<Double>()
        let peak = stride(from: 0.0, through: 1.0, by: 0.01).compactMap {
            Animation.timingCurve(0.68, -0.6, 0.32, 1.6, duration: 1).animate(value: 1.0, time: $0, context: &context)
        }
        #expect(peak.max()! > 1.05 && peak.min()! < -0.05, "the curve dips below 0 and overshoots 1")
        let unitCurve = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.68, y: -0.6), endControlPoint: UnitPoint(x: 0.32, y: 1.6))
        let clamped = stride(from: 0.0, through: 1.0, by: 0.01).compactMap {
            Animation.timingCurve(unitCurve, duration: 1).animate(value: 1.0, time: $0, context: &context)
        }
        #expect(clamped.allSatisfy { (0...1).contains($0) })
    }

    @Test("BezierAnimation reports no velocity; UnitCurveAnimation reports value/d × curve velocity")
    func velocities() {
        let context = AnimationContext<Double>()
        #expect(Animation.easeInOut(duration: 1).velocity(value: 10.0, time: 0.5, context: context) == nil)
        let v = Animation.timingCurve(.easeInOut, duration: 2).velocity(value: 10.0, time: 0.5, context: context)
        expectClose(v ?? .nan, 10.0 / 2 * UnitCurve.easeInOut.velocity(at: 0.25), tolerance: 0, "velocity")
        #expect(Animation.timingCurve(.linear, duration: 4).velocity(value: 8.0, time: 1, context: context) == 2)
    }

    @Test("zero, negative and NaN durations finish at once; negative time sits at the start")
    func badDurations() {
        var context = AnimationContext<Double>()
        for duration in [0.0, -1.0, .nan] {
            #expect(Animation.easeIn(duration: duration).animate(value: 5.0, time: 0, context: &context) == nil)
            #expect(Animation.timingCurve(.easeIn, duration: duration).animate(value: 5.0, time: 0, context: &context) == nil)
        }
        #expect(Animation.easeIn(duration: 1).animate(value: 5.0, time: -3, context: &context) == 0)
    }

    @Test("animations work on vector values: each component moves by the same fraction")
    func vectors() {
        var context = AnimationContext<AnimatablePair<Double, Double>>()
        let x = Animation.easeOut(duration: 1).animate(value: AnimatablePair(100.0, -50.0), time: 0.3, context: &context)!
        expectClose(x.first, 100 * IndependentCurves.easeOut(0.3), tolerance: 100 * IndependentCurves.resolution, "first")
        expectClose(x.second, -50 * IndependentCurves.easeOut(0.3), tolerance: 50 * IndependentCurves.resolution, "second")
    }
}
