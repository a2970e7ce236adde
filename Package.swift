// swift-tools-version: 6.0
//
// MotionBench: an exact, portable reproduction of SwiftUI's animation system and the
// conformance and benchmark harness around it. See README.md.

import PackageDescription

let package = Package(
    name: "MotionBench",
    products: [
        .library(name: "MotionCore", targets: ["MotionCore"]),
        .executable(name: "motion-bench", targets: ["motion-bench"]),
    ],
    targets: [
        // The interpolation core: SwiftUI-shaped, pure, deterministic. Depends on nothing but
        // Foundation (for CGFloat and the CoreGraphics geometry types on Linux).
        .target(name: "MotionCore"),

        // jemalloc's statistics interface, for allocation counting in tests and benchmarks.
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),

        .executableTarget(name: "motion-bench", dependencies: ["MotionCore"]),

        .testTarget(name: "MotionCoreTests", dependencies: ["MotionCore"]),
        .testTarget(name: "JemallocLinkTests", dependencies: ["CJemalloc"]),
    ],
    swiftLanguageModes: [.v6]
)
