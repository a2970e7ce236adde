import FixtureFormat
import Foundation

/// Plays a property scenario through the reference model and answers every sample: value,
/// velocity, `isAnimating` and the completions fired so far.
///
/// The reference animations are scalar. A vector scenario is played one component at a time, which
/// is exact when every animation's arithmetic is linear in its interval and it finishes by time —
/// timing curves, interpolating springs, the harness animations, velocity tracking — and when every
/// change moves every component (a component that stays put would start no animation of its own,
/// yet still take part in combining: §4.3 items 1 and 4). The fluid spring's arithmetic is
/// component-wise too, but its rest test is on the vector's magnitude (§3.1 item 6): the components
/// play in passes that join it (`ReferenceRestCoupling`). An angle is one component, played in the
/// units it animates.
public enum ReferencePlayback {
    public struct Answer: Sendable, Equatable {
        public var value: [Double]
        public var velocity: [Double]
        public var isAnimating: Bool
        public var completed: [String]
    }

    /// Passes over the components at most while the fluid springs' joint rest test settles
    /// (`ReferenceRestCoupling`): each pass settles at least the earliest decision that changed.
    static let maximumPasses = 64

    /// The bases of §3.1 whose state is a fluid spring.
    package static let fluidBases: Set<String> = ["spring", "smooth", "snappy", "bouncy", "interactiveSpring", "default"]

    public static func answers(_ scenario: ReferenceScenario, clock: ClockModel = .changeTime) throws -> [Answer] {
        if scenario.valueType == .angle { return try angleAnswers(scenario, clock: clock) }
        let components = scenario.valueType.componentNames.count
        try requireSeparable(scenario)
        var perComponent: [[Answer]] = []
        if components == 1 {
            perComponent = [try play(scenario, component: 0, clock: clock)]
        } else {
            let coupling = ReferenceRestCoupling(components: components)
            var settled = false
            for _ in 0..<Self.maximumPasses where !settled {
                perComponent = []
                for component in 0..<components {
                    coupling.begin(component: component)
                    perComponent.append(try ReferenceRestCoupling.$current.withValue(coupling) { try play(scenario, component: component, clock: clock) })
                }
                settled = try coupling.settle()
            }
            guard settled else {
                throw ReferenceModel.Unsupported(description: "the fluid springs' rest test on the vector did not settle in \(Self.maximumPasses) passes")
            }
        }
        return scenario.sampleTimes.indices.map { index in
            let first = perComponent[0][index]
            return Answer(
                value: perComponent.map { $0[index].value[0] }, velocity: perComponent.map { $0[index].velocity[0] },
                isAnimating: first.isAnimating, completed: first.completed)
        }
    }

    /// An angle animates its radians × 128 (§4.5): a scalar in those units, every animation
    /// included, given and answered in degrees.
    static func angleAnswers(_ scenario: ReferenceScenario, clock: ClockModel) throws -> [Answer] {
        let scale = Double.pi / 180 * 128
        var scalar = scenario
        scalar.valueType = .scalar
        scalar.initialValue = scenario.initialValue.map { $0 * scale }
        scalar.changes = scenario.changes.map { event in
            var copy = event
            copy.value = event.value.map { $0 * scale }
            return copy
        }
        return try answers(scalar, clock: clock).map { answer in
            Answer(
                value: answer.value.map { $0 / scale }, velocity: answer.velocity.map { $0 / scale }, isAnimating: answer.isAnimating,
                completed: answer.completed)
        }
    }

    static func requireSeparable(_ scenario: ReferenceScenario) throws {
        if let problem = separabilityProblem(scenario.valueType, initial: scenario.initialValue, changes: scenario.changes.map(\.value)) {
            throw ReferenceModel.Unsupported(description: problem)
        }
    }

    /// Why a vector scenario cannot be played one component at a time, or nil when it can: a
    /// change that moves some components and not others. Scalars and angles (one component)
    /// always can.
    package static func separabilityProblem(_ type: ValueType, initial: [Double], changes: [[Double]]) -> String? {
        guard type != .scalar && type != .angle else { return nil }
        var previous = initial
        for (index, change) in changes.enumerated() {
            let moved = zip(previous, change).map { $0 != $1 }
            if moved.contains(true) && moved.contains(false) {
                return "event \(index) moves some components and not others; the reference plays components apart"
            }
            previous = change
        }
        return nil
    }

    /// On the change-time clock a change applies at its own time; on the next-frame clock at the
    /// first sample at or after it, as of the last sample before it; on the frame-loop clocks at
    /// its own time, an animation from rest beginning at a later frame (docs/protocol.md §2).
    static func play(_ scenario: ReferenceScenario, component: Int, clock: ClockModel) throws -> [Answer] {
        var fired: [String] = []
        let property = ReferenceProperty(scenario.initialValue[component], mergesCoincident: scenario.mergesCoincidentAnimations)
        var next = 0
        var result: [Answer] = []
        var lastFrame = -Double.infinity
        // On a frame-loop clock: the time a sample must pass to be a frame — that of the last
        // animated change or frame, whichever came last, pushed on by a held frame — and what the
        // last frame showed of the running animation (its offset over model − interval, and its
        // velocity).
        var frameAfter = -Double.infinity
        var shown = (offset: 0.0, velocity: 0.0)
        for time in scenario.sampleTimes {
            while next < scenario.changes.count && scenario.changes[next].time <= time {
                let event = scenario.changes[next]
                let listener = event.completion.map { completion in
                    ReferenceProperty.Listener(name: completion.name, waitsForRemoval: completion.waitsForRemoval) { fired.append($0) }
                }
                let wasRunning = property.running != nil, rendered = property.rendered, before = property.model
                try property.set(
                    event.value[component], at: clock == .nextFrame ? time : event.time, lastFrame: clock == .nextFrame ? lastFrame : nil,
                    waitsFrames: clock.framesBeforeBegin, animation: event.animation,
                    tracksVelocity: event.tracksVelocity, listener: listener)
                if property.model != before, property.running != nil, event.animation != nil || event.tracksVelocity {
                    if !wasRunning { shown = (0, 0) }
                    // A replacement before any frame (mergesCoincidentAnimations false) keeps
                    // the first change's time.
                    if !(wasRunning && !rendered && !property.mergesCoincident) { frameAfter = event.time }
                }
                listener?.bodyDone = true
                listener?.check()
                next += 1
            }
            if clock.framesBeforeBegin > 0, let current = property.running {
                // Not a frame: a frame loop draws one only once time has passed since the change
                // (or the last frame). Or a held frame: the clock moves to it, but it draws
                // nothing new. Either shows what the last frame showed — over the model and
                // interval as they are now, so a change merged since does not show yet — begins
                // nothing more and completes nothing (docs/protocol.md §2, "The frame-loop clocks").
                // A held frame pushes the next one on by the time since the first frame, from the
                // animated change made in between if there was one.
                let isFrame = time > frameAfter, firstFrame = current.begin
                if !isFrame || property.frame(at: time, catchUp: clock.catchUp) {
                    result.append(
                        Answer(
                            value: [property.model - current.interval + shown.offset], velocity: [shown.velocity], isAnimating: true,
                            completed: fired))
                    if isFrame { (lastFrame, frameAfter) = (time, frameAfter + time - firstFrame) }
                    continue
                }
            }
            let value = property.value(at: time), velocity = property.velocity(at: time)
            if let current = property.running { shown = (value - (property.model - current.interval), velocity) }
            result.append(Answer(value: [value], velocity: [velocity], isAnimating: property.running != nil, completed: fired))
            (lastFrame, frameAfter) = (time, time)
        }
        return result
    }
}
