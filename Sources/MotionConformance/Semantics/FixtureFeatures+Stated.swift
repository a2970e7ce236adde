import ConformanceReference
import FixtureFormat
import Foundation

/// The regions of `StatedValues` a fixture reaches: each default left out or given, each limit's
/// side — read from the fixture's data (its arguments, times and expected answers), never from an
/// engine's.
extension FixtureFeatures {
    static func mark(_ id: String, _ region: String?, _ features: inout Set<String>) {
        if let region { features.insert(StatedValues.feature(id, region)) }
    }

    /// Each argument of `ids` (statement id, argument) left out or given.
    static func omissions(_ ids: [(String, String)], keys: Set<String>, _ features: inout Set<String>) {
        for (id, argument) in ids { mark(id, keys.contains(argument) ? "given" : "omitted", &features) }
    }

    /// Which side of `limit` x is on: "at" (within `tolerance`, for times that are differences of
    /// two times), "inside" or "outside" within `span` of it (inside towards `insideBelow`'s
    /// side), nil further away.
    static func side(_ x: Double, of limit: Double, insideBelow: Bool, span: Double, tolerance: Double = 0) -> String? {
        if abs(x - limit) <= tolerance { return "at" }
        guard abs(x - limit) <= span else { return nil }
        return (x < limit) == insideBelow ? "inside" : "outside"
    }

    // MARK: Animations

    /// A fluid spring's response, its defaults applied; nil for other bases.
    static func fluidResponse(base: String, _ arguments: JSONValue?) -> Double? {
        guard let response = AnimationDefaults.response(base: base) else { return nil }
        return number(arguments?["response"]) ?? number(arguments?["duration"]) ?? response
    }

    static func blendDuration(base: String, _ arguments: JSONValue?) -> Double {
        number(arguments?["blendDuration"]) ?? AnimationDefaults.blendDuration(base: base) ?? 0
    }

    static func animationStated(base: String, arguments: JSONValue?, keys: Set<String>, modifiers: JSONValue, _ features: inout Set<String>) {
        let responseForm = !keys.isDisjoint(with: ["response", "dampingFraction"])
        switch base {
        case "linear", "easeIn", "easeOut", "easeInOut": omissions([("linear.duration", "duration")], keys: keys, &features)
        case "timingCurve":
            omissions([("timingCurve.duration", "duration")], keys: keys, &features)
            if case let .object(curve)? = arguments?["curve"], let points = curve.first?.1,
                stride(from: 1, to: 4, by: 2).contains(where: { index in
                    numbers(points).indices.contains(index) && !(0...1).contains(numbers(points)[index])
                })
            {
                mark("timingCurve.unitCurve.y", "outside", &features)
            }
            let ys = numbers(arguments?["controlPoints"]).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            if ys.contains(where: { !(0...1).contains($0) }) { mark("timingCurve.unitCurve.y", "inside", &features) }
        case "spring":
            let form =
                responseForm
                ? [("spring.response", "response"), ("spring.dampingFraction", "dampingFraction")]
                : [("spring.duration", "duration"), ("spring.bounce", "bounce")]
            omissions(form + [("spring.blendDuration", "blendDuration")], keys: keys, &features)
        case "smooth", "snappy", "bouncy": omissions([("smooth.duration", "duration"), ("smooth.extraBounce", "extraBounce")], keys: keys, &features)
        case "interactiveSpring":
            let form =
                responseForm || keys.contains("blendDuration")
                ? [("interactiveSpring.response", "response"), ("interactiveSpring.dampingFraction", "dampingFraction")]
                : [("interactiveSpring.duration", "duration"), ("interactiveSpring.extraBounce", "extraBounce")]
            omissions(form + [("interactiveSpring.blendDuration", "blendDuration")], keys: keys, &features)
        case "interpolatingSpring":
            let physical = !keys.isDisjoint(with: ["mass", "stiffness", "damping"])
            let form =
                physical ? [("interpolatingSpring.mass", "mass")] : [("interpolatingSpring.duration", "duration"), ("interpolatingSpring.bounce", "bounce")]
            omissions(form + [("interpolatingSpring.initialVelocity", "initialVelocity")], keys: keys, &features)
            if !physical { mark("interpolatingSpring.noFloor", side(number(arguments?["bounce"]) ?? 0, of: 1, insideBelow: true, span: 0.5), &features) }
        case "custom": omissions([("custom.duration", "duration")], keys: keys, &features)
        default: break
        }
        if let response = fluidResponse(base: base, arguments) {
            let cap = 2 * Double.pi / 45_000.squareRoot()
            let region = response <= 0 ? "nonpositive" : abs(response - cap) <= 1e-12 ? "at" : response < cap ? "outside" : response <= 0.06 ? "inside" : nil
            mark("fluid.stiffness", region, &features)
        }
        if modifiers["repeatCount"] != nil || modifiers["repeatForever"] != nil {
            mark("repeat.autoreverses", modifiers["autoreverses"] == nil ? "omitted" : "given", &features)
        }
    }

    /// What a property scenario's changes and samples reach of the limits that depend on time: a
    /// curve animation's end, a fluid spring's blend, its 1 s jump and its rest thresholds, and
    /// velocity tracking's 2 s hold after a tracked change.
    static func propertyStated(_ body: JSONValue, events: [JSONValue], _ features: inout Set<String>) {
        mark("mergesCoincidentAnimations", body["mergesCoincidentAnimations"] == nil ? "omitted" : "given", &features)
        let sampleTimes: [Double] = (body["samples"]?.array ?? []).compactMap { number($0["time"]) }
        let eventTimes = events.compactMap { number($0["time"]) }
        var fluidSince: Double?
        var previous = numbers(body["initialValue"])
        for (index, event) in events.enumerated() {
            let time = number(event["time"]) ?? 0
            let next = events.dropFirst(index + 1).compactMap { number($0["time"]) }.first ?? .infinity
            let value = numbers(event["set"])
            defer { previous = value }
            let within = sampleTimes.filter { $0 > time && $0 < next }.map { $0 - time }
            if case .bool(true)? = event["transaction"]?["tracksVelocity"] {
                for elapsed in within { mark("tracking.horizon", side(elapsed, of: 2, insideBelow: true, span: 0.5, tolerance: 1e-9), &features) }
            }
            guard case let .object(members)? = event["animation"], let (base, arguments) = members.first else { continue }
            let plain = members.count == 1
            if plain, ["linear", "easeIn", "easeOut", "easeInOut", "timingCurve"].contains(base) {
                let duration = number(arguments["duration"]) ?? AnimationDefaults.curveDuration
                for elapsed in within { mark("timingCurve.progress", side(elapsed, of: duration, insideBelow: true, span: 0.05, tolerance: 1e-9), &features) }
            }
            guard let response = fluidResponse(base: base, arguments) else { continue }
            fluidSince = fluidSince ?? time
            if case .string("angle")? = body["valueType"] {
                mark("fluid.rest", "at", &features)
            } else if value.count == previous.count, let change = zip(value, previous).map({ abs($0 - $1) }).max() {
                mark("fluid.rest", change < 1 ? "inside" : change >= 100 ? "outside" : nil, &features)
            }
            // The blend: this spring merging onto a running plain fluid spring of another response.
            let blend = blendDuration(base: base, arguments)
            if plain, blend > 0, index > 0, case let .object(running)? = events[index - 1]["animation"], running.count == 1,
                let (runningBase, runningArguments) = running.first, let old = fluidResponse(base: runningBase, runningArguments), old != response
            {
                for elapsed in within {
                    mark("fluid.blend", abs(elapsed - blend) <= 1e-9 ? "at" : elapsed < blend ? "inside" : elapsed <= blend + 0.5 ? "outside" : nil, &features)
                }
            }
        }
        if let fluidSince {
            let times = Set((sampleTimes + eventTimes).filter { $0 >= fluidSince }).sorted()
            for (a, b) in zip(times, times.dropFirst()) { mark("fluid.gap", side(b - a, of: 1, insideBelow: true, span: 0.5, tolerance: 1e-9), &features) }
        }
    }

    // MARK: Springs and curves

    static func springStated(_ initializer: JSONValue?, form: String, regime: String, checks: [JSONValue], _ features: inout Set<String>) {
        let keys = Set((initializer?.object ?? []).map(\.0))
        switch form {
        case "settlingDuration":
            omissions([("Spring.epsilon", "epsilon")], keys: keys, &features)
            if let ratio = number(initializer?["dampingRatio"]) {
                mark("Spring.dampingRatio.upper", side(ratio, of: 1, insideBelow: true, span: 0.5), &features)
                mark("Spring.dampingRatio.lower", ratio <= 0 ? "outside" : ratio <= 0.1 ? "inside" : nil, &features)
            }
            if let duration = number(initializer?["settlingDuration"]) {
                mark("Spring.settlingDuration.lower", side(duration, of: 0.01, insideBelow: false, span: 0.05), &features)
                mark("Spring.settlingDuration.upper", side(duration, of: 10, insideBelow: true, span: 5), &features)
            }
        case "mass-stiffness-damping": omissions([("Spring.mass", "mass"), ("Spring.allowOverDamping", "allowOverDamping")], keys: keys, &features)
        case "duration-bounce":
            omissions([("Spring.duration", "duration"), ("Spring.bounce", "bounce")], keys: keys, &features)
            let bounce = number(initializer?["bounce"]) ?? 0
            mark("Spring.bounce.upper", side(bounce, of: 1, insideBelow: true, span: 0.5), &features)
            mark("Spring.bounce.lower", side(bounce, of: -1, insideBelow: false, span: 0.5), &features)
        default: break
        }
        let response: Double? = {
            if let k = number(initializer?["stiffness"]) { return 2 * Double.pi / (k / (number(initializer?["mass"]) ?? 1)).squareRoot() }
            return number(initializer?["settlingDuration"]) ?? number(initializer?["response"]) ?? number(initializer?["duration"]) ?? 0.5
        }()
        for check in checks {
            guard case let .object(members) = check, let (key, query) = members.first(where: { $0.0 != "expected" }) else { continue }
            let queryKeys = Set((query.object ?? []).map(\.0))
            let expected = number(check["expected"])
            switch key {
            case "value", "velocity": omissions([("query.target", "target"), ("query.initialVelocity", "initialVelocity")], keys: queryKeys, &features)
            case "lastTimeOutside":
                if let expected {
                    // Below 10 by less than one resolution: the horizon, truncated to a multiple of it.
                    let truncated = number(query["resolution"]).map { expected < 10 && expected + $0 > 10 + 1e-9 } ?? false
                    let region = expected == 10 ? "at" : truncated ? "truncated" : (9..<10).contains(expected) ? "inside" : nil
                    mark("lastTimeOutside.horizon", region, &features)
                }
            default: break
            }
            if key == "settlingDuration" { omissions([("query.epsilon", "epsilon")], keys: queryKeys, &features) }
            let settling = key == "settlingDuration" || (key == "property" && check["property"] == .string("settlingDuration"))
            if settling, regime == "critical" || regime == "overdamped", let expected {
                mark("settlingDuration.scan", expected > 50 ? "inside" : expected == 0 && (response ?? 0) >= 5 ? "outside" : nil, &features)
                if let spring = try? ReferenceSpring(json: initializer) {
                    let query = key == "settlingDuration" ? query : nil
                    var forgotten = false
                    let answer = spring.settlingDuration(
                        target: number(query?["target"]) ?? 1, initialVelocity: number(query?["initialVelocity"]) ?? 0,
                        epsilon: number(query?["epsilon"]) ?? 0.001, forgetting: { _ in forgotten = true })
                    mark("settlingDuration.hold", forgotten ? "inside" : answer > 0 ? "outside" : nil, &features)
                }
            }
        }
    }

    static func curveStated(_ body: JSONValue, checks: [JSONValue], _ features: inout Set<String>) {
        let bezier: Bool
        switch body["curve"] {
        case let .string(name)?: bezier = ["easeIn", "easeOut", "easeInOut"].contains(name)
        default:
            bezier = true
            let points = numbers(body["curve"])
            let regions = points.map { x in !(0...1).contains(x) ? "outside" : x == 0 || x == 1 ? "at" : x <= 0.1 || x >= 0.9 ? "inside" : nil }
            for region in Set(regions.compactMap { $0 }) { mark("UnitCurve.controlPoints", region, &features) }
        }
        guard bezier else { return }
        if case .string? = body["curve"] { mark("UnitCurve.controlPoints", "at", &features) }
        for check in checks {
            guard let p = number(check["at"]) else { continue }
            mark("UnitCurve.progress.lower", side(p, of: 0, insideBelow: false, span: 0.5), &features)
            mark("UnitCurve.progress.upper", side(p, of: 1, insideBelow: true, span: 0.5), &features)
        }
    }

    // MARK: Keyframes, phases, timelines

    static func keyframeStated(kind: String, arguments: JSONValue, _ features: inout Set<String>) {
        let keys = Set((arguments.object ?? []).map(\.0))
        switch kind {
        case "linear": omissions([("LinearKeyframe.timingCurve", "curve")], keys: keys, &features)
        case "spring": omissions([("SpringKeyframe.duration", "duration"), ("SpringKeyframe.spring", "spring")], keys: keys, &features)
        default: break
        }
    }

    /// Where each trigger and sample time falls against the frames `k / frameRate`: on one, on a
    /// frame time reached by adding `1/frameRate` k times (a few ulps off), within the 1e-9
    /// allowance after one, or just beyond it.
    static func phasesStated(_ body: JSONValue, _ features: inout Set<String>) {
        guard let rate = number(body["frameRate"]), rate > 0 else { return }
        let times = numbers(body["triggers"]) + (body["samples"]?.array ?? []).compactMap { number($0["time"]) }
        for time in times {
            let k = (time * rate).rounded()
            let frame = k / rate
            let offset = time - frame
            let accumulated = Self.accumulated(Int(k), rate: rate)
            let region =
                offset == 0
                ? "at" : time == accumulated ? "accumulated" : offset > 0 && offset <= 1e-9 ? "inside" : offset > 1e-9 && offset <= 1e-6 ? "outside" : nil
            mark("phases.allowance", region, &features)
        }
    }

    /// The time of frame `k` reached by adding the frame interval `k` times.
    package static func accumulated(_ k: Int, rate: Double) -> Double {
        var time = 0.0
        for _ in 0..<max(0, min(k, 100_000)) { time += 1 / rate }
        return time
    }

    static func timelineStated(kind: String, arguments: JSONValue, _ features: inout Set<String>) {
        guard kind == "animation" else { return }
        let keys = Set((arguments.object ?? []).map(\.0))
        omissions([("animation.minimumInterval", "minimumInterval"), ("animation.paused", "paused")], keys: keys, &features)
    }
}
