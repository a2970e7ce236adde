import Foundation
import MotionCore
import Testing

/// The keyframe evaluation model of §5.2 (decision 4), against derivatives taken numerically and
/// tangents computed in the test.
@Suite("Keyframe evaluation")
struct KeyframeBehaviourTests {
    func derivative(_ f: (Double) -> Double, at t: Double, side: Double) -> Double {
        let h = 1e-7
        return side < 0 ? (f(t) - f(t - h)) / h : (f(t + h) - f(t)) / h
    }

    @Test("cubic joints are C¹ with the non-uniform Catmull-Rom tangent (P[i+1] − P[i−1]) / (d[i] + d[i+1])")
    func catmullRom() {
        let points: [(Double, Double)] = [(4, 0.2), (-2, 0.5), (7, 0.3), (1, 0.4)]
        let timeline = KeyframeTimeline(initialValue: 1.0) {
            for (value, duration) in points { CubicKeyframe(value, duration: duration) }
        }
        let f = { timeline.value(time: $0) }
        var starts = [1.0] + points.map(\.0)
        starts.removeLast()
        var t = 0.0
        for i in 0..<(points.count - 1) {
            t += points[i].1
            let expected = (points[i + 1].0 - starts[i]) / (points[i].1 + points[i + 1].1)
            let left = derivative(f, at: t, side: -1), right = derivative(f, at: t, side: 1)
            expectClose(left, expected, tolerance: 1e-4 * max(1, abs(expected)), "left at joint \(i)")
            expectClose(right, expected, tolerance: 1e-4 * max(1, abs(expected)), "right at joint \(i)")
            expectClose(timeline.velocity(time: t), expected, tolerance: 1e-9 * max(1, abs(expected)), "reported velocity at joint \(i)")
        }
        expectClose(derivative(f, at: 0, side: 1), 0, tolerance: 1e-4, "zero velocity at the start")
        expectClose(derivative(f, at: 1.4, side: -1), 0, tolerance: 1e-4, "zero velocity at the end")
    }

    @Test("a spring keyframe hands its actual end position and velocity to the next keyframe")
    func springHandOff() {
        let spring = Spring.bouncy
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(10.0, duration: 0.3, spring: spring)
            CubicKeyframe(0.0, duration: 0.5)
        }
        let end = spring.value(target: 10.0, time: 0.3)
        let endVelocity = spring.velocity(target: 10.0, time: 0.3)
        expectClose(timeline.value(time: 0.3), end, tolerance: 1e-12, "the spring's actual position, not 10")
        #expect(abs(end - 10) > 0.1)
        let f = { timeline.value(time: $0) }
        expectClose(derivative(f, at: 0.3, side: -1), endVelocity, tolerance: 1e-4 * abs(endVelocity), "left")
        expectClose(derivative(f, at: 0.3, side: 1), endVelocity, tolerance: 1e-4 * abs(endVelocity), "right")
    }

    @Test("a linear keyframe followed by a cubic one hands over its end velocity")
    func linearThenCubic() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 0.5)
            CubicKeyframe(0.0, duration: 0.5)
        }
        expectClose(derivative({ timeline.value(time: $0) }, at: 0.5, side: 1), 20, tolerance: 1e-4, "cubic starts at the linear's 20/s")
    }

    @Test("a spring keyframe without a duration lasts its settling duration with ε = 1e-4")
    func springDefaultDuration() {
        let timeline = KeyframeTimeline(initialValue: 0.0) { SpringKeyframe(5.0, spring: .snappy) }
        expectClose(timeline.duration, Spring.snappy.settlingDuration(target: 5.0, epsilon: 1e-4), tolerance: 0, "duration")
    }

    @Test("tracks of different lengths: the short one holds its end; the last competing track wins")
    func tracks() {
        let timeline = KeyframeTimeline(initialValue: CGPoint.zero) {
            KeyframeTrack(\.x) { LinearKeyframe(10, duration: 1) }
            KeyframeTrack(\.y) { LinearKeyframe(5, duration: 3) }
        }
        expectClose(timeline.duration, 3, tolerance: 0, "longest track")
        expectClose(Double(timeline.value(time: 2).x), 10, tolerance: 0, "short track holds")
        let competing = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack { LinearKeyframe(10, duration: 1) }
            KeyframeTrack { LinearKeyframe(-10, duration: 1) }
        }
        expectClose(competing.value(time: 1), -10, tolerance: 0, "last track wins")
    }

    @Test("edge cases: empty track, zero-duration keyframes, negative time, past the end, empty timeline")
    func edges() {
        let empty = KeyframeTimeline(initialValue: 3.0) { KeyframeTrack(\Double.self) {} }
        #expect(empty.duration == 0 && empty.value(time: 1) == 3 && empty.value(time: -1) == 3)
        let zero = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(5.0, duration: 0)
            CubicKeyframe(7.0, duration: -1)
            LinearKeyframe(9.0, duration: 1)
        }
        #expect(zero.duration == 1)
        expectClose(zero.value(time: 0.5), 8, tolerance: 1e-12, "zero-duration keyframes act as moves to their value")
        let line = KeyframeTimeline(initialValue: 2.0) { LinearKeyframe(4.0, duration: 1) }
        #expect(line.value(time: -5) == 2, "before the start: the start value")
        #expect(line.value(time: 50) == 4, "after the end: the end value")
        #expect(line.value(progress: 0.5) == 3)
        let nothing = KeyframeTimeline<Double>(initialValue: 1.5) {}
        #expect(nothing.duration == 0 && nothing.value(time: 2) == 1.5)
    }

    @Test("keyframes animate any Animatable value: Angle, CGPoint and a struct of several properties")
    func valueTypes() {
        let angle = KeyframeTimeline(initialValue: Angle.zero) { LinearKeyframe(Angle.degrees(90), duration: 1) }
        expectClose(angle.value(time: 0.5).degrees, 45, tolerance: 1e-9, "angle")
        let move = KeyframeTimeline(initialValue: CGPoint.zero) {
            MoveKeyframe(CGPoint(x: 5, y: 5))
            LinearKeyframe(CGPoint(x: 15, y: -5), duration: 2, timingCurve: .easeIn)
        }
        let p = move.value(time: 1)
        expectClose(Double(p.x), 5 + 10 * IndependentCurves.easeIn(0.5), tolerance: 1e-5, "x follows the timing curve")
        expectClose(Double(p.y), 5 - 10 * IndependentCurves.easeIn(0.5), tolerance: 1e-5, "y")
    }
}

/// The headless `KeyframeAnimator` (§5.3).
@Suite("KeyframeAnimator")
struct KeyframeAnimatorTests {
    @Test("a retrigger starts from the current value and keeps its velocity")
    func retriggerKeepsVelocity() {
        let animator = KeyframeAnimator(initialValue: 0.0) { value in
            CubicKeyframe(value + 100, duration: 1)
            CubicKeyframe(value + 100, duration: 0.1)
        }
        animator.trigger(at: 0)
        let h = 1e-7
        let before = animator.value(at: 0.5)
        let velocityBefore = (before - animator.value(at: 0.5 - h)) / h
        animator.trigger(at: 0.5)
        #expect(animator.value(at: 0.5) == before, "continues from the current value")
        let velocityAfter = (animator.value(at: 0.5 + h) - animator.value(at: 0.5)) / h
        expectClose(velocityAfter, velocityBefore, tolerance: 1e-3 * abs(velocityBefore), "velocity preserved")
        #expect(velocityBefore > 50)
    }

    @Test("when a timeline finishes the value stays at its end, where the next trigger starts")
    func endValueHeld() {
        let animator = KeyframeAnimator(initialValue: 1.0) { value in LinearKeyframe(value * 2, duration: 1) }
        #expect(animator.value(at: 5) == 1, "at rest before any trigger")
        animator.trigger(at: 0)
        #expect(animator.value(at: 3) == 2 && !animator.isAnimating(at: 3))
        animator.trigger(at: 4)
        #expect(animator.value(at: 4.5) == 3 && animator.value(at: 9) == 4)
    }

    @Test("the repeating form plays time modulo the duration; repeating: false holds the start")
    func repeating() {
        let animator = KeyframeAnimator(initialValue: 0.0, repeating: true) { _ in LinearKeyframe(10.0, duration: 2) }
        expectClose(animator.value(at: 5), 5, tolerance: 1e-12, "5 s into a 2 s loop is 1 s in")
        #expect(animator.isAnimating(at: 100))
        let still = KeyframeAnimator(initialValue: 0.0, repeating: false) { _ in
            MoveKeyframe(3.0)
            LinearKeyframe(10.0, duration: 2)
        }
        #expect(still.value(at: 1) == 3)
    }
}
