import Foundation
import MotionCore
import Testing

/// What happens to a value that is already moving when a new change arrives (§4.3).
@Suite("AnimatedProperty retargeting")
struct RetargetTests {
    /// Runs frames at `hertz` from `from` (exclusive) to `to` (inclusive).
    func run(_ property: AnimatedProperty<Double>, from: Double, to: Double, hertz: Double = 120) {
        var frame = Int((from * hertz).rounded(.down)) + 1
        while Double(frame) / hertz <= to + 1e-12 {
            _ = property.presentedValue(at: Double(frame) / hertz)
            frame += 1
        }
    }

    /// Changes the value at `time` with `animation`, and returns the presented value and velocity
    /// just before and just after the change.
    func retarget(_ property: AnimatedProperty<Double>, to value: Double, with animation: Animation?, at time: Double)
        -> (before: Double, after: Double, velocityBefore: Double, velocityAfter: Double)
    {
        let before = property.presentedValue(at: time), velocityBefore = property.velocity(at: time)
        withAnimation(animation) { property.set(value, at: time) }
        let after = property.presentedValue(at: time), velocityAfter = property.velocity(at: time)
        return (before, after, velocityBefore, velocityAfter)
    }

    func settle(_ property: AnimatedProperty<Double>, from: Double) -> Double {
        var t = from
        while property.isAnimating && t < from + 20 {
            t += 1.0 / 120
            _ = property.presentedValue(at: t)
        }
        return property.presentedValue(at: t)
    }

    @Test("a spring retargeted mid-flight keeps value and velocity continuous and ends at the new target")
    func springRetarget() {
        let property = AnimatedProperty(0.0)
        withAnimation(.bouncy) { property.set(100, at: 0) }
        run(property, from: 0, to: 0.3)
        let r = retarget(property, to: 50, with: .smooth, at: 0.3)
        expectClose(r.after, r.before, tolerance: 1e-9, "value across the retarget")
        expectClose(r.velocityAfter, r.velocityBefore, tolerance: 1e-9, "velocity across the retarget")
        #expect(r.velocityBefore != 0)
        #expect(settle(property, from: 0.3) == 50)
        #expect(!property.isAnimating)
    }

    @Test("a spring retargeted back to its start value ends there, continuously")
    func retargetToStart() {
        let property = AnimatedProperty(0.0)
        withAnimation(.snappy) { property.set(100, at: 0) }
        run(property, from: 0, to: 0.2)
        let r = retarget(property, to: 0, with: .snappy, at: 0.2)
        expectClose(r.after, r.before, tolerance: 1e-9, "value")
        expectClose(r.velocityAfter, r.velocityBefore, tolerance: 1e-9, "velocity")
        #expect(settle(property, from: 0.2) == 0)
    }

    @Test("a zero-delta change does nothing: the animation runs on as if untouched")
    func zeroDelta() {
        let touched = AnimatedProperty(0.0), untouched = AnimatedProperty(0.0)
        withAnimation(.bouncy) {
            touched.set(100, at: 0)
            untouched.set(100, at: 0)
        }
        run(touched, from: 0, to: 0.25)
        run(untouched, from: 0, to: 0.25)
        withAnimation(.easeIn) { touched.set(100, at: 0.25) }
        for frame in 31...200 {
            let t = Double(frame) / 120
            #expect(touched.presentedValue(at: t) == untouched.presentedValue(at: t), "at \(t)")
        }
    }

    @Test("three stacked spring retargets stay continuous and end at the last target")
    func threeRetargets() {
        let property = AnimatedProperty(0.0)
        withAnimation(.bouncy) { property.set(100, at: 0) }
        for (time, target) in [(0.1, 200.0), (0.2, -50.0), (0.3, 75.0)] {
            run(property, from: time - 0.1, to: time)
            let r = retarget(property, to: target, with: .bouncy, at: time)
            expectClose(r.after, r.before, tolerance: 1e-9, "value at \(time)")
            expectClose(r.velocityAfter, r.velocityBefore, tolerance: 1e-9, "velocity at \(time)")
        }
        #expect(settle(property, from: 0.3) == 75)
    }

    @Test("timing curves combine as a chain of lerps through the property (§4.3 item 4)")
    func curvesCombine() {
        let property = AnimatedProperty(0.0)
        withAnimation(.easeInOut(duration: 1)) { property.set(100, at: 0) }
        _ = property.presentedValue(at: 0.5)
        withAnimation(.linear(duration: 1)) { property.set(200, at: 0.5) }
        for t in [0.5, 0.75, 1.0, 1.25, 1.5] {
            let r0 = 100 * IndependentCurves.easeInOut(t)
            expectClose(property.presentedValue(at: t), r0 + min(t - 0.5, 1) * (200 - r0), tolerance: 300 * IndependentCurves.resolution, "at \(t)")
        }
        #expect(property.presentedValue(at: 1.6) == 200 && !property.isAnimating)
    }

    @Test("a retarget during a delay combines with the waiting animation")
    func retargetDuringDelay() {
        let property = AnimatedProperty(0.0)
        withAnimation(.easeInOut(duration: 1).delay(0.5)) { property.set(100, at: 0) }
        #expect(property.presentedValue(at: 0.25) == 0)
        withAnimation(.linear(duration: 1)) { property.set(200, at: 0.25) }
        for t in [0.25, 0.5, 0.75, 1.0, 1.25] {
            let r0 = 100 * IndependentCurves.easeInOut(max(0, t - 0.5))
            expectClose(property.presentedValue(at: t), r0 + min(t - 0.25, 1) * (200 - r0), tolerance: 300 * IndependentCurves.resolution, "at \(t)")
        }
        // The combination ends with its last entry, at 1.25 s, although the delayed one would run
        // to 1.5 s: it is cut short at its target.
        #expect(property.presentedValue(at: 1.26) == 200 && !property.isAnimating)
    }

    @Test("a retarget of a repeating animation combines with its cycles (64 Hz frames, schedule worked by hand)")
    func retargetRepeating() {
        let property = AnimatedProperty(0.0)
        withAnimation(.linear(duration: 0.25).repeatCount(2)) { property.set(100, at: 0) }
        for frame in 0...8 { _ = property.presentedValue(at: Double(frame) / 64) }
        withAnimation(.linear(duration: 0.5)) { property.set(200, at: 0.125) }
        // The repeat (entry 0, value 100): frames 0…16 forward, 17 the boundary at 100, 18…33
        // back down, finished from frame 34 on (holding 100). Entry 1 joined at 0.125 s towards
        // 200 over 0.5 s, so it ends at frame 40.
        func repeatOffset(_ frame: Int) -> Double {
            switch frame {
            case ...16: return 100 * Double(frame) / 16
            case 17: return 100
            case 18...33: return 100 * (1 - Double(frame - 17) / 16)
            default: return 100
            }
        }
        for frame in 8...40 {
            let t = Double(frame) / 64
            let r0 = repeatOffset(frame)
            let p = min(1, (t - 0.125) / 0.5)
            expectClose(property.presentedValue(at: t), r0 + p * (200 - r0), tolerance: 300 * IndependentCurves.resolution, "frame \(frame)")
        }
        #expect(property.presentedValue(at: 41.0 / 64) == 200 && !property.isAnimating)
    }

    @Test("a change without an animation applies at once; the running animation continues on its delta")
    func unanimatedChangeWhileRunning() {
        let property = AnimatedProperty(0.0)
        withAnimation(.linear(duration: 1)) { property.set(100, at: 0) }
        expectClose(property.presentedValue(at: 0.5), 50, tolerance: 1e-4, "mid-flight")
        withAnimation(nil) { property.set(300, at: 0.5) }
        // presented = model − interval + x: the jump of 200 is immediate, the 100 still animates.
        expectClose(property.presentedValue(at: 0.5), 250, tolerance: 1e-4, "jumped by the unanimated change")
        expectClose(property.presentedValue(at: 0.75), 275, tolerance: 1e-4, "still animating the first delta")
        #expect(property.presentedValue(at: 1.01) == 300)
    }

    @Test("coincident changes before the first frame combine by default; the old behaviour drops the first (decision 6)")
    func coincidentChanges() {
        let merged = AnimatedProperty(0.0)
        withAnimation(.linear(duration: 1)) { merged.set(100, at: 0) }
        withAnimation(.linear(duration: 1)) { merged.set(200, at: 0) }
        // Chain of lerps at 0.5: r0 = 50, r1 = 50 + 0.5·(200 − 50).
        expectClose(merged.presentedValue(at: 0.5), 125, tolerance: 1e-3, "combined")
        let dropped = AnimatedProperty(0.0, options: .init(mergesCoincidentAnimations: false))
        withAnimation(.linear(duration: 1)) { dropped.set(100, at: 0) }
        withAnimation(.linear(duration: 1)) { dropped.set(200, at: 0) }
        // Only the second delta animates, from the intermediate value 100.
        expectClose(dropped.presentedValue(at: 0), 100, tolerance: 0, "jumps to the intermediate value")
        expectClose(dropped.presentedValue(at: 0.5), 150, tolerance: 1e-3, "second animation only")
    }

    @Test("times going backwards are clamped to the latest time; NaN values apply at once")
    func badInput() {
        let property = AnimatedProperty(0.0)
        withAnimation(.linear(duration: 1)) { property.set(100, at: 0) }
        let atHalf = property.presentedValue(at: 0.5)
        #expect(property.presentedValue(at: 0.2) == atHalf)
        #expect(property.presentedValue(at: .nan) == atHalf)
        withAnimation(.linear(duration: 1)) { property.set(.nan, at: 0.5) }
        #expect(property.presentedValue(at: 0.6).isNaN)
        let fresh = AnimatedProperty(0.0)
        withAnimation(.linear(duration: 1)) { fresh.set(.infinity, at: 0) }
        #expect(!fresh.isAnimating && fresh.presentedValue(at: 0.1) == .infinity)
    }

    @Test("vector values animate component-wise through their animatable data")
    func vectors() {
        let point = AnimatedProperty(CGPoint.zero)
        withAnimation(.linear(duration: 1)) { point.set(CGPoint(x: 100, y: -40), at: 0) }
        let mid = point.presentedValue(at: 0.5)
        expectClose(Double(mid.x), 50, tolerance: 1e-3, "x")
        expectClose(Double(mid.y), -20, tolerance: 1e-3, "y")
        let angle = AnimatedProperty(Angle.zero)
        withAnimation(.linear(duration: 1)) { angle.set(.degrees(90), at: 0) }
        expectClose(angle.presentedValue(at: 0.5).degrees, 45, tolerance: 1e-3, "angle")
    }
}
