import MotionCore
import Testing

/// Completion callbacks (§6.2, §9 A01).
@Suite("Animation completion")
struct CompletionTests {
    final class Log {
        var entries: [String] = []
        var times: [String: Double] = [:]
    }

    func frames(_ property: AnimatedProperty<Double>, through end: Double, hertz: Double = 60, now: ((Double) -> Void)? = nil) {
        for frame in 0...Int(end * hertz) {
            let t = Double(frame) / hertz
            now?(t)
            _ = property.presentedValue(at: t)
        }
    }

    @Test("A01: two linear(5).logicallyComplete(after: 1) changes, .logicallyComplete then .removed, complete in order [1, 2]")
    func a01() {
        for secondChangeTime in [0.0, 0.5] {
            let property = AnimatedProperty(0.0)
            let log = Log()
            var now = 0.0
            let animation = Animation.linear(duration: 5).logicallyComplete(after: 1)
            withAnimation(
                animation, completionCriteria: .logicallyComplete, { property.set(1, at: 0) },
                completion: {
                    log.entries.append("1")
                    log.times["1"] = now
                })
            if secondChangeTime > 0 { frames(property, through: secondChangeTime - 1.0 / 60) }
            withAnimation(
                animation, completionCriteria: .removed, { property.set(2, at: secondChangeTime) },
                completion: {
                    log.entries.append("2")
                    log.times["2"] = now
                })
            frames(property, through: 7, now: { now = $0 })
            #expect(log.entries == ["1", "2"], "second change at \(secondChangeTime)")
            expectClose(log.times["1"] ?? .nan, 1, tolerance: 1e-9, "first fires at its own logical completion")
            expectClose(log.times["2"] ?? .nan, secondChangeTime + 5 + 1.0 / 60, tolerance: 1.0 / 60 + 1e-9, "second fires when everything is removed")
        }
    }

    @Test("a withAnimation whose body animates nothing completes at once, exactly once")
    func nothingAnimated() {
        var count = 0
        withAnimation(.bouncy, {}, completion: { count += 1 })
        #expect(count == 1)
        let property = AnimatedProperty(5.0)
        withAnimation(.bouncy, { property.set(5, at: 0) }, completion: { count += 1 })
        #expect(count == 2, "a change to the same value animates nothing")
        withAnimation(nil, { property.set(9, at: 0) }, completion: { count += 1 })
        #expect(count == 3, "a nil animation animates nothing")
        frames(property, through: 1)
        #expect(count == 3)
    }

    @Test(".removed waits for every animation created after it on the value")
    func removedWaits() {
        let property = AnimatedProperty(0.0)
        var firedAt: Double?
        var now = 0.0
        withAnimation(.linear(duration: 1), completionCriteria: .removed, { property.set(1, at: 0) }, completion: { firedAt = now })
        frames(property, through: 0.5)
        withAnimation(.linear(duration: 2)) { property.set(2, at: 0.5) }
        frames(property, through: 3, now: { now = $0 })
        expectClose(firedAt ?? .nan, 2.5 + 1.0 / 60, tolerance: 1.0 / 60, "fires when the combination ends, not at 1 s")
    }

    @Test(".logicallyComplete follows its own change's spring after a merge (the fork rule)")
    func logicalFork() {
        let property = AnimatedProperty(0.0)
        var firstAt: Double?, secondAt: Double?
        var now = 0.0
        withAnimation(.bouncy, completionCriteria: .logicallyComplete, { property.set(100, at: 0) }, completion: { firstAt = now })
        frames(property, through: 0.1)
        withAnimation(.bouncy, completionCriteria: .logicallyComplete, { property.set(200, at: 0.1) }, completion: { secondAt = now })
        frames(property, through: 3, now: { now = $0 })
        // The first spring (response 0.5, started at 0) is logically complete at 0.5 s; the merged
        // one restarted its clock at 0.1 s, so it is at 0.6 s.
        expectClose(firstAt ?? .nan, 0.5, tolerance: 1e-9, "first")
        #expect((secondAt ?? 0) >= 0.6 - 1e-9 && (secondAt ?? 9) <= 0.6 + 1.0 / 60 + 1e-9, "second at \(String(describing: secondAt))")
    }

    @Test("one withAnimation changing two values completes when both are done")
    func twoValues() {
        let short = AnimatedProperty(0.0), long = AnimatedProperty(0.0)
        var firedAt: Double?
        var now = 0.0
        withAnimation(
            .linear(duration: 1), completionCriteria: .removed,
            {
                short.set(1, at: 0)
                long.set(1, at: 0, path: [.transaction { $0.animation = .linear(duration: 2) }])
            }, completion: { firedAt = now })
        for frame in 0...180 {
            now = Double(frame) / 60
            _ = short.presentedValue(at: now)
            _ = long.presentedValue(at: now)
        }
        expectClose(firedAt ?? .nan, 2 + 1.0 / 60, tolerance: 1.0 / 60, "after the longer of the two")
    }

    @Test("the callback fires exactly once even when frames continue")
    func exactlyOnce() {
        let property = AnimatedProperty(0.0)
        var count = 0
        withAnimation(.snappy, { property.set(1, at: 0) }, completion: { count += 1 })
        frames(property, through: 3)
        #expect(count == 1)
    }
}
