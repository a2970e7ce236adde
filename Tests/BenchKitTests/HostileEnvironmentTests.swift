import Foundation
import TestSupport
import Testing

@testable import BenchKit

/// The runner where the machine works against it: a read-only or full reports folder, a memory
/// limit that the out-of-memory killer enforces. Real file systems and a real cgroup: the tests
/// need root (to mount a tmpfs and make a cgroup) and are skipped, saying so, without it.
@Suite("Hostile environment", .serialized)
struct HostileEnvironmentTests {
    let tool = RunnerEndToEndTests()
    static let canMount: Bool = {
        (try? Self.mount("size=64k")).map {
            Self.unmount($0)
            return true
        } ?? false
    }()

    /// A fresh tmpfs with `options`, mounted on a new temporary folder.
    static func mount(_ options: String) throws -> URL {
        let point = TemporaryFolder.name("hostile")
        try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        let process = try Process.run(URL(fileURLWithPath: "/bin/mount"), arguments: ["-t", "tmpfs", "-o", options, "tmpfs", point.path])
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
        return point
    }

    static func unmount(_ point: URL) {
        if let process = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: [point.path]) { process.waitUntilExit() }
        try? FileManager.default.removeItem(at: point)
    }

    /// The file the error message says the run was kept in, decoded.
    func keptRun(_ stderr: String) throws -> RunResult {
        let marker = try #require(stderr.range(of: "the run was kept as "), "\(stderr)")
        let path = stderr[marker.upperBound...].prefix { $0 != ":" }
        defer {
            try? FileManager.default.removeItem(atPath: String(path))
            // The folder too, once empty (rmdir leaves one another run still keeps a file in).
            rmdir(URL(fileURLWithPath: String(path)).deletingLastPathComponent().path)
        }
        return try JSONDecoder().decode(RunResult.self, from: Data(contentsOf: URL(fileURLWithPath: String(path))))
    }

    func leftovers(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".tmp") }
    }

    @Test("a path through a file: a typed reason, no remedy a folder option gives, nothing left behind")
    func pathThroughAFile() throws {
        let folder = TemporaryFolder.make("hostile-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain")
        try Data("kept".utf8).write(to: file)
        let refused = #expect(throws: FileWriteError.self) { try AtomicFile.write(Data("x".utf8), to: file.appendingPathComponent("x.json")) }
        #expect(refused?.reason == .notAFolder && refused?.remedy == nil)
        #expect(try Data(contentsOf: file) == Data("kept".utf8) && leftovers(folder).isEmpty)
    }

    @Test("a read-only reports folder: exit 1, the reason, and the run kept elsewhere, saying where", .enabled(if: canMount, "needs root to mount a tmpfs"))
    func readOnlyReports() throws {
        let reports = try Self.mount("ro,size=1m")
        defer { Self.unmount(reports) }
        let run = try tool.motionBench(["run", "--quick", "--filter", "^test\\.allocate\\.7$", "--reports", reports.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot write \(reports.path)/runs: the file system is read-only"), "\(run.stderr)")
        // The remedy is the command line's to word: with the run command's own option.
        #expect(run.stderr.contains("--reports DIR"), "\(run.stderr)")
        let refused = #expect(throws: FileWriteError.self) { try AtomicFile.write(Data("x".utf8), to: reports.appendingPathComponent("x.json")) }
        #expect(refused.map { ($0.reason, $0.remedy) } ?? (.diskFull, nil) == (.readOnly, .writableFolder))
        #expect(run.stdout.contains("test.allocate.7"), "the report is printed before the write fails")
        #expect(try keptRun(run.stderr).benchmarks.map(\.name) == ["test.allocate.7"])
        #expect(!run.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test(
        "a full disk: exit 1, 'the disk is full', the run kept elsewhere, latest.json as it was, no temporary file left",
        .enabled(if: canMount, "needs root to mount a tmpfs"))
    func fullDisk() throws {
        let reports = try Self.mount("size=64k")
        defer { Self.unmount(reports) }
        try FileManager.default.createDirectory(at: reports.appendingPathComponent("runs"), withIntermediateDirectories: true)
        let earlier = Data("{\"an earlier run\": true}".utf8)
        try earlier.write(to: reports.appendingPathComponent("latest.json"))
        // Fill what is left.
        let filler = FileHandle(
            forWritingAtPath: {
                _ = FileManager.default.createFile(atPath: reports.appendingPathComponent("filler").path, contents: nil)
                return reports.appendingPathComponent("filler").path
            }())!
        while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
        try? filler.close()
        let run = try tool.motionBench(["run", "--quick", "--filter", "^test\\.allocate\\.7$", "--reports", reports.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("the disk is full"), "\(run.stderr)")
        #expect(try keptRun(run.stderr).benchmarks.map(\.name) == ["test.allocate.7"])
        #expect(try Data(contentsOf: reports.appendingPathComponent("latest.json")) == earlier)
        #expect(leftovers(reports).isEmpty, "\(leftovers(reports))")
    }

    /// A child of this process's memory cgroup limited to `bytes` (cgroup v1 or v2), if one can be made.
    static func limitedCgroup(_ bytes: Int) -> (procs: String, remove: () -> Void)? {
        guard let text = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let own = fields[2] == "/" ? "" : String(fields[2])
            let (base, limitFile) =
                fields[1] == "memory"
                ? ("/sys/fs/cgroup/memory\(own)", "memory.limit_in_bytes")
                : fields[0] == "0" ? ("/sys/fs/cgroup\(own)", "memory.max") : ("", "")
            guard !base.isEmpty else { continue }
            let folder = "\(base)/motion-bench-test-\(getpid())"
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { continue }
            guard (try? "\(bytes)".write(toFile: "\(folder)/\(limitFile)", atomically: false, encoding: .utf8)) != nil else {
                rmdir(folder)
                continue
            }
            return ("\(folder)/cgroup.procs", { rmdir(folder) })
        }
        return nil
    }

    @Test(
        "a worker ended by the out-of-memory killer is reported as out of memory, not as a backtrace",
        .enabled(
            if: limitedCgroup(1 << 30).map {
                $0.remove()
                return true
            } ?? false, "needs a memory cgroup it can make (root)"))
    func outOfMemory() throws {
        let cgroup = try #require(Self.limitedCgroup(96 << 20))
        defer { cgroup.remove() }
        let reports = TemporaryFolder.name("oom")
        defer { try? FileManager.default.removeItem(at: reports) }
        let tool = RunnerEndToEndTests.buildDirectory.appendingPathComponent("motion-bench").path
        // The shell joins the limited cgroup, then becomes the tool: the tool and its worker run under the limit.
        let run = try self.tool.run(
            "/bin/sh", ["-c", "echo $$ > \(cgroup.procs) && exec \(tool) run --quick --filter '^test\\.memory' --format json --reports \(reports.path)"])
        let result = try JSONDecoder().decode(RunResult.self, from: Data(run.stdout.utf8))
        let memory = try #require(result.benchmarks.first)
        #expect(memory.status == .crashed && run.status == 1)
        #expect(memory.message?.hasPrefix("ran out of memory: the kernel's out-of-memory killer ended it (signal 9)") == true, "\(memory.message ?? "")")
    }
}
