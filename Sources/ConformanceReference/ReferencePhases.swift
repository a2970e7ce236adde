import FixtureFormat
import Foundation

/// A phase animator by docs/semantics.md §6.1, stepped a frame at a time as docs/protocol.md
/// ("phases") says, over the reference model's property and its completion listeners.
package enum ReferencePhases {
    package struct Phase {
        package var name: String
        package var value: Double
        package var animation: JSONValue?

        package init(name: String, value: Double, animation: JSONValue?) {
            (self.name, self.value, self.animation) = (name, value, animation)
        }
    }

    package struct Answers {
        /// Per sample: the presented value and the current phase's name, after the frame's moves.
        package var samples: [(value: Double, phase: String)] = []
        package var transitions: [(time: Double, phase: String)] = []
    }

    package static func play(
        _ phases: [Phase], triggerMode: Bool, frameRate: Double, triggers: [Double], duration: Double, sampleTimes: [Double]
    ) throws -> Answers {
        var answers = Answers()
        guard phases.count > 1 else { throw ReferenceModel.Unsupported(description: "the reference plays two phases or more") }
        let property = ReferenceProperty(phases[0].value, mergesCoincident: true)
        var current = 0
        var began: Int?
        var complete = false
        var moves = 0
        func move(to index: Int, frame: Int, at t: Double) throws {
            current = index
            began = frame
            complete = false
            moves += 1
            answers.transitions.append((t, phases[index].name))
            // Only this move's completion moves the animator on; an earlier one's may fire later.
            let move = moves
            let listener = ReferenceProperty.Listener(name: phases[index].name, waitsForRemoval: false) { _ in
                if move == moves { complete = true }
            }
            try property.set(phases[index].value, at: t, animation: phases[index].animation, tracksVelocity: false, listener: listener)
            listener.bodyDone = true
            listener.check()
        }
        var triggers = triggers[...], samples = sampleTimes[...]
        let frames = Int((duration * frameRate).rounded())
        for frame in 0...frames {
            let t = Double(frame) / frameRate
            if triggerMode {
                while let trigger = triggers.first, trigger <= t + 1e-9 {
                    triggers.removeFirst()
                    try move(to: 1, frame: frame, at: t)
                }
            }
            _ = property.value(at: t)
            if !triggerMode && began == nil {
                try move(to: 1, frame: frame, at: t)
            } else if let start = began, start < frame, complete {
                let next = (current + 1) % phases.count
                // A trigger's cycle ends when it is back at the first phase.
                if triggerMode && current == 0 {
                    began = nil
                } else {
                    try move(to: next, frame: frame, at: t)
                }
            }
            while let sample = samples.first, sample <= t + 1e-9 {
                samples.removeFirst()
                answers.samples.append((property.value(at: t), phases[current].name))
            }
        }
        return answers
    }
}
