import Foundation
import TestSupport
import Testing

/// No process outlives the command that started it, however the command ends: each `motion-bench`
/// here carries a variable of its own, which every process it starts inherits (builds, their
/// compilers, workers), and the test kills the tool with SIGKILL — which no handler sees — while
/// such a process runs, then looks through /proc for any process still carrying it.
@Suite("Children end with the tool", .serialized)
struct ChildLifetimeTests {
    static let variable = "MOTIONBENCH_LIFETIME_TAG"

    /// The processes carrying `tag` in their environment, other than zombies, with their names.
    static func carrying(_ tag: String) -> [String] {
        let needle = Array("\(variable)=\(tag)".utf8) + [0]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard Int32(entry) != nil, let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                environment.count >= needle.count,
                let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8),
                !status.contains("State:\tZ")
            else { return nil }
            let bytes = [UInt8](environment)
            guard (0...(bytes.count - needle.count)).contains(where: { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }) else { return nil }
            return "\(entry) " + (status.split(separator: "\n").first.map(String.init) ?? "")
        }
    }

    /// Waits up to `seconds` for `condition`.
    static func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    /// Starts the tool with a tag, waits until a process named `child` of it runs, kills the tool
    /// with SIGKILL and returns what still carries the tag a second later — before the tool's
    /// output is read to its end, which a survivor holding the tool's pipes would delay.
    /// With `compiling`, the child must also have those words in its command line.
    static func killedWhile(_ child: String, compiling: String? = nil, _ arguments: [String], within seconds: Double) throws -> (
        seen: Bool, left: [String], output: String
    ) {
        let tag = UUID().uuidString
        let tool = try Tool.start(arguments, environment: [variable: tag])
        let toolPID = tool.processIdentifier
        func matches(_ line: String) -> Bool {
            guard line.contains("Name:\t\(child)"), !line.hasPrefix("\(toolPID) ") else { return false }
            guard let words = compiling, let pid = line.split(separator: " ").first else { return true }
            let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map { String(decoding: $0, as: UTF8.self) } ?? ""
            return command.contains(words)
        }
        let seen = wait(seconds) { carrying(tag).contains(where: matches) }
        kill(toolPID, SIGKILL)
        _ = wait(1) { carrying(tag).isEmpty }
        let left = carrying(tag)
        for line in left { if let pid = Int32(line.split(separator: " ")[0]) { kill(pid, SIGKILL) } }
        return (seen, left, tool.finish().output)
    }

    @Test("a run killed by SIGKILL while its worker measures leaves no worker behind")
    func run() throws {
        let reports = TemporaryFolder.make("lifetime-run")
        let (seen, left, output) = try Self.killedWhile(
            "MotionBenchmark", ["run", "--quick", "--filter", "^test\\.sleep$", "--reports", reports.path], within: 60)
        #expect(seen, "the worker was never seen running: \(output.suffix(1500))")
        #expect(left.isEmpty, "still running after the tool was killed: \(left)")
    }

    /// Killed once a compiler runs, not merely the build tool: SwiftPM starts each compiler in a
    /// process group of its own, which a kill of the build's group does not reach.
    @Test("compare-revisions killed by SIGKILL while a compiler runs leaves no build tool or compiler behind")
    func build() throws {
        let tiny = try TinyPackage(revisions: 2)
        let reports = TemporaryFolder.make("lifetime-build")
        let (seen, left, output) = try Self.killedWhile(
            "swift-frontend", compiling: "/Sources/",
            [
                "compare-revisions", tiny.revisions[0], tiny.revisions[1], "--quick", "--configuration", "debug", "--worker-product", TinyPackage.worker,
                "--repository", tiny.folder.path, "--reports", reports.path, "--no-instructions",
            ], within: 120)
        #expect(seen, "no compiler was seen running: \(output.suffix(1500))")
        #expect(left.isEmpty, "still running after the tool was killed: \(left)")
    }
}
