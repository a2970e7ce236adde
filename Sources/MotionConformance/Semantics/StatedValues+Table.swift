import FixtureFormat

extension StatedValues {
    typealias D = AnimationDefaults
    static let curveRow = "`linear`, `easeIn`, `easeOut`, `easeInOut`"
    static let presetRow = "`smooth`, `snappy`, `bouncy`"

    /// The protocol's table of base animations (§2, "Animations"), each default also where
    /// docs/semantics.md §2.3 and §3.1 write it.
    static let animationDefaults: [Statement] = [
        omission(
            "linear.duration", "a curve animation's duration, 0.35 s",
            [p(animationRow, "`duration` (0.35)"), s("2.3 Timing-curve animations", "last 0.35 s unless given a duration")],
            table: row(curveRow, "duration", D.curveDuration)),
        omission(
            "timingCurve.duration", "timingCurve's duration, 0.35 s",
            [p(animationRow, "`duration` (0.35)"), s("2.3 Timing-curve animations", "`timingCurve(x₁, y₁, x₂, y₂, duration: 0.35)`")],
            table: row("`timingCurve`", "duration", D.curveDuration)),
        omission(
            "spring.response", "spring(response:)'s response, 0.5",
            [p(animationRow, "`response` (0.5)"), s("3.1 Built-in animations", "`spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)`")],
            table: row("`spring`", "response", D.Spring.response)),
        omission(
            "spring.dampingFraction", "spring(response:)'s damping fraction, 0.825",
            [p(animationRow, "`dampingFraction` (0.825)"), s("3.1 Built-in animations", "`spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)`")],
            table: row("`spring`", "dampingFraction", D.Spring.dampingFraction)),
        omission(
            "spring.duration", "spring(duration:)'s duration, 0.5",
            [p(animationRow, "`duration` (0.5)"), s("3.1 Built-in animations", "`spring(duration: 0.5, bounce: 0, blendDuration: 0)`")],
            table: row("`spring`", "duration", D.Spring.duration)),
        omission(
            "spring.bounce", "spring(duration:)'s bounce, 0",
            [p(animationRow, "`bounce` (0)"), s("3.1 Built-in animations", "`spring(duration: 0.5, bounce: 0, blendDuration: 0)`")],
            table: row("`spring`", "bounce", D.Spring.bounce)),
        omission(
            "spring.blendDuration", "a spring's blend duration, 0",
            [p(animationRow, "`blendDuration` (0)"), s("3.1 Built-in animations", "`spring(duration: 0.5, bounce: 0, blendDuration: 0)`")],
            table: row("`spring`", "blendDuration", D.Spring.blendDuration)),
        omission(
            "smooth.duration", "the presets' duration, 0.5",
            [p(animationRow, "`duration` (0.5), `extraBounce` (0)"), s("3.1 Built-in animations", "`smooth(duration: 0.5, extraBounce: 0)`")],
            table: row(presetRow, "duration", D.Preset.duration)),
        omission(
            "smooth.extraBounce", "the presets' extra bounce, 0",
            [p(animationRow, "`duration` (0.5), `extraBounce` (0)"), s("3.1 Built-in animations", "`smooth(duration: 0.5, extraBounce: 0)`")],
            table: row(presetRow, "extraBounce", D.Preset.extraBounce)),
        omission(
            "interactiveSpring.response", "interactiveSpring's response, 0.15",
            [
                p(animationRow, "`response` (0.15)"),
                s("3.1 Built-in animations", "`interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)`"),
            ],
            table: row("`interactiveSpring`", "response", D.InteractiveSpring.response)),
        omission(
            "interactiveSpring.dampingFraction", "interactiveSpring's damping fraction, 0.86",
            [
                p(animationRow, "`dampingFraction` (0.86)"),
                s("3.1 Built-in animations", "`interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)`"),
            ],
            table: row("`interactiveSpring`", "dampingFraction", D.InteractiveSpring.dampingFraction)),
        omission(
            "interactiveSpring.blendDuration", "interactiveSpring's blend duration, 0.25",
            [
                p(animationRow, "`blendDuration` (0.25)"),
                s("3.1 Built-in animations", "`interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25)`"),
            ],
            table: row("`interactiveSpring`", "blendDuration", D.InteractiveSpring.blendDuration)),
        omission(
            "interactiveSpring.duration", "interactiveSpring(duration:)'s duration, 0.15",
            [p(animationRow, "`duration` (0.15)"), s("3.1 Built-in animations", "`interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25)`")],
            table: row("`interactiveSpring`", "duration", D.InteractiveSpring.duration)),
        omission(
            "interactiveSpring.extraBounce", "interactiveSpring(duration:)'s extra bounce, 0",
            [p(animationRow, "`extraBounce` (0)"), s("3.1 Built-in animations", "`interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25)`")],
            table: row("`interactiveSpring`", "extraBounce", D.InteractiveSpring.extraBounce)),
        omission(
            "interpolatingSpring.mass", "interpolatingSpring's mass, 1",
            [p(animationRow, "`mass` (1)"), s("3.1 Built-in animations", "`interpolatingSpring(mass: 1, stiffness:, damping:, initialVelocity: 0)`")],
            table: row("`interpolatingSpring`", "mass", D.InterpolatingSpring.mass)),
        omission(
            "interpolatingSpring.duration", "interpolatingSpring(duration:)'s duration, 0.5",
            [p(animationRow, "`duration` (0.5)"), s("3.1 Built-in animations", "`interpolatingSpring(duration: 0.5, bounce: 0, initialVelocity: 0)`")],
            table: row("`interpolatingSpring`", "duration", D.InterpolatingSpring.duration)),
        omission(
            "interpolatingSpring.bounce", "interpolatingSpring(duration:)'s bounce, 0",
            [p(animationRow, "`bounce` (0)"), s("3.1 Built-in animations", "157.91 and 25.13 by default")],
            table: row("`interpolatingSpring`", "bounce", D.InterpolatingSpring.bounce)),
        omission(
            "interpolatingSpring.initialVelocity", "interpolatingSpring's initial velocity, 0",
            [p(animationRow, "`initialVelocity` (0)"), s("3.1 Built-in animations", "`interpolatingSpring(duration: 0.5, bounce: 0, initialVelocity: 0)`")],
            table: row("`interpolatingSpring`", "initialVelocity", D.InterpolatingSpring.initialVelocity)),
        omission(
            "custom.duration", "the harness animations' duration, 1 s",
            [p(animationRow, "`duration` (1)"), s("3.1 Built-in animations", "Without a `duration` both last 1 s")],
            table: row("`custom`", "duration", D.customDuration)),
    ]

    /// `Spring`'s initializers (protocol §4 `spring`, semantics §1.2) and the spring queries.
    static let springDefaults: [Statement] = [
        omission(
            "Spring.duration", "Spring(duration:)'s duration, 0.5",
            [p("`spring`", "`duration` (0.5)"), s("1.2 Initializers", "`init(duration d = 0.5, bounce b = 0)`")], table: row("duration", "duration", "0.5")),
        omission(
            "Spring.bounce", "Spring(duration:)'s bounce, 0",
            [p("`spring`", "`bounce` (0)"), s("1.2 Initializers", "`init(duration d = 0.5, bounce b = 0)`")], table: row("duration", "bounce", "0")),
        omission(
            "Spring.mass", "Spring(mass:stiffness:damping:)'s mass, 1",
            [p("`spring`", "`mass` (1)"), s("1.2 Initializers", "`init(mass m = 1, stiffness k, damping c, allowOverDamping = false)`")],
            table: row("physical", "mass", "1")),
        omission(
            "Spring.allowOverDamping", "Spring(mass:stiffness:damping:)'s allowOverDamping, false",
            [p("`spring`", "`allowOverDamping` (false)"), s("1.2 Initializers", "`init(mass m = 1, stiffness k, damping c, allowOverDamping = false)`")],
            table: row("physical", "allowOverDamping", "false")),
        omission(
            "Spring.epsilon", "Spring(settlingDuration:)'s epsilon, 0.001",
            [p("`spring`", "`epsilon` (0.001)"), s("1.2 Initializers", "`init(settlingDuration T, dampingRatio r, epsilon ε = 0.001)`")],
            table: row("settling", "epsilon", "0.001")),
        omission("query.target", "a value or velocity query's target, 1", [p("`spring`", "`target` defaults to 1")]),
        omission("query.initialVelocity", "a value or velocity query's initial velocity, 0", [p("`spring`", "`initialVelocity` to 0")]),
        omission("query.epsilon", "a settlingDuration query's epsilon, 0.001", [p("`spring`", "`settlingDuration` queries default `epsilon` to 0.001")]),
    ]

    static let otherDefaults: [Statement] = [
        omission(
            "repeat.autoreverses", "a repeat autoreverses, true",
            [
                p(animationRow, "a repeat with no `autoreverses` after it autoreverses (SwiftUI's default, `true`)"),
                s("3.2 Modifiers", "`autoreverses` defaults to true"),
            ]),
        omission(
            "mergesCoincidentAnimations", "coincident changes merge, on",
            [s("Decisions", "(`AnimatedProperty.Options.mergesCoincidentAnimations`, on by default)")]),
        omission(
            "LinearKeyframe.timingCurve", "a linear keyframe's curve, .linear",
            [s("5.1 API", "`LinearKeyframe(to, duration, timingCurve: .linear)`")]),
        omission(
            "SpringKeyframe.duration", "a spring keyframe's duration, nil (its settling duration)",
            [s("5.1 API", "`SpringKeyframe(to, duration: nil, spring: Spring(), startVelocity:)`")]),
        omission(
            "SpringKeyframe.spring", "a spring keyframe's spring, Spring()",
            [s("5.1 API", "`SpringKeyframe(to, duration: nil, spring: Spring(), startVelocity:)`")]),
        omission(
            "animation.minimumInterval", "an animation schedule's interval, nil (1/120 s)",
            [s("8.2 TimelineSchedule", "`.animation(minimumInterval: i = nil, paused: false)`: the start, then every i (1/120 s when nil")]),
        omission(
            "animation.paused", "an animation schedule's paused, false", [s("8.2 TimelineSchedule", "`.animation(minimumInterval: i = nil, paused: false)`")]),
        omission(
            "hello.clockModel", "the handshake's clock model, change-time", [p("3. The handshake", "`\"change-time\"` (the default)")],
            elsewhere: "the handshake, not a fixture: ClockModelTests play both clocks"),
        omission(
            "hello.completionDelay", "the handshake's completion delay, 0", [p("3. The handshake", "seconds, from 0 (the default) to 1")],
            elsewhere: "the handshake, not a fixture: CompletionDelayTests"),
        omission(
            "conform.engineTimeout", "conform's engine timeout, 5 s", [p("6. Verdicts", "(`--engine-timeout`, 5 s by default)")],
            elsewhere: "the command line, not a fixture: EngineProtocolTests time an engine out"),
        omission(
            "expectations.expected", "an expectation's verdict, fail", [p("Expectation files", "fail (the default) or error")],
            elsewhere: "expectation files, not fixtures: ExpectationsTests"),
    ]
}
