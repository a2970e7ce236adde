import FixtureFormat
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
        var out = ""
        write(into: &out)
        return out
    }

    /// Appends the compact form to `out`: one buffer for a whole request, not a string per value.
    func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): if n.isFinite { out += Self.format(n) } else { EngineProtocol.number(n).write(into: &out) }
        case let .string(s): Self.quote(s, into: &out)
        case let .array(items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.quote(member.0, into: &out)
                out += ":"
                member.1.write(into: &out)
            }
            out += "}"
        }
    }
}
