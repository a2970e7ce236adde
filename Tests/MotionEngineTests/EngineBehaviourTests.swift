import Dispatch
import Foundation
import MotionCore
import Testing

@testable import MotionEngine

/// Determinism, allocation-free ticks, concurrent changes and bad input.
@Suite("MotionEngine behaviour")
struct EngineBehaviourTests {
    @Test("results are bitwise identical for thread counts 1, 2 and 8")
    func determinism() throws {
        let changes = randomScenario(seed: 42, channels: 500, frames: 120, changesPerFrame: 20, storms: [10, 50])
        let one = try runEngine(changes, channels: 500, frames: 120, threads: 1, chunkSize: 32)
        for threads in [2, 8] {
            let other = try runEngine(changes, channels: 500, frames: 120, threads: threads, chunkSize: 32)
            #expect(other.values.elementsEqual(one.values) { $0.map(\.bitPattern) == $1.map(\.bitPattern) }, "\(threads) threads")
            #expect(other.events == one.events, "events in the same order with \(threads) threads")
        }
    }

    @Test("changes from many threads between ticks are all applied, consistently")
    func concurrentChanges() throws {
        let engine = MotionEngine(threadCount: 2, minimumChannelsPerWorker: 1)
        let ids = try (0..<800).map { try engine.addChannel(value: Double($0)) }
        let shared = ids
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for k in stride(from: worker, to: shared.count, by: 8) {
                try? engine.animate(shared[k], to: 1000, with: .linear(duration: 1), at: 0)
            }
        }
        try engine.tick(at: 1.5)
        for id in ids { #expect(try engine.value(of: id) == 1000) }
        #expect(engine.channelCount == 800)
    }

    @Test("bad input: unknown and removed channels, NaN targets and times throw; earlier ticks clamp")
    func badInput() throws {
        let engine = MotionEngine(threadCount: 1)
        let id = try engine.addChannel(value: 3)
        let bogus = ChannelID(index: 99, generation: 0)
        #expect(throws: MotionEngineError.unknownChannel(bogus)) { try engine.value(of: bogus) }
        #expect(throws: MotionEngineError.nonFiniteValue(.infinity, nil)) { try engine.addChannel(value: .infinity) }
        #expect(throws: MotionEngineError.self) { try engine.animate(id, to: .nan, with: .bouncy, at: 0) }
        #expect(throws: MotionEngineError.self) { try engine.tick(at: .nan) }
        #expect(try engine.value(of: id) == 3, "nothing changed by the rejected calls")
        try engine.animate(id, to: 10, with: .linear(duration: 1), at: 0)
        try engine.tick(at: 0.5)
        let mid = try engine.value(of: id)
        try engine.tick(at: 0.25)
        #expect(try engine.value(of: id) == mid, "a tick earlier than the last is taken at the last tick's time")
        try engine.removeChannel(id)
        #expect(throws: MotionEngineError.unknownChannel(id)) { try engine.value(of: id) }
        #expect(throws: MotionEngineError.unknownChannel(id)) { try engine.removeChannel(id) }
        let reused = try engine.addChannel(value: 1)
        #expect(reused.index == id.index && reused.generation != id.generation)
        #expect(throws: MotionEngineError.unknownChannel(id)) { try engine.animate(id, to: 2, with: nil, at: 1) }
        #expect(MotionEngineError.unknownChannel(id).description.contains("removed"))
    }

    @Test("a batch with one bad change is rejected whole — on the parallel merge path too — and the next batch runs normally")
    func badBatch() throws {
        func engineWithSprings() throws -> (MotionEngine, [ChannelID]) {
            let engine = MotionEngine(threadCount: 2, chunkSize: 8, minimumChannelsPerWorker: 1)
            let ids = try (0..<64).map { try engine.addChannel(value: Double($0)) }
            try engine.animate(ids.map { ($0, 100.0) }, with: .bouncy, at: 0)
            try engine.tick(at: 0.1)
            return (engine, ids)
        }
        let (engine, ids) = try engineWithSprings(), (untouched, _) = try engineWithSprings()
        let removed = ids[40]
        try engine.removeChannel(removed)
        try untouched.removeChannel(removed)
        var batch = ids.filter { $0 != removed }.map { ($0, -50.0) }
        batch[30].1 = .nan
        let nanError = #expect(throws: MotionEngineError.self) { try engine.animate(batch, with: .snappy, at: 0.2) }
        #expect(nanError?.description.contains("channel 30") == true, "the error names the bad change: \(String(describing: nanError))")
        batch[30].1 = -50
        batch.insert((removed, 7), at: 10)
        #expect(throws: MotionEngineError.unknownChannel(removed)) { try engine.animate(batch, with: .snappy, at: 0.2) }
        try engine.tick(at: 0.3)
        try untouched.tick(at: 0.3)
        for id in ids where id != removed {
            #expect(try engine.value(of: id).bitPattern == untouched.value(of: id).bitPattern, "channel \(id.index) changed by a rejected batch")
        }
        // After the rejected batches, a good one runs as on an engine that never saw them.
        batch.remove(at: 10)
        try engine.animate(batch, with: .snappy, at: 0.4)
        try untouched.animate(batch, with: .snappy, at: 0.4)
        try engine.tick(at: 0.5)
        try untouched.tick(at: 0.5)
        for id in ids where id != removed {
            #expect(try engine.value(of: id).bitPattern == untouched.value(of: id).bitPattern)
        }
    }

    @Test("removing channels mid-animation keeps the others intact")
    func removal() throws {
        let engine = MotionEngine(threadCount: 2, chunkSize: 4, minimumChannelsPerWorker: 1)
        let ids = try (0..<50).map { try engine.addChannel(value: Double($0)) }
        for id in ids { try engine.animate(id, to: 100, with: .bouncy, at: 0) }
        try engine.tick(at: 0.1)
        for id in ids where id.index % 3 == 0 { try engine.removeChannel(id) }
        let property = AnimatedProperty(1.0)
        property.set(100, at: 0, transaction: Transaction(animation: .bouncy))
        _ = property.presentedValue(at: 0.1)
        try engine.tick(at: 0.2)
        #expect(try engine.value(of: ids[1]) == property.presentedValue(at: 0.2))
        engine.withValues { values in
            #expect(values[0].isNaN && values.count == 50)
        }
    }
}
