import Foundation
import MotionCore

extension PropertyScenario.Event {
    /// The animation the value runs after the transaction passes down the event's path, as data.
    public var resolvedAnimation: JSONValue? {
        let event = self
        var animation: AnimationSpec? = event.transaction.hasAnimation ? event.transaction.animation : nil
        var disables = event.transaction.disablesAnimations
        for modifier in event.path {
            switch modifier {
            case let .animation(spec, changed) where changed && !disables: animation = spec
            case let .animationAlways(spec) where !disables: animation = spec
            case let .scopedAnimation(spec, inside) where inside && !disables: animation = spec
            case let .transactionAnimation(spec, changed) where changed ?? true: animation = spec
            case let .disableAnimations(changed) where changed ?? true:
                animation = nil
                disables = true
            default: break
            }
        }
        return animation?.json
    }
}

extension JSONValue {
    /// On one line, as the protocol sends it; non-finite numbers as "nan", "inf", "-inf".
    public func compactSerialized() -> String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return n.isFinite ? Self.format(n) : EngineProtocol.number(n).compactSerialized()
        case let .string(s): return Self.quote(s)
        case let .array(items): return "[" + items.map { $0.compactSerialized() }.joined(separator: ",") + "]"
        case let .object(members): return "{" + members.map { Self.quote($0.0) + ":" + $0.1.compactSerialized() }.joined(separator: ",") + "}"
        }
    }
}
