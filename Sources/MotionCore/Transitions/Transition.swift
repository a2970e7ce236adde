import Foundation

/// Where a view is in its transition: about to appear, shown, or just removed (§8.1).
public enum TransitionPhase: Hashable, Sendable {
    case willAppear
    case identity
    case didDisappear

    /// −1 before appearing, 0 shown, +1 after disappearing.
    public var value: Double {
        switch self {
        case .willAppear: return -1
        case .identity: return 0
        case .didDisappear: return 1
        }
    }

    public var isIdentity: Bool { self == .identity }
}

/// The edges a view can move towards. Leading and trailing are left and right (left-to-right).
public enum Edge: Hashable, Sendable, CaseIterable {
    case top, leading, bottom, trailing

    public var opposite: Edge {
        switch self {
        case .top: return .bottom
        case .bottom: return .top
        case .leading: return .trailing
        case .trailing: return .leading
        }
    }
}

/// The animatable properties a transition sets on a view: what its modifiers would render.
/// Animatable as a whole, so an `AnimatedProperty<TransitionValues>` animates a transition.
public struct TransitionValues: Hashable, Sendable {
    public var opacity: Double = 1
    public var scale = CGSize(width: 1, height: 1)
    public var scaleAnchor: UnitPoint = .center
    public var offset: CGSize = .zero
    public var blurRadius: Double = 0

    public init() {}

    /// The values with no transition applied.
    public static let identity = TransitionValues()
}

extension TransitionValues: Animatable {
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<CGSize.AnimatableData, CGSize.AnimatableData>> {
        get { AnimatablePair(AnimatablePair(opacity, blurRadius), AnimatablePair(scale.animatableData, offset.animatableData)) }
        set {
            opacity = newValue.first.first
            blurRadius = newValue.first.second
            scale.animatableData = newValue.second.first
            offset.animatableData = newValue.second.second
        }
    }
}

/// A transition: for each phase, how it changes a view's properties (§8.1). Built-ins, modifier
/// pairs, and the `asymmetric` and `combined(with:)` compositions.
///
/// Insertion animates willAppear → identity, removal identity → didDisappear, each with the
/// transaction's animation.
public struct AnyTransition: Sendable {
    /// Applies the transition for a phase to the values of a view of the given size.
    let body: @Sendable (TransitionPhase, CGSize, inout TransitionValues) -> Void
    /// Whether the transition moves anything (false for `.opacity` and `.identity`).
    public let hasMotion: Bool

    init(hasMotion: Bool = true, body: @escaping @Sendable (TransitionPhase, CGSize, inout TransitionValues) -> Void) {
        self.body = body
        self.hasMotion = hasMotion
    }

    /// The view's properties at `phase`, for a view of `size` (needed by `move` and `slide`).
    public func values(for phase: TransitionPhase, size: CGSize = .zero) -> TransitionValues {
        var values = TransitionValues()
        body(phase, size, &values)
        return values
    }

    /// `active` when not at identity, `identity` at identity.
    public static func modifier(active: @escaping @Sendable (inout TransitionValues) -> Void, identity: @escaping @Sendable (inout TransitionValues) -> Void)
        -> AnyTransition
    {
        AnyTransition { phase, _, values in phase.isIdentity ? identity(&values) : active(&values) }
    }

    /// No change; no motion.
    public static let identity = AnyTransition(hasMotion: false) { _, _, _ in }

    /// Fades: opacity 0 when not at identity.
    public static let opacity = AnyTransition(hasMotion: false) { phase, _, values in
        if !phase.isIdentity { values.opacity = 0 }
    }

    /// Scales from nearly nothing (1e-5) about the centre.
    public static var scale: AnyTransition { .scale(scale: 1e-5) }

    /// Scales from `scale` about `anchor`.
    public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition { phase, _, values in
            if !phase.isIdentity {
                values.scale = CGSize(width: scale, height: scale)
                values.scaleAnchor = anchor
            }
        }
    }

    /// Offsets by `offset` when not at identity.
    public static func offset(_ offset: CGSize) -> AnyTransition {
        AnyTransition { phase, _, values in
            if !phase.isIdentity { values.offset = offset }
        }
    }

    public static func offset(x: Double = 0, y: Double = 0) -> AnyTransition {
        .offset(CGSize(width: x, height: y))
    }

    /// Moves by the view's full size towards `edge` when not at identity: top (0, −h),
    /// leading (−w, 0), bottom (0, h), trailing (w, 0).
    public static func move(edge: Edge) -> AnyTransition {
        AnyTransition { phase, size, values in
            if !phase.isIdentity { values.offset = _edgeOffset(edge, size) }
        }
    }

    /// Inserts from the leading edge, removes towards the trailing edge.
    public static var slide: AnyTransition {
        .asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing))
    }

    /// Inserts from `edge` and removes towards the opposite edge, fading when not at identity.
    public static func push(from edge: Edge) -> AnyTransition {
        AnyTransition { phase, size, values in
            switch phase {
            case .willAppear: values.offset = _edgeOffset(edge, size)
            case .didDisappear: values.offset = _edgeOffset(edge.opposite, size)
            case .identity: return
            }
            values.opacity = 0
        }
    }

    /// How `.blurReplace` moves the content: down then up, or up then up.
    public enum BlurReplaceStyle: Hashable, Sendable { case downUp, upUp }

    /// Fades, blurs by 7 and scales to 0.9 (to 1.1 when disappearing in the `.upUp` style).
    public static func blurReplace(_ style: BlurReplaceStyle = .downUp) -> AnyTransition {
        AnyTransition { phase, _, values in
            guard !phase.isIdentity else { return }
            values.opacity = 0
            values.blurRadius = 7
            let scale = (style == .upUp && phase == .didDisappear) ? 1.1 : 0.9
            values.scale = CGSize(width: scale, height: scale)
        }
    }

    /// `insertion` while appearing, `removal` while disappearing:
    /// `removal(insertion(content, p == .didDisappear ? .identity : p), p == .didDisappear ? p : .identity)`.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(hasMotion: insertion.hasMotion || removal.hasMotion) { phase, size, values in
            insertion.body(phase == .didDisappear ? .identity : phase, size, &values)
            removal.body(phase == .didDisappear ? phase : .identity, size, &values)
        }
    }

    /// Both transitions, this one applied first (innermost): `other(self(content))`.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(hasMotion: hasMotion || other.hasMotion) { phase, size, values in
            self.body(phase, size, &values)
            other.body(phase, size, &values)
        }
    }
}

private func _edgeOffset(_ edge: Edge, _ size: CGSize) -> CGSize {
    switch edge {
    case .top: return CGSize(width: 0, height: -size.height)
    case .leading: return CGSize(width: -size.width, height: 0)
    case .bottom: return CGSize(width: 0, height: size.height)
    case .trailing: return CGSize(width: size.width, height: 0)
    }
}
