import MotionCore

/// The keyframe pool's columns that the four-lane cubic kernel reads, by base address, taken
/// once per tick. Read through the pool instead, each column costs two dependent loads per four
/// channels: the kernel's stores through the value buffer might, for all the compiler knows,
/// change a column's base, so it reloads them every time. Valid until the pool next grows or
/// shrinks; chunks on different threads may use it at once.
struct CubicLanes {
    let kind: UnsafePointer<KeyframePool.SegmentKind>, channel: UnsafePointer<UInt32>
    let startTime: UnsafePointer<Double>, start: UnsafePointer<Double>, duration: UnsafePointer<Double>
    let from: UnsafePointer<Double>, to: UnsafePointer<Double>
    let startTangent: UnsafePointer<Double>, endTangent: UnsafePointer<Double>

    init(_ pool: KeyframePool) {
        kind = UnsafePointer(pool.current.kind.base)
        channel = UnsafePointer(pool.channel.base)
        startTime = UnsafePointer(pool.startTime.base)
        start = UnsafePointer(pool.current.start.base)
        duration = UnsafePointer(pool.current.duration.base)
        from = UnsafePointer(pool.current.from.base)
        to = UnsafePointer(pool.current.to.base)
        startTangent = UnsafePointer(pool.current.startTangent.base)
        endTangent = UnsafePointer(pool.current.endTangent.base)
    }

    @inline(__always)
    private func load(_ column: UnsafePointer<Double>, _ i: Int) -> SIMD4<Double> {
        UnsafeRawPointer(column + i).loadUnaligned(as: SIMD4<Double>.self)
    }

    /// The common case four channels at a time: each inside a cubic segment it was already in.
    /// The Hermite expression is `KeyframePool.tickOne`'s (`_hermite`), in four lanes. Returns
    /// false, changing nothing, if any of the four needs more (a cursor to move, another kind of
    /// segment, the end).
    @inline(__always)
    func tickFour(at i: Int, time: Double, values: UnsafeMutablePointer<Double>) -> Bool {
        // Four one-byte kinds read as one word: zero when all four are cubic.
        guard UnsafeRawPointer(kind + i).loadUnaligned(as: UInt32.self) == 0 else { return false }
        let t = SIMD4(repeating: time) - load(startTime, i)
        let duration = load(self.duration, i)
        var local = t - load(start, i)
        guard FourLanes.all(local .<= duration) else { return false }
        local.replace(with: 0, where: .!(local .>= 0)) // max(0, local), NaN included
        // The combination `_KeyframeSegments._value` makes, with `scaled(by:)` as a product.
        let value = _hermite(
            _hermiteBasis(VectorLanes(local / duration)), from: VectorLanes(load(from, i)), to: VectorLanes(load(to, i)),
            startTangent: VectorLanes(load(startTangent, i)), endTangent: VectorLanes(load(endTangent, i)))
        FourLanes.scatter(value.vector, ids: channel + i, into: values)
        return true
    }
}
