extension StatedValues {
    static let settlingInit = "1.2 Initializers"
    static let fluid = "3.1 Built-in animations"

    /// The limits, each with the side a value falls on. "Just" inside or outside is within the
    /// span `FixtureFeatures` reads for it: a value far from the limit says nothing of it.
    static let limits: [Statement] = [
        bound("Spring.dampingRatio.upper", "Spring(settlingDuration:)'s ratio clamped to at most 1", [s(settlingInit, "r is clamped to [ulp(1), 1]")]),
        bound(
            "Spring.dampingRatio.lower", "Spring(settlingDuration:)'s ratio clamped to at least ulp(1)", [s(settlingInit, "r is clamped to [ulp(1), 1]")],
            regions: [("just inside (0 < r ≤ 0.1)", "inside"), ("outside (r ≤ 0)", "outside")]),
        bound("Spring.settlingDuration.lower", "Spring(settlingDuration:)'s duration clamped to at least 0.01", [s(settlingInit, "T to [0.01, 10]")]),
        bound("Spring.settlingDuration.upper", "Spring(settlingDuration:)'s duration clamped to at most 10", [s(settlingInit, "T to [0.01, 10]")]),
        bound(
            "Spring.bounce.upper", "a bounce above 1 gives the Spring initializer a ratio of 0",
            [s(settlingInit, "The limits above (0 above 1, +∞ at or below −1) are the `Spring` initializer's")]),
        bound(
            "Spring.bounce.lower", "a bounce at or below −1 gives the Spring initializer a ratio of +∞",
            [s(settlingInit, "The limits above (0 above 1, +∞ at or below −1) are the `Spring` initializer's")]),
        bound(
            "settlingDuration.scan", "settlingDuration's scan of a critical or overdamped spring, at most 1024 steps",
            [s("1.5 `settlingDuration`", "(at most 1024 steps;")],
            regions: [("settles late in the scan (over 50 s)", "inside"), ("still outside at the scan's end (answers 0)", "outside")]),
        bound(
            "settlingDuration.hold", "settlingDuration's scan returns a candidate held for more than 1 s",
            [s("1.5 `settlingDuration`", "returns the candidate once it has held for more than 1 s")],
            regions: [("a candidate forgotten before its hold ended", "inside"), ("a candidate held more than 1 s (the answer)", "outside")]),
        bound(
            "lastTimeOutside.horizon", "lastTimeOutside's horizon, 10 s",
            [
                p("`spring`", "10 s is the horizon — a spring still outside the band at 10 s"),
                p("`spring`", "(`springs/region-last-time-outside-horizon`: 10 for a slow spring that a scan without the horizon finds outside until 21.13 s)"),
                p("`spring`", "The horizon is taken first and the truncation after it, like any other time"),
                p("`spring`", "the largest multiple below it — 9.999 for a resolution of 0.003"),
                p(
                    "`spring`",
                    "(`springs/region-last-time-outside-horizon-resolution`; **decided by the project**: the answer is always a multiple of `resolution`, never above the horizon)"
                ),
            ],
            regions: [
                ("just inside (answers 9 to 10)", "inside"), ("at the horizon (answers 10)", "at"),
                ("at the horizon, 10 not a multiple of the resolution (the multiple below it)", "truncated"),
            ]),
        bound(
            "UnitCurve.progress.lower", "a Bézier UnitCurve clamps progress to at least 0",
            [
                s("2.2 `value(at:)` and `velocity(at:)`", "a Bézier clamps p and the control points (x and y, decision 3) to [0, 1]"),
                s("Decisions", "clamps progress and the control points' x and y to [0, 1]"),
                s("2.2 `value(at:)` and `velocity(at:)`", "a Bézier clamps p and the x of its control points"),
            ]),
        bound(
            "UnitCurve.progress.upper", "a Bézier UnitCurve clamps progress to at most 1",
            [s("2.2 `value(at:)` and `velocity(at:)`", "a Bézier clamps p and the control points (x and y, decision 3) to [0, 1]")]),
        bound(
            "UnitCurve.controlPoints", "a Bézier UnitCurve clamps its control points to [0, 1]",
            [s("2.2 `value(at:)` and `velocity(at:)`", "a Bézier clamps p and the control points (x and y, decision 3) to [0, 1]")],
            regions: [("on an edge (0 or 1)", "at"), ("just inside (within 0.1 of an edge)", "inside"), ("outside [0, 1]", "outside")]),
        bound(
            "timingCurve.progress", "a timing-curve animation's progress, clamped to [0, 1]: at its duration it shows the whole interval",
            [s("2.3 Timing-curve animations", "with p = clamp(t/d, 0, 1)")],
            regions: [("at its duration", "at"), ("just before it (within 0.05 s)", "inside"), ("just after it (within 0.05 s)", "outside")]),
        bound(
            "timingCurve.unitCurve.y", "timingCurve(UnitCurve) clamps y to [0, 1], the control-point form does not",
            [s("2.3 Timing-curve animations", "which clamps y (decision 3)")],
            regions: [("UnitCurve form, y outside [0, 1]", "outside"), ("control-point form, y outside [0, 1]", "inside")]),
        bound(
            "fluid.blend", "a blend's progress q, clamped to [0, 1]",
            [
                s(fluid, "q = clamp((t − blendStart)/blendDuration, 0, 1)"),
                s(fluid, "([OSUI] clamps the divisor, which reads as a slip; [DUI] and [HK] clamp the ratio — followed.)"),
            ],
            regions: [("a sample while blending", "inside"), ("a sample at the blend's end", "at"), ("a sample after the blend", "outside")]),
        bound(
            "fluid.stiffness", "a fluid spring's stiffness, at most 45,000 (response τ/√45000 ≈ 0.0296 s)",
            [s(fluid, "Stiffness k = (τ/r)², at most 45,000 (45,000 for r ≤ 0)")],
            regions: [
                ("at the cap", "at"), ("just inside (response up to 0.06 s)", "inside"), ("just outside (response below the cap's)", "outside"),
                ("response ≤ 0", "nonpositive"),
            ]),
        bound(
            "fluid.gap", "a fluid spring's clock jumps after more than 1 s without a frame",
            [s(fluid, "If more than 1 s passed since `time`, `time` jumps to t − 1/60")],
            regions: [("a 1 s gap", "at"), ("just under 1 s (0.9 s or more)", "inside"), ("just over 1 s (up to 1.5 s)", "outside")]),
        bound(
            "tracking.horizon", "velocity tracking holds its target until more than 2 s after its last sample",
            [s("4.4 Velocity tracking", "until more than 2 s after the last sample")],
            regions: [("a sample 2 s after a tracked change", "at"), ("just under 2 s (1.5 s or more)", "inside"), ("just over 2 s (up to 2.5 s)", "outside")]),
        bound(
            "clock.heldCatchUp", "on the frame-loop-held clock, the frame after a held begin at most 1/60 s past it",
            [p("Time: the clock model", "the sample after that then at most 1/60 s further on")],
            elsewhere: "fixtures are written for the change-time clock: ClockModelTests.frameLoopBegins (frames 0.02 s apart) pins it"),
        bound(
            "fluid.rest", "a fluid spring's absolute rest thresholds",
            [
                s(fluid, "thresholds are absolute, which is why small-range data is scaled by 128 (§4.5)"),
                s("4.5 Vector data", "spring's absolute rest thresholds (§3.1)"),
                p("Values", "a fluid spring's rest thresholds are absolute"),
            ],
            regions: [("a change under 1", "inside"), ("a change of 100 or more", "outside"), ("an angle (radians × 128)", "at")]),
        bound(
            "interpolatingSpring.noFloor", "an interpolating spring's duration has no floor: a bounce above 1 ends it at once",
            [s(fluid, "D has no floor: a negative damping (a bounce above 1, §1.2) gives D = 0"), s(fluid, "an engine that floors D above 0")]),
        bound(
            "repeat.count", "an animation carries at most one repeat",
            [s("3.2 Modifiers", "An animation carries at most one repeat"), p(animationRow, "An animation carries at most one repeat")],
            elsewhere: "the fixture reader refuses two repeats, so no fixture asks: FixtureErrorTests"),
        bound(
            "phases.allowance", "a phase trigger or sample meets a frame up to 1e-9 s after it",
            [
                p("`phases`", "the triggers whose time is at most the frame's time plus 1e-9"),
                p("`phases`", "the first frame whose time is at least the sample's time (less 1e-9)"),
                s("6.1 PhaseAnimator", "each trigger whose time is at most t starts a cycle"),
                p("`phases`", "`phases/region-frame-allowance` fires a trigger and answers a sample 5e-10 s after the frame 0.5 at that frame"),
            ],
            regions: [
                ("on a frame", "at"), ("an accumulated frame time", "accumulated"), ("within 1e-9 after a frame", "inside"),
                ("just beyond 1e-9 after a frame", "outside"),
            ]),
    ]

    /// Words of the documents that a scan for defaults and limits meets but that state none, and
    /// why.
    public static let notStatements: [(place: Place, why: String)] = [
        (s("Decisions", "`velocity(at:)` does not clamp y; a `timingCurve` animation does not clamp y"), "where no clamp applies (§2.2 velocity, §2.3)"),
        (s("2.2 `value(at:)` and `velocity(at:)`", "(not y)"), "where no clamp applies"),
        (s("2.3 Timing-curve animations", "Bézier **not** clamped in y"), "where no clamp applies"),
        (s("3.2 Modifiers", "a curve's progress clamps to 0 there"), "restates §2.3's clamp of a curve's progress, at a negative speed"),
        (s(fluid, "With the stiffness capped and a large damping fraction"), "answers outside the document: the reference model refuses them"),
        (s(fluid, "(`FluidSpringAnimation`: spring, smooth, snappy, bouncy, interactiveSpring, default)"), "the `default` animation's name"),
        (s("4.2 Context and state", "each with a default)"), "a context's state keys: the harness animations keep none"),
        (s("4.1 The protocol", "(nil by default)"), "CustomAnimation's requirements; the harness animations define both"),
        (s("4.1 The protocol", "(false by default)"), "CustomAnimation's requirements; the harness animations define both"),
        (s("4.3 Changes, merging and combining", "has at most one running"), "how many animations a value runs: no argument or value"),
        (s("10. Open questions", "whether `UnitCurve.value(at:)` clamps y"), "an open question, decided in decision 3"),
        (p(animationRow, "with the defaults an engine must apply"), "introduces the table"),
        (p(animationRow, "| base | arguments (default) |"), "the table's heading"),
        (p(animationRow, "the engine then applies the default shown"), "says how the table's defaults apply"),
        (p("`spring`", "with its defaults (docs/semantics.md §1.2)"), "introduces the table"),
        (p("`spring`", "| form | arguments (default) |"), "the table's heading"),
        (p("`spring`", "is at least `epsilon` from 1"), "what lastTimeOutside measures: the band, whose epsilon every query gives"),
        (p("5. Tolerance", "(at most 1 passes)"), "the verdict's rule, not an engine's: CheckerTests"),
        (p("6. Verdicts", "and at least one ran"), "the verdict's rule, not an engine's: DiagnosisTests"),
        (p("6. Verdicts", "passed and at least one did"), "the exit code's rule, not an engine's"),
        (p("7. Versions", "at most one repeat"), "the history of versions, restating §2"),
        (p("7. Versions", "`lastTimeOutside`'s horizon written out"), "the history of versions, restating §4"),
        (p("7. Versions", "(without the 10 s horizon, say)"), "the history of versions, restating §4"),
        (p("8. Benchmark workloads", "once it has run at least `minimumFrames` frames"), "a workload's, measured by the runner: WorkloadTests"),
        (p("8. Benchmark workloads", "(at least one, at most `frames`)"), "a workload's, measured by the runner: WorkloadTests"),
        (p("8. Benchmark workloads", "at least two and at most half"), "the runner's warm-up rule: docs/runner.md"),
        (p("8. Benchmark workloads", "(at least one frame)"), "a workload's, measured by the runner: WorkloadTests"),
        (p("Limits", "the damping ratios the engine clamps its springs to"), "what an engine says of itself, not a rule it is held to"),
        (p("Limits", "at least 30 fixtures each"), "what the suites give a capability set: CapabilitySetTests"),
    ]
}
