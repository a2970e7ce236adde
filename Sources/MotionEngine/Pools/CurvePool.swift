import MotionCore

/// Bézier timing curves in struct-of-arrays form, four channels at a time through
/// `BezierAnimation._progress(_:duration:time:)`: MotionCore's solver, lane by lane, bitwise.
///
/// The kernel (`CurveLanes`) streams only what it reads — the solver's six coefficients, the clock and the
/// values, 84 bytes a channel — where a pool of `CurveChannel` records streamed 120 (the control
/// points ride along in the record); the animations themselves are kept aside for `read`.
final class CurvePool: PoolProtocol {
    let channel = Column<UInt32>(), reported = Column<Bool>()
    let model = Column<Double>(), interval = Column<Double>(), beginTime = Column<Double>(), duration = Column<Double>()
    let ax = Column<Double>(), bx = Column<Double>(), cx = Column<Double>()
    let ay = Column<Double>(), by = Column<Double>(), cy = Column<Double>()
    let animation = Column<BezierAnimation>()

    /// Made with the pool, not lazily: a lazy array would be allocated by the first removal,
    /// inside a tick that finishes a curve.
    private let doubleColumns: [Column<Double>]

    init() { doubleColumns = [model, interval, beginTime, duration, ax, bx, cx, ay, by, cy] }

    var count: Int { channel.count }

    func append(_ record: CurveChannel) -> Int {
        let c = record.curve._coefficients
        channel.append(record.channel)
        reported.append(false)
        // Column by column: an array of the values would be an allocation per channel added.
        model.append(record.model)
        interval.append(record.interval)
        beginTime.append(record.beginTime)
        duration.append(record.curve.duration)
        ax.append(c.ax)
        bx.append(c.bx)
        cx.append(c.cx)
        ay.append(c.ay)
        by.append(c.by)
        cy.append(c.cy)
        animation.append(record.curve)
        return count - 1
    }

    func read(_ slot: Int) -> CurveChannel {
        CurveChannel(channel: channel[slot], model: model[slot], interval: interval[slot], beginTime: beginTime[slot], curve: animation[slot])
    }

    func remove(slot: Int) -> UInt32? {
        channel.swapRemove(at: slot)
        reported.swapRemove(at: slot)
        for column in doubleColumns { column.swapRemove(at: slot) }
        animation.swapRemove(at: slot)
        return slot < count ? channel[slot] : nil
    }

    func velocity(slot: Int, time: Double) -> Double { 0 }

    func tick(_ range: Range<Int>, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        let lanes = CurveLanes(self)
        var i = range.lowerBound
        while i + 4 <= range.upperBound {
            lanes.tickFour(at: i, time: time, values: values, sink: sink)
            i += 4
        }
        while i < range.upperBound {
            var record = read(i)
            let step = record.advance(to: time)
            values[Int(record.channel)] = step.value
            sink.report(channel: record.channel, logical: step.logicallyComplete, finished: step.finished, reported: &reported[i])
            i += 1
        }
    }
}
