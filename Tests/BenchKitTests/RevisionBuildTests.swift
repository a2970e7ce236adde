import Foundation
import TestSupport
import Testing

@testable import BenchKit

/// Building a revision's checkout: a build tool that crashes is given one more try, a build that
/// fails is the revision's and is not. The builds here are shell commands that count their runs.
@Suite("revision builds")
struct RevisionBuildTests {
    /// Builds a checkout with `script` as its build command; the number of times it ran, and the
    /// error if the build was given up.
    func build(_ script: String) throws -> (runs: Int, error: DriverError?) {
        let checkout = TemporaryFolder.make("revision-build")
        var options = RevisionComparison.Options()
        options.engine = .init(command: "true", build: "echo run >> runs; " + script)
        let comparison = RevisionComparison(options: options, repository: checkout, workspace: checkout)
        var failure: DriverError?
        do { try comparison.build(.init(name: "r", directory: checkout, commit: nil)) } catch { failure = error as? DriverError }
        let runs = (try? String(contentsOf: checkout.appendingPathComponent("runs"), encoding: .utf8))?.split(separator: "\n").count ?? 0
        return (runs, failure)
    }

    @Test("a build tool that crashes once is run again and the build goes on")
    func crashOnce() throws {
        let outcome = try build("if [ -e crashed ]; then exit 0; fi; touch crashed; kill -SEGV $$")
        #expect(outcome.runs == 2 && outcome.error == nil)
    }

    @Test("a build tool that crashes twice, or a build that fails, is the comparison's error; only the crash was retried")
    func givenUp() throws {
        let crashing = try build("kill -SEGV $$")
        #expect(crashing.runs == 2 && crashing.error != nil)
        let failing = try build("exit 1")
        #expect(failing.runs == 1 && failing.error != nil)
    }
}
