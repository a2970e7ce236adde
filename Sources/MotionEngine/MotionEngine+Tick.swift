import Dispatch
import Foundation
import MotionCore

// A tick: every pool cut into chunks, run on the workers, then the chunks' events gathered in order.
extension MotionEngine {
    /// Advances every animating channel to `time`.
    public func tick(at time: TimeInterval) throws {
        guard !time.isNaN else { throw MotionEngineError.invalidTime(time) }
        lock.lock()
        defer { lock.unlock() }
        let time = max(time, lastTickTime)
        lastTickTime = time
        runKernels(at: time)
        gatherEvents()
    }

    func runKernels(at time: Double) {
        var total = 0
        for pool in pools { total += (pool.count + chunkSize - 1) / chunkSize }
        let chunkCount = total
        while sinks.count < chunkCount { sinks.append(EventSink(chunkSize: chunkSize)) }
        self.chunkCount = chunkCount
        let plan = TickPlan(pools: pools, sinks: sinks, chunkSize: chunkSize, values: values.base, time: time)
        var channels = 0
        for pool in pools { channels += pool.count }
        // Room for every channel's two events: a tick in which all of them complete allocates
        // nothing (this grows only in the first tick after channels were added).
        if events.capacity < 2 * channels { events.reserveCapacity(2 * channels) }
        run(.tick(plan), chunks: chunkCount, elements: channels)
    }

    /// Runs a job's chunks on as many threads as `elements` warrant (`minimumChannelsPerWorker`),
    /// on the calling thread alone when that is one.
    func run(_ job: ParallelJob, chunks: Int, elements: Int) {
        let workers = min(threadCount, chunks, max(1, elements / minimumChannelsPerWorker))
        if workers <= 1 {
            for chunk in 0..<chunks { job.run(chunk: chunk) }
        } else {
            runner.run(job, chunks: chunks, workers: workers)
        }
    }

    func gatherEvents() {
        events.removeAll(keepingCapacity: true)
        for chunk in 0..<chunkCount {
            let sink = sinks[chunk]
            for index in 0..<sink.channels.count {
                let channel = sink.channels[index]
                events.append(ChannelEvent(channel: ChannelID(index: channel, generation: directory[Int(channel)].generation), kind: sink.kinds[index]))
            }
        }
        for event in events where event.kind == .finished {
            let index = event.channel.index
            let entry = directory[Int(index)]
            detach(index, entry)
            place(index, kind: .idle, slot: -1)
        }
    }
}

/// What one tick runs: chunk k is the k-th run of `chunkSize` channels through the pools in
/// order. Workers claim chunks one at a time; each chunk writes only its own channels' values and
/// its own event sink, so no two workers touch the same memory, and which worker ran a chunk
/// changes nothing.
struct TickPlan: @unchecked Sendable {
    let pools: [any PoolProtocol]
    let sinks: [EventSink]
    let chunkSize: Int
    let values: UnsafeMutablePointer<Double>
    let time: Double

    func run(chunk: Int) {
        var first = chunk * chunkSize
        for pool in pools {
            let count = pool.count
            let span = ((count + chunkSize - 1) / chunkSize) * chunkSize
            if first < span {
                let sink = sinks[chunk]
                sink.removeAll()
                pool.tick(first..<min(first + chunkSize, count), time: time, values: values, sink: sink)
                return
            }
            first -= span
        }
    }
}
