/// The clock an engine plays property scenarios on (docs/protocol.md §2, "Time: the clock
/// model"), as its handshake declares it (`clockModel`, revision 2.3).
///
/// - `changeTime`: a change applies at its own time t; the new animation is at elapsed 0 at t.
/// - `nextFrame`: a change applies at the first sample at or after t (the next frame), as of the
///   last sample before t (the last frame shown): the running animation's time stands still from
///   that frame to the one that applies the change, and the new animation is at elapsed 0 there.
/// - `frameLoop`: a change applies at t, reading what runs at t (nothing stands still); an
///   animation from rest begins at the first sample strictly after t, at elapsed 0 there; a
///   sample no later than the last animated change or frame is no frame and repeats the last.
/// - `frameLoopHeld`: as `frameLoop`, the animation from rest held one frame more (it begins at
///   the second sample after t), and the frame after that at most 1/60 s further on.
///
/// Fixtures are written for the change-time clock. An engine on the other clock is judged on
/// expectations the reference model computes for it — never on the engine's own answers.
public enum ClockModel: String, Sendable, CaseIterable, Codable {
    case changeTime = "change-time"
    case nextFrame = "next-frame"
    case frameLoop = "frame-loop"
    case frameLoopHeld = "frame-loop-held"

    /// The clocks an engine could be on instead, for the probes that try each.
    public var others: [ClockModel] { Self.allCases.filter { $0 != self } }

    /// Frames strictly after a change from rest before its animation's clock starts: the frame
    /// loop's first frame, or (held) its second.
    package var framesBeforeBegin: Int {
        switch self {
        case .changeTime, .nextFrame: return 0
        case .frameLoop: return 1
        case .frameLoopHeld: return 2
        }
    }

    /// Whether the samples before a sample change what it shows: on every clock but the
    /// change-time one a sample is a frame — the next-frame clock applies a change at the next
    /// one, the frame-loop clocks begin an animation at one and repeat the last — so a scenario
    /// without some of them is another scenario, not a smaller one.
    public var samplesAreFrames: Bool { self != .changeTime }

    /// How far the first frame after a held begin may jump: one frame interval of 60 Hz.
    package var catchUp: Double? { self == .frameLoopHeld ? 1.0 / 60 : nil }
}
