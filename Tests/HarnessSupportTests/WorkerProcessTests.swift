import Foundation
import HarnessSupport
import Testing

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
}
