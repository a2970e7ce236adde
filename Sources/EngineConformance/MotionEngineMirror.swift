import Foundation
import MotionConformance
import MotionCore
import MotionEngine

/// MotionEngine as the player's mirror: one channel of a one-thread engine, ticked to each sample
/// time, which must agree with `AnimatedProperty` (bitwise but for the closed-form spring kernel).
public final class MotionEngineMirror: ScalarMirror {
    let engine = MotionEngine(threadCount: 1, chunkSize: 64)
    let channel: ChannelID

    init?(initialValue: Double) {
        guard let channel = try? engine.addChannel(value: initialValue) else { return nil }
        self.channel = channel
    }

    public func animate(to target: Double, with animation: Animation?, at time: TimeInterval) {
        try? engine.animate(channel, to: target, with: animation, at: time)
    }

    public func value(at time: TimeInterval) -> Double {
        try? engine.tick(at: time)
        return (try? engine.value(of: channel)) ?? .nan
    }

    /// What callers pass to `Player.run(_:mirror:)` and `IsolatedPlayer`.
    public static let factory: ScalarMirrorFactory = { MotionEngineMirror(initialValue: $0) }
}
