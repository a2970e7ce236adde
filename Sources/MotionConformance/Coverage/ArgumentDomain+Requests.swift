extension ArgumentDomain {
    /// The domains of the `spring`, `curve`, `keyframes`, `phases` and `timeline` requests.
    static let requestDomains: [ArgumentDomain] = [
        domain(
            "Spring.bounce", "Spring(duration:bounce:)'s bounce",
            [semantics("1.2 Initializers", "`1 − b` for 0 < b ≤ 1, 0 for b > 1 and +∞ for b ≤ −1")], at(path("spring", "init", "bounce")),
            classes: [(.negative, "overdamped, r = 1/(b + 1)"), (.zero, "r = 1"), (.ordinary, "r = 1 − b"), (.huge, "r = 0")], refused: finiteOnly,
            huge: 1.5,
            boundaries: [
                Boundary(value: -1, readsAbove: false, reading: "r = +∞ at or below it", span: 0.1, hair: 1e-3),
                Boundary(value: 1, readsAbove: false, reading: "r = 1 − b at or below it, 0 above", span: 0.1),
            ]),
        domain(
            "Spring.duration", "Spring(duration:bounce:)'s duration",
            [semantics("1.2 Initializers", "A duration at or below 0 gives")], at(path("spring", "init", "duration")),
            classes: [(.tiny, "ω = s·√|1 − r²|·τ/d"), (.ordinary, "ω = s·√|1 − r²|·τ/d"), (.huge, "slow: past lastTimeOutside's horizon")],
            refused: finiteOnly + [
                (.zero, "outside the document (§1.2): fixtures ask nothing of it"), (.negative, "outside the document (§1.2): fixtures ask nothing of it"),
            ], huge: 8, decided: "a duration at or below 0 is outside the document: §1.2"),
        domain(
            "Spring.settlingDuration", "Spring(settlingDuration:dampingRatio:)'s duration",
            [semantics("1.2 Initializers", "T to [0.01, 10]")], at(path("spring", "init", "settlingDuration")),
            classes: [(.negative, "clamped to 0.01"), (.zero, "clamped to 0.01"), (.tiny, "clamped to 0.01"), (.ordinary, "T"), (.huge, "clamped to 10")],
            refused: finiteOnly, tiny: 0.01, huge: 10),
        domain(
            "curve.progress", "a curve query's progress p",
            [semantics("2.2 `value(at:)` and `velocity(at:)`", "a Bézier clamps p and the control points (x and y, decision 3) to [0, 1]")],
            at(path("curve", "checks", "at")),
            classes: [
                (.negative, "a Bézier clamps it to 0; a circular curve beyond its domain answers NaN"), (.zero, "the curve's start"),
                (.ordinary, "the curve at p; above 1 a Bézier clamps it to 1"), (.huge, "a Bézier clamps it to 1"),
            ], refused: finiteOnly, huge: 2,
            boundaries: [
                Boundary(value: 0, readsAbove: true, reading: "a Bézier's value is 0 at and below it", span: 0.25),
                Boundary(value: 1, readsAbove: false, reading: "a Bézier's value is 1 at and above it", span: 0.25),
            ]),
        domain(
            "keyframe.duration", "a linear, cubic or spring keyframe's duration",
            [semantics(keyframeRules, "whose duration is zero, negative or NaN")], at(path("keyframes", "linear|cubic|spring", "duration")),
            classes: [
                (.negative, "it takes no time: a move to its value"), (.zero, "it takes no time: a move to its value"), (.tiny, "a segment of that length"),
                (.ordinary, "a segment of that length"),
            ], refused: finiteOnly),
        domain(
            "keyframe.time", "a keyframe check's time",
            [semantics(keyframeRules, "a time before 0 to the first segment at its time 0")], at(path("keyframes", "checks", "time")),
            classes: [
                (.negative, "the first segment at its time 0"), (.zero, "the first segment at its time 0"), (.ordinary, "the segment holding it"),
            ], refused: finiteOnly),
        domain(
            "phases.frames", "a phase scenario's frame count, duration × frameRate rounded",
            [
                protocolDoc("`phases`", "for `k = 0 … round(duration × frameRate)`"),
                semantics("The behaviour MotionCore reproduces", "Rounding to a whole number is to the nearest, ties away from zero."),
            ],
            .product(path("phases"), "duration", "frameRate"),
            classes: [(.zero, "one frame, at 0"), (.ordinary, "frames k = 0 … round(duration × frameRate)")],
            refused: finiteOnly + [(.negative, "refused by the reader: a duration and a frame rate are not negative")], rounds: true),
        domain(
            "periodic.date", "a periodic schedule's date D against its start s",
            [semantics(schedules, "entries `D − (D − s).truncatingRemainder(i)`, then every i")],
            .difference(path("timeline"), ["from"], ["schedule", "periodic", "from"]),
            classes: [
                (.negative, "before the start: the remainder is negative, so the first entry is the boundary after D"),
                (.zero, "the start itself"), (.ordinary, "the last boundary at or before D"), (.huge, "the last boundary at or before D"),
            ], refused: finiteOnly),
        domain(
            "periodic.interval", "a periodic schedule's interval i", [semantics(schedules, "entries `D − (D − s).truncatingRemainder(i)`, then every i")],
            at(path("timeline", "schedule", "periodic", "by")),
            classes: [(.tiny, "every i"), (.ordinary, "every i"), (.huge, "every i")],
            refused: finiteOnly + [(.zero, "refused by the reader: an interval is positive"), (.negative, "refused by the reader: an interval is positive")],
            decided: "an interval at or below 0 is refused by the fixture reader: §8.2 has no entries for it"),
        domain(
            "everyMinute.date", "an everyMinute schedule's date",
            [semantics(schedules, "the start date if it is on a whole minute, else the minute before")],
            .when(path("timeline"), requires: ["schedule", "everyMinute"], value: ["from"]),
            classes: [
                (.negative, "before the reference date: the minute before is further from 0"), (.zero, "the reference date, on a minute"),
                (.ordinary, "the minute at or before it"), (.huge, "the minute at or before it"),
            ], refused: finiteOnly, huge: 1e6),
        domain(
            "animation.minimumInterval", "an animation schedule's minimum interval",
            [semantics(schedules, "an interval at or below 0 is as nil")], at(path("timeline", "schedule", "animation", "minimumInterval")),
            classes: [(.negative, "as nil: every 1/120 s"), (.zero, "as nil: every 1/120 s"), (.tiny, "every i"), (.ordinary, "every i")],
            refused: finiteOnly,
            decided: "an interval at or below 0 is as nil (no minimum): §8.2"),
    ]
}
