import Foundation

/// The name of the program BenchKit runs in, for what it writes and says: report headers, test
/// suite names, hints such as "`NAME list` lists them". It is the executable's file name
/// (`motion-bench` for MotionBench), so BenchKit names no tool of its own.
public enum ToolName {
    public static let current: String = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "benchkit"
}
