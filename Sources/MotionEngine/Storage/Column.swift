/// One column of a struct-of-arrays pool: a growable buffer with a stable base address between
/// structural changes, so kernels on several threads can write disjoint ranges of it through raw
/// pointers during a tick. Growth happens only when channels are added, never during a tick.
final class Column<Element> {
    // Unchecked: every kernel access reads `base`, and the runtime's dynamic exclusivity check
    // cost ~9% of a retarget storm (callgrind). The engine's lock and the disjoint chunk ranges
    // of a tick are what rule out conflicting accesses.
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = Self._allocate(self.capacity)
    }

    /// Columns start on a cache line, so a kernel's vector of lanes at a multiple of the lane
    /// count never straddles two lines: one load, not two. The allocator's 16 bytes made every
    /// eight-lane (AVX-512) load of a fluid channel a split load — 200 against 168 µs a frame at
    /// 100k channels (`MotionBenchmarks run tick.fluid.100k.1`, built for this CPU).
    static var _alignment: Int { 64 }

    private static func _allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
        UnsafeMutableRawPointer.allocate(byteCount: capacity * MemoryLayout<Element>.stride, alignment: _alignment)
            .bindMemory(to: Element.self, capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "column index \(index) out of 0..<\(count)")
            return base[index]
        }
        set {
            assert(index >= 0 && index < count, "column index \(index) out of 0..<\(count)")
            base[index] = newValue
        }
    }

    func append(_ value: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Moves the last element into `index` and shrinks by one.
    func swapRemove(at index: Int) {
        assert(index >= 0 && index < count)
        count -= 1
        if index != count {
            base[index] = (base + count).move()
        } else {
            (base + count).deinitialize(count: 1)
        }
    }

    /// Empties the column, keeping its capacity.
    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    func reserve(_ minimumCapacity: Int) {
        while capacity < minimumCapacity { grow() }
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newBase = Self._allocate(newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
