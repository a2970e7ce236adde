/// The factor by which small-range values (angles in radians, unit points, colour components)
/// are multiplied in their `animatableData`.
///
/// The fluid spring decides it has come to rest with *absolute* thresholds in animatable-data
/// units (§3.1). SwiftUI scales data whose natural range is about one unit by 128 so those
/// thresholds mean the same for them as for points. Spec: docs/semantics.md §4.5.
@usableFromInline
internal let _animatableUnitScale: Double = 128
