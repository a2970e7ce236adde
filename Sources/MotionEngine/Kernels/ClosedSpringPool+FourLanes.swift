import MotionCore

/// The closed-form spring kernel, four channels a call: the underdamped form's exponential, sine
/// and cosine from `VectorMath` on the pool's precomputed coefficients. (Critical springs and a
/// chunk's leftover lanes take `tickOne`, the scalar closed form.)
extension ClosedSpringPool {
    @inline(__always)
    private func load(_ column: Column<Double>, _ i: Int) -> SIMD4<Double> {
        UnsafeRawPointer(column.base + i).loadUnaligned(as: SIMD4<Double>.self)
    }

    func tickFour(at i: Int, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        let t = SIMD4(repeating: time) - load(beginTime, i)
        let logical = t .>= load(logicalDuration, i)
        let running = t .< load(duration, i)
        let decay = VectorMath.exp(load(exponent, i) * t)
        let (sine, cosine) = VectorMath.sincos(load(frequency, i) * t)
        let fraction = SIMD4(repeating: 1) - decay * (cosine + load(sineWeight, i) * sine)
        let finite = (fraction .== fraction) .& (fraction .< SIMD4(repeating: .infinity)) .& (fraction .> SIMD4(repeating: -.infinity))
        let moving = running .& finite
        let models = load(model, i), changes = load(interval, i)
        let presented = models - changes + changes * fraction
        FourLanes.store(
            presented, targets: models, moving: moving, logical: logical, ids: channel.base + i, reported: reported.base + i,
            into: values, sink: sink)
    }
}
