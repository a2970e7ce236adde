// swift-tools-version: 6.0
//
// MotionEngine's tests alone, built optimised: `make test-release` (the x86-64 baseline, as the
// package ships) and `make test-native` (this machine's CPU). The allocation counts need
// specialised code, and the vector operations are a code path of their own; building only the
// engine and its tests, not every module and test target of MotionBench, keeps each of those two
// builds a fraction of the whole package's. `MotionEngineTests` is a link to the package's own
// test folder: one set of tests, built two ways.

import Foundation
import PackageDescription

// As in MotionBench's manifest: the engine's vector operations with a target CPU.
let targetCPU = ProcessInfo.processInfo.environment["MOTIONBENCH_TARGET_CPU"].flatMap { $0.isEmpty ? nil : $0 }
let targetCPUSettings: [SwiftSetting] = targetCPU.map { [.unsafeFlags(["-target-cpu", $0]), .define("MOTIONENGINE_VECTOR_OPERATORS")] } ?? []

let package = Package(
    name: "OptimisedEngine",
    dependencies: [.package(name: "MotionBench", path: "../..")],
    targets: [
        .testTarget(
            name: "MotionEngineTests",
            dependencies: [
                .product(name: "MotionEngine", package: "MotionBench"), .product(name: "MotionCore", package: "MotionBench"),
                .product(name: "AllocationCounters", package: "MotionBench"),
            ],
            path: "MotionEngineTests",
            swiftSettings: targetCPUSettings,
            // jemalloc in the process, so that its statistics count the engine's allocations.
            linkerSettings: [.linkedLibrary("jemalloc")])
    ],
    swiftLanguageModes: [.v6]
)
