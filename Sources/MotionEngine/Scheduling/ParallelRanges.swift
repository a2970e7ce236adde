/// Work over `elements` elements, cut into ranges of the engine's chunk size that an engine's
/// threads claim as they claim a tick's chunks (`MotionEngine.run(_:)`).
///
/// It exists so the benchmarks can run their C reference kernels on the scheduler a tick runs
/// on: a two-thread speed-up then compares kernels, not a kernel on persistent, spinning workers
/// with one on threads woken per call. Made once and run many times, it allocates nothing per run.
@_spi(Benchmarking)
public final class ParallelRanges: @unchecked Sendable {
    public let elements: Int
    public let chunkSize: Int
    private let body: (Range<Int>) -> Void

    /// `body` is called once per range, from any of the engine's threads, ranges disjoint and
    /// together covering `0..<elements`.
    public init(elements: Int, chunkSize: Int, _ body: @escaping (Range<Int>) -> Void) {
        precondition(elements >= 0 && chunkSize > 0, "ParallelRanges needs elements ≥ 0 and chunkSize > 0")
        self.elements = elements
        self.chunkSize = chunkSize
        self.body = body
    }

    var chunkCount: Int { (elements + chunkSize - 1) / chunkSize }

    func run(chunk: Int) {
        let lower = chunk * chunkSize
        body(lower..<min(elements, lower + chunkSize))
    }
}

extension MotionEngine {
    /// Runs `work` on this engine's threads as a tick over `work.elements` channels would run:
    /// as many workers as `minimumChannelsPerWorker` allows, each claiming the next range. Waits
    /// for any tick or change in progress, and returns when every range has run.
    @_spi(Benchmarking)
    public func run(_ work: ParallelRanges) {
        locked { run(.ranges(work), chunks: work.chunkCount, elements: work.elements) }
    }
}
