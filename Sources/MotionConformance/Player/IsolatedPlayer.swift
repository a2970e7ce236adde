import FixtureFormat
import Foundation
import HarnessSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Plays fixtures in a child process, so that no fixture can take the others' verdicts with it.
///
/// The child (`serve()`, behind a command of the tool) is sent one fixture file per line and
/// answers each with its result on one line. A child that traps, is killed, runs past the
/// per-fixture time budget or grows past the memory budget is stopped; that fixture gets an error
/// saying which, and a fresh child goes on with the next fixture. One child serves every fixture
/// as long as none of that happens, so isolation costs one process start, not one per fixture.
/// A child says it is ready before it is sent anything, so that its start — slow on a loaded
/// machine or in a debug build — is never counted against the first fixture's budget.
public struct IsolatedPlayer: Sendable {
    /// What one fixture may use before it is stopped and reported as an error.
    public struct Budget: Sendable {
        /// Seconds of waiting for one fixture's result.
        public var seconds: Double = 60
        /// Resident memory of the child while it plays one fixture.
        public var memoryBytes: Int = 2 << 30

        public init(seconds: Double = 60, memoryBytes: Int = 2 << 30) {
            self.seconds = seconds
            self.memoryBytes = memoryBytes
        }

        /// The longest wait for a fixture a command accepts (a day), and the memory, in MiB, it
        /// accepts: below 64 MiB the player itself does not start.
        public static let maximumSeconds = 86_400.0
        public static let mebibytes = 64...(1 << 20)
    }

    /// The command that starts a child running `serve()`.
    public var command: [String]
    public var budget: Budget
    /// The mirror fixtures without a file are played through in this process.
    public var mirror: ScalarMirrorFactory?

    /// The line a child writes once it can take fixtures.
    static let readyLine = #"{"ready":true}"#
    /// How long a child may take to start: long, since a start that fails is said at once (the
    /// child exits) and one that is merely slow is no fixture's fault.
    static let startSeconds = 120.0

    public init(command: [String], budget: Budget = Budget(), mirror: ScalarMirrorFactory? = nil) {
        self.command = command
        self.budget = budget
        self.mirror = mirror
    }

    /// The results of `fixtures`, in order; `onResult` sees each as soon as it is known.
    public func run(_ fixtures: [Fixture], onResult: (FixtureResult) -> Void = { _ in }) -> [FixtureResult] {
        var results: [FixtureResult] = []
        results.reserveCapacity(fixtures.count)
        func record(_ result: FixtureResult) {
            results.append(result)
            onResult(result)
        }
        var child: LineProcess?
        defer { child?.terminate() }
        for fixture in fixtures {
            guard let file = fixture.file else {
                record(Player.run(fixture, mirror: mirror))
                continue
            }
            do {
                if child == nil { child = try started() }
                record(try play(file, fixture, on: child!))
            } catch {
                var result = Self.error(fixture, "\(error)")
                result.stopped = (error as? Stopped)?.reason
                record(result)
                child?.terminate()
                child = nil
            }
        }
        return results
    }

    /// A new child, once it has said it is ready.
    private func started() throws -> LineProcess {
        let child = try LineProcess(arguments: command)
        let line: String
        do { line = try child.readLine(timeout: Self.startSeconds) } catch {
            child.terminate()
            throw Stopped(reason: .crashed, description: "the player did not start: it \(error)")
        }
        guard line == Self.readyLine else {
            child.terminate()
            throw Stopped(reason: .unreadableAnswer, description: "the player did not start: it said \(line.prefix(200)) where it should say it is ready")
        }
        return child
    }

    struct Stopped: Error, CustomStringConvertible {
        let reason: FixtureResult.Stop
        let description: String
    }

    private func play(_ file: String, _ fixture: Fixture, on child: LineProcess) throws(Stopped) -> FixtureResult {
        let started = Date()
        do {
            try child.send(file)
            while true {
                do {
                    let line = try child.readLine(timeout: 0.05)
                    if let result = FixtureResult(wireLine: line, fixture: fixture) { return result }
                    if case let .string(message)? = (try? JSONValue.parse(line))?["loadError"] { return Self.error(fixture, message) }
                    throw Stopped(reason: .unreadableAnswer, description: "the player's answer could not be read: \(line.prefix(200))")
                } catch LineProcess.Failure.timedOut {
                    let elapsed = -started.timeIntervalSinceNow
                    if elapsed > budget.seconds {
                        throw Stopped(
                            reason: .timeBudget, description: "ran past the per-fixture time budget of \(JSONValue.format(budget.seconds)) s and was stopped")
                    }
                    if let resident = Self.residentBytes(child.pid), resident > budget.memoryBytes {
                        throw Stopped(
                            reason: .memoryBudget,
                            description:
                                "used \(resident >> 20) MiB, more than the per-fixture memory budget of \(budget.memoryBytes >> 20) MiB, and was stopped")
                    }
                }
            }
        } catch let stopped as Stopped {
            throw stopped
        } catch {
            let said = child.standardErrorTail(lines: 12)
            let reason = said.first { $0.contains("Fatal error") || $0.contains("error:") } ?? said.last
            throw Stopped(reason: .crashed, description: "the player crashed on this fixture: it \(error)" + (reason.map { "; it said: \($0)" } ?? ""))
        }
    }

    static func error(_ fixture: Fixture, _ message: String) -> FixtureResult {
        FixtureResult(
            id: fixture.id, suite: fixture.suite, provenance: fixture.provenance.rawValue, file: fixture.file,
            verdict: .error, maxError: .infinity, message: message)
    }

    /// The resident set of process `pid` (`/proc/PID/statm`), when it can be read.
    static func residentBytes(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// The child's side: reads fixture file paths from standard input, one per line, and writes
    /// each one's result as a line to standard output, flushed, until its input ends; before
    /// anything it says it is ready (`readyLine`).
    public static func serve(mirror: ScalarMirrorFactory? = nil) -> Int32 {
        FileHandle.standardOutput.write(Data((readyLine + "\n").utf8))
        while let path = readLine() {
            let line: String
            do {
                line = Player.run(try FixtureLoader.load(file: URL(fileURLWithPath: path)), mirror: mirror).wireLine()
            } catch {
                line = JSONValue.object([("loadError", .string(error.description))]).serialized().replacingOccurrences(of: "\n", with: "")
            }
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        return 0
    }
}
