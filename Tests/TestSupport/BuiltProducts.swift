import Foundation

/// This build's executables: the tool and its benchmark worker.
public enum BuiltProducts {
    /// The folder MOTIONBENCH_TEST_PRODUCTS names, when set: `make test` names the release
    /// build's, which it builds first from the same sources — the tool as users run it, and the
    /// end-to-end tests in a fraction of the debug tool's time. Otherwise beside the test bundle
    /// (which `--scratch-path` moves), else the package's own build folder for this configuration.
    public static let directory: URL = {
        if let named = ProcessInfo.processInfo.environment["MOTIONBENCH_TEST_PRODUCTS"], !named.isEmpty {
            return URL(fileURLWithPath: named, relativeTo: Repository.root).standardizedFileURL.resolvingSymlinksInPath()
        }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: beside.appendingPathComponent("motion-bench").path) { return beside }
        #if DEBUG
            return Repository.url(".build/debug")
        #else
            return Repository.url(".build/release")
        #endif
    }()

    /// The configuration the executables were built in: the name SwiftPM gives their folder.
    public static var configuration: String { directory.resolvingSymlinksInPath().lastPathComponent }

    /// `motion-bench`.
    public static var tool: URL { directory.appendingPathComponent("motion-bench") }

    /// The benchmark worker the tool spawns.
    public static var benchmarkWorker: URL { directory.appendingPathComponent("MotionBenchmarks") }
}
