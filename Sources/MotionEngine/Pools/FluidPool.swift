import MotionCore

/// The fluid spring family in struct-of-arrays form, advanced four channels at a time with
/// `SIMD4<Double>`.
///
/// Per lane the arithmetic is exactly `FluidSpringAnimation._advance` — the same operations in
/// the same order, lane-wise IEEE, no fused multiply-adds — so values are bitwise those of
/// `AnimatedProperty`. The integration loop is masked: every lane steps while any lane's state
/// is behind the frame time, and a lane that has caught up keeps its values (`replace(with:where:)`).
/// Stiffness and damping are cached per channel and recomputed per frame only while a merge is
/// blending the response.
final class FluidPool: PoolProtocol {
    let channel = Column<UInt32>(), reported = Column<Bool>(), blending = Column<Bool>()
    let model = Column<Double>(), interval = Column<Double>(), beginTime = Column<Double>()
    let response = Column<Double>(), dampingFraction = Column<Double>(), blendDuration = Column<Double>()
    let stiffness = Column<Double>(), damping = Column<Double>()
    let offset = Column<Double>(), velocity = Column<Double>(), force = Column<Double>(), stateTime = Column<Double>()
    let startTime = Column<Double>(), blendStart = Column<Double>(), blendInterval = Column<Double>()

    /// Made with the pool: built per call, the array cost an allocation per added or removed
    /// channel; made lazily, one allocation in the first tick that finished a spring.
    private let doubleColumns: [Column<Double>]

    init() {
        doubleColumns = [
            model, interval, beginTime, response, dampingFraction, blendDuration, stiffness, damping,
            offset, velocity, force, stateTime, startTime, blendStart, blendInterval,
        ]
    }

    var count: Int { channel.count }

    func append(_ record: FluidChannel, reported flag: Bool = false) -> Int {
        channel.append(record.channel)
        reported.append(flag)
        blending.append(false)
        for column in doubleColumns { column.append(0) }
        write(count - 1, record)
        return count - 1
    }

    /// The channel in `slot` as a record.
    func read(_ slot: Int) -> FluidChannel {
        var record = FluidChannel(
            channel: channel[slot], model: model[slot], interval: interval[slot], beginTime: beginTime[slot],
            spring: FluidSpringAnimation(
                response: response[slot], dampingFraction: dampingFraction[slot],
                blendDuration: blendDuration[slot]))
        record.state.offset = offset[slot]
        record.state.velocity = velocity[slot]
        record.state.force = force[slot]
        record.state.time = stateTime[slot]
        record.state.startTime = startTime[slot]
        record.state.blendStart = blendStart[slot]
        record.state.blendInterval = blendInterval[slot]
        return record
    }

    /// Stores a record into `slot` (which must exist), refreshing the cached stiffness.
    func write(_ slot: Int, _ record: FluidChannel) {
        model[slot] = record.model
        interval[slot] = record.interval
        beginTime[slot] = record.beginTime
        response[slot] = record.spring.response
        dampingFraction[slot] = record.spring.dampingFraction
        blendDuration[slot] = record.spring.blendDuration
        offset[slot] = record.state.offset
        velocity[slot] = record.state.velocity
        force[slot] = record.state.force
        stateTime[slot] = record.state.time
        startTime[slot] = record.state.startTime
        blendStart[slot] = record.state.blendStart
        blendInterval[slot] = record.state.blendInterval
        blending[slot] = record.spring.blendDuration > 0 && record.state.blendInterval != 0
        let k = FluidSpringAnimation._stiffness(response: record.spring.response)
        stiffness[slot] = k
        damping[slot] = FluidSpringAnimation._damping(fraction: record.spring.dampingFraction, stiffness: k)
    }

    func remove(slot: Int) -> UInt32? {
        channel.swapRemove(at: slot)
        reported.swapRemove(at: slot)
        blending.swapRemove(at: slot)
        for column in doubleColumns { column.swapRemove(at: slot) }
        return slot < count ? channel[slot] : nil
    }

    func velocity(slot: Int, time: Double) -> Double { velocity[slot] }

    func tick(_ range: Range<Int>, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        let lanes = FluidColumns(self)
        var i = range.lowerBound
        #if MOTIONENGINE_VECTOR_OPERATORS
            while i + 8 <= range.upperBound {
                lanes.tickEight(at: i, time: time, values: values, sink: sink)
                i += 8
            }
        #endif
        while i + 4 <= range.upperBound {
            lanes.tickFour(at: i, time: time, values: values, sink: sink)
            i += 4
        }
        while i < range.upperBound {
            tickOne(at: i, time: time, values: values, sink: sink)
            i += 1
        }
    }

    /// `r`, `k` and `c` with this frame's response, stiffness and damping in the lanes of
    /// `i..<i + 4` whose response is still blending after a merge. Out of line, and taking and
    /// returning values rather than `inout` ones, so that the common path keeps them in registers
    /// (an `inout` argument lives in memory on every path).
    @inline(never)
    func blendingResponses(
        at i: Int, elapsed e: SIMD4<Double>, response: SIMD4<Double>, stiffness: SIMD4<Double>,
        damping: SIMD4<Double>
    ) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        var (r, k, c) = (response, stiffness, damping)
        for lane in 0..<4 where blending[i + lane] {
            let record = read(i + lane)
            let rr = record.spring._effectiveResponse(time: e[lane], state: record.state)
            let kk = FluidSpringAnimation._stiffness(response: rr)
            r[lane] = rr
            k[lane] = kk
            c[lane] = FluidSpringAnimation._damping(fraction: record.spring.dampingFraction, stiffness: kk)
        }
        return (r, k, c)
    }

    private func tickOne(at slot: Int, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        var record = read(slot)
        let step = record.advance(to: time)
        offset[slot] = record.state.offset
        velocity[slot] = record.state.velocity
        force[slot] = record.state.force
        stateTime[slot] = record.state.time
        values[Int(record.channel)] = step.value
        sink.report(channel: record.channel, logical: step.logicallyComplete, finished: step.finished, reported: &reported[slot])
    }

}
