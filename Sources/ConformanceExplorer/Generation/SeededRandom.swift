import HarnessSupport

/// The generator's randomness: SplitMix64, whose stream is fixed by its seed on every platform, so
/// a generated scenario is the same for a seed whatever the machine, the order or the thread count.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var stream: SplitMix64

    public init(seed: UInt64) { stream = SplitMix64(seed: seed) }

    /// The generator of scenario `index` of `seed`: scenarios are independent of each other, so a
    /// budget that stops early, or a run that starts later, sees the same scenarios.
    public init(seed: UInt64, index: Int) {
        var mixer = SeededRandom(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        for _ in 0...(index % 7) { _ = mixer.next() }
        stream = SplitMix64(seed: mixer.next() &+ UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03)
    }

    public mutating func next() -> UInt64 { stream.next() }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// A number from `range` on a grid of `step` (round numbers keep generated fixtures readable).
    public mutating func grid(_ range: ClosedRange<Double>, step: Double) -> Double {
        let steps = Int(((range.upperBound - range.lowerBound) / step).rounded(.down))
        let x = range.lowerBound + Double(Int.random(in: 0...steps, using: &self)) * step
        return (x * 1e6).rounded() / 1e6
    }

    public mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}
