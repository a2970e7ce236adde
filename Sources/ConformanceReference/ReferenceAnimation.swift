import FixtureFormat
import Foundation

/// The reference model's animations: written from the specification's text, separately from
/// MotionCore, on scalars only, in a plain object style. It reads animations from their fixture
/// data, not from MotionCore's `Animation` values.
///
/// Each object is one running instance: `offset(t)` advances it to elapsed time t and returns the
/// part of `change` covered (nil when finished); `speed(t)` its velocity.
package class ReferenceAnimation {
    /// The change covered. Wrappers pass it on to what they wrap.
    var change: Double {
        didSet { changeDidSet() }
    }

    func changeDidSet() {}

    /// Set once the animation reports logical completion.
    var logicallyDone = false

    init(change: Double) { self.change = change }

    func offset(_ t: Double) -> Double? { fatalError("subclass") }
    func speed(_ t: Double) -> Double? { nil }
    /// Whether `self`, arriving while `previous` runs, takes it over (and seeds itself from it).
    func takesOver(_ previous: ReferenceAnimation, at t: Double) -> Bool { false }
    func copy() -> ReferenceAnimation { fatalError("subclass") }
    /// What the animation is, with its parameters: two animations are equal when these are.
    var identity = ""
    /// The fluid spring whose state this animation's context holds (through pass-through
    /// wrappers), if any: a spring that takes over starts from that state.
    var stateSpring: ReferenceFluidSpring? { nil }
}

/// Cubic Bézier timing curves: `change · y(x = t/d)`, solved by bisection on the Bernstein form.
package final class ReferenceCurve: ReferenceAnimation {
    let p: [Double]
    package let duration: Double
    let clampsY: Bool
    let reportsSpeed: Bool
    /// `UnitCurve.linear` returns progress as given (§2.2); Bézier curves round to 2⁻²⁰.
    let rounds: Bool

    package init(change: Double, controlPoints p: [Double], duration: Double, clampsY: Bool, reportsSpeed: Bool, rounds: Bool = true) {
        self.p = p
        self.duration = duration
        self.clampsY = clampsY
        self.reportsSpeed = reportsSpeed
        self.rounds = rounds
        super.init(change: change)
    }

    static func bernstein(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s }

    func parameter(_ x: Double) -> Double {
        // The ends exactly: X(0) = 0 and X(1) = 1, where a slope may be vertical (§2.2).
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let x1 = min(max(p[0], 0), 1), x2 = min(max(p[2], 0), 1)
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if Self.bernstein(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    func progress(_ x: Double) -> Double {
        let s = parameter(min(max(x, 0), 1))
        let y1 = clampsY ? min(max(p[1], 0), 1) : p[1], y2 = clampsY ? min(max(p[3], 0), 1) : p[3]
        let y = Self.bernstein(y1, y2, s)
        return rounds ? Self.onGrid(y) : y
    }

    /// The nearest multiple of 2⁻²⁰: a curve's results are rounded so (§2.2), and so is the
    /// progress of a timing-curve animation (§2.3).
    static func onGrid(_ y: Double) -> Double { (y * 1_048_576).rounded() / 1_048_576 }

    override func offset(_ t: Double) -> Double? {
        if duration <= 0 || t > duration { return nil }
        return change * progress(t / duration)
    }

    /// The slope dy/dx as §2.2 computes it: each derivative in the coefficient form
    /// c + (2b + 3a·s)·s, in doubles, compared exactly — 1 where both are equal (0/0 at a flat end
    /// whose coefficients cancel exactly), ±∞ where only dx is 0. Where rounding leaves a derivative
    /// that vanishes mathematically a tiny non-zero (easeIn at 1), the quotient stands: 0, as Apple
    /// measured (§9 C05).
    package func slope(_ x: Double) -> Double {
        let s = parameter(min(max(x, 0), 1))
        func derivative(_ p1: Double, _ p2: Double) -> Double {
            let c = 3 * p1, b = 3 * (p2 - p1) - c
            let a = 1 - c - b
            return c + (2 * b + 3 * a * s) * s
        }
        let dx = derivative(min(max(p[0], 0), 1), min(max(p[2], 0), 1)), dy = derivative(p[1], p[3])
        if dx == dy { return 1 }
        if dx == 0 { return dy < 0 ? -.infinity : .infinity }
        return rounds ? Self.onGrid(dy / dx) : dy / dx
    }

    override func speed(_ t: Double) -> Double? {
        guard reportsSpeed, duration > 0 else { return nil }
        return change * slope(t / duration) / duration
    }

    override func copy() -> ReferenceAnimation {
        ReferenceCurve(change: change, controlPoints: p, duration: duration, clampsY: clampsY, reportsSpeed: reportsSpeed, rounds: rounds)
    }
}

/// The fluid spring (§3.1): fixed steps of 1/300 s, rest test, merging that keeps position and
/// velocity and blends the response.
final class ReferenceFluidSpring: ReferenceAnimation {
    let response: Double, fraction: Double, blendDuration: Double
    var position = 0.0, velocity = 0.0, acceleration = 0.0, clock = 0.0, start = 0.0, blendFrom = 0.0, blendDelta = 0.0

    /// The vector's rest test this spring takes part in, and its name there (nil for a scalar).
    let coupling: ReferenceRestCoupling?, name: Int

    init(change: Double, response: Double, fraction: Double, blendDuration: Double) {
        self.response = response
        self.fraction = fraction
        self.blendDuration = blendDuration
        coupling = ReferenceRestCoupling.current
        name = coupling?.register() ?? 0
        super.init(change: change)
    }

    func currentResponse(_ t: Double) -> Double {
        if blendDuration > 0 && blendDelta != 0 {
            let u = min(max((t - blendFrom) / blendDuration, 0), 1)
            return response + blendDelta * (1 - u * u * (3 - 2 * u))
        }
        return response
    }

    override func offset(_ t: Double) -> Double? {
        let r = currentResponse(t)
        let stiffness = r > 0 ? min(pow(2 * Double.pi / r, 2), 45000) : 45000
        if t - start >= r { logicallyDone = true }
        if t - clock > 1 { clock = t - 1.0 / 60 }
        let friction = 2 * fraction * sqrt(stiffness)
        while clock < t {
            let half = acceleration * (1.0 / 600) + velocity
            position += half * (1.0 / 300)
            acceleration = -friction * half + stiffness * (change - position)
            velocity = acceleration * (1.0 / 600) + half
            clock += 1.0 / 300
        }
        let terms = RestTerms(
            velocity: velocity * velocity, force: acceleration * acceleration, distance: (change - position) * (change - position),
            allowance: (0.01 * change) * (0.01 * change), value: change * change)
        let rests = coupling.map { $0.rests(name, at: t, terms) } ?? terms.rest
        return rests ? nil : position
    }

    override func speed(_ t: Double) -> Double? { velocity }

    override var stateSpring: ReferenceFluidSpring? { self }

    override func takesOver(_ previous: ReferenceAnimation, at t: Double) -> Bool {
        // Start from the state the previous animation's context holds, as it was before this
        // moment; then take its velocity (as of its last frame) and its position now.
        if let spring = previous.stateSpring {
            (position, velocity, acceleration, clock, start, blendFrom, blendDelta) =
                (spring.position, spring.velocity, spring.acceleration, spring.clock, spring.start, spring.blendFrom, spring.blendDelta)
        }
        if let v = previous.speed(t) { velocity = v }
        // Where the previous animation is now; at its target, the whole interval, if it has finished.
        position = previous.offset(t) ?? previous.change
        clock = t
        start = t
        if let spring = previous as? ReferenceFluidSpring, spring.response != response {
            blendDelta = spring.response - response
            blendFrom = t
        }
        return true
    }

    override func copy() -> ReferenceAnimation {
        let c = ReferenceFluidSpring(change: change, response: response, fraction: fraction, blendDuration: blendDuration)
        (c.position, c.velocity, c.acceleration, c.clock, c.start, c.blendFrom, c.blendDelta) = (
            position, velocity, acceleration, clock, start, blendFrom, blendDelta
        )
        c.logicallyDone = logicallyDone
        return c
    }
}

/// The squared lengths the fluid spring's rest test reads (§3.1 item 6): of one component, or
/// summed over a vector's (§4.5).
struct RestTerms {
    /// |velocity|², |force|², |value − offset|², |0.01·value|², |value|².
    package var velocity, force, distance, allowance, value: Double

    /// Still (max(|velocity|², |force|²) ≤ 0.0036) and near (|value − offset|² ≤ |0.01·value|²,
    /// or value is zero).
    var rest: Bool { max(velocity, force) <= 0.0036 && (value == 0 || distance <= allowance) }

    static func + (a: RestTerms, b: RestTerms) -> RestTerms {
        RestTerms(
            velocity: a.velocity + b.velocity, force: a.force + b.force, distance: a.distance + b.distance, allowance: a.allowance + b.allowance,
            value: a.value + b.value)
    }

    static let zero = RestTerms(velocity: 0, force: 0, distance: 0, allowance: 0, value: 0)
}

/// The interpolating spring (§3.1): a closed form, the critical one whenever ζ ≥ 1.
final class ReferenceInterpolatingSpring: ReferenceAnimation {
    let m: Double, k: Double, c: Double, v0: Double

    init(change: Double, mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        (m, k, c, v0) = (mass, stiffness, damping, initialVelocity)
        super.init(change: change)
    }

    var w0: Double { sqrt(k / m) }
    var zeta: Double { c / (2 * sqrt(m * k)) }

    func fraction(_ t: Double) -> Double {
        if zeta >= 1 { return 1 - (1 + (w0 - v0) * t) * exp(-w0 * t) }
        let wd = w0 * sqrt(1 - zeta * zeta)
        return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
    }

    /// The end: within 0.001 of the target (§3.1), scanned on the 0.1 s grid when not oscillating.
    lazy var end: Double = {
        if !w0.isFinite { return 0 }
        if zeta == 0 { return .infinity }
        if zeta < 1 {
            let a = (zeta * w0 - v0) / (w0 * sqrt(1 - zeta * zeta))
            return max(0, -log(0.001 / (1 + abs(a))) / (zeta * w0))
        }
        var bestTime = -1.0, best = Double.infinity, time = 0.0
        for _ in 0..<1024 {
            let d = abs(1 - fraction(time))
            if !d.isFinite { break }
            if best >= 0.001 {
                if d < best { (bestTime, best) = (time, d) }
            } else if d >= 0.001 {
                best = .infinity
            } else if time - bestTime > 1 {
                return bestTime
            }
            time += 0.1
        }
        return 0
    }()

    override func offset(_ t: Double) -> Double? {
        if t >= (k.isFinite ? 2 * Double.pi / sqrt(k) : 0) { logicallyDone = true }
        guard t < end else { return nil }
        let f = fraction(t)
        return f.isFinite ? change * f : nil
    }

    /// d fraction / dt, differentiated by hand from `fraction`.
    override func speed(_ t: Double) -> Double? {
        let rate: Double
        if zeta >= 1 {
            let a = w0 - v0
            rate = exp(-w0 * t) * (w0 * (1 + a * t) - a)
        } else {
            let wd = w0 * sqrt(1 - zeta * zeta), b = (zeta * w0 - v0) / wd, decay = zeta * w0
            rate = exp(-decay * t) * ((decay - b * wd) * cos(wd * t) + (decay * b + wd) * sin(wd * t))
        }
        return rate.isFinite ? change * rate : nil
    }

    override func copy() -> ReferenceAnimation { ReferenceInterpolatingSpring(change: change, mass: m, stiffness: k, damping: c, initialVelocity: v0) }
}

/// The harness's custom animations: linear, with velocity (MyLinearAnimation), or merging.
final class ReferenceLinearCustom: ReferenceAnimation {
    package let duration: Double
    let merges: Bool

    init(change: Double, duration: Double, merges: Bool) {
        self.duration = duration
        self.merges = merges
        super.init(change: change)
    }

    override func offset(_ t: Double) -> Double? { t <= duration ? change * t / duration : nil }
    override func speed(_ t: Double) -> Double? { merges ? nil : change / duration }
    override func takesOver(_ previous: ReferenceAnimation, at t: Double) -> Bool { merges }
    override func copy() -> ReferenceAnimation { ReferenceLinearCustom(change: change, duration: duration, merges: merges) }
}
