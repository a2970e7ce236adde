import Foundation

/// The engine behind a benchmark that another process ran through the engine protocol's workloads
/// (docs/protocol.md §8): who it says it is and the clock it timed its frames with.
public struct EngineInfo: Codable, Hashable, Sendable {
    /// The name and version from the engine's handshake.
    public var name: String
    public var version: String?
    /// The clock the engine timed its frames with, as its handshake names it, and its resolution
    /// in seconds: a reader judges a 2 µs frame differently on a 1 µs clock.
    public var clock: String?
    public var clockResolution: Double?
    /// The command the harness started it with.
    public var command: String

    public init(name: String, version: String?, clock: String?, clockResolution: Double?, command: String) {
        self.name = name
        self.version = version
        self.clock = clock
        self.clockResolution = clockResolution
        self.command = command
    }

    /// The engine as labels show it: its name and version.
    public var label: String { version.map { "\(name) \($0)" } ?? name }
}

/// An engine's final values for a workload, checked against MotionCore's for the same workload:
/// a fast engine that computes something else is "faster but different", never a plain result.
public struct ValuesCheck: Codable, Hashable, Sendable {
    /// Channels whose values were compared.
    public var channels: Int
    /// The largest error over `channels`, as a multiple of the tolerance: at most 1 agrees.
    public var worstError: Double
    /// The tolerance: |actual − expected| ≤ absolute + relative·|expected|.
    public var absolute: Double
    public var relative: Double
    /// For values that differ: the first channel that does, with both values.
    public var message: String?

    public init(channels: Int, worstError: Double, absolute: Double, relative: Double, message: String?) {
        self.channels = channels
        self.worstError = worstError
        self.absolute = absolute
        self.relative = relative
        self.message = message
    }

    public var agrees: Bool { message == nil && channels > 0 && worstError <= 1 }
}
