import Foundation

/// This build's executables: the tool and its benchmark worker.
public enum BuiltProducts {
    /// The folder MOTIONBENCH_TEST_PRODUCTS names, when set: `make test` names the release
    /// build's, which it builds first from the same sources — the tool as users run it, and the
    /// end-to-end tests in a fraction of the debug tool's time. Otherwise beside the test bundle
    /// (which `--scratch-path` moves), else the package's own build folder for this configuration.
    public static let directory: URL = {
        if let named = ProcessInfo.processInfo.environment["MOTIONBENCH_TEST_PRODUCTS"], !named.isEmpty {
            let folder = URL(fileURLWithPath: named, relativeTo: Repository.root).standardizedFileURL.resolvingSymlinksInPath()
            // A folder without the tool would fail every end-to-end test with a message about something else.
            precondition(
                FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("motion-bench").path),
                "MOTIONBENCH_TEST_PRODUCTS is \(named): \(folder.path) holds no motion-bench; build it (swift build -c release) or unset the variable")
            return folder
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
