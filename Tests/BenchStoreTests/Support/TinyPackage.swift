import Foundation
import TestSupport

@testable import BenchKit

/// A small package of its own in a git repository of its own, with one commit per revision: a
/// BenchKit worker (`TinyWorker`) that applies the `BuildStamp` plugin, depending on this
/// checkout's MotionBench by path. Small, so that building a revision takes seconds, not the
/// minutes this package would; each revision sums another number of elements, so its runs differ.
struct TinyPackage {
    let folder: URL
    /// The commits, oldest first.
    private(set) var revisions: [String] = []

    static let worker = "TinyWorker"
    static let benchmark = "tiny.sum"
    static let outputsBenchmark = "tiny.outputs"

    init(revisions count: Int) throws {
        folder = TemporaryFolder.make("motion-bench-store").appendingPathComponent("tiny")
        let sources = folder.appendingPathComponent("Sources/\(Self.worker)")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Tiny",
                dependencies: [.package(name: "MotionBench", path: "\(Repository.root.path)")],
                targets: [
                    .executableTarget(
                        name: "\(Self.worker)", dependencies: [.product(name: "BenchKitWorker", package: "MotionBench")],
                        plugins: [.plugin(name: "BuildStamp", package: "MotionBench")])
                ]
            )
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        try Data(".build/\n".utf8).write(to: folder.appendingPathComponent(".gitignore"))
        try git("init", "-q", ".")
        for index in 0..<count {
            try commit("revision \(index)", elements: 1000 * (index + 1))
        }
    }

    /// A new commit whose worker sums `elements` numbers an iteration, `repeats` times (the
    /// repeats do the same work again without touching the outputs: a slowdown, same digest);
    /// its second benchmark, `tiny.outputs`, does the same work at every commit and gives `outputs`
    /// as its outputs' digest.
    /// The engine double's benchmarks: `kernel.springs` steps 256 springs a frame through two
    /// functions that are never inlined, `integrate` and `damp` (`kernel.springs.all`: 1,024 of
    /// them, split between every thread); `kernel.gather` reads 65,536
    /// doubles of a 8 MB table a frame, `stride` elements apart. Neither changes its outputs
    /// with `dampPasses` (passes of `damp` over the velocities whose results only a checksum
    /// reads) or `stride`, and `stride` changes no instruction either, only memory traffic.
    static let springsBenchmark = "kernel.springs"
    static let gatherBenchmark = "kernel.gather"

    @discardableResult
    mutating func commit(_ message: String, elements: Int, repeats: Int = 1, outputs: Int = 0, dampPasses: Int = 1, stride: Int = 1) throws -> String {
        let main = """
            // \(message)
            import BenchKitWorker
            import Foundation

            var registry = BenchmarkRegistry()
            registry.source = buildSource
            registry.register("\(Self.benchmark)", elements: \(elements)) { _ in
                var values = (0..<\(elements)).map(Double.init)
                return BenchmarkBody(run: { iterations in
                    for _ in 0..<iterations {
                        var sum = 0.0
                        for value in values { sum += value }
                        values[0] = sum.truncatingRemainder(dividingBy: 7)
                        for _ in 1..<\(repeats) {
                            var again = 0.0
                            for value in values { again += value }
                            blackHole(again)
                        }
                    }
                }, digest: { "\\(values[0])" })
            }
            registry.register("\(Self.outputsBenchmark)", elements: 100) { _ in
                var count = 0
                return BenchmarkBody(run: { iterations in
                    for _ in 0..<iterations { count &+= 1 }
                    blackHole(count)
                }, digest: { "\(outputs)" })
            }
            @inline(never) func integrate(_ position: UnsafeMutablePointer<Double>, _ velocity: UnsafeMutablePointer<Double>, _ count: Int) {
                var i = 0
                while i < count {
                    position[i] += velocity[i] * 0.001
                    i &+= 1
                }
            }
            @inline(never) func damp(_ velocity: UnsafeMutablePointer<Double>, _ count: Int) -> Double {
                var check = 0.0, pass = 0
                while pass < \(dampPasses) {
                    var i = 0
                    while i < count {
                        check += velocity[i] * 0.999
                        i &+= 1
                    }
                    pass &+= 1
                }
                var i = 0
                while i < count {
                    velocity[i] *= 0.999
                    i &+= 1
                }
                return check
            }
            registry.register("\(Self.springsBenchmark)", elements: 256) { _ in
                let position = UnsafeMutablePointer<Double>.allocate(capacity: 256), velocity = UnsafeMutablePointer<Double>.allocate(capacity: 256)
                position.initialize(repeating: 0, count: 256)
                velocity.initialize(repeating: 1, count: 256)
                return BenchmarkBody(run: { frames in
                    for _ in 0..<frames {
                        integrate(position, velocity, 256)
                        blackHole(damp(velocity, 256))
                    }
                }, digest: { "\\(position[0])" })
            }
            registry.register("\(Self.springsBenchmark).all", elements: 1024, usesAllThreads: true) { context in
                let lanes = max(1, context.threads)
                let position = UnsafeMutablePointer<Double>.allocate(capacity: 1024), velocity = UnsafeMutablePointer<Double>.allocate(capacity: 1024)
                position.initialize(repeating: 0, count: 1024)
                velocity.initialize(repeating: 1, count: 1024)
                // Addresses cross into the lanes' closure as integers: pointers are not Sendable.
                let (p, v) = (Int(bitPattern: position), Int(bitPattern: velocity))
                return BenchmarkBody(run: { frames in
                    for _ in 0..<frames {
                        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                            let start = lane * 1024 / lanes, end = (lane + 1) * 1024 / lanes
                            let position = UnsafeMutablePointer<Double>(bitPattern: p)!, velocity = UnsafeMutablePointer<Double>(bitPattern: v)!
                            integrate(position + start, velocity + start, end - start)
                            blackHole(damp(velocity + start, end - start))
                        }
                    }
                }, digest: { "\\(position[0])" })
            }
            @inline(never) func gather(_ table: UnsafePointer<Double>, _ mask: Int, _ stride: Int) -> Double {
                var sum = 0.0, i = 0, index = 0
                while i < 65_536 {
                    sum += table[index]
                    index = (index &+ stride) & mask
                    i &+= 1
                }
                return sum
            }
            registry.register("\(Self.gatherBenchmark)", elements: 65_536) { _ in
                let count = 1 << 20
                let table = UnsafeMutablePointer<Double>.allocate(capacity: count)
                table.initialize(repeating: 1, count: count)
                var sum = 0.0
                return BenchmarkBody(run: { frames in
                    for _ in 0..<frames { sum += gather(table, count - 1, \(stride)) }
                }, digest: { "\\(sum)" })
            }
            exit(BenchmarkWorker.main(registry: registry))
            """
        try Data(main.utf8).write(to: folder.appendingPathComponent("Sources/\(Self.worker)/main.swift"))
        try git("add", "-A")
        try git("-c", "user.email=test@example.com", "-c", "user.name=test", "commit", "-q", "-m", message)
        let head = try git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        revisions.append(head)
        return head
    }

    /// Builds the worker in the repository's own folder (debug), as revisions are built; its path.
    func build() throws -> URL {
        try run("/usr/bin/env", ["swift", "build", "--package-path", folder.path, "--product", Self.worker] + RevisionComparison.buildArguments())
        return folder.appendingPathComponent(".build/debug/\(Self.worker)")
    }

    @discardableResult
    func git(_ arguments: String...) throws -> String {
        try run("/usr/bin/env", ["git", "-C", folder.path] + arguments)
    }

    @discardableResult
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        (process.standardOutput, process.standardError) = (out, out)
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw TinyPackageError(description: "\(arguments.prefix(4).joined(separator: " ")): \(text.suffix(2000))") }
        return text
    }
}

struct TinyPackageError: Error, CustomStringConvertible {
    let description: String
}
