import Foundation

/// What an engine answered to one fixture's questions, before any of it is checked. MotionCore
/// (in process) and an engine behind the protocol (docs/protocol.md) produce the same shape, and
/// one checker judges both, so a fixture means the same thing whoever plays it.
///
/// A `nil` is a field the engine did not answer; a check that needs it fails (it is never skipped).
public enum ScenarioAnswers: Sendable {
    case property(Player.Observation)
    /// One number per check, in the fixture's order.
    case spring([Double?])
    case curve([Double?])
    /// One value per check (a duration check answers one component).
    case keyframes([[Double]?])
    case phases(PhaseAnswers)
    /// The schedule's entries, in seconds since the reference date; nil if not answered.
    case timeline([Double]?)
}

/// A phase sequence's answers: the value and phase at each sample, and the phase changes.
public struct PhaseAnswers: Sendable {
    public var values: [Double?]
    public var phases: [String?]
    /// The frame time each sample was answered at (for plots), when known.
    public var frameTimes: [Double]
    public var transitions: [(time: Double, phase: String)]?

    public init(values: [Double?], phases: [String?], frameTimes: [Double], transitions: [(time: Double, phase: String)]?) {
        self.values = values
        self.phases = phases
        self.frameTimes = frameTimes
        self.transitions = transitions
    }
}
