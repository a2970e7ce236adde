import MotionCore

/// Interpolating springs (the closed form of §3.1) in struct-of-arrays form, four channels at a
/// time: the per-spring constants are computed once (`_InterpolatingSpringCoefficients`), and
/// the underdamped form's exponential, sine and cosine come from `VectorMath`.
///
/// Agreement: the vector functions are within a few ulp of glibc's, so these channels agree with
/// `AnimatedProperty` to within 1e-12 relative rather than bitwise (the one kernel that differs:
/// the allowance for kernels that reorder arithmetic). Critically damped springs, and
/// the lanes left over at the end of a chunk, use the scalar closed form itself and agree bitwise.
final class ClosedSpringPool: PoolProtocol {
    let channel = Column<UInt32>(), reported = Column<Bool>(), critical = Column<Bool>()
    let model = Column<Double>(), interval = Column<Double>(), beginTime = Column<Double>()
    let logicalDuration = Column<Double>(), duration = Column<Double>()
    let exponent = Column<Double>(), frequency = Column<Double>(), sineWeight = Column<Double>(), linear = Column<Double>()
    let spring = Column<InterpolatingSpringAnimation>()

    private var doubleColumns: [Column<Double>] {
        [model, interval, beginTime, logicalDuration, duration, exponent, frequency, sineWeight, linear]
    }

    var count: Int { channel.count }

    func append(_ record: SpringChannel) -> Int {
        let coefficients = record.coefficients
        channel.append(record.channel)
        reported.append(false)
        critical.append(coefficients.isCritical)
        model.append(record.model)
        interval.append(record.interval)
        beginTime.append(record.beginTime)
        logicalDuration.append(record.logicalDuration)
        duration.append(record.duration)
        exponent.append(coefficients.exponent)
        frequency.append(coefficients.frequency)
        sineWeight.append(coefficients.sineWeight)
        linear.append(coefficients.linear)
        spring.append(record.spring)
        return count - 1
    }

    func read(_ slot: Int) -> SpringChannel {
        SpringChannel(channel: channel[slot], model: model[slot], interval: interval[slot], beginTime: beginTime[slot], spring: spring[slot])
    }

    func remove(slot: Int) -> UInt32? {
        channel.swapRemove(at: slot)
        reported.swapRemove(at: slot)
        critical.swapRemove(at: slot)
        for column in doubleColumns { column.swapRemove(at: slot) }
        spring.swapRemove(at: slot)
        return slot < count ? channel[slot] : nil
    }

    func velocity(slot: Int, time: Double) -> Double { read(slot).velocity(at: time) }

    func tick(_ range: Range<Int>, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        var i = range.lowerBound
        while i + 4 <= range.upperBound {
            let flags = critical.base
            if flags[i] || flags[i + 1] || flags[i + 2] || flags[i + 3] {
                for slot in i..<(i + 4) { tickOne(slot, time: time, values: values, sink: sink) }
            } else {
                tickFour(at: i, time: time, values: values, sink: sink)
            }
            i += 4
        }
        while i < range.upperBound {
            tickOne(i, time: time, values: values, sink: sink)
            i += 1
        }
    }

    func tickOne(_ slot: Int, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        var record = read(slot)
        let step = record.advance(to: time)
        values[Int(record.channel)] = step.value
        sink.report(channel: record.channel, logical: step.logicallyComplete, finished: step.finished, reported: &reported[slot])
    }
}
