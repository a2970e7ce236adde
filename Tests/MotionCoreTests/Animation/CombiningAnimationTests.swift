import MotionCore
import Testing

/// The combining animation (docs/semantics.md §4.3 item 4): a chain of lerps, checked against
/// the chain written out in the test with an independent curve evaluation.
@Suite("Combining animations")
struct CombiningAnimationTests {
    let easeInOut = IndependentCurves.easeInOut
    let easeIn = IndependentCurves.easeIn
    func clampUnit(_ x: Double) -> Double { min(max(x, 0), 1) }
    let tolerance = 300 * IndependentCurves.resolution

    @Test("§4.3's worked example: easeInOut(1) 0→100, retargeted at 0.5 by linear(1) to 200")
    func workedExample() {
        var running = RunningAnimation<Double>(animation: .easeInOut(duration: 1), interval: 100, beginTime: 0)
        _ = running.offset(at: 0.5)
        #expect(running.retarget(by: 100, with: .linear(duration: 1), at: 0.5) == .combined)
        for t in [0.5, 0.6, 0.75, 0.9, 1.0, 1.2, 1.5] {
            let x = running.offset(at: t)!
            let r0 = 100 * easeInOut(t)
            let chain = r0 + clampUnit(t - 0.5) * (200 - r0)
            expectClose(x, chain, tolerance: tolerance, "chain of lerps at \(t)")
            let pureSum = 100 * easeInOut(t) + 100 * clampUnit(t - 0.5)
            // The two models agree when the new entry starts and once the earlier one has
            // finished (t ≥ 1); in between they differ.
            if t <= 0.5 || t >= 1.0 {
                expectClose(x, pureSum, tolerance: tolerance, "the pure sum agrees at \(t)")
            } else {
                #expect(abs(x - pureSum) > 0.5, "the pure sum differs mid-flight at \(t): \(x) vs \(pureSum)")
            }
        }
        #expect(running.offset(at: 1.5 + 1.0 / 64) == nil, "finishes when the last entry finishes")
    }

    @Test("three stacked curves: each lerps from the moving value of the ones before")
    func threeStacked() {
        var running = RunningAnimation<Double>(animation: .easeInOut(duration: 1), interval: 100, beginTime: 0)
        _ = running.offset(at: 0.3)
        running.retarget(by: 50, with: .easeIn(duration: 1), at: 0.3)
        _ = running.offset(at: 0.6)
        running.retarget(by: -80, with: .linear(duration: 1), at: 0.6)
        #expect(running.interval == 70)
        for t in [0.6, 0.7, 0.8, 1.0, 1.1, 1.3, 1.6] {
            let r0 = 100 * easeInOut(t)
            let r1 = r0 + easeIn(t - 0.3) * (150 - r0)
            let r2 = r1 + clampUnit(t - 0.6) * (70 - r1)
            expectClose(running.offset(at: t)!, r2, tolerance: tolerance, "at \(t)")
        }
        #expect(running.offset(at: 1.7) == nil)
    }

    @Test("five stacked linear retargets end exactly at the final target, when the last one ends")
    func fiveStacked() {
        var running = RunningAnimation<Double>(animation: .linear(duration: 1), interval: 10, beginTime: 0)
        for k in 1...4 {
            let t = Double(k) * 0.125
            _ = running.offset(at: t)
            running.retarget(by: 10, with: .linear(duration: 1), at: t)
        }
        #expect(running.animation._base(as: CombiningAnimation.self)?.entries.count == 5, "extended, not nested")
        #expect(running.offset(at: 1.5) == 50)
        #expect(running.offset(at: 1.5 + 1e-9) == nil)
    }

    @Test("the combination is logically complete when its last entry is")
    func logicalCompletion() {
        var running = RunningAnimation<Double>(animation: .linear(duration: 5).logicallyComplete(after: 0.2), interval: 1, beginTime: 0)
        _ = running.offset(at: 0.1)
        running.retarget(by: 1, with: .linear(duration: 5).logicallyComplete(after: 1), at: 0.1)
        _ = running.offset(at: 0.5)
        #expect(!running.isLogicallyComplete, "the first entry is complete, the last is not")
        _ = running.offset(at: 1.1)
        #expect(running.isLogicallyComplete)
    }

    @Test("a spring merged onto a curve takes the curve's position; the curve reports no velocity")
    func springOnCurve() {
        var running = RunningAnimation<Double>(animation: .easeInOut(duration: 1), interval: 100, beginTime: 0)
        let position = running.offset(at: 0.5)!
        #expect(running.retarget(by: 0, with: .smooth, at: 0.5) == .merged)
        let state = running.context.state[FluidSpringStateKey<Double>.self]
        #expect(state.offset == position && state.velocity == 0 && state.startTime == 0.5)
    }

    @Test("a curve arriving on a running spring combines with it")
    func curveOnSpring() {
        var running = RunningAnimation<Double>(animation: .bouncy, interval: 100, beginTime: 0)
        _ = running.offset(at: 0.2)
        #expect(running.retarget(by: 50, with: .easeIn(duration: 1), at: 0.2) == .combined)
        // At the join the new entry has covered nothing: the value continues from the spring.
        var spring = RunningAnimation<Double>(animation: .bouncy, interval: 100, beginTime: 0)
        _ = spring.offset(at: 0.2)
        #expect(running.offset(at: 0.2)! == spring.offset(at: 0.2)!)
    }
}
