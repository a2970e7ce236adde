import ConformanceReference
import FixtureFormat

extension FixtureFeatures {
    /// The windows an animation opens that a completion can be pending inside (§6.2 crossed with
    /// §3.1, §3.2 and §4.3): its own delay, its repeats, a merge that takes it over or that it
    /// makes, and the response blend such a merge starts.
    static let completionWindows = ["delay", "repeat", "merge", "blend"]

    /// `completion:<criterion>×<window>` for each completion whose animation has the window: a
    /// delay or a repeat of the change's own animation; a merge at its change (onto a running
    /// animation) or at a later one (onto the animation it waits for); a blend when such a merge
    /// is a fluid spring with a blend duration above 0. `merging[i]` says whether event i merges.
    static func completionWindows(_ events: [JSONValue], merging: [Bool], _ features: inout Set<String>) {
        for (index, event) in events.enumerated() {
            guard case let .object(completion)? = event["completion"], let animation = event["animation"], animation != .null else { continue }
            let criteria = completion.first { $0.0 == "criteria" }.map { "\($0.1)" } ?? ""
            let name = "completion:" + (criteria.contains("removed") ? "removed" : "logicallyComplete")
            if let delay = number(animation["delay"]), delay > 0 { features.insert("\(name)×delay") }
            if animation["repeatCount"] != nil || animation["repeatForever"] != nil { features.insert("\(name)×repeat") }
            let merges = merging.indices.filter { $0 >= index && merging[$0] }
            if !merges.isEmpty { features.insert("\(name)×merge") }
            if merges.contains(where: { blendDuration(events[$0]["animation"]) > 0 }) { features.insert("\(name)×blend") }
        }
    }

    /// Whether the animation's base is a fluid spring (§3.1).
    static func isFluid(_ animation: JSONValue?) -> Bool {
        guard case let .object(members)? = animation, let base = members.first(where: { !AnimationSpec.modifiers.contains($0.0) })?.0 else { return false }
        return ReferencePlayback.fluidBases.contains(base)
    }

    /// The blend duration of a fluid spring's arguments; 0 for any other animation.
    static func blendDuration(_ animation: JSONValue?) -> Double {
        guard isFluid(animation), case let .object(members)? = animation,
            let (base, arguments) = members.first(where: { !AnimationSpec.modifiers.contains($0.0) })
        else { return 0 }
        return blendDuration(base: base, arguments)
    }
}
