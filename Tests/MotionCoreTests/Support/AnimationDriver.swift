import MotionCore

/// Drives an animation directly, frame by frame, as a harness does with a public context.
struct AnimationDriver<V: VectorArithmetic> {
    let animation: Animation
    let value: V
    var context = AnimationContext<V>()

    init(_ animation: Animation, value: V) {
        self.animation = animation
        self.value = value
    }

    mutating func frame(at time: Double) -> V? {
        animation.animate(value: value, time: time, context: &context)
    }

    /// Samples at each time until the animation finishes; nil entries after that.
    static func samples(_ animation: Animation, value: V, times: [Double]) -> [V?] {
        var driver = AnimationDriver(animation, value: value)
        var finished = false
        return times.map { t in
            if finished { return nil }
            let x = driver.frame(at: t)
            finished = x == nil
            return x
        }
    }
}

/// Frame times at `hertz` from 0 up to `end` inclusive, computed as i/hertz (not accumulated).
func frameTimes(hertz: Double, through end: Double) -> [Double] {
    (0...Int((end * hertz).rounded())).map { Double($0) / hertz }
}
