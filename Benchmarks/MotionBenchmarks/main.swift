import BenchKit
import CReferenceKernels
import Foundation

// The benchmark worker: `motion-bench run` spawns it once per benchmark and pass. Benchmarks are
// declared as plain closures in the registry below, with stable dotted names.

var registry = BenchmarkRegistry()
registry.targetCPU = mb_swift_target_cpu().map { String(cString: $0) }
registry.source = buildSource
registerEngineBenchmarks(in: &registry)
registerReferenceKernels(in: &registry)
registerPropertyBenchmarks(in: &registry)
registerKeyframeBenchmarks(in: &registry)
registerConformanceReplay(in: &registry)
if ProcessInfo.processInfo.environment["MOTIONBENCH_TEST_BENCHMARKS"] == "1" {
    registerTestOnlyBenchmarks(in: &registry)
}
exit(BenchmarkWorker.main(registry: registry))
