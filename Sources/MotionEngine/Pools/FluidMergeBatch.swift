import MotionCore

/// A batch of changes to distinct channels with one fluid spring at one time — a retarget storm —
/// split into chunks that can run on several threads. A chunk merges the spring onto every
/// channel of its range that runs a fluid spring (`FluidPool.merge`) and counts the others,
/// which the engine then changes one by one. Merges of different channels touch different slots
/// and nothing else, so they commute: in chunks, in any order, they give what running them one by
/// one gives. Nothing is allocated once the batch has seen as many chunks before.
final class FluidMergeBatch {
    let pool: FluidPool
    let chunkSize: Int
    /// Per chunk, how many of its changes are not merges onto a fluid spring.
    let deferred = Column<Int>(capacity: 64)
    private(set) var changes = UnsafeBufferPointer<(ChannelID, Double)>(start: nil, count: 0)
    private var directory = UnsafePointer<MotionEngine.DirectoryEntry>(bitPattern: 1)!
    private var spring = FluidSpringAnimation(response: 0.5, dampingFraction: 1, blendDuration: 0)
    private var time = 0.0

    init(pool: FluidPool, chunkSize: Int) {
        self.pool = pool
        self.chunkSize = chunkSize
    }

    var chunks: Int { (changes.count + chunkSize - 1) / chunkSize }

    /// Sets up a batch; `changes` and `directory` must stay valid and unchanged until it has run.
    /// (The engine runs it inside their `withUnsafeBufferPointer`.)
    func prepare(
        _ changes: UnsafeBufferPointer<(ChannelID, Double)>, directory: UnsafePointer<MotionEngine.DirectoryEntry>,
        spring: FluidSpringAnimation, time: Double
    ) {
        self.changes = changes
        self.directory = directory
        self.spring = spring
        self.time = time
        while deferred.count < chunks { deferred.append(0) }
    }

    /// The positions in the batch of `chunk`'s changes.
    func positions(of chunk: Int) -> Range<Int> {
        chunk * chunkSize..<min((chunk + 1) * chunkSize, changes.count)
    }

    func run(chunk: Int) {
        let columns = FluidColumns(pool)
        var others = 0
        for position in positions(of: chunk) {
            let (id, target) = changes[position]
            let entry = directory[Int(id.index)]
            guard entry.kind == .fluid else {
                others += 1
                continue
            }
            columns.change(slot: Int(entry.slot), to: target, with: spring, at: time)
        }
        deferred[chunk] = others
    }
}
