import Foundation
import TestSupport
import Testing

/// Benchmarks are named where they are declared: every name the worker lists is written whole, as
/// a string literal, in the worker's sources — so a search for `tick.fluid.100k.1` finds it.
@Suite("benchmark names")
struct BenchmarkNameTests {
    struct Listed: Decodable {
        let name: String
        let reference: String?
        let oneThreadCounterpart: String?
    }

    @Test("every benchmark the worker lists, and every name it refers to, is a literal in Benchmarks/MotionBenchmarks")
    func namesAreLiterals() throws {
        let (status, output) = try runProcess(BuiltProducts.benchmarkWorker, ["list"])
        #expect(status == 0)
        let listed = try JSONDecoder().decode([Listed].self, from: Data(output.utf8))
        #expect(listed.count > 100)
        let folder = Repository.url("Benchmarks/MotionBenchmarks")
        let sources = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let names = Set(listed.flatMap { [$0.name] + [$0.reference, $0.oneThreadCounterpart].compactMap { $0 } })
        let missing = names.filter { !sources.contains("\"\($0)\"") }.sorted()
        #expect(missing.isEmpty, "not written whole: \(missing)")
        // Every reference and counterpart names a benchmark that exists.
        let declared = Set(listed.map(\.name))
        #expect(names.subtracting(declared).isEmpty, "\(names.subtracting(declared).sorted())")
    }
}
