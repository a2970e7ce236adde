import ConformanceReference
import Foundation
import MotionCore

extension Player {
    package static func answerSpring(_ scenario: SpringScenario) -> [Double?] {
        let spring = scenario.spring
        return scenario.checks.map { check in
            switch check {
            case let .property(name, _):
                let values: [String: Double] = [
                    "duration": spring.duration, "bounce": spring.bounce, "response": spring.response,
                    "dampingRatio": spring.dampingRatio, "mass": spring.mass, "stiffness": spring.stiffness,
                    "damping": spring.damping, "settlingDuration": spring.settlingDuration,
                ]
                return values[name]
            case let .value(target, v0, t, _): return spring.value(target: target, initialVelocity: v0, time: t)
            case let .velocity(target, v0, t, _): return spring.velocity(target: target, initialVelocity: v0, time: t)
            case let .settlingDuration(target, v0, epsilon, _): return spring.settlingDuration(target: target, initialVelocity: v0, epsilon: epsilon)
            case let .lastTimeOutside(epsilon, resolution, _): return lastTimeOutside(spring, epsilon: epsilon, resolution: resolution)
            }
        }
    }

    static func checkSpring(_ scenario: SpringScenario, _ answers: [Double?], _ checker: inout Checker) {
        func arguments(_ time: Double, _ target: Double, _ v0: Double) -> String {
            "(t: \(time.fixtureText)" + (target == 1 ? "" : ", target: \(target.fixtureText)") + (v0 == 0 ? "" : ", v0: \(v0.fixtureText)") + ")"
        }
        for (index, check) in scenario.checks.enumerated() {
            let actual = index < answers.count ? answers[index] : nil
            switch check {
            case let .property(name, expected):
                checker.number(name, needs: check.needs(checker.available), actual, expected, field: "results")
            case let .value(target, v0, t, expected):
                checker.number("value" + arguments(t, target, v0), needs: check.needs(checker.available), actual, expected, field: "results")
            case let .velocity(target, v0, t, expected):
                checker.number("velocity" + arguments(t, target, v0), needs: check.needs(checker.available), actual, expected, field: "results")
            case let .settlingDuration(_, _, epsilon, expected):
                checker.number("settlingDuration(ε: \(epsilon.fixtureText))", needs: check.needs(checker.available), actual, expected, field: "results")
            case let .lastTimeOutside(epsilon, _, expected):
                checker.number("lastTimeOutside(ε: \(epsilon.fixtureText))", needs: check.needs(checker.available), actual, expected, field: "results")
            }
        }
    }

    /// The last time the spring from 0 to 1 is at least `epsilon` from 1, truncated to `resolution`.
    static func lastTimeOutside(_ spring: Spring, epsilon: Double, resolution: Double) -> Double {
        lastTimeOutside(epsilon: epsilon, resolution: resolution) { times in times.map { spring.value(target: 1.0, time: $0) } }
    }

    /// The same from any spring's values at given times — MotionCore's, or an engine's asked in
    /// batches (`values` gets up to 2,000 times at once) when it answers values but not this.
    package static func lastTimeOutside(epsilon: Double, resolution: Double, values: ([Double]) throws -> [Double]) rethrows -> Double {
        (try SettlingScan.lastCrossing(epsilon: epsilon, values: values) / resolution).rounded(.down) * resolution
    }

    package static func answerCurve(_ scenario: CurveScenario) -> [Double?] {
        scenario.checks.map { check in
            switch check {
            case let .value(p, _): return scenario.curve.value(at: p)
            case let .velocity(p, _): return scenario.curve.velocity(at: p)
            }
        }
    }

    static func checkCurve(_ scenario: CurveScenario, _ answers: [Double?], _ checker: inout Checker) {
        for (index, check) in scenario.checks.enumerated() {
            let actual = index < answers.count ? answers[index] : nil
            switch check {
            case let .value(p, expected):
                checker.number("value(at: \(p.fixtureText))", needs: check.needs(checker.available), actual, expected, field: "results")
            case let .velocity(p, expected):
                checker.number("velocity(at: \(p.fixtureText))", needs: check.needs(checker.available), actual, expected, field: "results")
            }
        }
    }

    static func elements(_ keyframes: [KeyframeScenario.Keyframe], component: ([Double]) -> Double) -> [_KeyframeElement<Double>] {
        keyframes.map { keyframe in
            switch keyframe {
            case let .linear(to, d, curve): return .linear(to: component(to), duration: d, curve: curve)
            case let .cubic(to, d, v0, v1): return .cubic(to: component(to), duration: d, startVelocity: v0.map(component), endVelocity: v1.map(component))
            case let .spring(to, d, spring, v0): return .spring(to: component(to), duration: d, spring: spring, startVelocity: v0.map(component))
            case let .move(to): return .move(to: component(to))
            }
        }
    }

    static func pointElements(_ keyframes: [KeyframeScenario.Keyframe]) -> [_KeyframeElement<CGPoint.AnimatableData>] {
        func point(_ v: [Double]) -> CGPoint.AnimatableData { AnimatablePair(CGFloat(v[0]), CGFloat(v[1])) }
        return keyframes.map { keyframe in
            switch keyframe {
            case let .linear(to, d, curve): return .linear(to: point(to), duration: d, curve: curve)
            case let .cubic(to, d, v0, v1): return .cubic(to: point(to), duration: d, startVelocity: v0.map(point), endVelocity: v1.map(point))
            case let .spring(to, d, spring, v0): return .spring(to: point(to), duration: d, spring: spring, startVelocity: v0.map(point))
            case let .move(to): return .move(to: point(to))
            }
        }
    }

    /// The scenario's timeline, evaluated: duration, a value function and, for whole-value tracks,
    /// a velocity function.
    static func timeline(_ scenario: KeyframeScenario) -> (duration: Double, value: (Double) -> [Double], velocity: (Double) -> [Double]) {
        switch scenario.valueType {
        case .point:
            var tracks: [_AnyKeyframeTrack<CGPoint>] = []
            for track in scenario.tracks {
                let content = KeyframeTrackContentBuilder<CGPoint>.buildFinalResult(pointElements(track.keyframes))
                tracks += KeyframesBuilder<CGPoint>.buildExpression(KeyframeTrack<CGPoint, CGPoint>(\.self) { content })
            }
            let timeline = KeyframeTimeline(
                initialValue: CGPoint(x: scenario.initialValue[0], y: scenario.initialValue[1]),
                tracks: KeyframesBuilder<CGPoint>.buildFinalResult(tracks), initialVelocities: [:])
            return (
                timeline.duration,
                {
                    let p = timeline.value(time: $0)
                    return [Double(p.x), Double(p.y)]
                },
                {
                    let v = timeline.velocity(time: $0)
                    return [Double(v.first), Double(v.second)]
                }
            )
        case let .structure(names):
            var tracks: [_AnyKeyframeTrack<NamedValues>] = []
            for track in scenario.tracks {
                let index = track.property.flatMap { names.firstIndex(of: $0) }
                if let index {
                    let content = KeyframeTrackContentBuilder<Double>.buildFinalResult(elements(track.keyframes) { $0[0] })
                    tracks += KeyframesBuilder<NamedValues>.buildExpression(KeyframeTrack<NamedValues, Double>(\.[component: index]) { content })
                }
            }
            let timeline = KeyframeTimeline(
                initialValue: NamedValues(scenario.initialValue), tracks: KeyframesBuilder<NamedValues>.buildFinalResult(tracks),
                initialVelocities: [:])
            return (timeline.duration, { timeline.value(time: $0).components }, { _ in [] })
        default:
            let timeline = scalarTimeline(scenario)
            return (timeline.duration, { [timeline.value(time: $0)] }, { [timeline.velocity(time: $0)] })
        }
    }

    /// The keyframe timeline of a scalar scenario (its tracks' first components).
    package static func scalarTimeline(_ scenario: KeyframeScenario) -> KeyframeTimeline<Double> {
        var tracks: [_AnyKeyframeTrack<Double>] = []
        for track in scenario.tracks {
            let content = KeyframeTrackContentBuilder<Double>.buildFinalResult(elements(track.keyframes) { $0[0] })
            tracks += KeyframesBuilder<Double>.buildExpression(KeyframeTrack<Double, Double>(\.self) { content })
        }
        return KeyframeTimeline(initialValue: scenario.initialValue[0], tracks: KeyframesBuilder<Double>.buildFinalResult(tracks), initialVelocities: [:])
    }

    package static func answerKeyframes(_ scenario: KeyframeScenario) -> [[Double]?] {
        let (duration, value, velocity) = timeline(scenario)
        return scenario.checks.map { check in
            switch check {
            case .duration: return [duration]
            case let .velocity(time, _): return velocity(time)
            case let .value(time, _): return value(time)
            case let .progress(p, _): return value(p * duration)
            }
        }
    }

    static func checkKeyframes(_ scenario: KeyframeScenario, _ answers: [[Double]?], _ checker: inout Checker) -> [FixtureResult.Series] {
        let names = scenario.valueType.componentNames
        var series = names.map { FixtureResult.Series(label: $0, points: []) }
        // A progress check's time needs the duration; the engine's own, when it answered one.
        let duration = zip(scenario.checks, answers).lazy.compactMap { check, answer -> Double? in
            if case .duration = check { return answer?.first }
            return nil
        }.first
        for (index, check) in scenario.checks.enumerated() {
            let actual = index < answers.count ? answers[index] : nil
            switch check {
            case let .duration(expected):
                checker.number("duration", needs: check.needs, actual?.first, expected, field: "results")
            case let .velocity(time, expected):
                checker.numbers("velocity@" + time.fixtureText, needs: check.needs, actual, expected, components: names, field: "results")
            case let .value(t, expected), let .progress(t, expected):
                var what = "value@" + t.fixtureText
                var time = t
                if case .progress = check {
                    what = "value(progress: \(t.fixtureText))"
                    time = t * (duration ?? 1)
                }
                checker.numbers(what, needs: check.needs, actual, expected, components: names, field: "results")
                guard checker.declares(check.needs) else { continue }
                for k in names.indices where (actual?.count ?? 0) > k { series[k].points.append((time, expected[k], actual![k])) }
            }
        }
        return series
    }

    /// Steps the sequence a frame at a time from 0 to the scenario's duration; each sample is
    /// answered at the first frame at or after its time (docs/protocol.md, "phases").
    package static func answerPhases(_ scenario: PhaseScenario) -> PhaseAnswers {
        let phases = scenario.phases
        var answers = PhaseAnswers(values: [], phases: [], frameTimes: [], transitions: nil)
        guard let sequencer = try? PhaseSequencer(Array(phases.indices), mode: scenario.mode, animation: { phases[$0].animation?.animation }) else {
            return answers
        }
        let value = sequencer.bind { phases[$0].value }
        var samples = scenario.samples[...]
        var triggers = scenario.triggers.sorted()[...]
        let frames = Int((scenario.duration * scenario.frameRate).rounded())
        for frame in 0...frames {
            let t = Double(frame) / scenario.frameRate
            while let trigger = triggers.first, trigger <= t + 1e-9 {
                sequencer.trigger(at: t)
                triggers.removeFirst()
            }
            sequencer.update(at: t)
            while let sample = samples.first, sample.time <= t + 1e-9 {
                samples.removeFirst()
                answers.values.append(value.presentedValue(at: t))
                answers.phases.append(phases[sequencer.currentIndex].name)
                answers.frameTimes.append(t)
            }
        }
        answers.transitions = sequencer.transitions.map { (time: $0.time, phase: phases[$0.index].name) }
        return answers
    }

    static func checkPhases(_ scenario: PhaseScenario, _ answers: PhaseAnswers, _ checker: inout Checker) -> [FixtureResult.Series] {
        guard !scenario.phases.isEmpty else {
            checker.fail("phases", needs: .phasesValue, expected: "a phase", actual: "none", "a phase sequence needs at least one phase")
            return []
        }
        var series = FixtureResult.Series(label: "value", points: [])
        for (index, sample) in scenario.samples.enumerated() {
            let t = index < answers.frameTimes.count ? answers.frameTimes[index] : sample.time
            if let expected = sample.value {
                let actual = index < answers.values.count ? answers.values[index] : nil
                checker.number("value@" + sample.time.fixtureText, needs: .phasesValue, actual, expected, field: "samples[].value")
                if checker.declares(.phasesValue), let actual { series.points.append((t, expected, actual)) }
            }
            if let expected = sample.phase {
                let actual = index < answers.phases.count ? answers.phases[index] : nil
                checker.exact("phase@" + sample.time.fixtureText, needs: .phasesPhase, actual, expected, field: "samples[].phase") { $0 }
            }
        }
        if let expected = scenario.transitions {
            func show(_ list: [(time: Double, phase: String)]) -> String {
                "[" + list.map { "\($0.phase)@\($0.time.fixtureText)" }.joined(separator: ", ") + "]"
            }
            // Change times match within 1e-9 s: an answer that close reads as the expectation.
            let answered = answers.transitions.map { actual in
                actual.count == expected.count && !zip(actual, expected).contains(where: { abs($0.time - $1.time) > 1e-9 || $0.phase != $1.phase })
                    ? show(expected) : show(actual)
            }
            checker.exact("transitions", needs: .phasesPhase, answered, show(expected), field: "transitions") { $0 }
        }
        return [series]
    }

    /// How many entries the harness asks for: one more than expected when the schedule must end.
    package static func timelineLimit(_ scenario: TimelineScenario) -> Int {
        scenario.ends ? (scenario.expected?.count ?? 0) + 1 : scenario.count
    }

    package static func answerTimeline(_ scenario: TimelineScenario) -> [Double] {
        let start = Date(timeIntervalSinceReferenceDate: scenario.from)
        let limit = timelineLimit(scenario)
        let entries: [Double]
        switch scenario.schedule {
        case let .periodic(from, by):
            entries = Array(
                PeriodicTimelineSchedule(from: Date(timeIntervalSinceReferenceDate: from), by: by).entries(from: start, mode: scenario.mode).prefix(limit)
            ).map(\.timeIntervalSinceReferenceDate)
        case .everyMinute:
            entries = Array(EveryMinuteTimelineSchedule().entries(from: start, mode: scenario.mode).prefix(limit)).map(\.timeIntervalSinceReferenceDate)
        case let .explicit(dates):
            entries = Array(
                ExplicitTimelineSchedule(dates.map { Date(timeIntervalSinceReferenceDate: $0) }).entries(from: start, mode: scenario.mode).prefix(limit)
            ).map(\.timeIntervalSinceReferenceDate)
        case let .animation(interval, paused):
            entries = Array(AnimationTimelineSchedule(minimumInterval: interval, paused: paused).entries(from: start, mode: scenario.mode).prefix(limit)).map(
                \.timeIntervalSinceReferenceDate)
        }
        return entries
    }

    static func checkTimeline(_ scenario: TimelineScenario, _ answered: [Double]?, _ checker: inout Checker) {
        guard let entries = answered else {
            return checker.fail(
                "entries", needs: .timeline, expected: scenario.expected?.fixtureText ?? "entries", actual: "", "the engine did not answer `entries`")
        }
        if let expected = scenario.expected {
            let enough = scenario.ends ? entries.count == expected.count : entries.count >= expected.count
            checker.exact(
                "entry count", needs: .timeline, enough ? expected.count : entries.count, expected.count, field: "entries"
            ) {
                "\($0)" + (scenario.ends ? " and then the end" : " or more")
            }
            if enough {
                for (k, (a, e)) in zip(entries, expected).enumerated() { checker.number("entry \(k)", needs: .timeline, a, e, field: "entries") }
            }
        }
        if scenario.minuteAligned {
            let off = entries.filter { entry in
                let parts = Calendar.current.dateComponents([.second, .nanosecond], from: Date(timeIntervalSinceReferenceDate: entry))
                return parts.second != 0 || parts.nanosecond != 0
            }
            checker.exact("on whole minutes", needs: .timeline, off.isEmpty ? "every entry" : "not " + off.fixtureText, "every entry", field: "entries") { $0 }
        }
        if let spacing = scenario.spacing {
            for (k, (a, b)) in zip(entries, entries.dropFirst()).enumerated() {
                checker.number("spacing \(k)", needs: .timeline, b - a, spacing, field: "entries")
            }
        }
    }
}
