import Testing

@testable import MotionEngine

/// The pools' column storage (Storage/Column.swift).
@Suite("Column")
struct ColumnTests {
    static func startsOnCacheLine<Element>(_ column: Column<Element>) -> Bool {
        Int(bitPattern: column.base) % 64 == 0
    }

    @Test("a column starts on a cache line, as allocated and after every growth, for any element size")
    func alignment() {
        let doubles = Column<Double>(capacity: 3), flags = Column<Bool>(capacity: 1), ids = Column<UInt32>()
        #expect(Self.startsOnCacheLine(doubles) && Self.startsOnCacheLine(flags) && Self.startsOnCacheLine(ids))
        var bases: Set<Int> = []
        for i in 0..<5_000 {
            doubles.append(Double(i))
            flags.append(i % 3 == 0)
            ids.append(UInt32(i))
            bases.insert(Int(bitPattern: doubles.base))
            #expect(Self.startsOnCacheLine(doubles) && Self.startsOnCacheLine(flags) && Self.startsOnCacheLine(ids), "after \(i + 1) appends")
        }
        // 3 → 6 → … → 6144 elements: twelve buffers, each checked above.
        #expect(bases.count == 12)
        doubles.reserve(100_000)
        #expect(Self.startsOnCacheLine(doubles))
    }

    @Test("growth keeps the elements; a swap-remove moves the last element into the gap")
    func contentsThroughGrowth() {
        let column = Column<Double>(capacity: 1)
        for i in 0..<1_000 { column.append(Double(i) + 0.5) }
        #expect((0..<1_000).allSatisfy { column[$0] == Double($0) + 0.5 })
        column.swapRemove(at: 10)
        #expect(column.count == 999 && column[10] == 999.5 && column[998] == 998.5)
        column.swapRemove(at: 998)
        #expect(column.count == 998 && column[997] == 997.5)
        column.removeAll()
        #expect(column.count == 0 && Self.startsOnCacheLine(column))
    }
}
