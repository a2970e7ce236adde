import MotionCore
import Testing

@testable import ConformanceReference

/// The phase examples of the seeds, headless (§6.1, decision 5). Frames are at 64 Hz so times
/// are exact.
@Suite("PhaseSequencer")
struct PhaseSequencerTests {
    func run(_ sequencer: PhaseSequencer<some Any>, frames: ClosedRange<Int>, each: (Double) -> Void = { _ in }) {
        for frame in frames {
            let t = Double(frame) / 64
            sequencer.update(at: t)
            each(t)
        }
    }

    @Test("two-phase bounce: [false, true], offset −40 when true, the default animation; phases advance on logical completion")
    func twoPhaseBounce() throws {
        let sequencer = try PhaseSequencer([false, true])
        let offset = sequencer.bind { $0 ? -40.0 : 0.0 }
        var atBoundaries: [Double: Double] = [:]
        run(sequencer, frames: 0...128) { t in atBoundaries[t] = offset.presentedValue(at: t) }
        // .default is the fluid spring with response 0.5 (decision 1): logically complete 0.5 s
        // after each phase starts, and each merge restarts that clock.
        #expect(sequencer.transitions.map(\.index) == [1, 0, 1, 0, 1])
        #expect(sequencer.transitions.map(\.time) == [0, 0.5, 1.0, 1.5, 2.0])
        // At the first boundary the value is where the reference spring is after 0.5 s of moving
        // to −40: logically, not physically, complete.
        let reference = ReferenceFluidSpring(change: -40, response: 0.5, fraction: 1, blendDuration: 0)
        var expected = 0.0
        for frame in 0...32 { expected = reference.offset(Double(frame) / 64) ?? -40 }
        expectClose(atBoundaries[0.5]!, expected, tolerance: 1e-9, "offset at the first boundary")
        #expect(atBoundaries[0.5]! < -30 && atBoundaries[0.5]! > -40)
    }

    enum EmojiPhase: CaseIterable { case initial, move, scale }

    @Test("three-phase emoji: .smooth, .easeInOut(duration: 0.3), .spring(duration: 0.3, bounce: 0.7) by destination")
    func threePhaseEmoji() throws {
        var requested: [EmojiPhase] = []
        let sequencer = try PhaseSequencer(EmojiPhase.allCases, mode: .trigger) { phase -> Animation? in
            requested.append(phase)
            switch phase {
            case .initial: return .smooth
            case .move: return .easeInOut(duration: 0.3)
            case .scale: return .spring(duration: 0.3, bounce: 0.7)
            }
        }
        let offset = sequencer.bind { $0 == .initial ? 0.0 : -40.0 }
        let scale = sequencer.bind { $0 == .scale ? 1.5 : 1.0 }
        run(sequencer, frames: 0...10)
        #expect(sequencer.transitions.isEmpty, "the trigger form rests on the first phase")
        sequencer.trigger(at: 10.0 / 64)
        var offsetAtScaleStart: Double?
        run(sequencer, frames: 11...200) { t in
            _ = offset.presentedValue(at: t)
            _ = scale.presentedValue(at: t)
            if sequencer.transitions.count == 2 && offsetAtScaleStart == nil { offsetAtScaleStart = offset.presentedValue(at: t) }
        }
        #expect(requested == [.move, .scale, .initial], "the closure receives the phase animated to")
        #expect(sequencer.transitions.map(\.index) == [1, 2, 0], "through every phase and back to the first, then rest")
        // easeInOut(0.3) from 10/64 returns nil at the first frame after 0.3 s: frame 30.
        #expect(sequencer.transitions[1].time == 30.0 / 64)
        #expect(offsetAtScaleStart == -40, "the curve finished: the value is the phase's")
        // The 0.3 s spring is logically complete 0.3 s after it starts: frame 50 (30 + 19.2).
        #expect(sequencer.transitions[2].time == 50.0 / 64)
        #expect(sequencer.currentPhase == .initial)
    }

    enum BallPhase: CaseIterable { case top, bottom, squashed, expanded }

    @Test("four-phase bouncing ball: easeIn for fall and expand, easeOut for squash and rise")
    func bouncingBall() throws {
        let sequencer = try PhaseSequencer(BallPhase.allCases) { phase -> Animation? in
            switch phase {
            case .bottom, .expanded: return .easeIn
            case .squashed, .top: return .easeOut
            }
        }
        let height = sequencer.bind { $0 == .top ? 200.0 : 0.0 }
        let squash = sequencer.bind { $0 == .squashed ? 0.6 : 1.0 }
        var valuesAtTransitions: [(Double, Double)] = []
        var seen = 0
        run(sequencer, frames: 0...200) { t in
            let h = height.presentedValue(at: t), s = squash.presentedValue(at: t)
            if sequencer.transitions.count > seen {
                seen = sequencer.transitions.count
                valuesAtTransitions.append((h, s))
            }
        }
        // Each 0.35 s curve returns nil at the first frame after 0.35 s: 23 frames (22.4 rounded up).
        #expect(sequencer.transitions.map(\.index) == [1, 2, 3, 0, 1, 2, 3, 0, 1])
        #expect(sequencer.transitions.map(\.time) == (0..<9).map { Double($0 * 23) / 64 })
        // At each boundary the previous phase's values have been reached exactly.
        let phaseValues: [(Double, Double)] = [(0, 1), (0, 0.6), (0, 1), (200, 1)]
        for (k, values) in valuesAtTransitions.enumerated().dropFirst() {
            let reached = phaseValues[(k - 1) % 4]
            #expect(values.0 == reached.0 && values.1 == reached.1, "boundary \(k)")
        }
    }

    @Test("a nil animation applies the phase at once and advances on the next frame")
    func nilAnimation() throws {
        let sequencer = try PhaseSequencer([0.0, 1.0, 2.0]) { _ in nil }
        let value = sequencer.bind { $0 }
        run(sequencer, frames: 0...3) { _ in }
        #expect(sequencer.transitions.map(\.index) == [1, 2, 0, 1])
        #expect(value.presentedValue(at: 3.0 / 64) == 1 && !value.isAnimating)
    }

    @Test("a trigger arriving mid-cycle restarts the cycle from the current values")
    func triggerMidCycle() throws {
        let sequencer = try PhaseSequencer([0.0, 10.0, 20.0], mode: .trigger) { _ in .linear(duration: 0.5) }
        let value = sequencer.bind { $0 }
        sequencer.trigger(at: 0)
        run(sequencer, frames: 0...16)
        let mid = value.presentedValue(at: 16.0 / 64)
        sequencer.trigger(at: 16.0 / 64)
        #expect(value.presentedValue(at: 16.0 / 64) == mid, "no jump")
        run(sequencer, frames: 17...200)
        #expect(sequencer.transitions.map(\.index) == [1, 1, 2, 0])
        #expect(value.presentedValue(at: 200.0 / 64) == 0)
    }

    @Test("an empty phase list is a clear error, not a trap")
    func emptyPhases() {
        #expect(throws: PhaseSequencerError.emptyPhases) { try PhaseSequencer([Int]()) }
        #expect(PhaseSequencerError.emptyPhases.description.contains("at least one phase"))
    }
}
