import Foundation

extension Animation {
    /// Starts this animation `delay` seconds later.
    @inlinable
    public func delay(_ delay: TimeInterval) -> Animation {
        Animation(DelayAnimation(base: self, delay: delay))
    }

    /// Runs this animation `speed` times as fast.
    @inlinable
    public func speed(_ speed: Double) -> Animation {
        return Animation(SpeedAnimation(base: self, speed: speed))
    }

    /// Plays this animation `repeatCount` times; with `autoreverses`, every other cycle runs back.
    @inlinable
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        Animation(RepeatAnimation(base: self, repeatCount: repeatCount, autoreverses: autoreverses))
    }

    /// Plays this animation forever; with `autoreverses`, every other cycle runs back.
    @inlinable
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(RepeatAnimation(base: self, repeatCount: nil, autoreverses: autoreverses))
    }

    /// Reports this animation logically complete after `duration` seconds, or when it finishes if
    /// that is sooner.
    @inlinable
    public func logicallyComplete(after duration: TimeInterval) -> Animation {
        Animation(LogicalCompletionAnimation(base: self, duration: duration))
    }
}
