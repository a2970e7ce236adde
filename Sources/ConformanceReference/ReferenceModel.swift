import FixtureFormat
import Foundation

/// The independent reference model: plays property scenarios by the specification's rules, with
/// the reference animations of this folder, and answers spring, curve, keyframe, phase and
/// schedule scenarios with the reference types beside them, to compute `reference-model` and
/// `generated` expectations. It shares nothing with MotionCore but the fixture format.
public enum ReferenceModel {
    public struct Unsupported: Error, CustomStringConvertible {
        public let description: String
        package init(description: String) { self.description = description }
    }

    /// A reference animation from fixture data, with the change it covers.
    static func animation(_ json: JSONValue, change: Double) throws -> ReferenceAnimation {
        guard case let .object(members) = json else { throw Unsupported(description: "an animation must be an object") }
        let modifierKeys: Set<String> = ["delay", "speed", "repeatCount", "repeatForever", "autoreverses", "logicallyCompleteAfter"]
        guard let (name, args) = members.first(where: { !modifierKeys.contains($0.0) && $0.0 != "modifiers" }) else {
            throw Unsupported(description: "no base animation")
        }
        func n(_ key: String, _ fallback: Double) -> Double {
            if case let .number(v)? = args[key] { return v }
            return fallback
        }
        func has(_ key: String) -> Bool { args[key] != nil }
        typealias D = AnimationDefaults
        func fraction(bounce b: Double) -> Double { b < 0 ? 1 / (b + 1) : 1 - b }
        func spring(_ response: Double, _ f: Double, _ blend: Double) -> ReferenceAnimation {
            let s = ReferenceFluidSpring(change: change, response: response, fraction: f, blendDuration: blend)
            s.identity = "fluid(\(response),\(f),\(blend))"
            return s
        }
        func curve(_ p: [Double], _ d: Double, clampsY: Bool = false, speed: Bool = false, rounds: Bool = true) -> ReferenceAnimation {
            let c = ReferenceCurve(change: change, controlPoints: p, duration: d, clampsY: clampsY, reportsSpeed: speed, rounds: rounds)
            c.identity = "curve(\(p),\(d),\(clampsY))"
            return c
        }
        // `linear` is a Bézier too here (§2.3); the others are the curves' own (§2.1).
        let named = ReferenceUnitCurve.named.merging(["linear": [0, 0, 1, 1]]) { a, _ in a }
        var base: ReferenceAnimation
        switch name {
        case "default":
            let inner = spring(0.5, 1, 0)
            base = ReferenceClock(base: inner, transform: .passThrough)
            base.identity = "default"
        case "linear", "easeIn", "easeOut", "easeInOut":
            base = curve(named[name]!, n("duration", AnimationDefaults.curveDuration))
        case "timingCurve":
            if case let .array(points)? = args["controlPoints"] {
                base = curve(points.compactMap { if case let .number(v) = $0 { return v } else { return nil } }, n("duration", AnimationDefaults.curveDuration))
            } else if case let .string(curveName)? = args["curve"], let p = named[curveName] {
                base = curve(p, n("duration", AnimationDefaults.curveDuration), clampsY: true, speed: true, rounds: curveName != "linear")
            } else if case let .object(b)? = args["curve"], case let .array(points)? = b.first(where: { $0.0 == "bezier" })?.1 {
                base = curve(
                    points.compactMap { if case let .number(v) = $0 { return v } else { return nil } }, n("duration", AnimationDefaults.curveDuration),
                    clampsY: true, speed: true)
            } else {
                throw Unsupported(description: "the reference model has Bézier timing curves only")
            }
        case "spring":
            base =
                has("response") || has("dampingFraction")
                ? spring(n("response", D.Spring.response), n("dampingFraction", D.Spring.dampingFraction), n("blendDuration", D.Spring.blendDuration))
                : spring(n("duration", D.Spring.duration), fraction(bounce: n("bounce", D.Spring.bounce)), n("blendDuration", D.Spring.blendDuration))
        case "smooth", "snappy", "bouncy":
            let extra = ["smooth": 0.0, "snappy": 0.15, "bouncy": 0.3][name]!
            base = spring(n("duration", D.Preset.duration), fraction(bounce: extra + n("extraBounce", D.Preset.extraBounce)), 0)
        case "interactiveSpring":
            base =
                has("response") || has("dampingFraction")
                ? spring(
                    n("response", D.InteractiveSpring.response), n("dampingFraction", D.InteractiveSpring.dampingFraction),
                    n("blendDuration", D.InteractiveSpring.blendDuration))
                : spring(
                    n("duration", D.InteractiveSpring.duration), fraction(bounce: 0.15 + n("extraBounce", D.InteractiveSpring.extraBounce)),
                    n("blendDuration", D.InteractiveSpring.blendDuration))
        case "interpolatingSpring":
            let k: Double, c: Double, m: Double
            if has("stiffness") {
                (m, k, c) = (n("mass", D.InterpolatingSpring.mass), n("stiffness", 0), n("damping", 0))
            } else {
                let d = n("duration", D.InterpolatingSpring.duration)
                k = d > 0 ? pow(2 * Double.pi / d, 2) : .infinity
                (m, c) = (1, 2 * sqrt(k) * fraction(bounce: n("bounce", D.InterpolatingSpring.bounce)))
            }
            base = ReferenceInterpolatingSpring(
                change: change, mass: m, stiffness: k, damping: c, initialVelocity: n("initialVelocity", D.InterpolatingSpring.initialVelocity))
            base.identity = "interpolating(\(m),\(k),\(c),\(n("initialVelocity", D.InterpolatingSpring.initialVelocity)))"
        case "custom":
            guard case let .string(kind)? = args["name"] else { throw Unsupported(description: "custom animation without a name") }
            base = ReferenceLinearCustom(change: change, duration: n("duration", D.customDuration), merges: kind == "MergingLinearAnimation")
            base.identity = "custom(\(kind),\(n("duration", D.customDuration)))"
        default:
            throw Unsupported(description: "the reference model does not know the animation '\(name)'")
        }
        let modifiers = try modifierList(members, keys: modifierKeys)
        if modifiers.filter({ $0.0.hasPrefix("repeat") }).count > 1 { throw Unsupported(description: "an animation carries at most one repeat (§3.2)") }
        for (index, (key, value)) in modifiers.enumerated() {
            // An `autoreverses` is its repeat's argument: the element directly after it (§3.2).
            var autoreverses = true
            if index + 1 < modifiers.count, modifiers[index + 1].0 == "autoreverses", case let .bool(b) = modifiers[index + 1].1 { autoreverses = b }
            guard case let .number(v) = value else {
                if key == "repeatForever" {
                    let wrapped = base
                    let repeated = ReferenceRepeat(make: { wrapped.copy() }, count: nil, autoreverses: autoreverses)
                    repeated.identity = "repeat(nil,\(autoreverses),\(wrapped.identity))"
                    base = repeated
                }
                continue
            }
            let identity = base.identity
            switch key {
            case "delay": base = ReferenceClock(base: base, transform: .delay(v))
            case "speed": base = ReferenceClock(base: base, transform: .speed(v.isNaN ? 0 : max(v, 0)))
            case "logicallyCompleteAfter": base = ReferenceClock(base: base, transform: .logical(v))
            case "repeatCount":
                let wrapped = base
                base = ReferenceRepeat(make: { wrapped.copy() }, count: Int(v), autoreverses: autoreverses)
            default: continue
            }
            base.identity = "\(key)(\(v),\(autoreverses),\(identity))"
        }
        return base
    }

    /// The modifiers in the order applied: the `modifiers` array's one-key objects, or the keys
    /// of the animation's own object after the base.
    static func modifierList(_ members: [(String, JSONValue)], keys: Set<String>) throws -> [(String, JSONValue)] {
        guard case let .array(items)? = members.first(where: { $0.0 == "modifiers" })?.1 else {
            return members.filter { keys.contains($0.0) }
        }
        return try items.map { item in
            guard case let .object(pair) = item, pair.count == 1, let only = pair.first else {
                throw Unsupported(description: "a modifier is an object of one key")
            }
            return only
        }
    }
}
