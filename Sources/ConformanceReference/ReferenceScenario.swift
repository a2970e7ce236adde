import FixtureFormat

/// A property scenario as the reference model plays it, which is how the engine protocol sends it
/// (docs/protocol.md §4, "property"): every change with the animation its transaction resolved to
/// along the modifiers on its path, as data, and the times to answer at.
public struct ReferenceScenario: Sendable, Equatable {
    public struct Change: Sendable, Equatable {
        public var time: Double
        public var value: [Double]
        /// The resolved animation (`{"spring": {…}, "delay": 0.2}`); nil changes without one.
        public var animation: JSONValue?
        public var tracksVelocity: Bool
        public var completion: Completion?

        public init(time: Double, value: [Double], animation: JSONValue?, tracksVelocity: Bool = false, completion: Completion? = nil) {
            (self.time, self.value, self.animation, self.tracksVelocity, self.completion) = (time, value, animation, tracksVelocity, completion)
        }
    }

    /// A completion callback of a change: its name, and whether it waits for the animation's
    /// removal rather than its logical completion (docs/semantics.md §5).
    public struct Completion: Sendable, Equatable {
        public var name: String
        public var waitsForRemoval: Bool

        public init(name: String, waitsForRemoval: Bool) {
            (self.name, self.waitsForRemoval) = (name, waitsForRemoval)
        }
    }

    public var valueType: ValueType
    public var initialValue: [Double]
    public var mergesCoincidentAnimations: Bool
    public var changes: [Change]
    public var sampleTimes: [Double]

    public init(valueType: ValueType, initialValue: [Double], mergesCoincidentAnimations: Bool, changes: [Change], sampleTimes: [Double]) {
        (self.valueType, self.initialValue, self.mergesCoincidentAnimations) = (valueType, initialValue, mergesCoincidentAnimations)
        (self.changes, self.sampleTimes) = (changes, sampleTimes)
    }
}
