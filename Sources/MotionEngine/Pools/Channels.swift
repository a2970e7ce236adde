import MotionCore

/// One step of a channel: its presented value after advancing to a time, and what happened.
struct ChannelStep {
    var value: Double
    var logicallyComplete: Bool
    var finished: Bool
}

/// A channel of one animation kind, as a pool stores it. `advance` is the kind's kernel; each
/// calls the same MotionCore code the single-property runtime runs, specialised for `Double`, so
/// the two agree to the bit.
protocol EngineChannel {
    var channel: UInt32 { get }
    mutating func advance(to time: Double) -> ChannelStep
    /// The velocity as of the last advance, as `AnimatedProperty.velocity(at:)` reports it.
    func velocity(at time: Double) -> Double
    /// Advances `channels[range]` to `time`, writing values by channel and events into `sink`.
    static func _advance(
        _ channels: UnsafeMutablePointer<Self>, reported: UnsafeMutablePointer<Bool>, _ range: Range<Int>,
        to time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink)
}

extension EngineChannel {
    // A requirement with a default rather than a loop in `Pool.tick`: a generic class's methods
    // are compiled once for every `Channel`, calling `advance` through the witness table and
    // copying each channel through its value witness (a 120-byte memcpy per curve channel-frame),
    // while each conformance's witness for this requirement is specialised for its type.
    @inline(__always)
    static func _advance(
        _ channels: UnsafeMutablePointer<Self>, reported: UnsafeMutablePointer<Bool>, _ range: Range<Int>,
        to time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink
    ) {
        for slot in range {
            let step = channels[slot].advance(to: time)
            let channel = channels[slot].channel
            values[Int(channel)] = step.value
            sink.report(channel: channel, logical: step.logicallyComplete, finished: step.finished, reported: &reported[slot])
        }
    }
}

/// The fluid spring family (`spring`, `smooth`, `snappy`, `bouncy`, `interactiveSpring`):
/// `FluidSpringAnimation._advance`, the §3.1 integrator.
struct FluidChannel: EngineChannel {
    let channel: UInt32
    var model: Double
    var interval: Double
    var beginTime: Double
    var spring: FluidSpringAnimation
    var state = FluidSpringState<Double>()

    mutating func advance(to time: Double) -> ChannelStep {
        let step = spring._advance(&state, value: interval, time: time - beginTime)
        guard let offset = step.offset else { return ChannelStep(value: model, logicallyComplete: true, finished: true) }
        return ChannelStep(value: model - interval + offset, logicallyComplete: step.logicallyComplete, finished: false)
    }

    func velocity(at time: Double) -> Double { state.velocity }
}

/// Bézier timing curves (`linear`, `easeIn`, `easeOut`, `easeInOut`, `timingCurve`).
struct CurveChannel: EngineChannel {
    let channel: UInt32
    var model: Double
    var interval: Double
    var beginTime: Double
    var curve: BezierAnimation

    mutating func advance(to time: Double) -> ChannelStep {
        guard let progress = curve._progress(time: time - beginTime) else {
            return ChannelStep(value: model, logicallyComplete: true, finished: true)
        }
        return ChannelStep(value: model - interval + interval * progress, logicallyComplete: false, finished: false)
    }

    func velocity(at time: Double) -> Double { 0 }
}

/// Closed-form interpolating springs (`interpolatingSpring`).
struct SpringChannel: EngineChannel {
    let channel: UInt32
    var model: Double
    var interval: Double
    var beginTime: Double
    var spring: InterpolatingSpringAnimation
    let logicalDuration: Double
    let duration: Double
    let coefficients: _InterpolatingSpringCoefficients

    init(channel: UInt32, model: Double, interval: Double, beginTime: Double, spring: InterpolatingSpringAnimation) {
        self.channel = channel
        self.model = model
        self.interval = interval
        self.beginTime = beginTime
        self.spring = spring
        self.logicalDuration = spring._logicalDuration
        self.duration = spring.duration
        self.coefficients = spring._coefficients
    }

    mutating func advance(to time: Double) -> ChannelStep {
        let t = time - beginTime
        let logical = t >= logicalDuration
        guard t < duration else { return ChannelStep(value: model, logicallyComplete: true, finished: true) }
        let fraction = coefficients.sample(time: t)
        guard fraction.isFinite else { return ChannelStep(value: model, logicallyComplete: true, finished: true) }
        return ChannelStep(value: model - interval + interval * fraction, logicallyComplete: logical, finished: false)
    }

    func velocity(at time: Double) -> Double {
        let rate = spring._sampleVelocity(time: time - beginTime)
        return rate.isFinite ? interval * rate : 0
    }
}

/// Anything else — custom animations, modifiers, combinations, merges of mixed kinds — through
/// `RunningAnimation`, exactly as `AnimatedProperty` runs it.
struct GenericChannel: EngineChannel {
    let channel: UInt32
    var model: Double
    var running: RunningAnimation<Double>

    mutating func advance(to time: Double) -> ChannelStep {
        guard let offset = running.offset(at: time) else { return ChannelStep(value: model, logicallyComplete: true, finished: true) }
        return ChannelStep(value: model - running.interval + offset, logicallyComplete: running.isLogicallyComplete, finished: false)
    }

    func velocity(at time: Double) -> Double { running.velocity(at: time) ?? 0 }
}
