import ConformanceReference
import FixtureFormat
import Foundation

/// What a fixture exercises, as feature names read from its JSON: the scenario kind, value types,
/// animation bases and their parameter regions, modifiers and their chains, how changes follow each
/// other, spring forms and regimes, curve query regions, keyframe kinds and what follows what,
/// phase modes and timeline schedules. The coverage map (`SemanticsMap`) is written over them.
///
/// Read from the fixture's data alone — never from an engine's answers — so the map says what the
/// suite asks, whatever passes it.
public enum FixtureFeatures {
    public static func of(_ fixture: Fixture) -> Set<String> {
        guard let json = fixture.json else { return [] }
        var features = Set<String>()
        domains(json, &features)
        for kind in FixtureLoader.bodyKeys where json[kind] != nil {
            features.insert("kind:\(kind)")
            if let body = json[kind] {
                switch kind {
                case "property": property(body, &features)
                case "spring": spring(body, &features)
                case "curve": curve(body, &features)
                case "keyframes": keyframes(body, &features)
                case "phases": phases(body, &features)
                default: timeline(body, &features)
                }
            }
        }
        return features
    }

    static func numbers(_ value: JSONValue?) -> [Double] {
        switch value {
        case let .number(n)?: return [n]
        case let .array(items)?: return items.flatMap { numbers($0) }
        case let .object(members)?: return members.flatMap { numbers($0.1) }
        default: return []
        }
    }

    static func number(_ value: JSONValue?) -> Double? {
        if case let .number(n)? = value { return n }
        return nil
    }

    static func valueType(_ value: JSONValue?) -> String {
        if case let .string(name)? = value { return name }
        return "struct"
    }

    // MARK: Properties

    static func property(_ body: JSONValue, _ features: inout Set<String>) {
        features.insert("valueType:\(valueType(body["valueType"]))")
        if case .bool(false)? = body["mergesCoincidentAnimations"] { features.insert("mergesCoincident:off") }
        guard case let .array(events)? = body["events"] else { return }
        var previousTime: Double?
        var previousAnimated = false
        var previousAnimation: JSONValue?
        var previousValue = numbers(body["initialValue"])
        var animatedChanges = 0
        var merging: [Bool] = []
        for event in events {
            let time = number(event["time"]) ?? 0
            let value = numbers(event["set"])
            let animation = event["animation"]
            let animated = animation != nil && animation != .null
            merging.append(false)
            if case .object? = event["transaction"], case .bool(true)? = event["transaction"]?["tracksVelocity"] {
                if features.contains("change:tracksVelocity") && features.contains("change:merges") { features.insert("change:tracking-through-merge") }
                features.insert("change:tracksVelocity")
            }
            if case .object? = event["transaction"], case .bool(true)? = event["transaction"]?["disablesAnimations"] {
                features.insert("transaction:disablesAnimations")
            }
            if case let .array(path)? = event["path"] {
                for modifier in path { if case let .object(members) = modifier, let key = members.first?.0 { features.insert("transaction:\(key)") } }
            }
            if case let .object(completion)? = event["completion"] {
                let criteria = completion.first { $0.0 == "criteria" }.map { "\($0.1)" } ?? ""
                features.insert(criteria.contains("removed") ? "completion:removed" : "completion:logicallyComplete")
                if !animated { features.insert("completion:without-animation") }
            }
            if value == previousValue { features.insert("change:same-value") }
            if let previousTime {
                if time == previousTime { features.insert("change:coincident") }
                if previousAnimated {
                    features.insert(animated ? "change:while-animating" : "change:unanimated-while-animating")
                    if time - previousTime > 1 { features.insert("change:after-gap") }
                }
            }
            if animated {
                animatedChanges += 1
                if let animation { self.animation(animation, &features) }
                if animatedChanges >= 3 { features.insert("change:three-or-more") }
                if previousAnimated, let animation, case let .object(members) = animation, let base = members.first?.0 {
                    let merges = ReferencePlayback.fluidBases.contains(base) || members.first?.1["name"] == .string("MergingLinearAnimation")
                    features.insert(merges ? "change:merges" : "change:combines")
                    merging[merging.count - 1] = merges
                    if merges, case let .object(running)? = previousAnimation, running.count > 1 { features.insert("change:merges-into-modifier") }
                }
            }
            previousTime = time
            if animated { previousAnimation = animation }
            previousAnimated = previousAnimated || animated || features.contains("change:tracksVelocity")
            previousValue = value
        }
        propertyStated(body, events: events, &features)
        completionWindows(events, merging: merging, &features)
        let type = valueType(body["valueType"])
        if type != "scalar" && type != "angle" && events.contains(where: { isFluid($0["animation"]) }) {
            features.insert("valueType:vector-fluid-spring")
        }
        if case let .array(samples)? = body["samples"] {
            for sample in samples {
                guard case let .object(members) = sample else { continue }
                for (key, _) in members where key != "time" { features.insert("sample:\(key)") }
                if let first = number(events.first?["time"]), let time = number(sample["time"]), time < first { features.insert("sample:before-first-change") }
            }
        }
    }

    static func animation(_ json: JSONValue, _ features: inout Set<String>) {
        guard case let .object(members) = json, let (base, arguments) = members.first(where: { !AnimationSpec.modifiers.contains($0.0) }) else { return }
        let keys = Set((arguments.object ?? []).map(\.0))
        features.insert("base:\(base)")
        switch base {
        case "spring", "interactiveSpring":
            features.insert(keys.contains("response") || keys.contains("dampingFraction") ? "base:\(base).response" : "base:\(base).duration")
            if let blend = number(arguments["blendDuration"]), blend > 0 { features.insert("base:blendDuration") }
            if let bounce = number(arguments["bounce"]) { features.insert(bounce < 0 ? "base:bounce<0" : bounce == 0 ? "base:bounce=0" : "base:bounce>0") }
            if let fraction = number(arguments["dampingFraction"]), fraction > 1 { features.insert("base:bounce<0") }
        case "interpolatingSpring":
            features.insert(keys.contains("stiffness") ? "base:interpolatingSpring.stiffness" : "base:interpolatingSpring.duration")
            if let mass = number(arguments["mass"]), mass != 1 { features.insert("base:interpolatingSpring.mass≠1") }
            if let velocity = number(arguments["initialVelocity"]), velocity != 0 { features.insert("base:interpolatingSpring.initialVelocity") }
        case "timingCurve":
            features.insert(keys.contains("curve") ? "base:timingCurve.curve" : "base:timingCurve.controlPoints")
            let ys = numbers(arguments["controlPoints"]).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            if ys.contains(where: { $0 < 0 || $0 > 1 }) { features.insert("base:timingCurve.y-outside") }
        case "custom":
            if case let .string(name)? = arguments["name"] { features.insert("base:custom.\(name)") }
        case "smooth", "snappy", "bouncy":
            if keys.contains("extraBounce") { features.insert("base:extraBounce") }
        default: break
        }
        animationStated(base: base, arguments: arguments, keys: keys, modifiers: json, &features)
        if ["linear", "easeIn", "easeOut", "easeInOut"].contains(base) && !keys.contains("duration") { features.insert("base:default-duration") }
        let modifiers = members.map(\.0).filter { AnimationSpec.modifiers.contains($0) && $0 != "autoreverses" }
        for modifier in modifiers { features.insert("modifier:\(modifier)") }
        if modifiers.count == 1 { features.insert("modifier:\(modifiers[0])-alone") }
        if modifiers.count >= 2 { features.insert("modifier:chain") }
        for (a, b) in zip(modifiers, modifiers.dropFirst()) { features.insert("modifier:\(a)>\(b)") }
        if case .bool(false)? = json["autoreverses"] { features.insert("modifier:autoreverses-false") }
        if modifiers.contains(where: { $0.hasPrefix("repeat") }) && json["autoreverses"] == nil { features.insert("modifier:autoreverses-default") }
        if let speed = number(json["speed"]), speed < 1 { features.insert("modifier:speed<1") }
    }

    // MARK: Springs and curves

    static func spring(_ body: JSONValue, _ features: inout Set<String>) {
        let initializer = body["init"]
        let keys = Set((initializer?.object ?? []).map(\.0))
        let form =
            keys.contains("settlingDuration")
            ? "settlingDuration"
            : keys.contains("stiffness") ? "mass-stiffness-damping" : keys.contains("response") ? "response-dampingRatio" : "duration-bounce"
        features.insert("spring:init:\(form)")
        if let mass = number(initializer?["mass"]), mass != 1 { features.insert("spring:mass≠1") }
        if case .bool(true)? = initializer?["allowOverDamping"] { features.insert("spring:allowOverDamping") }
        let regime: String
        if let bounce = number(initializer?["bounce"]) {
            regime = bounce < 0 ? "overdamped" : bounce == 0 ? "critical" : "underdamped"
            if bounce <= -1 || bounce > 1 { features.insert("spring:bounce-extreme") }
        } else if let ratio = number(initializer?["dampingRatio"]) {
            regime = ratio > 1 ? "overdamped" : ratio == 1 ? "critical" : "underdamped"
        } else if let k = number(initializer?["stiffness"]), let c = number(initializer?["damping"]) {
            let m = number(initializer?["mass"]) ?? 1
            let excess = c * c - 4 * m * k
            regime = excess > 0 ? "overdamped" : excess == 0 ? "critical" : "underdamped"
        } else {
            regime = "default"
        }
        features.insert("spring:regime:\(regime)")
        springStated(initializer, form: form, regime: regime, checks: body["checks"]?.array ?? [], &features)
        guard case let .array(checks)? = body["checks"] else { return }
        for check in checks {
            guard case let .object(members) = check, let key = members.first(where: { $0.0 != "expected" })?.0 else { continue }
            if key == "property", case let .string(name)? = check["property"] {
                features.insert("spring:property:\(name)")
            } else {
                features.insert("spring:\(key)")
            }
            if let v = number(check[key]?["initialVelocity"]), v != 0 { features.insert("spring:initialVelocity≠0") }
            if let t = number(check[key]?["target"]), t != 1 { features.insert("spring:target≠1") }
        }
    }

    static func curve(_ body: JSONValue, _ features: inout Set<String>) {
        switch body["curve"] {
        case let .string(name)?: features.insert("curve:\(name)")
        default:
            features.insert("curve:bezier")
            if numbers(body["curve"]).contains(where: { $0 < 0 || $0 > 1 }) { features.insert("curve:bezier-outside") }
        }
        curveStated(body, checks: body["checks"]?.array ?? [], &features)
        guard case let .array(checks)? = body["checks"] else { return }
        for check in checks {
            let kind = check["velocity"] != nil ? "velocity" : "value"
            guard let p = number(check["at"]) else { continue }
            let region = p < 0 ? "below-0" : p == 0 ? "at-0" : p < 1 ? "inside" : p == 1 ? "at-1" : "above-1"
            features.insert("curve:\(kind)")
            features.insert("curve:\(kind):\(region)")
        }
    }

    // MARK: Keyframes, phases, timelines

    static func keyframes(_ body: JSONValue, _ features: inout Set<String>) {
        features.insert("keyframes:valueType:\(valueType(body["valueType"]))")
        var longest = 0.0
        if case let .array(tracks)? = body["tracks"] {
            if tracks.count > 1 { features.insert("keyframes:several-tracks") }
            for track in tracks {
                if track["property"] != nil { features.insert("keyframes:property-track") }
                guard case let .array(keyframes)? = track["keyframes"] else { continue }
                var previous: String?
                var length = 0.0
                for keyframe in keyframes {
                    guard case let .object(members) = keyframe, let (kind, arguments) = members.first else { continue }
                    features.insert("keyframes:kind:\(kind)")
                    keyframeStated(kind: kind, arguments: arguments, &features)
                    features.insert("keyframes:\(previous ?? "start")>\(kind)")
                    if kind == "spring" && arguments["duration"] == nil { features.insert("keyframes:spring-settling") }
                    if kind == "cubic" && (arguments["startVelocity"] != nil || arguments["endVelocity"] != nil) {
                        features.insert("keyframes:cubic-explicit-velocity")
                    }
                    if kind == "linear" && arguments["curve"] != nil { features.insert("keyframes:linear-curve") }
                    if kind != "move", let d = number(arguments["duration"]), !(d > 0) { features.insert("keyframes:no-time") }
                    length += number(arguments["duration"]) ?? 0
                    previous = kind
                }
                longest = max(longest, length)
            }
        }
        guard case let .array(checks)? = body["checks"] else { return }
        for check in checks {
            guard case let .object(members) = check else { continue }
            let keys = Set(members.map(\.0))
            let key = ["velocity", "duration", "progress", "time"].first { keys.contains($0) } ?? "value"
            features.insert("keyframes:check:\(key)")
            if key == "time" || key == "velocity", let t = number(check["time"]) {
                if t < 0 { features.insert("keyframes:time-before-0") }
                if longest > 0 && t > longest { features.insert("keyframes:time-after-end") }
            }
            if key == "progress", let p = number(check["progress"]), p < 0 || p > 1 { features.insert("keyframes:progress-outside") }
        }
    }

    static func phases(_ body: JSONValue, _ features: inout Set<String>) {
        if case let .string(mode)? = body["mode"] { features.insert("phases:\(mode)") }
        if case let .array(phases)? = body["phases"] {
            if phases.contains(where: { $0["animation"] == nil || $0["animation"] == .null }) { features.insert("phases:without-animation") }
            // The animations phases change with reach the rules of §3 as a property's do.
            for phase in phases { if let animation = phase["animation"], animation != .null { self.animation(animation, &features) } }
        }
        if case let .array(triggers)? = body["triggers"] {
            if triggers.count > 1 { features.insert("phases:several-triggers") }
            if numbers(.array(triggers)).contains(where: { $0 > 0 }) { features.insert("phases:trigger-later") }
        }
        if case let .array(samples)? = body["samples"], samples.contains(where: { $0["value"] != nil }) { features.insert("phases:sample:value") }
        if body["transitions"] != nil { features.insert("phases:transitions") }
        phasesStated(body, &features)
    }

    static func timeline(_ body: JSONValue, _ features: inout Set<String>) {
        guard case let .object(schedule)? = body["schedule"], let (kind, arguments) = schedule.first else { return }
        features.insert("timeline:\(kind)")
        timelineStated(kind: kind, arguments: arguments, &features)
        if case .string("lowFrequency")? = body["mode"] { features.insert("timeline:\(kind):lowFrequency") }
        if case .bool(true)? = arguments["paused"] { features.insert("timeline:animation:paused") }
        let from = number(body["from"]) ?? 0
        if kind == "periodic", let start = number(arguments["from"]), let by = number(arguments["by"]) {
            if from < start { features.insert("timeline:periodic:before-start") }
            if by > 0, (from - start).truncatingRemainder(dividingBy: by) == 0 { features.insert("timeline:periodic:on-boundary") }
        }
        if kind == "everyMinute" {
            features.insert(from.truncatingRemainder(dividingBy: 60) == 0 ? "timeline:everyMinute:on-minute" : "timeline:everyMinute:inside-minute")
        }
        if kind == "explicit", case let .array(dates) = arguments {
            let values = numbers(.array(dates))
            if values != values.sorted() { features.insert("timeline:explicit:unsorted") }
            if values.contains(where: { $0 < from }) { features.insert("timeline:explicit:before-from") }
        }
    }
}
