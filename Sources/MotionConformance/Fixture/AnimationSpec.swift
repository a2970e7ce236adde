import FixtureFormat
import Foundation
import MotionCore

/// An animation written as data, as fixtures and the engine protocol carry it:
///
///     {"spring": {"duration": 0.5, "bounce": 0.3}}
///     {"easeInOut": {"duration": 1}, "delay": 0.2, "repeatCount": 2}
///
/// One key names the base animation; the other keys are modifiers, applied in the order written
/// (modifiers nest in writing order: `{"linear": {}, "delay": 1, "speed": 2}` is
/// `.linear.delay(1).speed(2)`). Protocol version 2 writes the modifiers as an ordered array,
/// which does not depend on a JSON parser keeping key order, and is read here too:
/// `{"linear": {}, "modifiers": [{"delay": 1}, {"speed": 2}]}`.
public struct AnimationSpec: Sendable {
    public let json: JSONValue
    public let animation: Animation

    static let bases = [
        "default", "linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring", "smooth", "snappy", "bouncy",
        "interactiveSpring", "interpolatingSpring", "custom",
    ]
    package static let modifiers = ["delay", "speed", "repeatCount", "repeatForever", "autoreverses", "logicallyCompleteAfter"]

    init(_ cursor: JSONCursor) throws {
        json = cursor.value
        let members = try cursor.members()
        let modifierList = try Self.modifierList(cursor, members)
        let baseKeys = members.map(\.0).filter { Self.bases.contains($0) }
        guard baseKeys.count == 1, let baseKey = baseKeys.first else {
            if baseKeys.isEmpty {
                let unknown = members.map(\.0).first { !Self.modifiers.contains($0) && $0 != "modifiers" }
                throw cursor.error(
                    unknown.map { "unknown animation '\($0)'; expected one of: \(Self.bases.joined(separator: ", "))" }
                        ?? "no base animation; expected one of: \(Self.bases.joined(separator: ", "))")
            }
            throw cursor.error("more than one base animation (\(baseKeys.joined(separator: ", "))); modifiers are: \(Self.modifiers.joined(separator: ", "))")
        }
        var animation = try Self.base(baseKey, try cursor.field(baseKey))
        for (index, (key, value)) in modifierList.enumerated() {
            let autoreverses = try Self.autoreverses(ofRepeatAt: index, modifierList)
            if key.hasPrefix("repeat"), modifierList[..<index].contains(where: { $0.0.hasPrefix("repeat") }) {
                // SwiftUI keeps a repeat's cycle in one state per value, which two repeats would share.
                throw value.error("a second repeat; an animation carries at most one (docs/protocol.md §2)")
            }
            switch key {
            case "delay": animation = animation.delay(try value.number())
            case "speed": animation = animation.speed(try value.number())
            case "repeatCount": animation = animation.repeatCount(try value.integer(), autoreverses: autoreverses)
            case "repeatForever":
                guard try value.bool() else { throw value.error("repeatForever takes true; leave it out for no repeat") }
                animation = animation.repeatForever(autoreverses: autoreverses)
            case "autoreverses":
                guard index > 0, modifierList[index - 1].0.hasPrefix("repeat") else {
                    throw value.error(
                        "autoreverses belongs to the repeat just before it; put it directly after repeatCount or repeatForever", rule: .order)
                }
            case "logicallyCompleteAfter": animation = animation.logicallyComplete(after: try value.number())
            default:
                throw value.error(
                    "unknown modifier or animation; bases: \(Self.bases.joined(separator: ", ")); modifiers: \(Self.modifiers.joined(separator: ", "))")
            }
        }
        self.animation = animation
    }

    /// Whether `args` use the first of an initializer's two forms (any of `first` given), refusing
    /// arguments of both: one form per animation, so no argument is silently ignored.
    static func isFirstForm(_ args: JSONCursor, _ first: [String], not second: [String]) throws -> Bool {
        let keys = Set(try args.members().map(\.0))
        let (a, b) = (first.filter(keys.contains), second.filter(keys.contains))
        if let mixed = b.first, !a.isEmpty {
            let forms = "use \(first.joined(separator: ", ")) or \(second.joined(separator: ", ")), not both"
            throw try args.field(mixed).error("belongs to another form than \(a.joined(separator: ", ")); \(forms)")
        }
        return !a.isEmpty
    }

    /// Whether the repeat at `index` autoreverses: the `autoreverses` element directly after it, or
    /// SwiftUI's default, true (docs/protocol.md §2, "Animations").
    static func autoreverses(ofRepeatAt index: Int, _ list: [(String, JSONCursor)]) throws -> Bool {
        guard index + 1 < list.count, list[index + 1].0 == "autoreverses" else { return true }
        return try list[index + 1].1.bool()
    }

    /// The modifiers in order: the `modifiers` array's one-key objects, or the keys after the base.
    static func modifierList(_ cursor: JSONCursor, _ members: [(String, JSONValue)]) throws -> [(String, JSONCursor)] {
        guard let list = try cursor.optionalField("modifiers") else {
            return try members.map(\.0).filter { !bases.contains($0) }.map { ($0, try cursor.field($0)) }
        }
        if let stray = members.map(\.0).first(where: { modifiers.contains($0) }) {
            throw try cursor.field(stray).error("is a modifier outside the `modifiers` array; write every modifier in the array, in order")
        }
        return try list.array().map { item in
            let pair = try item.members()
            guard pair.count == 1, let key = pair.first?.0 else {
                throw item.error("a modifier is an object of one key, as {\"delay\": 0.2}; expected one of: \(modifiers.joined(separator: ", "))")
            }
            guard modifiers.contains(key) else { throw item.error("unknown modifier '\(key)'; expected one of: \(modifiers.joined(separator: ", "))") }
            return (key, try item.field(key))
        }
    }

    static func base(_ key: String, _ args: JSONCursor) throws -> Animation {
        func number(_ name: String) throws -> Double? { try args.optionalField(name)?.number() }
        switch key {
        case "default":
            // `.default` takes no arguments: `{"default": {}}` (a misspelt argument would be ignored).
            try args.onlyKeys([])
            return .default
        case "linear", "easeIn", "easeOut", "easeInOut":
            try args.onlyKeys(["duration"])
            let d = try number("duration") ?? AnimationDefaults.curveDuration
            return ["linear": .linear(duration: d), "easeIn": .easeIn(duration: d), "easeOut": .easeOut(duration: d), "easeInOut": .easeInOut(duration: d)][
                key]!
        case "timingCurve":
            try args.onlyKeys(["controlPoints", "curve", "duration"])
            if let points = try args.optionalField("controlPoints") {
                let p = try points.numbers(count: 4)
                return .timingCurve(p[0], p[1], p[2], p[3], duration: try number("duration") ?? AnimationDefaults.curveDuration)
            }
            return .timingCurve(try curve(try args.field("curve")), duration: try number("duration") ?? AnimationDefaults.curveDuration)
        case "spring":
            try args.onlyKeys(["response", "dampingFraction", "duration", "bounce", "blendDuration"])
            let blend = try number("blendDuration") ?? AnimationDefaults.Spring.blendDuration
            if try Self.isFirstForm(args, ["response", "dampingFraction"], not: ["duration", "bounce"]) {
                return .spring(
                    response: try number("response") ?? AnimationDefaults.Spring.response,
                    dampingFraction: try number("dampingFraction") ?? AnimationDefaults.Spring.dampingFraction, blendDuration: blend)
            }
            return .spring(
                duration: try number("duration") ?? AnimationDefaults.Spring.duration, bounce: try number("bounce") ?? AnimationDefaults.Spring.bounce,
                blendDuration: blend)
        case "smooth", "snappy", "bouncy":
            try args.onlyKeys(["duration", "extraBounce"])
            let d = try number("duration") ?? AnimationDefaults.Preset.duration, extra = try number("extraBounce") ?? AnimationDefaults.Preset.extraBounce
            return [
                "smooth": .smooth(duration: d, extraBounce: extra), "snappy": .snappy(duration: d, extraBounce: extra),
                "bouncy": .bouncy(duration: d, extraBounce: extra),
            ][key]!
        case "interactiveSpring":
            try args.onlyKeys(["response", "dampingFraction", "duration", "extraBounce", "blendDuration"])
            if try Self.isFirstForm(args, ["response", "dampingFraction"], not: ["duration", "extraBounce"]) {
                return .interactiveSpring(
                    response: try number("response") ?? AnimationDefaults.InteractiveSpring.response,
                    dampingFraction: try number("dampingFraction") ?? AnimationDefaults.InteractiveSpring.dampingFraction,
                    blendDuration: try number("blendDuration") ?? AnimationDefaults.InteractiveSpring.blendDuration)
            }
            return .interactiveSpring(
                duration: try number("duration") ?? AnimationDefaults.InteractiveSpring.duration,
                extraBounce: try number("extraBounce") ?? AnimationDefaults.InteractiveSpring.extraBounce,
                blendDuration: try number("blendDuration") ?? AnimationDefaults.InteractiveSpring.blendDuration)
        case "interpolatingSpring":
            try args.onlyKeys(["mass", "stiffness", "damping", "initialVelocity", "duration", "bounce"])
            let v0 = try number("initialVelocity") ?? AnimationDefaults.InterpolatingSpring.initialVelocity
            if try Self.isFirstForm(args, ["mass", "stiffness", "damping"], not: ["duration", "bounce"]) {
                return .interpolatingSpring(
                    mass: try number("mass") ?? AnimationDefaults.InterpolatingSpring.mass, stiffness: try args.field("stiffness").number(),
                    damping: try args.field("damping").number(),
                    initialVelocity: v0)
            }
            return .interpolatingSpring(
                duration: try number("duration") ?? AnimationDefaults.InterpolatingSpring.duration,
                bounce: try number("bounce") ?? AnimationDefaults.InterpolatingSpring.bounce, initialVelocity: v0)
        case "custom":
            try args.onlyKeys(["name", "duration"])
            let name = try args.field("name").string()
            let d = try number("duration") ?? AnimationDefaults.customDuration
            switch name {
            case "MyLinearAnimation": return Animation(HarnessLinearAnimation(duration: d))
            case "MergingLinearAnimation": return Animation(HarnessMergingAnimation(duration: d))
            default: throw try args.field("name").error("unknown custom animation '\(name)'; expected MyLinearAnimation or MergingLinearAnimation")
            }
        default:
            throw args.error("unknown animation '\(key)'")
        }
    }

    /// A UnitCurve by name, or `{"bezier": [x1, y1, x2, y2]}`.
    package static func curve(_ cursor: JSONCursor) throws -> UnitCurve {
        if case .object = cursor.value {
            try cursor.onlyKeys(["bezier"])
            let points = try cursor.field("bezier").numbers(count: 4)
            return .bezier(startControlPoint: UnitPoint(x: points[0], y: points[1]), endControlPoint: UnitPoint(x: points[2], y: points[3]))
        }
        let name = try cursor.string()
        let curves: [String: UnitCurve] = [
            "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
            "circularEaseIn": .circularEaseIn, "circularEaseOut": .circularEaseOut, "circularEaseInOut": .circularEaseInOut,
        ]
        guard let curve = curves[name] else {
            throw cursor.error("unknown curve '\(name)'; expected one of: \(curves.keys.sorted().joined(separator: ", ")), or {\"bezier\": [x1, y1, x2, y2]}")
        }
        return curve
    }
}

/// The seeds' `MyLinearAnimation`: linear over `duration`, with a velocity.
public struct HarnessLinearAnimation: CustomAnimation {
    public var duration: Double

    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time <= duration ? value.scaled(by: time / duration) : nil
    }

    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        value.scaled(by: 1 / duration)
    }
}

/// A linear custom animation that opts into merging: it takes over the running one on the same
/// clock.
public struct HarnessMergingAnimation: CustomAnimation {
    public var duration: Double

    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        time <= duration ? value.scaled(by: time / duration) : nil
    }

    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        true
    }
}
