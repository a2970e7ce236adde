/// Every numbered rule of docs/semantics.md and every operation and field of docs/protocol.md,
/// with the parameter regions a suite should reach for each, as features of `FixtureFeatures`.
///
/// A rule is checked when some fixture reaches one of its regions or cites its section; a region
/// is missing when no fixture reaches it and thin when one does. Rules the protocol cannot carry
/// (SwiftUI views: transitions, the keyframe animator's view) say so and are counted apart.
public enum SemanticsMap {
    public struct Region: Sendable, Equatable {
        public var name: String
        /// The feature that reaches it (exact).
        public var feature: String
    }

    public struct Rule: Sendable {
        public var id: String
        public var title: String
        public var regions: [Region]
        /// Why no fixture can check it, when the protocol does not carry it.
        public var outsideProtocol: String?
    }

    static func r(_ id: String, _ title: String, _ regions: [(String, String)], outside: String? = nil) -> Rule {
        Rule(id: id, title: title, regions: regions.map { Region(name: $0.0, feature: $0.1) }, outsideProtocol: outside)
    }

    /// What a fixture with `features` exercises, rule by rule of docs/semantics.md with the regions
    /// it reaches: "§3.2 modifiers (chains, autoreverses: false); §4.3 …". A generated fixture's
    /// title says this.
    public static func exercised(by features: Set<String>) -> String {
        rules.compactMap { rule -> String? in
            let reached = rule.regions.filter { features.contains($0.feature) }.map(\.name)
            return rule.id.hasPrefix("§") && !reached.isEmpty ? "\(rule.id) \(rule.title) (\(reached.joined(separator: ", ")))" : nil
        }.joined(separator: "; ")
    }

    static func each(_ prefix: String, _ names: [String]) -> [(String, String)] { names.map { ($0, "\(prefix)\($0)") } }

    static let keyframeKinds = ["linear", "cubic", "spring", "move"]

    public static let rules: [Rule] = [
        r("§1.1", "what a spring stores: mass, decay, signed frequency", each("spring:regime:", ["underdamped", "critical", "overdamped"])),
        r(
            "§1.2", "Spring initializers and presets",
            each("spring:init:", ["duration-bounce", "response-dampingRatio", "mass-stiffness-damping", "settlingDuration"]) + [
                ("mass ≠ 1", "spring:mass≠1"), ("allowOverDamping", "spring:allowOverDamping"), ("bounce ≤ −1 or > 1", "spring:bounce-extreme"),
                ("presets as animations", "base:smooth"), ("extraBounce", "base:extraBounce"),
            ]),
        r("§1.3", "derived properties", each("spring:property:", ["response", "duration", "dampingRatio", "bounce", "mass", "stiffness", "damping"])),
        r(
            "§1.4", "closed forms of value and velocity",
            [
                ("value", "spring:value"), ("velocity", "spring:velocity"), ("initial velocity ≠ 0", "spring:initialVelocity≠0"),
                ("target ≠ 1", "spring:target≠1"),
            ]
                + each("spring:regime:", ["underdamped", "critical", "overdamped"])),
        r(
            "§1.5", "settlingDuration and the last time outside ε",
            [("settlingDuration", "spring:settlingDuration"), ("lastTimeOutside", "spring:lastTimeOutside")]),
        r(
            "§1.6", "from a spring to an animation",
            [("interpolatingSpring(duration:bounce:)", "base:interpolatingSpring.duration"), ("spring(duration:bounce:)", "base:spring.duration")]),
        r(
            "§2.1", "the curves",
            each("curve:", ["linear", "easeIn", "easeOut", "easeInOut", "circularEaseIn", "circularEaseOut", "circularEaseInOut", "bezier"])),
        r(
            "§2.2", "value(at:) and velocity(at:)",
            each("curve:value:", ["below-0", "at-0", "inside", "at-1", "above-1"]).map { ("value \($0.0)", $0.1) }
                + each("curve:velocity:", ["below-0", "at-0", "inside", "at-1", "above-1"]).map { ("velocity \($0.0)", $0.1) }
                + [("control points outside [0, 1]", "curve:bezier-outside")]),
        r(
            "§2.3", "timing-curve animations",
            [
                ("named curves", "base:easeInOut"), ("default duration", "base:default-duration"),
                ("timingCurve(controlPoints)", "base:timingCurve.controlPoints"),
                ("timingCurve(UnitCurve)", "base:timingCurve.curve"), ("y outside [0, 1]", "base:timingCurve.y-outside"),
            ]),
        r(
            "§3.1", "built-in animations",
            each(
                "base:",
                [
                    "default", "linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring.duration", "spring.response", "smooth", "snappy", "bouncy",
                    "interactiveSpring", "interpolatingSpring.stiffness", "interpolatingSpring.duration", "interpolatingSpring.mass≠1",
                    "interpolatingSpring.initialVelocity", "blendDuration", "bounce<0", "bounce=0", "bounce>0",
                ])),
        r(
            "§3.2", "modifiers",
            each("modifier:", ["delay-alone", "speed-alone", "repeatCount-alone", "repeatForever-alone", "logicallyCompleteAfter-alone"])
                + [
                    ("chains", "modifier:chain"), ("delay then speed", "modifier:delay>speed"), ("speed then delay", "modifier:speed>delay"),
                    ("repeat then delay", "modifier:repeatCount>delay"), ("delay then repeat", "modifier:delay>repeatCount"),
                    ("autoreverses: false", "modifier:autoreverses-false"), ("autoreverses by default", "modifier:autoreverses-default"),
                    ("speed < 1", "modifier:speed<1"),
                ]),
        r("§4.1", "custom animations", each("base:custom.", ["MyLinearAnimation", "MergingLinearAnimation"])),
        r(
            "§4.2", "context and logical completion",
            [("logical completion", "completion:logicallyComplete"), ("logicallyComplete(after:)", "modifier:logicallyCompleteAfter")]),
        r(
            "§4.3", "changes, merging and combining",
            [
                ("an animated change while animating", "change:while-animating"),
                ("a change without animation while animating", "change:unanimated-while-animating"),
                ("setting the value it has", "change:same-value"), ("merging", "change:merges"), ("combining", "change:combines"),
                ("merging into an animation inside modifiers", "change:merges-into-modifier"),
                ("three or more changes", "change:three-or-more"), ("coincident changes", "change:coincident"),
                ("coincident changes, merging off", "mergesCoincident:off"), ("a change after a long gap", "change:after-gap"),
                ("a sample before the first change", "sample:before-first-change"),
            ]),
        r(
            "§4.4", "velocity tracking",
            [("tracksVelocity", "change:tracksVelocity"), ("tracking, a merge and tracking again", "change:tracking-through-merge")]),
        r(
            "§4.5", "vector data",
            each("valueType:", ["scalar", "angle", "point", "size", "rect", "struct"]) + [("a fluid spring on a vector", "valueType:vector-fluid-spring")]),
        r(
            "§5.1", "keyframe timelines",
            [
                ("duration", "keyframes:check:duration"), ("value(time:)", "keyframes:check:time"), ("value(progress:)", "keyframes:check:progress"),
                ("several tracks", "keyframes:several-tracks"), ("property tracks", "keyframes:property-track"), ("points", "keyframes:valueType:point"),
                ("structs", "keyframes:valueType:struct"),
            ]),
        r(
            "§5.2", "keyframe evaluation",
            each("keyframes:kind:", keyframeKinds)
                + keyframeKinds.flatMap { a in keyframeKinds.map { b in ("\(b) after \(a)", "keyframes:\(a)>\(b)") } }
                + [
                    ("spring without a duration", "keyframes:spring-settling"), ("cubic with explicit velocities", "keyframes:cubic-explicit-velocity"),
                    ("linear with a curve", "keyframes:linear-curve"), ("before 0", "keyframes:time-before-0"), ("after the end", "keyframes:time-after-end"),
                    ("velocity", "keyframes:check:velocity"), ("a keyframe taking no time", "keyframes:no-time"),
                ]),
        r("§5.3", "KeyframeAnimator", [], outside: "a view: the protocol carries timelines (§5.1–5.2), not the animator's triggers"),
        r(
            "§6.1", "PhaseAnimator",
            [
                ("continuous", "phases:continuous"), ("trigger", "phases:trigger"), ("a trigger after the start", "phases:trigger-later"),
                ("several triggers", "phases:several-triggers"), ("a phase without an animation", "phases:without-animation"),
                ("transitions", "phases:transitions"),
            ]),
        r(
            "§6.2", "completion callbacks",
            [
                ("logicallyComplete", "completion:logicallyComplete"), ("removed", "completion:removed"),
                ("a change that creates no animation", "completion:without-animation"),
            ]
                + ["logicallyComplete", "removed"].flatMap { criterion in
                    zip(FixtureFeatures.completionWindows, ["inside a delay", "across repeats", "through a merge", "while a merge blends"]).map {
                        window, words in
                        ("\(criterion) \(words)", "completion:\(criterion)×\(window)")
                    }
                }),
        r(
            "§7", "transactions",
            [
                ("animation(_:value:)", "transaction:animation"), ("animation(_:)", "transaction:animationAlways"),
                ("animation(_:body:)", "transaction:scopedAnimation"),
                ("transaction { animation }", "transaction:transactionAnimation"), ("disableAnimations()", "transaction:disableAnimations"),
                ("disablesAnimations", "transaction:disablesAnimations"),
            ]),
        r("§8.1", "transitions", [], outside: "view insertion and removal: the protocol carries animated values, not views"),
        r(
            "§8.2", "timeline schedules",
            [
                ("periodic", "timeline:periodic"), ("periodic from before its start", "timeline:periodic:before-start"),
                ("periodic from an entry", "timeline:periodic:on-boundary"), ("everyMinute on a minute", "timeline:everyMinute:on-minute"),
                ("everyMinute inside a minute", "timeline:everyMinute:inside-minute"), ("explicit", "timeline:explicit"),
                ("explicit, unsorted", "timeline:explicit:unsorted"), ("animation", "timeline:animation"), ("animation, paused", "timeline:animation:paused"),
                ("animation, low frequency", "timeline:animation:lowFrequency"), ("periodic, low frequency", "timeline:periodic:lowFrequency"),
            ]),
        // docs/protocol.md §4: every operation and the fields of its answers.
        r(
            "protocol §4", "operations and answer fields",
            [
                ("reset/set/sample", "kind:property"), ("sample.value", "sample:value"), ("sample.velocity", "sample:velocity"),
                ("sample.isAnimating", "sample:isAnimating"), ("sample.completed", "sample:completed"), ("set.tracksVelocity", "change:tracksVelocity"),
                ("set.completion", "completion:logicallyComplete"), ("reset.mergesCoincidentAnimations", "mergesCoincident:off"), ("spring", "kind:spring"),
                ("curve", "kind:curve"), ("keyframes", "kind:keyframes"), ("phases", "kind:phases"), ("timeline", "kind:timeline"),
            ]),
    ]
}
