/// A channel of a `MotionEngine`: an index and a generation, so that an identifier of a removed
/// channel is recognised as stale even after its index is reused.
public struct ChannelID: Hashable, Sendable, CustomStringConvertible {
    public let index: UInt32
    public let generation: UInt32

    public var description: String { "channel \(index) (generation \(generation))" }
}

/// What went wrong in a call to the engine. The engine is unchanged when a call throws.
public enum MotionEngineError: Error, Equatable, CustomStringConvertible {
    /// The identifier names no channel: never issued, or issued and since removed.
    case unknownChannel(ChannelID)
    /// A target or initial value was NaN or infinite.
    case nonFiniteValue(Double, ChannelID?)
    /// A time was NaN.
    case invalidTime(Double)

    public var description: String {
        switch self {
        case let .unknownChannel(id):
            return "unknown channel: \(id) was never issued by this engine or has been removed"
        case let .nonFiniteValue(value, id?):
            return "non-finite value \(value) for \(id): targets must be finite numbers"
        case let .nonFiniteValue(value, nil):
            return "non-finite value \(value): channel values must be finite numbers"
        case let .invalidTime(time):
            return "invalid time \(time): times must be numbers"
        }
    }
}

/// Something that happened to a channel during a tick.
public struct ChannelEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The channel's animation reported logical completion (§6.2).
        case logicallyComplete
        /// The channel's animation finished; the channel rests at its model value.
        case finished
    }

    public let channel: ChannelID
    public let kind: Kind
}
