import Foundation
import Testing

@testable import HarnessSupport

/// The one runner of child processes that end (workers, git, builds): how each ending comes back.
@Suite("child processes")
struct WorkerProcessTests {
    @Test("a child runs in the folder it is given and its output comes back")
    func directory() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
        guard case let .finished(data) = WorkerProcess.onPath("pwd", [], timeout: 10, directory: folder).run() else {
            Issue.record("pwd did not finish")
            return
        }
        #expect(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == folder.path)
    }

    @Test("a non-zero exit keeps its status and standard error; a signal is named; a child past its time is stopped")
    func endings() {
        guard case let .failed(status, _, stderr) = WorkerProcess.onPath("sh", ["-c", "echo oops >&2; exit 3"], timeout: 10).run() else {
            Issue.record("exit 3 was not a failure")
            return
        }
        #expect(status == 3 && stderr == "oops\n")
        guard case let .crashed(signal, _, _) = WorkerProcess.onPath("sh", ["-c", "kill -SEGV $$"], timeout: 10).run() else {
            Issue.record("SIGSEGV was not a crash")
            return
        }
        #expect(signal == SIGSEGV && signalMeaning(signal)?.hasPrefix("SIGSEGV") == true)
        let started = Date()
        guard case .timedOut = WorkerProcess.onPath("sleep", ["30"], timeout: 0.5).run() else {
            Issue.record("sleep 30 was not stopped")
            return
        }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// The processes whose session is `session`, with their states (`/proc/PID/stat`: the third
    /// field, and the sixth, after the name in parentheses).
    static func members(ofSession session: pid_t) -> [pid_t: String] {
        var found: [pid_t: String] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 3, pid_t(fields[3]) == session { found[pid] = String(fields[0]) }
        }
        return found
    }

    @Test("a child that has ended keeps its number, a zombie, until what it left in its session is ended; then it is reaped and nothing of it is left")
    func endedBeforeReaped() throws {
        let child = try LineProcess(arguments: ["sh", "-c", "sleep 30 & echo started; exit 4"])
        #expect(try child.readLine(timeout: 10) == "started")
        let status = try #require(ChildGroups.ended(child.pid, wait: true))
        #expect((status >> 8) & 0xff == 4 && status & 0x7f == 0)
        // Ended, not reaped: its number is still its own, so no other process can be given it
        // while the sleep it left behind is killed.
        let before = Self.members(ofSession: child.pid)
        #expect(before[child.pid] == "Z" && before.count == 2, "\(before)")
        child.terminate()
        // The sleep is dead: gone, or a zombie until the process that inherited it reaps it.
        let after = Self.members(ofSession: child.pid)
        #expect(after[child.pid] == nil && after.values.allSatisfy { $0 == "Z" }, "\(after)")
        // A second terminate signals nothing: the number may belong to a stranger by now.
        child.terminate()
    }
}
