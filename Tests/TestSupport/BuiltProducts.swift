import Foundation

/// This build's executables: the tool and its benchmark worker.
public enum BuiltProducts {
    /// Beside the test bundle (which `--scratch-path` moves), else the package's own build folder
    /// for this configuration.
    public static let directory: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: beside.appendingPathComponent("motion-bench").path) { return beside }
        #if DEBUG
            return Repository.url(".build/debug")
        #else
            return Repository.url(".build/release")
        #endif
    }()

    /// `motion-bench`.
    public static var tool: URL { directory.appendingPathComponent("motion-bench") }

    /// The benchmark worker the tool spawns.
    public static var benchmarkWorker: URL { directory.appendingPathComponent("MotionBenchmarks") }
}
