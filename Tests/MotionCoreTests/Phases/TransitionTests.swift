import Foundation
import MotionCore
import Testing

/// Transitions as modifier pairs (§8.1).
@Suite("Transitions")
struct TransitionTests {
    let size = CGSize(width: 100, height: 40)

    func values(_ t: AnyTransition, _ phase: TransitionPhase) -> TransitionValues { t.values(for: phase, size: size) }

    @Test("TransitionPhase values and identity")
    func phases() {
        #expect([TransitionPhase.willAppear, .identity, .didDisappear].map(\.value) == [-1, 0, 1])
        #expect(TransitionPhase.identity.isIdentity && !TransitionPhase.willAppear.isIdentity)
    }

    @Test("built-ins: non-identity phases take the table's values; identity leaves the view as is")
    func builtIns() {
        for phase in [TransitionPhase.willAppear, .didDisappear] {
            #expect(values(.opacity, phase).opacity == 0)
            #expect(values(.scale, phase).scale == CGSize(width: 1e-5, height: 1e-5))
            #expect(values(.scale(scale: 0.5, anchor: .bottom), phase).scaleAnchor == .bottom)
            #expect(values(.offset(x: 3, y: 4), phase).offset == CGSize(width: 3, height: 4))
            #expect(values(.identity, phase) == .identity)
        }
        for transition in [AnyTransition.opacity, .scale, .offset(x: 3), .move(edge: .top), .slide, .push(from: .bottom), .blurReplace()] {
            #expect(values(transition, .identity) == .identity)
        }
        #expect(!AnyTransition.opacity.hasMotion && !AnyTransition.identity.hasMotion && AnyTransition.scale.hasMotion)
    }

    @Test("move(edge:) offsets by the full size toward the edge")
    func move() {
        #expect(values(.move(edge: .top), .willAppear).offset == CGSize(width: 0, height: -40))
        #expect(values(.move(edge: .leading), .willAppear).offset == CGSize(width: -100, height: 0))
        #expect(values(.move(edge: .bottom), .didDisappear).offset == CGSize(width: 0, height: 40))
        #expect(values(.move(edge: .trailing), .didDisappear).offset == CGSize(width: 100, height: 0))
    }

    @Test("slide enters from the leading edge and leaves to the trailing edge; push fades and moves")
    func slideAndPush() {
        #expect(values(.slide, .willAppear).offset.width == -100)
        #expect(values(.slide, .didDisappear).offset.width == 100)
        let push = AnyTransition.push(from: .top)
        #expect(values(push, .willAppear).offset == CGSize(width: 0, height: -40) && values(push, .willAppear).opacity == 0)
        #expect(values(push, .didDisappear).offset == CGSize(width: 0, height: 40))
    }

    @Test("asymmetric uses the insertion on appearing and the removal on disappearing")
    func asymmetric() {
        let t = AnyTransition.asymmetric(insertion: .opacity, removal: .scale)
        #expect(values(t, .willAppear).opacity == 0 && values(t, .willAppear).scale.width == 1)
        #expect(values(t, .didDisappear).opacity == 1 && values(t, .didDisappear).scale.width == 1e-5)
        #expect(t.hasMotion)
    }

    @Test("combined(with:) applies the first innermost, so the second wins on a shared property")
    func combined() {
        let both = AnyTransition.opacity.combined(with: .scale)
        #expect(values(both, .willAppear).opacity == 0 && values(both, .willAppear).scale.width == 1e-5)
        let shared = AnyTransition.offset(x: 1).combined(with: .offset(x: 2))
        #expect(values(shared, .willAppear).offset.width == 2)
    }

    @Test("modifier(active:identity:) applies the active modifier away from identity")
    func modifierPair() {
        let t = AnyTransition.modifier(active: { $0.opacity = 0.25 }, identity: { $0.opacity = 0.75 })
        #expect(values(t, .willAppear).opacity == 0.25 && values(t, .identity).opacity == 0.75)
    }

    @Test("an insertion animates from willAppear to identity through AnimatedProperty")
    func animatedInsertion() {
        let transition = AnyTransition.opacity.combined(with: .move(edge: .leading))
        let view = AnimatedProperty(transition.values(for: .willAppear, size: size))
        withAnimation(.linear(duration: 1)) { view.set(transition.values(for: .identity, size: size), at: 0) }
        let mid = view.presentedValue(at: 0.5)
        expectClose(mid.opacity, 0.5, tolerance: 1e-5, "opacity")
        expectClose(Double(mid.offset.width), -50, tolerance: 1e-4, "offset")
        #expect(view.presentedValue(at: 1.1) == .identity)
    }
}
