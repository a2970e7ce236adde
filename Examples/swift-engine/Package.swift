// swift-tools-version:5.9
import PackageDescription

// A small engine of its own, benchmarked with MotionBench's runner. `name:` fixes the identity of
// the path dependency, so `package: "MotionBench"` works whatever the checkout's folder is called.
let package = Package(
    name: "TinyTween",
    dependencies: [.package(name: "MotionBench", path: "../..")],
    targets: [
        .target(name: "TinyTween", dependencies: [.product(name: "MotionCore", package: "MotionBench")]),
        // BuildStamp compiles the commit it is built from into the worker, which its runs are filed under.
        .executableTarget(
            name: "TinyBenchmarks", dependencies: ["TinyTween", .product(name: "BenchKitWorker", package: "MotionBench")],
            plugins: [.plugin(name: "BuildStamp", package: "MotionBench")]),
    ]
)
