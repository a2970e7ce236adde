extension ArgumentDomain {
    typealias C = ValueClass

    /// A key path written as its steps, alternatives split by "|", "*" for any key:
    /// `path("animation", "linear|easeIn", "duration")`.
    static func path(_ steps: String...) -> KeyPath {
        KeyPath(steps: steps.map { $0 == "*" ? [] : Set($0.split(separator: "|").map(String.init)) })
    }

    static func domain(
        _ id: String, _ title: String, _ places: [StatedValues.Place], _ reader: Reader, classes: [(C, String)], refused: [(C, String)] = [],
        tiny: Double = 1e-3, huge: Double = 1e3, boundaries: [Boundary] = [], integer: Bool = false, rounds: Bool = false, decided: String? = nil
    ) -> ArgumentDomain {
        ArgumentDomain(
            id: id, title: title, places: places, reader: reader, classes: classes, refused: refused, tiny: tiny, huge: huge, boundaries: boundaries,
            integer: integer, rounds: rounds, decided: decided)
    }

    static func at(_ paths: KeyPath...) -> Reader { .at(paths) }

    static let finiteOnly: [(C, String)] = [
        (.nan, "not carried: a fixture's arguments are finite numbers, and the reader refuses others"),
        (.infinite, "not carried: a fixture's arguments are finite numbers, and the reader refuses others"),
    ]
    static let curves = "linear|easeIn|easeOut|easeInOut|timingCurve"
    static let fluids = "spring|smooth|snappy|bouncy|interactiveSpring"
    static let semantics = StatedValues.s
    static let protocolDoc = StatedValues.p
    static let modifiers = "3.2 Modifiers"
    static let builtIn = "3.1 Built-in animations"
    static let keyframeRules = "5.2 Evaluation (decision 4; [DUI])"
    static let schedules = "8.2 TimelineSchedule"

    /// Every argument of the requests and rules the documents give a domain to.
    public static let table: [ArgumentDomain] = animationDomains + requestDomains + formDomains

    static let animationDomains: [ArgumentDomain] = [
        domain(
            "speed", "speed(s)", [semantics(modifiers, "a speed below 0 is 0: every base stays at its start")], at(path("animation", "speed")),
            classes: [
                (.negative, "as 0: every base stays at its start"), (.zero, "the base is asked its time 0 for ever"),
                (.tiny, "the base runs at t·s"), (.ordinary, "the base runs at t·s"), (.huge, "the base runs at t·s"),
            ], refused: finiteOnly, decided: "a speed below 0 is 0 (§3.2): [OSUI] asks the base negative times"),
        domain(
            "delay", "delay(d)", [semantics(modifiers, "a negative d starts the base −d in")], at(path("animation", "delay")),
            classes: [
                (.negative, "the base starts −d in"), (.zero, "no delay"), (.tiny, "the base runs at max(0, t − d)"),
                (.ordinary, "the base runs at max(0, t − d)"),
                (.huge, "a curve is at 0 throughout"),
            ], refused: finiteOnly),
        domain(
            "repeatCount", "repeatCount(n)", [semantics(modifiers, "a count of 1 or less runs one cycle")], at(path("animation", "repeatCount")),
            classes: [(.negative, "one cycle"), (.zero, "one cycle"), (.ordinary, "n cycles, reversals counted"), (.huge, "n cycles: it runs on")],
            refused: finiteOnly + [(.tiny, "not carried: a count is a whole number")],
            boundaries: [Boundary(value: 1, readsAbove: false, reading: "one cycle at or below it, n above", span: 1)], integer: true),
        domain(
            "logicallyCompleteAfter", "logicallyComplete(after: d)", [semantics(modifiers, "is logically complete once t ≥ d")],
            at(path("animation", "logicallyCompleteAfter")),
            classes: [(.negative, "logically complete at once"), (.zero, "logically complete at once"), (.ordinary, "logically complete once t ≥ d")],
            refused: finiteOnly),
        domain(
            "curve.duration", "a timing-curve animation's duration",
            [semantics("2.3 Timing-curve animations", "it returns nil (finished) when d ≤ 0 or t > d")], at(path("animation", curves, "duration")),
            classes: [
                (.negative, "finished at once"), (.zero, "finished at once"), (.tiny, "p = clamp(t/d, 0, 1)"), (.ordinary, "p = clamp(t/d, 0, 1)"),
                (.huge, "p = clamp(t/d, 0, 1): barely moves"),
            ], refused: finiteOnly),
        domain(
            "fluid.response", "a fluid spring's response (spring(duration:)'s duration)",
            [semantics(builtIn, "Stiffness k = (τ/r)², at most 45,000 (45,000 for r ≤ 0)")], at(path("animation", fluids, "response|duration")),
            classes: [
                (.negative, "stiffness 45,000"), (.zero, "stiffness 45,000"), (.tiny, "stiffness capped at 45,000"), (.ordinary, "k = (τ/r)²"),
                (.huge, "k = (τ/r)²: barely moves"),
            ], refused: finiteOnly),
        domain(
            "fluid.bounce", "a fluid spring's bounce",
            [semantics("1.2 Initializers", "use the function as it is, so a bounce above 1 gives them a negative damping")],
            at(path("animation", "spring", "bounce")),
            classes: [(.negative, "overdamped, 1/(b + 1)"), (.zero, "critically damped"), (.ordinary, "1 − b")],
            refused: finiteOnly + [(.huge, "not answered: a bounce far above 1 makes a spring that grows without bound")],
            boundaries: [Boundary(value: 1, readsAbove: false, reading: "fraction 1 − b at or below it, a negative fraction above", span: 0.1)]),
        domain(
            "fluid.dampingFraction", "a fluid spring's damping fraction", [semantics(builtIn, "c = 2·fraction·√k")],
            at(path("animation", "spring|interactiveSpring", "dampingFraction")),
            classes: [(.zero, "no damping: it never rests"), (.ordinary, "c = 2·fraction·√k")],
            refused: finiteOnly + [
                (.negative, "not answered: a negative fraction grows without bound"),
                (.huge, "not answered: the fixed steps diverge with a large fraction (§3.1 item 7)"),
            ],
            boundaries: [Boundary(value: 1, readsAbove: false, reading: "the same steps on both sides: critical damping is no case apart", span: 0.1)]),
        domain(
            "blendDuration", "a fluid spring's blend duration", [semantics(builtIn, "while blending (blendDuration > 0 and blendInterval ≠ 0)")],
            at(path("animation", fluids, "blendDuration")),
            classes: [(.negative, "no blend"), (.zero, "no blend"), (.tiny, "a blend of that length"), (.ordinary, "a blend of that length")],
            refused: finiteOnly,
            decided: "a negative blend duration does not blend: §3.1 item 1 blends only while blendDuration > 0"),
        domain(
            "interpolatingSpring.duration", "interpolatingSpring(duration:)'s duration", [semantics(builtIn, "k = (τ/d)² (∞ for d ≤ 0)")],
            at(path("animation", "interpolatingSpring", "duration")),
            classes: [(.negative, "infinite stiffness: it ends at once"), (.zero, "infinite stiffness: it ends at once"), (.ordinary, "k = (τ/d)²")],
            refused: finiteOnly),
        domain(
            "interpolatingSpring.bounce", "interpolatingSpring(duration:)'s bounce",
            [semantics(builtIn, "D has no floor: a negative damping (a bounce above 1, §1.2) gives D = 0")],
            at(path("animation", "interpolatingSpring", "bounce")),
            classes: [(.negative, "overdamped above −1; below it a negative damping"), (.zero, "critically damped"), (.ordinary, "c = 2√k·(1 − b)")],
            refused: finiteOnly,
            boundaries: [
                Boundary(
                    value: -1, readsAbove: false, reading: "infinite damping at it, the critical form; a negative damping below", span: 0.5, hair: 1e-3),
                Boundary(value: 1, readsAbove: false, reading: "damping 0 at it, negative above: it ends at once", span: 0.5),
            ]),
        domain(
            "interpolatingSpring.damping", "interpolatingSpring(stiffness:damping:)'s damping", [semantics(builtIn, "∞ when ζ = 0")],
            at(path("animation", "interpolatingSpring", "damping")),
            classes: [(.zero, "ζ = 0: it never finishes"), (.ordinary, "ζ = c/(2√(mk))")], refused: finiteOnly),
    ]
}
