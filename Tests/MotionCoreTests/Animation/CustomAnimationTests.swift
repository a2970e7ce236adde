import Foundation
import MotionCore
import Testing

/// Animations written by a user run through the same API as the built-ins (§4.1).
struct MyLinearAnimation: CustomAnimation {
    var duration: TimeInterval = 1

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if time <= duration {
            return value.scaled(by: time / duration)
        }
        return nil
    }

    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        value.scaled(by: 1.0 / duration)
    }
}

/// A custom animation that opts into merging and counts its frames in its own state.
struct MergingStepAnimation: CustomAnimation {
    enum Frames: AnimationStateKey { static let defaultValue = 0 }

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        context.state[Frames.self] += 1
        return time < 1 ? value.scaled(by: time) : nil
    }

    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        true
    }
}

@Suite("Custom animations")
struct CustomAnimationTests {
    @Test("MyLinearAnimation animates and reports velocity through Animation")
    func myLinear() {
        let animation = Animation(MyLinearAnimation(duration: 2))
        var context = AnimationContext<Double>()
        #expect(animation.animate(value: 10.0, time: 0.5, context: &context) == 2.5)
        #expect(animation.velocity(value: 10.0, time: 0.5, context: context) == 5)
        #expect(animation.animate(value: 10.0, time: 2.5, context: &context) == nil)
        #expect(animation == Animation(MyLinearAnimation(duration: 2)))
        #expect(animation != Animation(MyLinearAnimation(duration: 3)))
        #expect(animation != .linear(duration: 2))
        #expect(animation.base is MyLinearAnimation)
    }

    @Test("defaults: no velocity and no merging, so a retarget combines")
    func defaults() {
        var running = RunningAnimation<Double>(animation: Animation(MergingStepAnimation()), interval: 1, beginTime: 0)
        _ = running.offset(at: 0.25)
        #expect(running.retarget(by: 1, with: Animation(MyLinearAnimation()), at: 0.25) == .combined)
    }

    @Test("one that opts into merging is merged and keeps its state and clock")
    func optsIntoMerging() {
        var running = RunningAnimation<Double>(animation: Animation(MergingStepAnimation()), interval: 1, beginTime: 0)
        _ = running.offset(at: 0.25)
        _ = running.offset(at: 0.5)
        #expect(running.retarget(by: 1, with: Animation(MergingStepAnimation()), at: 0.5) == .merged)
        #expect(running.offset(at: 0.75) == 1.5, "same clock: 0.75 of the new interval 2")
        #expect(running.context.state[MergingStepAnimation.Frames.self] == 3, "state carried over")
    }

    @Test("a fluid spring merging onto a custom animation picks up its velocity")
    func springPicksUpVelocity() {
        var running = RunningAnimation<Double>(animation: Animation(MyLinearAnimation(duration: 2)), interval: 10, beginTime: 0)
        _ = running.offset(at: 1)
        #expect(running.retarget(by: 0, with: .snappy, at: 1) == .merged)
        let state = running.context.state[FluidSpringStateKey<Double>.self]
        #expect(state.velocity == 5 && state.offset == 5)
    }
}

@Suite("Animation context and state")
struct AnimationContextTests {
    enum Counter: AnimationStateKey { static let defaultValue = 7 }
    struct Flavour: EnvironmentKey { static let defaultValue = "plain" }

    @Test("isLogicallyComplete is set once: setting it back to false is ignored (§4.2)")
    func setOnce() {
        var context = AnimationContext<Double>()
        #expect(!context.isLogicallyComplete)
        context.isLogicallyComplete = true
        context.isLogicallyComplete = false
        #expect(context.isLogicallyComplete)
    }

    @Test("state reads a key's default until written; copies are independent")
    func state() {
        var state = AnimationState<Double>()
        #expect(state[Counter.self] == 7 && state.isEmpty)
        state[Counter.self] = 1
        var copy = state
        copy[Counter.self] += 1
        #expect(state[Counter.self] == 1 && copy[Counter.self] == 2)
    }

    @Test("withState carries the environment and the logical-completion flag to another value type")
    func withState() {
        var context = AnimationContext<Double>()
        context.environment[Flavour.self] = "spicy"
        context.isLogicallyComplete = true
        var pairState = AnimationState<AnimatablePair<Double, Double>>()
        pairState[Counter.self] = 3
        let other = context.withState(pairState)
        #expect(other.environment[Flavour.self] == "spicy" && other.isLogicallyComplete && other.state[Counter.self] == 3)
        #expect(AnimationContext<Double>().environment[Flavour.self] == "plain")
    }

    @Test("Animation is Hashable by type and value")
    func hashing() {
        let set: Set<Animation> = [.easeIn, .easeIn(duration: 0.35), .bouncy, .default, .default, .spring, .smooth]
        #expect(set.count == 4, "easeIn twice, bouncy, default, and .spring == .smooth (both FluidSpring(0.5, 1, 0))")
    }
}
