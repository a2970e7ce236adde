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

    // Made once: built per call, the array cost an allocation per added or removed channel.
    private lazy var doubleColumns: [Column<Double>] =
        [model, interval, beginTime, response, dampingFraction, blendDuration, stiffness, damping,
         offset, velocity, force, stateTime, startTime, blendStart, blendInterval]

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
        var record = FluidChannel(channel: channel[slot], model: model[slot], interval: interval[slot], beginTime: beginTime[slot],
                                  spring: FluidSpringAnimation(response: response[slot], dampingFraction: dampingFraction[slot],
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
        damping[slot] = 2 * record.spring.dampingFraction * k.squareRoot()
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
        let lanes = _Lanes(self)
        var i = range.lowerBound
        while i + 4 <= range.upperBound {
            lanes.tickFour(at: i, time: time, values: values, sink: sink)
            i += 4
        }
        while i < range.upperBound {
            tickOne(at: i, time: time, values: values, sink: sink)
            i += 1
        }
    }

    /// The columns' base addresses, read once per tick rather than through the pool (two
    /// dependent loads per column) for every four channels.
    private struct _Lanes {
        let pool: FluidPool
        let channel: UnsafeMutablePointer<UInt32>, reported: UnsafeMutablePointer<Bool>, blending: UnsafeMutablePointer<Bool>
        let model: UnsafeMutablePointer<Double>, interval: UnsafeMutablePointer<Double>, beginTime: UnsafeMutablePointer<Double>
        let response: UnsafeMutablePointer<Double>, stiffness: UnsafeMutablePointer<Double>, damping: UnsafeMutablePointer<Double>
        let offset: UnsafeMutablePointer<Double>, velocity: UnsafeMutablePointer<Double>, force: UnsafeMutablePointer<Double>
        let stateTime: UnsafeMutablePointer<Double>, startTime: UnsafeMutablePointer<Double>

        init(_ pool: FluidPool) {
            self.pool = pool
            channel = pool.channel.base
            reported = pool.reported.base
            blending = pool.blending.base
            model = pool.model.base
            interval = pool.interval.base
            beginTime = pool.beginTime.base
            response = pool.response.base
            stiffness = pool.stiffness.base
            damping = pool.damping.base
            offset = pool.offset.base
            velocity = pool.velocity.base
            force = pool.force.base
            stateTime = pool.stateTime.base
            startTime = pool.startTime.base
        }

        @inline(__always)
        private func load(_ column: UnsafeMutablePointer<Double>, _ i: Int) -> SIMD4<Double> {
            UnsafeRawPointer(column + i).loadUnaligned(as: SIMD4<Double>.self)
        }

        @inline(__always)
        private func store(_ value: SIMD4<Double>, _ column: UnsafeMutablePointer<Double>, _ i: Int) {
            UnsafeMutableRawPointer(column + i).storeBytes(of: value, as: SIMD4<Double>.self)
        }

        @inline(__always)
        func tickFour(at i: Int, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
            let e = SIMD4(repeating: time) - load(beginTime, i)
            var r = load(response, i), k = load(stiffness, i), c = load(damping, i)
            // Four one-byte flags read as one word: nonzero when any lane is blending.
            if UnsafeRawPointer(blending + i).loadUnaligned(as: UInt32.self) != 0 {
                pool.blendResponses(at: i, elapsed: e, response: &r, stiffness: &k, damping: &c)
            }
            let logical = (e - load(startTime, i)) .>= r
            var t = load(stateTime, i)
            t.replace(with: e - SIMD4(repeating: 1.0 / 60), where: (e - t) .> SIMD4(repeating: 1))
            var x = load(offset, i), v = load(velocity, i), f = load(force, i)
            let target = load(interval, i)
            let step = SIMD4(repeating: FluidSpringAnimation.step), half = SIMD4(repeating: FluidSpringAnimation.halfStep)
            var active = t .< e
            // While every lane is behind the frame time (the usual case: channels animated together
            // share their clock) the step needs no masking — a third of the instructions on SSE2.
            while FourLanes.all(active) {
                let mid = f * half + v
                x = x + mid * step
                f = (target - x) * k - mid * c
                v = f * half + mid
                t = t + step
                active = t .< e
            }
            while FourLanes.any(active) {
                let mid = f * half + v
                let nx = x + mid * step
                let nf = (target - nx) * k - mid * c
                let nv = nf * half + mid
                x.replace(with: nx, where: active)
                f.replace(with: nf, where: active)
                v.replace(with: nv, where: active)
                t.replace(with: t + step, where: active)
                active = t .< e
            }
            store(x, offset, i)
            store(v, velocity, i)
            store(f, force, i)
            store(t, stateTime, i)
            let v2 = v * v, f2 = f * f
            let still = v2.replacing(with: f2, where: f2 .> v2) .<= SIMD4(repeating: FluidSpringAnimation.restingThreshold)
            let size = target * target, gap = (target - x) * (target - x)
            let arrived = (size .== SIMD4(repeating: 0)) .| (gap .<= size * SIMD4(repeating: 0.0001))
            let resting = still .& arrived
            let models = load(model, i)
            let presented = models - target + x
            let ids = channel + i
            if FourLanes.storeIfCommon(presented, moving: .!resting, logical: logical, reported: reported + i, ids: ids, into: values) {
                return
            }
            for lane in 0..<4 {
                let slot = i + lane, id = ids[lane]
                if resting[lane] {
                    values[Int(id)] = models[lane]
                    sink.report(channel: id, logical: true, finished: true, reported: &reported[slot])
                } else {
                    values[Int(id)] = presented[lane]
                    if logical[lane] { sink.report(channel: id, logical: true, finished: false, reported: &reported[slot]) }
                }
            }
        }
    }

    /// The lanes of `i..<i + 4` whose response is still blending after a merge get this frame's
    /// response, stiffness and damping. Out of line: the common path keeps its registers.
    @inline(never)
    fileprivate func blendResponses(at i: Int, elapsed e: SIMD4<Double>, response r: inout SIMD4<Double>,
                                stiffness k: inout SIMD4<Double>, damping c: inout SIMD4<Double>) {
        for lane in 0..<4 where blending[i + lane] {
            let record = read(i + lane)
            let rr = record.spring._effectiveResponse(time: e[lane], state: record.state)
            let kk = FluidSpringAnimation._stiffness(response: rr)
            r[lane] = rr
            k[lane] = kk
            c[lane] = 2 * record.spring.dampingFraction * kk.squareRoot()
        }
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
