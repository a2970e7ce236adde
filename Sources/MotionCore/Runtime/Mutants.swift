import Foundation

/// One-bug variants of MotionCore, each a mistake an engine developer could make, for measuring
/// how much the conformance suites can catch (mutation testing: `make mutants`).
///
/// The list is compiled into every build so that tools can name the mutants; the bugs themselves
/// exist only in a build with `MOTIONCORE_MUTANTS` defined (`MOTIONBENCH_MUTANTS=1 swift build`),
/// where `_Mutants.active` selects at most one. A normal build carries none of their code.
public enum _Mutant: String, CaseIterable, Sendable {
    // Curves (docs/semantics.md §2)
    case curveNoRounding = "curve.no-2^-20-rounding"
    case curveVelocityClampsY = "curve.velocity-clamps-y"
    case timingCurveClampsY = "timingCurve.clamps-y"
    // Springs (§1)
    case springNegativeBounceLinear = "spring.negative-bounce-as-1-b"
    case springResponseOverdampedAsUnder = "spring.response-overdamped-as-underdamped"
    case springMassIgnored = "spring.mass-ignored"
    case springAllowOverDampingIgnored = "spring.allowOverDamping-ignored"
    case springSettlingIgnoresVelocity = "spring.settlingDuration-ignores-velocity"
    case springSettlingClampAt5 = "spring.settlingDuration-init-clamped-at-5s"
    // Built-in animations (§3.1)
    case snappyBounce = "builtin.snappy-without-bounce"
    case bouncyBounce = "builtin.bouncy-bounce-0.2"
    case interpolatingOverdampedTrue = "interpolatingSpring.true-overdamped-solution"
    case interpolatingInitialVelocityIgnored = "interpolatingSpring.initialVelocity-ignored"
    // Modifiers (§3.2)
    case delayVelocityUndelayed = "delay.velocity-not-delayed"
    case speedVelocityUnscaled = "speed.velocity-not-scaled"
    case speedDelayNestedOtherWay = "speed.delay-nested-the-other-way"
    case repeatOneCycleTooMany = "repeat.one-cycle-too-many"
    case repeatReversedBackwardsInTime = "repeat.reversed-cycle-backwards-in-time"
    case repeatReversedVelocityNotNegated = "repeat.reversed-velocity-not-negated"
    case logicalCompletionIgnored = "logicallyCompleteAfter.ignored"
    // Merge, combine, blend, stall (§4)
    case fluidMergeDropsVelocity = "merge.spring-drops-previous-velocity"
    case fluidMergeKeepsStartTime = "merge.spring-keeps-start-time"
    case fluidBlendIgnored = "blend.blendDuration-ignored"
    case fluidNoStallJump = "stall.no-jump-after-1s-gap"
    case fluidLooseRest = "spring.rests-100x-early"
    case combineVelocityNewestOnly = "combine.velocity-of-newest-entry-only"
    case sameValueAnimates = "retarget.same-value-starts-animation"
    case coincidentOptionIgnored = "merge.coincident-option-ignored"
    // Transactions and completion (§6, §7)
    case tracksVelocityIgnored = "transaction.tracksVelocity-ignored"
    case removedFiresAtLogical = "completion.removed-fires-at-logical-completion"
    case logicalFiresAtRemoval = "completion.logical-fires-at-removal"
    // Keyframes (§5)
    case keyframeCubicEndVelocityIgnored = "keyframes.cubic-endVelocity-ignored"
    case keyframeLinearCurveIgnored = "keyframes.linear-curve-ignored"
    // Phases (§6.1)
    case phasesContinuousNoWrap = "phases.continuous-does-not-wrap"
    // Schedules (§8.2)
    case periodicNextBoundary = "timeline.periodic-next-boundary"
    case animationScheduleInterval60 = "timeline.animation-default-1/60"
    case lowFrequencyIgnored = "timeline.lowFrequency-ignored"
}

public enum _Mutants {
    /// Whether this build has the mutants' code (`MOTIONCORE_MUTANTS`).
    #if MOTIONCORE_MUTANTS
        public static let compiledIn = true
    #else
        public static let compiledIn = false
    #endif

    /// The one mutant in effect, if any: set once, before anything runs.
    nonisolated(unsafe) public static var active: _Mutant?

    @inlinable
    public static func isActive(_ mutant: _Mutant) -> Bool { active == mutant }
}
