import Foundation
import MotionCore
import Testing

/// Implicit animation scoping, headless: the transaction modifiers between a change and a value
/// (§7). One test per rule; each names the sentence it checks.
@Suite("Transaction modifier paths")
struct ModifierPathTests {
    /// The animation a value actually runs when changed under `transaction` through `path`.
    func animationRun(_ transaction: Transaction, _ path: [TransactionModifier]) -> Animation? {
        let property = AnimatedProperty(0.0)
        property.set(1, at: 0, transaction: transaction, path: path)
        return property.runningAnimation
    }

    @Test("§7: .animation(_:value:) overrides an outer withAnimation when its value changed")
    func implicitNotOverriddenByExplicit() {
        #expect(animationRun(Transaction(animation: .bouncy), [.animation(.easeIn, valueChanged: true)]) == .easeIn)
    }

    @Test("[WWDC 10156] animation modifiers are only active when their value changes")
    func inactiveWhenUnchanged() {
        #expect(animationRun(Transaction(animation: .bouncy), [.animation(.easeIn, valueChanged: false)]) == .bouncy)
        #expect(animationRun(Transaction(), [.animation(.easeIn, valueChanged: false)]) == nil)
        #expect(animationRun(Transaction(), [.animation(.easeIn, value: 3, previousValue: 2)]) == .easeIn)
    }

    @Test("[APPLE animation(_:value:)] 'If animation is nil, the view doesn't animate'")
    func nilDisables() {
        #expect(animationRun(Transaction(animation: .bouncy), [.animation(nil, valueChanged: true)]) == nil)
    }

    @Test("§7: disablesAnimations is honoured by the animation modifiers only")
    func disablesAnimationsHonouredByModifiersOnly() {
        var transaction = Transaction(animation: .bouncy)
        transaction.disablesAnimations = true
        #expect(animationRun(transaction, [.animation(.easeIn, valueChanged: true)]) == .bouncy, "the modifier does not insert its animation")
        #expect(animationRun(transaction, [.animation(.easeIn)]) == .bouncy, "nor does the deprecated form")
        #expect(animationRun(transaction, [.transaction { $0.animation = .easeOut }]) == .easeOut, ".transaction rewrites regardless")
        #expect(animationRun(transaction, []) == .bouncy, "the value itself ignores disablesAnimations (effectiveAnimation)")
    }

    @Test("§7: the innermost modifier wins, because each rewrites what it passes down")
    func innermostWins() {
        #expect(animationRun(Transaction(), [.animation(.easeIn, valueChanged: true), .animation(.easeOut, valueChanged: true)]) == .easeOut)
        #expect(animationRun(Transaction(), [.animation(.easeIn, valueChanged: true), .animation(.easeOut, valueChanged: false)]) == .easeIn)
    }

    @Test("modifier order: .animation(.easeInOut, value: warning) animates what is written before it, not .padding after it")
    func modifierOrder() {
        // Text("…").foregroundStyle(warning ? .red : .primary).animation(.easeInOut, value: warning).padding(warning ? 20 : 10)
        // The colour is inside the animation modifier; the padding is outside it.
        let colourPath: [TransactionModifier] = [.animation(.easeInOut, valueChanged: true)]
        let paddingPath: [TransactionModifier] = []
        #expect(animationRun(Transaction(), colourPath) == .easeInOut)
        #expect(animationRun(Transaction(), paddingPath) == nil)
        // Written after .padding instead, the animation covers both.
        #expect(animationRun(Transaction(), [.animation(.easeInOut, valueChanged: true)]) == .easeInOut)
    }

    @Test("§7: .animation(_:body:) applies only to values inside its body")
    func scopedAnimation() {
        #expect(animationRun(Transaction(animation: .bouncy), [.animation(.easeIn, bodyContainsValue: true)]) == .easeIn)
        #expect(animationRun(Transaction(animation: .bouncy), [.animation(.easeIn, bodyContainsValue: false)]) == .bouncy)
    }

    @Test("§7: .transaction(value:_:) rewrites only transactions in which the value changed; .animation(_:) always")
    func valueAndAlways() {
        #expect(animationRun(Transaction(), [.transaction(valueChanged: true) { $0.animation = .snappy }]) == .snappy)
        #expect(animationRun(Transaction(), [.transaction(valueChanged: false) { $0.animation = .snappy }]) == nil)
        #expect(animationRun(Transaction(animation: .bouncy), [.animation(.linear)]) == .linear)
    }

    @Test("§4.4: tracksVelocity without an animation runs velocity tracking")
    func tracksVelocity() {
        var transaction = Transaction()
        transaction.tracksVelocity = true
        #expect(animationRun(transaction, [])?.base is VelocityTrackingAnimation)
        transaction.animation = .bouncy
        #expect(animationRun(transaction, []) == .bouncy)
    }
}

/// Velocity tracking hands its velocity to a following spring (§4.4).
@Suite("Velocity tracking")
struct VelocityTrackingTests {
    @Test("a gesture moving at 600 units/s hands 600 units/s to the spring that follows it")
    func handsOverToSpring() {
        let property = AnimatedProperty(0.0)
        var drag = Transaction()
        drag.tracksVelocity = true
        for frame in 0...10 {
            let t = Double(frame) / 60
            property.set(Double(frame) * 10, at: t, transaction: drag)
            #expect(property.presentedValue(at: t) == Double(frame) * 10, "tracking follows the gesture exactly")
        }
        let release = 10.0 / 60
        withAnimation(.smooth) { property.set(200, at: release) }
        _ = property.presentedValue(at: release)
        expectClose(property.velocity(at: release), 600, tolerance: 1e-6, "velocity handed to the spring")
        expectClose(property.presentedValue(at: release), 100, tolerance: 1e-9, "position kept")
        // It keeps moving forward from the release before settling at 200.
        #expect(property.presentedValue(at: release + 1.0 / 60) > 100)
    }

    @Test("the tracked velocity decays by 0.998 per millisecond after the last sample; tracking ends 2 s after it")
    func decayAndEnd() {
        let property = AnimatedProperty(0.0)
        var drag = Transaction()
        drag.tracksVelocity = true
        property.set(0.5, at: 0, transaction: drag)
        _ = property.presentedValue(at: 0)
        property.set(1, at: 0.01, transaction: drag)
        _ = property.presentedValue(at: 0.01)
        expectClose(property.velocity(at: 0.11), 50 * pow(0.998, 100), tolerance: 1e-9, "decayed over 100 ms")
        _ = property.presentedValue(at: 2.0)
        #expect(property.isAnimating)
        _ = property.presentedValue(at: 2.02)
        #expect(!property.isAnimating && property.presentedValue(at: 2.03) == 1)
    }
}
