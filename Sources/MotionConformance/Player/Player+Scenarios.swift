import Foundation
import MotionCore

extension Player {
    static func playSpring(_ scenario: SpringScenario, _ checker: inout Checker) {
        let spring = scenario.spring
        for check in scenario.checks {
            switch check {
            case let .property(name, expected):
                let values: [String: Double] = ["duration": spring.duration, "bounce": spring.bounce, "response": spring.response,
                                                "dampingRatio": spring.dampingRatio, "mass": spring.mass, "stiffness": spring.stiffness,
                                                "damping": spring.damping, "settlingDuration": spring.settlingDuration]
                checker.check(values[name]!, expected, name)
            case let .value(target, v0, t, expected):
                checker.check(spring.value(target: target, initialVelocity: v0, time: t), expected, "value(target: \(target), time: \(t))")
            case let .velocity(target, v0, t, expected):
                checker.check(spring.velocity(target: target, initialVelocity: v0, time: t), expected, "velocity(target: \(target), time: \(t))")
            case let .settlingDuration(target, v0, epsilon, expected):
                checker.check(spring.settlingDuration(target: target, initialVelocity: v0, epsilon: epsilon), expected, "settlingDuration(ε: \(epsilon))")
            case let .lastTimeOutside(epsilon, resolution, expected):
                checker.check(lastTimeOutside(spring, epsilon: epsilon, resolution: resolution), expected, "last time outside ±\(epsilon)")
            }
        }
    }

    /// The last time the spring from 0 to 1 is at least `epsilon` from 1, truncated to `resolution`.
    static func lastTimeOutside(_ spring: Spring, epsilon: Double, resolution: Double) -> Double {
        (lastCrossing(spring, epsilon: epsilon) / resolution).rounded(.down) * resolution
    }

    /// The last time the spring from 0 to 1 is at least `epsilon` from 1: a backward scan from
    /// `start` in steps of `step` for the last sample outside the band, then bisection of the
    /// crossing between it and the next sample.
    static func lastCrossing(_ spring: Spring, epsilon: Double, scanningBackFrom start: Double = 10, step: Double = 1e-4) -> Double {
        func outside(_ t: Double) -> Bool { abs(1 - spring.value(target: 1.0, time: t)) >= epsilon }
        var t = start
        while t > 0, !outside(t) { t -= step }
        var low = t, high = t + step
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if outside(mid) { low = mid } else { high = mid }
        }
        return low
    }

    static func playCurve(_ scenario: CurveScenario, _ checker: inout Checker) {
        for check in scenario.checks {
            switch check {
            case let .value(p, expected): checker.check(scenario.curve.value(at: p), expected, "value(at: \(p))")
            case let .velocity(p, expected): checker.check(scenario.curve.velocity(at: p), expected, "velocity(at: \(p))")
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
            let timeline = KeyframeTimeline(initialValue: CGPoint(x: scenario.initialValue[0], y: scenario.initialValue[1]),
                                            tracks: KeyframesBuilder<CGPoint>.buildFinalResult(tracks), initialVelocities: [:])
            return (timeline.duration, { let p = timeline.value(time: $0); return [Double(p.x), Double(p.y)] },
                    { let v = timeline.velocity(time: $0); return [Double(v.first), Double(v.second)] })
        case let .structure(names):
            var tracks: [_AnyKeyframeTrack<NamedValues>] = []
            for track in scenario.tracks {
                let index = track.property.flatMap { names.firstIndex(of: $0) }
                if let index {
                    let content = KeyframeTrackContentBuilder<Double>.buildFinalResult(elements(track.keyframes) { $0[0] })
                    tracks += KeyframesBuilder<NamedValues>.buildExpression(KeyframeTrack<NamedValues, Double>(\.[component: index]) { content })
                }
            }
            let timeline = KeyframeTimeline(initialValue: NamedValues(scenario.initialValue), tracks: KeyframesBuilder<NamedValues>.buildFinalResult(tracks),
                                            initialVelocities: [:])
            return (timeline.duration, { timeline.value(time: $0).components }, { _ in [] })
        default:
            var tracks: [_AnyKeyframeTrack<Double>] = []
            for track in scenario.tracks {
                let content = KeyframeTrackContentBuilder<Double>.buildFinalResult(elements(track.keyframes) { $0[0] })
                tracks += KeyframesBuilder<Double>.buildExpression(KeyframeTrack<Double, Double>(\.self) { content })
            }
            let timeline = KeyframeTimeline(initialValue: scenario.initialValue[0], tracks: KeyframesBuilder<Double>.buildFinalResult(tracks), initialVelocities: [:])
            return (timeline.duration, { [timeline.value(time: $0)] }, { [timeline.velocity(time: $0)] })
        }
    }

    static func playKeyframes(_ scenario: KeyframeScenario, _ checker: inout Checker) -> [FixtureResult.Series] {
        let (duration, value, velocity) = timeline(scenario)
        var series = scenario.valueType.componentNames.map { FixtureResult.Series(label: $0, points: []) }
        for check in scenario.checks {
            switch check {
            case let .duration(expected):
                checker.check(duration, expected, "duration")
            case let .velocity(time, expected):
                let actual = velocity(time)
                for (k, name) in scenario.valueType.componentNames.enumerated() {
                    checker.check(actual[k], expected[k], "velocity of \(name) at \(time)")
                }
            case let .value(t, expected), let .progress(t, expected):
                let time: Double
                if case .progress = check { time = t * duration } else { time = t }
                let actual = value(time)
                for (k, name) in scenario.valueType.componentNames.enumerated() {
                    checker.check(actual[k], expected[k], "\(name) at \(time)")
                    series[k].points.append((time, expected[k], actual[k]))
                }
            }
        }
        return series
    }

    static func playPhases(_ scenario: PhaseScenario, _ checker: inout Checker) -> [FixtureResult.Series] {
        let phases = scenario.phases
        guard let sequencer = try? PhaseSequencer(Array(phases.indices), mode: scenario.mode, animation: { phases[$0].animation?.animation }) else {
            checker.fail("a phase sequence needs at least one phase")
            return []
        }
        let value = sequencer.bind { phases[$0].value }
        var series = FixtureResult.Series(label: "value", points: [])
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
                let actual = value.presentedValue(at: t)
                if let expected = sample.value {
                    checker.check(actual, expected, "value at \(t)")
                    series.points.append((t, expected, actual))
                }
                if let expected = sample.phase, phases[sequencer.currentIndex].name != expected {
                    checker.fail("phase at \(t): got \(phases[sequencer.currentIndex].name), expected \(expected)")
                }
            }
        }
        if let expected = scenario.transitions {
            let actual = sequencer.transitions.map { (time: $0.time, phase: phases[$0.index].name) }
            if actual.count != expected.count || zip(actual, expected).contains(where: { abs($0.time - $1.time) > 1e-9 || $0.phase != $1.phase }) {
                checker.fail("phase changes: got \(actual.map { "\($0.phase)@\($0.time)" }), expected \(expected.map { "\($0.phase)@\($0.time)" })")
            }
        }
        return [series]
    }

    static func playTimeline(_ scenario: TimelineScenario, _ checker: inout Checker) {
        let start = Date(timeIntervalSinceReferenceDate: scenario.from)
        let limit = scenario.ends ? (scenario.expected?.count ?? 0) + 1 : scenario.count
        let entries: [Double]
        switch scenario.schedule {
        case let .periodic(from, by):
            entries = Array(PeriodicTimelineSchedule(from: Date(timeIntervalSinceReferenceDate: from), by: by).entries(from: start, mode: scenario.mode).prefix(limit)).map(\.timeIntervalSinceReferenceDate)
        case .everyMinute:
            entries = Array(EveryMinuteTimelineSchedule().entries(from: start, mode: scenario.mode).prefix(limit)).map(\.timeIntervalSinceReferenceDate)
        case let .explicit(dates):
            entries = Array(ExplicitTimelineSchedule(dates.map { Date(timeIntervalSinceReferenceDate: $0) }).entries(from: start, mode: scenario.mode).prefix(limit)).map(\.timeIntervalSinceReferenceDate)
        case let .animation(interval, paused):
            entries = Array(AnimationTimelineSchedule(minimumInterval: interval, paused: paused).entries(from: start, mode: scenario.mode).prefix(limit)).map(\.timeIntervalSinceReferenceDate)
        }
        if let expected = scenario.expected {
            if scenario.ends ? entries.count != expected.count : entries.count < expected.count {
                checker.fail("entries: got \(entries), expected \(expected)\(scenario.ends ? " and then the end" : "")")
            } else {
                for (k, (a, e)) in zip(entries, expected).enumerated() { checker.check(a, e, "entry \(k)") }
            }
        }
        if scenario.minuteAligned {
            for entry in entries {
                let parts = Calendar.current.dateComponents([.second, .nanosecond], from: Date(timeIntervalSinceReferenceDate: entry))
                if parts.second != 0 || parts.nanosecond != 0 { checker.fail("entry \(entry) is not on a whole minute") }
            }
        }
        if let spacing = scenario.spacing {
            for (a, b) in zip(entries, entries.dropFirst()) { checker.check(b - a, spacing, "spacing") }
        }
    }
}
