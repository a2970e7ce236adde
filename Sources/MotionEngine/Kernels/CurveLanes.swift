import MotionCore

/// The curve pool's columns by base address, read once per tick (as `CubicLanes` does for
/// keyframes), and the four-lane kernel: MotionCore's Bézier solver on four channels' six
/// coefficients at once, `BezierAnimation._progress`, so each lane is bitwise the scalar path.
struct CurveLanes {
    let channel: UnsafeMutablePointer<UInt32>, reported: UnsafeMutablePointer<Bool>
    let model: UnsafePointer<Double>, interval: UnsafePointer<Double>
    let beginTime: UnsafePointer<Double>, duration: UnsafePointer<Double>
    let ax: UnsafePointer<Double>, bx: UnsafePointer<Double>, cx: UnsafePointer<Double>
    let ay: UnsafePointer<Double>, by: UnsafePointer<Double>, cy: UnsafePointer<Double>

    init(_ pool: CurvePool) {
        channel = pool.channel.base
        reported = pool.reported.base
        model = UnsafePointer(pool.model.base)
        interval = UnsafePointer(pool.interval.base)
        beginTime = UnsafePointer(pool.beginTime.base)
        duration = UnsafePointer(pool.duration.base)
        ax = UnsafePointer(pool.ax.base)
        bx = UnsafePointer(pool.bx.base)
        cx = UnsafePointer(pool.cx.base)
        ay = UnsafePointer(pool.ay.base)
        by = UnsafePointer(pool.by.base)
        cy = UnsafePointer(pool.cy.base)
    }

    @inline(__always)
    private func load(_ column: UnsafePointer<Double>, _ i: Int) -> SIMD4<Double> {
        UnsafeRawPointer(column + i).loadUnaligned(as: SIMD4<Double>.self)
    }

    /// Channels i to i + 3 at `time`.
    @inline(__always)
    func tickFour(at i: Int, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        let curves = _BezierCoefficientLanes(
            ax: load(ax, i), bx: load(bx, i), cx: load(cx, i),
            ay: load(ay, i), by: load(by, i), cy: load(cy, i))
        let (progress, finished) = BezierAnimation._progress(
            curves, duration: load(duration, i),
            time: SIMD4(repeating: time) - load(beginTime, i))
        let changes = load(interval, i), targets = load(model, i)
        let presented = targets - changes + changes * progress
        FourLanes.store(
            presented, targets: targets, moving: .!finished, logical: SIMDMask(repeating: false), ids: channel + i,
            reported: reported + i, into: values, sink: sink)
    }
}
