import Foundation
import Testing

@testable import BenchKit

/// `runCommand`, which the environment fingerprint reads tools' answers with.
@Suite("commands the fingerprint runs")
struct RunCommandTests {
    @Test("a command's output comes back; one past its time gives nothing rather than waiting")
    func output() {
        #expect(runCommand("sh", ["-c", "printf ok"]) == "ok")
        let started = Date()
        #expect(runCommand("sleep", ["30"], timeout: 0.5) == nil)
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
