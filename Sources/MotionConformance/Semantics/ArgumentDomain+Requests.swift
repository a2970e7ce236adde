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
            "spring.time", "a value or velocity query's time", [semantics("1.4 Closed forms", "`value(target T, initialVelocity v₀, time t)`")],
            at(path("spring", "checks", "value|velocity", "time")),
            classes: [(.zero, "the start: x = 0, v = v₀"), (.ordinary, "the closed form at t"), (.huge, "the closed form at t, past the 10 s horizon")],
            refused: finiteOnly + [(.negative, "the generator and the fixtures ask none: a spring's time starts at 0")], huge: 10),
        domain(
            "epsilon", "a settling band's ε (the settling initializer's, settlingDuration's and lastTimeOutside's)",
            [semantics("1.5 `settlingDuration`", "An ε at or below 0 is outside this document")],
            at(path("spring", "init", "epsilon"), path("spring", "checks", "settlingDuration|lastTimeOutside", "epsilon")),
            classes: [(.tiny, "a band that narrow"), (.ordinary, "the band ε"), (.huge, "a band at least as wide as the change: settled at once")],
            refused: finiteOnly + [(.zero, "outside the document (§1.5): fixtures ask none"), (.negative, "outside the document (§1.5): fixtures ask none")],
            tiny: 1e-6, huge: 1, decided: "an ε at or below 0 is outside the document: §1.5"),
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
            "phases.frameRate", "a phase scenario's frame rate", [protocolDoc("`phases`", "The engine steps frames at times `k / frameRate`")],
            at(path("phases", "frameRate")), classes: [(.tiny, "a frame a second or fewer"), (.ordinary, "frames at k / frameRate")],
            refused: finiteOnly + [
                (.zero, "refused by the reader: a frame rate is positive"), (.negative, "refused by the reader: a frame rate is positive"),
                (.huge, "refused by the reader above 1000 Hz, the most work a fixture may ask"),
            ], tiny: 1, huge: 1000.5),
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
            "value.components", "a changed value's components",
            [semantics("3.1 Built-in animations", "thresholds are absolute, which is why small-range data is scaled by 128 (§4.5)")],
            at(path("property", "events", "set"), path("property", "events", "set", "*")),
            classes: [
                (.negative, "any sign"), (.zero, "zero"), (.tiny, "within the fluid spring's absolute rest thresholds"), (.ordinary, "any size"),
                (.huge, "far beyond the rest thresholds"),
            ], refused: finiteOnly, tiny: 0.01, huge: 1e4),
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
