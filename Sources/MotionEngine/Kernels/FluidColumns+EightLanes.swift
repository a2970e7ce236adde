#if MOTIONENGINE_VECTOR_OPERATORS
    import MotionCore

    // The fluid kernel eight channels at a time, for builds for a chosen CPU (Package.swift), where a
    // `SIMD8<Double>` is one AVX-512 register, as in the C reference kernel. The same operations as
    // `tickFour` in the same order in every lane, so the same bits; its events are reported four
    // lanes at a time, low half first, as two `tickFour`s would report them. On the x86-64 baseline
    // eight lanes are four SSE registers a value, which sixteen registers cannot hold.
    extension FluidColumns {
        @inline(__always)
        private func load8(_ column: UnsafeMutablePointer<Double>, _ i: Int) -> SIMD8<Double> {
            UnsafeRawPointer(column + i).loadUnaligned(as: SIMD8<Double>.self)
        }

        @inline(__always)
        private func store8(_ value: SIMD8<Double>, _ column: UnsafeMutablePointer<Double>, _ i: Int) {
            UnsafeMutableRawPointer(column + i).storeBytes(of: value, as: SIMD8<Double>.self)
        }

        @inline(__always)
        func tickEight(at i: Int, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
            let e = SIMD8(repeating: time) - load8(beginTime, i)
            var r = load8(response, i), k = load8(stiffness, i), c = load8(damping, i)
            // Eight one-byte flags read as one word: nonzero when any lane is blending.
            if UnsafeRawPointer(blending + i).loadUnaligned(as: UInt64.self) != 0 {
                let low = pool.blendingResponses(at: i, elapsed: e.lowHalf, response: r.lowHalf, stiffness: k.lowHalf, damping: c.lowHalf)
                let high = pool.blendingResponses(
                    at: i + 4, elapsed: e.highHalf, response: r.highHalf, stiffness: k.highHalf,
                    damping: c.highHalf)
                r = SIMD8(lowHalf: low.0, highHalf: high.0)
                k = SIMD8(lowHalf: low.1, highHalf: high.1)
                c = SIMD8(lowHalf: low.2, highHalf: high.2)
            }
            let elapsedSinceStart = e - load8(startTime, i)
            var t = load8(stateTime, i)
            // A state more than a second behind jumps to a frame before now (§3.1, step 4): after a stall.
            let stale = SIMD8._lanes(e - t, greaterThan: SIMD8(repeating: 1))
            if stale.any { t._replace(with: e - SIMD8(repeating: 1.0 / 60), where: stale) }
            var x = load8(offset, i), v = load8(velocity, i), f = load8(force, i)
            let target = VectorLanes8(load8(interval, i)), stiffness = VectorLanes8(k), damping = VectorLanes8(c)
            let step = SIMD8(repeating: FluidSpringAnimation.step), half = SIMD8(repeating: FluidSpringAnimation.halfStep)
            @inline(__always) func stepped(_ x: SIMD8<Double>, _ v: SIMD8<Double>, _ f: SIMD8<Double>) -> (SIMD8<Double>, SIMD8<Double>, SIMD8<Double>) {
                let next = _fluidStep(
                    offset: VectorLanes8(x), velocity: VectorLanes8(v), force: VectorLanes8(f), target: target,
                    stiffness: stiffness, damping: damping, step: VectorLanes8(step), half: VectorLanes8(half))
                return (next.offset.vector, next.velocity.vector, next.force.vector)
            }
            var active = SIMD8._lanes(t, lessThan: e)
            while active.all {
                (x, v, f) = stepped(x, v, f)
                t = t + step
                active = SIMD8._lanes(t, lessThan: e)
            }
            while active.any {
                let (nx, nv, nf) = stepped(x, v, f)
                x._replace(with: nx, where: active)
                f._replace(with: nf, where: active)
                v._replace(with: nv, where: active)
                t._replace(with: t + step, where: active)
                active = SIMD8._lanes(t, lessThan: e)
            }
            store8(x, offset, i)
            store8(v, velocity, i)
            store8(f, force, i)
            store8(t, stateTime, i)
            let models = load8(model, i)
            let presented = models - target.vector + x
            let logical = SIMD8._lanes(elapsedSinceStart, greaterThanOrEqualTo: r)
            // The rest test of `tickFour` (§3.1, step 6): "arrived" first, "still" only where some lane has.
            let size = target.vector * target.vector, gap = (target.vector - x) * (target.vector - x)
            let arrived = SIMD8._lanes(size, equalTo: SIMD8(repeating: 0)) .| SIMD8._lanes(gap, lessThanOrEqualTo: size * SIMD8(repeating: 0.0001))
            // The common case, all eight moving and none newly logically complete, tested on the
            // eight-lane masks: nothing to report, only the values to store.
            if !(arrived .| logical).any {
                FourLanes.scatter(presented.lowHalf, ids: channel + i, into: values)
                FourLanes.scatter(presented.highHalf, ids: channel + i + 4, into: values)
                return
            }
            let logicalLow = logical.half(high: false), logicalHigh = logical.half(high: true)
            if !arrived.any {
                FourLanes.store(
                    presented.lowHalf, targets: models.lowHalf, moving: SIMDMask(repeating: true), logical: logicalLow,
                    ids: channel + i, reported: reported + i, into: values, sink: sink)
                FourLanes.store(
                    presented.highHalf, targets: models.highHalf, moving: SIMDMask(repeating: true), logical: logicalHigh,
                    ids: channel + i + 4, reported: reported + i + 4, into: values, sink: sink)
                return
            }
            let v2 = v * v, f2 = f * f, threshold = SIMD8(repeating: FluidSpringAnimation.restingThreshold)
            let resting =
                SIMD8._lanes(v2, lessThanOrEqualTo: threshold)
                .& (SIMD8._lanes(f2, lessThanOrEqualTo: threshold) .| SIMD8._lanes(f2, notGreaterThan: v2)) .& arrived
            FourLanes.store(
                presented.lowHalf, targets: models.lowHalf, moving: .!resting.half(high: false), logical: logicalLow,
                ids: channel + i, reported: reported + i, into: values, sink: sink)
            FourLanes.store(
                presented.highHalf, targets: models.highHalf, moving: .!resting.half(high: true), logical: logicalHigh,
                ids: channel + i + 4, reported: reported + i + 4, into: values, sink: sink)
        }
    }
#endif
