import ConformanceReports
import FixtureFormat
import Foundation
import TestSupport
import Testing

@testable import ConformanceReference
@testable import MotionConformance

/// The clock an engine declares (docs/protocol.md §2, "Time: the clock model"): the reference
/// model's answers on the next-frame clock, fixtures judged on them, and probes that name the
/// clock an engine runs on when it did not say.
@Suite("clock models")
struct ClockModelTests {
    /// `timingCurve(UnitCurve.linear)` is progress as given (§2.3), so its values are closed forms.
    func scenario(_ events: String, samples: [Double]) throws -> (Fixture, PropertyScenario) {
        let sampled = samples.map { "{\"time\": \(JSONValue.format($0)), \"value\": 0}" }.joined(separator: ", ")
        let fixture = try FixtureLoader.decode(
            """
            {"id": "clock/probe", "title": "t", "suite": "clock", "provenance": "analytic", "source": "closed form",
             "tolerance": {"absolute": 1e-9}, "property": {"valueType": "scalar", "initialValue": 0,
             "events": [\(events)], "samples": [\(sampled)]}}
            """)
        guard case let .property(scenario) = fixture.body else { throw ReferenceModel.Unsupported(description: "not a property") }
        return (fixture, scenario)
    }

    static let linear = #"{"timingCurve": {"curve": "linear", "duration": 0.6}}"#

    @Test("a change between frames begins at the next frame on the next-frame clock, at its own time on the change-time clock")
    func beginsAtNextFrame() throws {
        let frame = 1.0 / 60
        let (_, scenario) = try scenario(#"{"time": 0.01, "set": 100, "animation": \#(Self.linear)}"#, samples: [0, frame, 0.1, 0.3])
        let change = try ReferencePlayback.answers(scenario.reference, clock: .changeTime).map(\.value[0])
        let next = try ReferencePlayback.answers(scenario.reference, clock: .nextFrame).map(\.value[0])
        for (index, t) in [0, frame, 0.1, 0.3].enumerated() {
            #expect(abs(change[index] - 100 * max(0, t - 0.01) / 0.6) < 1e-9)
            #expect(abs(next[index] - 100 * max(0, t - frame) / 0.6) < 1e-9)
        }
    }

    @Test(
        "from rest, a frame-loop clock begins the animation at the first frame strictly after the change, held one frame more, then catches up at most 1/60 s")
    func frameLoopBegins() throws {
        // Frames 0.02 s apart, a change on the frame at 0.04: elapsed at frame k is (k − b)·0.02
        // with b the frame the clock begins at: 2 (change-time, next-frame), 3 (frame-loop); held,
        // it begins at frame 4 and frame 5, 0.02 s on, is capped at 1/60 s past it.
        let frames = (0..<10).map { Double($0) * 0.02 }
        let (_, onFrame) = try scenario(#"{"time": 0.04, "set": 100, "animation": \#(Self.linear)}"#, samples: frames)
        for (clock, begin) in [(ClockModel.changeTime, 2.0), (.nextFrame, 2), (.frameLoop, 3)] {
            let values = try ReferencePlayback.answers(onFrame.reference, clock: clock).map(\.value[0])
            for (k, value) in values.enumerated() {
                #expect(abs(value - 100 * max(0, Double(k) - begin) * 0.02 / 0.6) < 1e-9, "\(clock) at frame \(k)")
            }
        }
        let heldValues = try ReferencePlayback.answers(onFrame.reference, clock: .frameLoopHeld).map(\.value[0])
        for (k, value) in heldValues.enumerated() {
            let elapsed = k < 5 ? 0 : Double(k - 5) * 0.02 + 1.0 / 60
            #expect(abs(value - 100 * elapsed / 0.6) < 1e-9, "held at frame \(k)")
        }
        // A held begin, then a frame 0.1 s later: it moves at most 1/60 s past the begin.
        let (_, late) = try scenario(#"{"time": 0.01, "set": 100, "animation": \#(Self.linear)}"#, samples: [0, 0.02, 0.04, 0.14])
        let held = try ReferencePlayback.answers(late.reference, clock: .frameLoopHeld).map(\.value[0])
        #expect(held[1] == 0 && held[2] == 0 && abs(held[3] - 100 * (1.0 / 60) / 0.6) < 1e-9)
        let loop = try ReferencePlayback.answers(late.reference, clock: .frameLoop).map(\.value[0])
        #expect(loop[1] == 0 && abs(loop[2] - 100 * 0.02 / 0.6) < 1e-9 && abs(loop[3] - 100 * 0.12 / 0.6) < 1e-9)
    }

    @Test("over a running animation a frame-loop clock reads it at the change's own time: nothing stands still")
    func frameLoopReadsAtChange() throws {
        let events = #"{"time": 0, "set": 100, "animation": \#(Self.linear)}, {"time": 0.21, "set": 0, "animation": \#(Self.linear)}"#
        let (_, retarget) = try scenario(events, samples: [0, 0.2, 0.22])
        let change = try ReferencePlayback.answers(retarget.reference, clock: .changeTime).map(\.value[0])
        let loop = try ReferencePlayback.answers(retarget.reference, clock: .frameLoop).map(\.value[0])
        // The first animation began at the frame at 0.2 on the frame-loop clock (the first after
        // the change at 0): at 0.22 it is at elapsed 0.02; combined with the second, as on the
        // change-time clock with every time of the first animation 0.2 s later.
        let (_, shifted) = try scenario(
            #"{"time": 0.2, "set": 100, "animation": \#(Self.linear)}, {"time": 0.21, "set": 0, "animation": \#(Self.linear)}"#, samples: [0.2, 0.22])
        let expected = try ReferencePlayback.answers(shifted.reference, clock: .changeTime).map(\.value[0])
        #expect(loop[0] == 0 && loop[1] == 0 && abs(loop[2] - expected[1]) < 1e-9 && abs(change[2] - loop[2]) > 1)
    }

    @Test(
        "on a frame-loop clock a sample no later than the last animated change is no frame: it repeats the last frame's value and velocity, counts no frame, and a change without animation since still moves it"
    )
    func frameLoopSampleAtChangeRepeats() throws {
        let frame = 1.0 / 60
        let times = (0...14).map { Double($0) * frame } + [0.25]
        let (_, retarget) = try scenario(
            #"{"time": 0, "set": 100, "animation": \#(Self.linear)}, {"time": 0.2, "set": 0, "animation": \#(Self.linear)}"#, samples: times)
        for clock in [ClockModel.frameLoop, .frameLoopHeld] {
            let answers = try ReferencePlayback.answers(retarget.reference, clock: clock)
            // The frame at 0.2 − 1/60 (index 11) and the sample at the change's own time 0.2 (12).
            #expect(answers[12].value == answers[11].value && answers[12].velocity == answers[11].velocity && answers[12].isAnimating, "\(clock)")
            // On frame-loop the first animation began at 1/60: at 0.18333 it shows 100 · (1/6) / 0.6.
            if clock == .frameLoop { #expect(abs(answers[11].value[0] - 100.0 / 6 / 0.6) < 2e-4) }
            // The next frame is a frame again: the two animations combined, not the last value.
            #expect(answers[13].value != answers[12].value)
        }
        // A change without animation between a frame and a sample at an animated change's time:
        // the repeated frame moves with the model.
        let (_, jumped) = try scenario(
            #"{"time": 0, "set": 100, "animation": \#(Self.linear)}, {"time": 0.19, "set": 150, "animation": null}, {"time": 0.2, "set": 0, "animation": \#(Self.linear)}"#,
            samples: times)
        let moved = try ReferencePlayback.answers(jumped.reference, clock: .frameLoop)
        let plain = try ReferencePlayback.answers(retarget.reference, clock: .frameLoop)
        #expect(abs(moved[12].value[0] - (plain[11].value[0] + 50)) < 1e-9)
    }

    @Test(
        "on frame-loop-held the held frame moves the clock but shows the first frame: a spring merged between them shows only from the frame after"
    )
    func heldFrameShowsFirstFrame() throws {
        // linear 0.35 s from 0 to 100 at 0; the first frame at 0.1 shows elapsed 0: 0. At 0.2 the
        // spring to 40 merges from the linear's 100 · 0.1 / 0.35 = 28.5714. The held frame at 1
        // shows the first frame's offset 0 over the interval now 40: 40 − 40 + 0 = 0.
        let events = #"{"time": 0, "set": 100, "animation": {"linear": {}}}, {"time": 0.2, "set": 40, "animation": {"spring": {}}}"#
        // The next frame is the first sample after 0.2 + (1 − 0.1) = 1.1 (the next test).
        let (_, merged) = try scenario(events, samples: [0.1, 1, 1.1 + 1.0 / 60])
        let held = try ReferencePlayback.answers(merged.reference, clock: .frameLoopHeld)
        #expect(held[0].value == [0] && held[1].value == [0] && held[1].velocity == [0] && held[1].isAnimating)
        // The frame after it draws the spring at most 1/60 s past the held frame: near the value
        // it merged from, not the held frame's 0.
        #expect(abs(held[2].value[0] - 100 * 0.1 / 0.35) < 5, "\(held[2].value)")
        // Without an animated change between them, the held frame and a drawn one agree: the
        // first frame's start value.
        let (_, alone) = try scenario(#"{"time": 0, "set": 100, "animation": {"linear": {}}}"#, samples: [0.1, 1])
        #expect(try ReferencePlayback.answers(alone.reference, clock: .frameLoopHeld).map(\.value) == [[0], [0]])
    }

    @Test(
        "on frame-loop-held an animated change between the first frame and the held one puts the next frame off by the held frame's distance from the first, counted from the change"
    )
    func heldFramePutsOffTheNext() throws {
        // 0.6 s linear to 100 at 0, its first frame at 0.1 (elapsed 0); 80 set with it at 0.5
        // combines. The held frame at 0.7 shows the first frame's offset 0 over model − interval
        // = 80 − 80; no sample up to 0.5 + (0.7 − 0.1) = 1.1 is a frame; the one at 1.2 is, 1/60 s
        // into the combination: the first entry's 100 · (1/60) / 0.6, the second's not begun.
        let events = #"{"time": 0, "set": 100, "animation": \#(Self.linear)}, {"time": 0.5, "set": 80, "animation": \#(Self.linear)}"#
        let (_, combined) = try scenario(events, samples: [0.1, 0.7, 1.0, 1.09, 1.2])
        let held = try ReferencePlayback.answers(combined.reference, clock: .frameLoopHeld).map(\.value[0])
        #expect(held[0] == 0 && held[1] == 0 && held[2] == 0 && held[3] == 0, "\(held)")
        #expect(abs(held[4] - 100 * (1.0 / 60) / 0.6) < 1e-9, "\(held)")
        // Without the change the frame after the held one is the next sample: 1.0 is a frame,
        // 1/60 s past the held frame.
        let (_, alone) = try scenario(#"{"time": 0, "set": 100, "animation": \#(Self.linear)}"#, samples: [0.1, 0.7, 1.0])
        let plain = try ReferencePlayback.answers(alone.reference, clock: .frameLoopHeld).map(\.value[0])
        #expect(plain[1] == 0 && abs(plain[2] - 100 * (1.0 / 60) / 0.6) < 1e-9, "\(plain)")
        // On frame-loop nothing is held or put off: 1.0 is 0.9 s into the first entry, which has
        // finished (100), and 0.5 s into the second's 80 − 100 (the combination, §4.3 item 4).
        let loop = try ReferencePlayback.answers(combined.reference, clock: .frameLoop).map(\.value[0])
        #expect(abs(loop[2] - (100 + (80 - 100) * 0.5 / 0.6)) < 1e-9, "\(loop)")
    }

    @Test(
        "on a frame-loop clock a replacement before the first frame (mergesCoincidentAnimations false) waits from the first change's time: a sample at its own time is the first frame"
    )
    func replacementWaitsFromTheFirstChange() throws {
        // 100 set at 1 with the 0.6 s linear, replaced at 1.01 by 50 with it: the interval is
        // the replacement's, 50 − 100, over the model 50, so it starts from 100.
        let fixture = try FixtureLoader.decode(
            """
            {"id": "clock/replace", "title": "t", "suite": "clock", "provenance": "analytic", "source": "closed form",
             "tolerance": {"absolute": 1e-9}, "property": {"valueType": "scalar", "initialValue": 0, "mergesCoincidentAnimations": false,
             "events": [{"time": 1, "set": 100, "animation": \(Self.linear)}, {"time": 1.01, "set": 50, "animation": \(Self.linear)}],
             "samples": [{"time": 1.01, "value": 0}, {"time": 1.5, "value": 0}, {"time": 2.3, "value": 0}]}}
            """)
        guard case let .property(scenario) = fixture.body else { throw ReferenceModel.Unsupported(description: "not a property") }
        // frame-loop: the first frame at 1.01 (elapsed 0), then 0.49 s in, then finished.
        let loop = try ReferencePlayback.answers(scenario.reference, clock: .frameLoop).map(\.value[0])
        #expect(abs(loop[0] - 100) < 1e-9 && abs(loop[1] - (100 - 50 * 0.49 / 0.6)) < 1e-9 && loop[2] == 50, "\(loop)")
        // frame-loop-held: the first frame at 1.01, held at 1.5, then 1/60 s on at 2.3.
        let held = try ReferencePlayback.answers(scenario.reference, clock: .frameLoopHeld).map(\.value[0])
        #expect(held[0] == 100 && held[1] == 100 && abs(held[2] - (100 - 50 * (1.0 / 60) / 0.6)) < 1e-9, "\(held)")
    }

    @Test("a retarget on the next-frame clock reads the last frame's state: the running animation's time stands still until the frame that applies it")
    func retargetReadsLastFrame() throws {
        let frame = 1.0 / 60
        let times = (0...18).map { Double($0) * frame }
        let (_, scenario) = try scenario(
            #"{"time": 0, "set": 100, "animation": \#(Self.linear)}, {"time": 0.2, "set": 200, "animation": \#(Self.linear)}"#, samples: times)
        let next = try ReferencePlayback.answers(scenario.reference, clock: .nextFrame).map(\.value[0])
        let change = try ReferencePlayback.answers(scenario.reference, clock: .changeTime).map(\.value[0])
        // Combining (§4.3 item 4): the first entry's x1, then the second's share of 200 − x1.
        for (index, t) in times.enumerated() {
            let x1Change = 100 * t / 0.6, x1Next = 100 * (t < 0.2 ? t : t - frame) / 0.6
            let p2 = max(0, t - 0.2) / 0.6
            #expect(abs(change[index] - (t < 0.2 ? x1Change : x1Change + (200 - x1Change) * p2)) < 1e-9, "change-time at \(t)")
            #expect(abs(next[index] - (t < 0.2 ? x1Next : x1Next + (200 - x1Next) * p2)) < 1e-9, "next-frame at \(t)")
        }
        // At the change's own time the next-frame clock shows the last frame's value.
        #expect(abs(next[12] - next[11]) < 1e-9 && abs(change[12] - change[11]) > 1)
    }

    @Test("judging: as written when both clocks agree, re-derived by the reference model, and not re-derivable for Apple's measurements")
    func judgement() throws {
        let (same, _) = try scenario(#"{"time": 0, "set": 100, "animation": \#(Self.linear)}"#, samples: [0, 0.1, 0.5])
        guard case .asWritten = ClockModel.nextFrame.judgement(of: same) else {
            Issue.record("a change at the first sample reads alike")
            return
        }
        let loaded = FixtureLoader.load(root: Repository.root.appendingPathComponent("Fixtures"))
        let byID = Dictionary(uniqueKeysWithValues: loaded.fixtures.map { ($0.id, $0) })
        let retarget = try #require(byID["retarget/back-to-start-linear"])
        guard case let .rederived(rederived) = ClockModel.nextFrame.judgement(of: retarget), case let .property(scenario) = rederived.body else {
            Issue.record("a retarget is re-derived for the next-frame clock")
            return
        }
        // Re-derived from the reference model on that clock: the sample at 0.2 shows the frame before's value.
        let index = try #require(scenario.samples.firstIndex { $0.time == 0.2 })
        #expect(scenario.samples[index].value == scenario.samples[index - 1].value)
        #expect(rederived.provenance == .referenceModel)
        // Apple's measurements of completions after a later change: the clocks read them differently.
        let measured = try #require(byID["documented/a01-completion-order-later"])
        #expect(measured.provenance == .apple)
        guard case .notRederivable = ClockModel.nextFrame.judgement(of: measured) else {
            Issue.record("\(measured.id)")
            return
        }
        guard case .asWritten = ClockModel.changeTime.judgement(of: measured) else {
            Issue.record("the change-time clock is the fixtures' own")
            return
        }
    }

    @Test("a probe re-judges a failure under the other clock: answers from the next-frame clock fail as written and pass the probe")
    func probeNamesTheClock() throws {
        let frame = 1.0 / 60
        let (fixture, scenario) = try scenario(
            #"{"time": 0, "set": 100, "animation": \#(Self.linear)}, {"time": 0.2, "set": 200, "animation": \#(Self.linear)}"#,
            samples: (0...18).map { Double($0) * frame })
        var written = fixture
        var expected = scenario
        let answers = try ReferencePlayback.answers(scenario.reference, clock: .changeTime)
        for index in expected.samples.indices { expected.samples[index].value = answers[index].value }
        written.body = .property(expected)
        let engine = ScenarioAnswers.property(ClockModel.observation(try ReferencePlayback.answers(scenario.reference, clock: .nextFrame)))
        let result = Player.check(written, engine)
        #expect(result.verdict == .fail)
        #expect(Probe.explaining(written, judged: written, on: .changeTime, answers: engine, available: nil) == [.nextFrameClock])
    }

    @Test("the protocol document names every clock model the handshake takes")
    func documented() {
        for model in ClockModel.allCases { #expect(Repository.text("docs/protocol.md").contains("\"clockModel\": \"\(model.rawValue)\""), "\(model)") }
    }

    @Test("a clock model the harness does not know is an error at the handshake, not a run on the wrong clock")
    func unknownClockModel() throws {
        let reply =
            #"import sys, json; r = json.loads(sys.stdin.readline()); print(json.dumps({"id": r["id"], "protocol": 2, "capabilities": ["property.scalar"], "clockModel": "vsync"}), flush=True)"#
        let engine = ExternalEngine(.init(command: "python3 -c '\(reply)'", shell: true))
        defer { engine.close() }
        let (fixture, _) = try scenario(#"{"time": 0, "set": 100, "animation": \#(Self.linear)}"#, samples: [0, 0.1])
        let result = engine.run(fixture)
        #expect(result.verdict == .error)
        #expect(engine.clockModel == .changeTime)
    }
}
