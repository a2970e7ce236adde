// swift-tools-version: 6.0
//
// MotionBench: an exact, portable reproduction of SwiftUI's animation system and the
// conformance and benchmark harness around it. See README.md.

import Foundation
import PackageDescription

// The thread sanitizer cannot run on jemalloc: `make tsan` sets MOTIONBENCH_NO_JEMALLOC so the
// test bundle is linked without it (the allocation-count tests then skip themselves).
let linksJemallocIntoTests = ProcessInfo.processInfo.environment["MOTIONBENCH_NO_JEMALLOC"] == nil
let jemallocTestDependency: [Target.Dependency] = linksJemallocIntoTests ? ["CJemalloc"] : []

// The instruction set of the Swift code. Unset: the x86-64 baseline, as a package ships.
// `MOTIONBENCH_TARGET_CPU=native` (`make run TARGET_CPU=native`) builds it for this machine's CPU,
// as the C reference kernels always are, so their ratios compare like with like; the engine then
// uses LLVM's vector operations throughout (MotionEngine/Lanes/VectorOperations.swift), and
// the benchmark worker reports the CPU in every run's environment. `-target-cpu` is an unsafe
// flag, which only a root package may carry: the default build has none.
let targetCPU = ProcessInfo.processInfo.environment["MOTIONBENCH_TARGET_CPU"].flatMap { $0.isEmpty ? nil : $0 }
let targetCPUSettings: [SwiftSetting] = targetCPU.map { [.unsafeFlags(["-target-cpu", $0]), .define("MOTIONENGINE_VECTOR_OPERATORS")] } ?? []
let targetCPUReport: [CSetting] = targetCPU.map { [.define("MB_SWIFT_TARGET_CPU", to: "\"\($0)\"")] } ?? []

let package = Package(
    name: "MotionBench",
    products: [
        .library(name: "MotionCore", targets: ["MotionCore"]),
        .library(name: "MotionEngine", targets: ["MotionEngine"]),
        .library(name: "BenchKit", targets: ["BenchKit"]),
        .library(name: "BenchKitWorker", targets: ["BenchKitWorker"]),
        .library(name: "AllocationCounters", targets: ["AllocationCounters"]),
        .library(name: "HarnessSupport", targets: ["HarnessSupport"]),
        .library(name: "FixtureFormat", targets: ["FixtureFormat"]),
        .library(name: "ConformanceReference", targets: ["ConformanceReference"]),
        .library(name: "MotionConformance", targets: ["MotionConformance"]),
        .library(name: "ConformanceExplorer", targets: ["ConformanceExplorer"]),
        .library(name: "ConformanceDiagnosis", targets: ["ConformanceDiagnosis"]),
        .library(name: "ConformanceReports", targets: ["ConformanceReports"]),
        .library(name: "EngineConformance", targets: ["EngineConformance"]),
        .library(name: "BenchStore", targets: ["BenchStore"]),
        .executable(name: "motion-bench", targets: ["motion-bench"]),
        .executable(name: "MotionBenchmarks", targets: ["MotionBenchmarks"]),
        // A package of one's own applies it to its benchmark worker, so that its runs name the
        // commit they were built from (docs/guides/engine-swift.md).
        .plugin(name: "BuildStamp", targets: ["BuildStamp"]),
    ],
    targets: [
        // Compiles the commit a target is built from into it (`let buildSource`), at every build.
        .plugin(name: "BuildStamp", capability: .buildTool()),

        // The interpolation core: SwiftUI-shaped, pure, deterministic. Depends on nothing but
        // Foundation (for CGFloat and the CoreGraphics geometry types on Linux).
        .target(name: "MotionCore", exclude: ["README.md"], swiftSettings: targetCPUSettings),

        // Many channels at once: struct-of-arrays pools per animation kind, ticked on Dispatch. Its
        // kernels reach LLVM's vector operations through the `Builtin` module (VectorOperations.swift).
        .target(
            name: "MotionEngine", dependencies: ["MotionCore"], exclude: ["README.md"],
            swiftSettings: [.enableExperimentalFeature("BuiltinModule")] + targetCPUSettings),

        // jemalloc's statistics interface, for allocation counting in tests and benchmarks.
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),

        // The stores' engines: SQLite embedded, PostgreSQL's client for a fleet's server.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        // Results in a database: one schema on SQLite and PostgreSQL, the fleet's job queue.
        .target(name: "BenchStore", dependencies: ["BenchKit", "HarnessSupport", "CSQLite", "CLibPQ"], exclude: ["README.md"]),

        // What every layer of the harness shares and nothing of MotionBench: one way to run a
        // child process (to its end, or a line at a time), one seeded generator.
        .target(name: "HarnessSupport", dependencies: ["CChildProcess"], exclude: ["README.md"]),
        // Starting a child in a process group of its own, and the tether that ends those groups
        // when the tool ends, however it ends: C, since the tether runs in a forked child.
        .target(name: "CChildProcess"),

        // The fixture format's plain values: the JSON reader, value types, clock models and the
        // animations' defaults. Nothing of MotionCore, so the reference model can read fixtures.
        .target(name: "FixtureFormat", exclude: ["README.md"]),
        // The reference model, written from the documents apart from MotionCore: the one module
        // every expected number of a `reference-model` or `generated` fixture comes from. It must
        // never depend on MotionCore, directly or not (ModuleGraphTests checks the manifest, and
        // the build's import check refuses an import the manifest does not declare).
        .target(name: "ConformanceReference", dependencies: ["FixtureFormat"], exclude: ["README.md"]),

        // The player: fixtures read strictly, played through MotionCore or an engine in another
        // process and checked; the engine protocol (its vocabulary and the client); what the
        // documents state and what each fixture exercises.
        .target(
            name: "MotionConformance", dependencies: ["FixtureFormat", "ConformanceReference", "MotionCore", "HarnessSupport"], exclude: ["README.md"],
            swiftSettings: targetCPUSettings),
        // The explorer: the coverage map, the scenario generators and shrinkers, and the expected
        // numbers of generated and reference-model fixtures recomputed by the reference model.
        .target(
            name: "ConformanceExplorer", dependencies: ["FixtureFormat", "ConformanceReference", "MotionConformance", "HarnessSupport"],
            exclude: ["README.md"]),
        // The diagnosis: failures reduced to their smallest scenario and grouped by cause, and the
        // expectation files a gate compares results with.
        .target(
            name: "ConformanceDiagnosis", dependencies: ["FixtureFormat", "ConformanceReference", "MotionConformance", "ConformanceExplorer"],
            exclude: ["README.md"]),

        // Conformance results as text, JSON, JUnit, Markdown and HTML, one engine or side by side.
        .target(name: "ConformanceReports", dependencies: ["FixtureFormat", "MotionConformance", "ConformanceDiagnosis", "BenchKit"], exclude: ["README.md"]),

        // Engines over the protocol: MotionCore behind it (the adapter), the standard workloads,
        // exploration, MotionEngine as the player's mirror. (The protocol itself — its vocabulary
        // and the harness's client — is MotionConformance's.)
        .target(
            name: "EngineConformance",
            dependencies: [
                "FixtureFormat", "ConformanceReference", "MotionConformance", "ConformanceExplorer", "ConformanceDiagnosis", "MotionCore", "MotionEngine",
                "BenchKit", "HarnessSupport",
            ],
            exclude: ["README.md"],
            swiftSettings: targetCPUSettings),

        // The benchmark runner. It finds jemalloc at run time (AllocationCounters), so timing runs
        // use the production allocator and counting runs preload jemalloc.
        .target(name: "BenchKit", dependencies: ["BenchKitWorker", "HarnessSupport", "AllocationCounters"], exclude: ["README.md"]),
        // What a benchmark worker links: the registry, the sampler and the messages it shares with
        // the driver. A package measured as a revision builds this, not the runner.
        .target(name: "BenchKitWorker", dependencies: ["AllocationCounters", "HarnessSupport"], exclude: ["README.md"]),
        // jemalloc's counters, looked up at run time: a module of its own, so that the engine's
        // optimised tests count allocations without building the runner.
        .target(name: "AllocationCounters", exclude: ["README.md"]),

        // MotionBench's jobs as typed requests and outcomes; the executable parses and renders.
        .target(
            name: "MotionBenchApp",
            dependencies: [
                "MotionCore", "BenchKit", "BenchStore", "HarnessSupport", "FixtureFormat", "MotionConformance", "ConformanceExplorer",
                "ConformanceDiagnosis", "ConformanceReports", "EngineConformance",
            ],
            exclude: ["README.md"], plugins: ["BuildStamp"]),

        // The command line: declarations and rendering; every job, the hidden entry points and the
        // adapter are MotionBenchApp's. It reads the libraries whose results it renders (BenchKit's,
        // ConformanceReports', fixtures) and declares its options with HarnessSupport's kit.
        .executableTarget(
            name: "motion-bench",
            dependencies: [
                "MotionBenchApp", "BenchKit", "ConformanceReports", "MotionConformance", "ConformanceExplorer", "HarnessSupport",
            ],
            // Members of a module not imported are refused, so the imports above are the modules
            // the executable uses, not fewer.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),

        // C kernels of the same math as the engine's, for the ratio every report shows. Built with
        // the flags the comparison is defined by; used only by the benchmark worker.
        .target(
            name: "CReferenceKernels",
            path: "Benchmarks/CReferenceKernels",
            cSettings: [.unsafeFlags(["-O3", "-march=native", "-ffast-math"])] + targetCPUReport
        ),

        // The benchmark worker the runner spawns, one process per benchmark and pass.
        .executableTarget(
            name: "MotionBenchmarks",
            dependencies: ["MotionCore", "MotionEngine", "MotionConformance", "EngineConformance", "BenchKit", "CReferenceKernels"],
            path: "Benchmarks/MotionBenchmarks",
            swiftSettings: targetCPUSettings,
            plugins: ["BuildStamp"]
        ),

        // The core's tests check it against the reference model (written apart from MotionCore,
        // from the documents), so each rule has one reference.
        .testTarget(name: "MotionCoreTests", dependencies: ["MotionCore", "ConformanceReference"]),
        // What the test targets share: the repository's and this build's paths, the tool run as a
        // child, the engine doubles, scratch folders removed when the tests end.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["Engines"]),
        .testTarget(name: "HarnessSupportTests", dependencies: ["HarnessSupport"]),
        .testTarget(name: "BenchKitTests", dependencies: ["BenchKit", "BenchKitWorker", "HarnessSupport", "TestSupport"]),
        .testTarget(name: "BenchStoreTests", dependencies: ["BenchStore", "BenchKit", "MotionBenchApp", "TestSupport"]),
        .testTarget(
            name: "MotionBenchAppTests",
            dependencies: [
                "MotionBenchApp", "BenchKit", "BenchStore", "HarnessSupport", "MotionConformance", "ConformanceExplorer", "ConformanceDiagnosis",
                "ConformanceReports", "EngineConformance", "TestSupport",
            ]),
        // Each layer of the conformance harness tested with what it needs: the player (and the
        // documented examples it holds), the explorer, the diagnosis; tests that drive an engine
        // or render a report live with EngineConformance.
        .testTarget(
            name: "MotionConformanceTests", dependencies: ["FixtureFormat", "ConformanceReference", "MotionConformance", "MotionCore", "TestSupport"]),
        .testTarget(
            name: "ConformanceExplorerTests", dependencies: ["FixtureFormat", "MotionConformance", "ConformanceExplorer", "MotionCore", "TestSupport"]),
        .testTarget(name: "ConformanceDiagnosisTests", dependencies: ["MotionConformance", "ConformanceDiagnosis"]),
        .testTarget(
            name: "EngineConformanceTests",
            dependencies: [
                "EngineConformance", "FixtureFormat", "ConformanceReference", "MotionConformance", "ConformanceExplorer", "ConformanceDiagnosis",
                "ConformanceReports", "BenchKit", "TestSupport",
            ]),
        .testTarget(name: "ConformanceReportsTests", dependencies: ["ConformanceReports", "MotionConformance", "FixtureFormat", "TestSupport"]),
        // The command line: every command's declarations, help and parser, in process and as the tool runs.
        .testTarget(name: "MotionBenchToolTests", dependencies: ["motion-bench", "HarnessSupport", "EngineConformance", "BenchKit", "TestSupport"]),
        .testTarget(
            name: "MotionEngineTests", dependencies: ["MotionEngine", "MotionCore", "AllocationCounters"] + jemallocTestDependency,
            swiftSettings: targetCPUSettings),
    ] + (linksJemallocIntoTests ? [.testTarget(name: "JemallocLinkTests", dependencies: ["CJemalloc"])] : []),
    swiftLanguageModes: [.v6]
)
