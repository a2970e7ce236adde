import MotionCore

/// The fluid pool's columns by base address, read once per tick or batch rather than through the
/// pool — two dependent loads per column — for every channel. Valid until the pool next grows or
/// shrinks; kernels and merges on disjoint slots may use it from several threads.
struct FluidColumns {
    let pool: FluidPool
    let channel: UnsafeMutablePointer<UInt32>, reported: UnsafeMutablePointer<Bool>, blending: UnsafeMutablePointer<Bool>
    let model: UnsafeMutablePointer<Double>, interval: UnsafeMutablePointer<Double>, beginTime: UnsafeMutablePointer<Double>
    let response: UnsafeMutablePointer<Double>, dampingFraction: UnsafeMutablePointer<Double>
    let blendDuration: UnsafeMutablePointer<Double>, stiffness: UnsafeMutablePointer<Double>, damping: UnsafeMutablePointer<Double>
    let offset: UnsafeMutablePointer<Double>, velocity: UnsafeMutablePointer<Double>, force: UnsafeMutablePointer<Double>
    let stateTime: UnsafeMutablePointer<Double>, startTime: UnsafeMutablePointer<Double>
    let blendStart: UnsafeMutablePointer<Double>, blendInterval: UnsafeMutablePointer<Double>

    init(_ pool: FluidPool) {
        self.pool = pool
        channel = pool.channel.base
        reported = pool.reported.base
        blending = pool.blending.base
        model = pool.model.base
        interval = pool.interval.base
        beginTime = pool.beginTime.base
        response = pool.response.base
        dampingFraction = pool.dampingFraction.base
        blendDuration = pool.blendDuration.base
        stiffness = pool.stiffness.base
        damping = pool.damping.base
        offset = pool.offset.base
        velocity = pool.velocity.base
        force = pool.force.base
        stateTime = pool.stateTime.base
        startTime = pool.startTime.base
        blendStart = pool.blendStart.base
        blendInterval = pool.blendInterval.base
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
            (r, k, c) = pool.blendingResponses(at: i, elapsed: e, response: r, stiffness: k, damping: c)
        }
        let logical = (e - load(startTime, i)) .>= r
        var t = load(stateTime, i)
        // A state more than a second behind jumps to a frame before now (§3.1, step 4): after a stall.
        let stale = (e - t) .> SIMD4(repeating: 1)
        if FourLanes.any(stale) { t.replace(with: e - SIMD4(repeating: 1.0 / 60), where: stale) }
        var x = load(offset, i), v = load(velocity, i), f = load(force, i)
        let target = load(interval, i)
        let step = SIMD4(repeating: FluidSpringAnimation.step), half = SIMD4(repeating: FluidSpringAnimation.halfStep)
        var active = t .< e
        // While every lane is behind the frame time (the usual case: channels animated together
        // share their clock) the step needs no masking — a third of the instructions on SSE2.
        while FourLanes.all(active) {
            (x, v, f) = _fluidStep(offset: x, velocity: v, force: f, target: target, stiffness: k, damping: c, step: step, half: half)
            t = t + step
            active = t .< e
        }
        while FourLanes.any(active) {
            let (nx, nv, nf) = _fluidStep(offset: x, velocity: v, force: f, target: target, stiffness: k, damping: c, step: step, half: half)
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
        let models = load(model, i)
        let presented = models - target + x
        // Resting needs both "arrived" and "still" (§3.1, step 6). Arrived — within a hundredth of the
        // distance, or a zero distance — is the cheaper test, and false in every lane for most of
        // an animation's frames; then every lane is moving and the velocity test is not made.
        let size = target * target, gap = (target - x) * (target - x)
        let arrived = (size .== SIMD4(repeating: 0)) .| (gap .<= size * SIMD4(repeating: 0.0001))
        if !FourLanes.any(arrived) {
            // Stored from here with a constant mask, which the common-case test folds away.
            FourLanes.store(
                presented, targets: models, moving: SIMDMask(repeating: true), logical: logical, ids: channel + i,
                reported: reported + i, into: values, sink: sink)
            return
        }
        // max(v², f²) ≤ threshold, as `max` picks for a NaN, written without a select (which SSE2
        // code generation turns into a branch per lane): v² ≤ threshold, and f² too unless f² > v² fails.
        let v2 = v * v, f2 = f * f, threshold = SIMD4(repeating: FluidSpringAnimation.restingThreshold)
        let still = (v2 .<= threshold) .& ((f2 .<= threshold) .| .!(f2 .> v2))
        FourLanes.store(
            presented, targets: models, moving: .!(still .& arrived), logical: logical, ids: channel + i,
            reported: reported + i, into: values, sink: sink)
    }
}
