import BenchKit
import Foundation

/// Benchmarks for the runner's own tests, registered only when MOTIONBENCH_TEST_BENCHMARKS=1:
/// one that crashes, one that hangs, one that allocates a known number of objects per iteration and
/// one that needs 256 MiB.
func registerTestOnlyBenchmarks(in registry: inout BenchmarkRegistry) {
    registry.register("test.crash", unit: .operation, tags: ["test"]) { _ in
        BenchmarkBody(run: { _ in
            let values: [Int] = []
            blackHole(values[1])
        })
    }
    registry.register("test.allocate.7", unit: .operation, tags: ["test"]) { _ in
        BenchmarkBody(run: { iterations in
            for _ in 0..<iterations {
                var head: TestNode?
                for _ in 0..<7 { head = TestNode.make(head) }
                blackHole(head)
            }
        })
    }
    registry.register("test.sleep", unit: .operation, tags: ["test"]) { _ in
        BenchmarkBody(run: { _ in Thread.sleep(forTimeInterval: 60) })
    }
    // 256 MiB written page by page each iteration: under a memory limit, the out-of-memory killer's.
    registry.register("test.memory.256MiB", unit: .operation, tags: ["test"]) { _ in
        BenchmarkBody(run: { iterations in
            for _ in 0..<iterations {
                let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256 << 20)
                for page in stride(from: 0, to: 256 << 20, by: 4096) { bytes[page] = 1 }
                blackHole(bytes[4096])
                bytes.deallocate()
            }
        })
    }
}

/// An object of `test.allocate.7`'s chain.
private final class TestNode {
    var next: TestNode?
    init(_ next: TestNode?) { self.next = next }

    /// Not inlined: each node leaves the function that made it, so an optimised build cannot keep
    /// any of the seven on the stack.
    @inline(never) static func make(_ next: TestNode?) -> TestNode { TestNode(next) }
}
