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

    @Test("revisions share one module cache: under XDG_CACHE_HOME when it is absolute, else ~/.cache; none when no folder can be made")
    func moduleCache() throws {
        let home = TemporaryFolder.make("module-cache"), xdg = TemporaryFolder.make("module-cache")
        func folder(_ environment: [String: String]) -> String? {
            let arguments = RevisionComparison.sharedModuleCacheArguments(environment: environment)
            guard arguments.count == 4, arguments[0] == "-Xswiftc", arguments[1] == "-module-cache-path", arguments[2] == "-Xswiftc" else { return nil }
            return arguments[3]
        }
        let underXDG = xdg.appendingPathComponent("motion-bench/module-cache").path
        #expect(folder(["XDG_CACHE_HOME": xdg.path, "HOME": home.path]) == underXDG)
        #expect(FileManager.default.fileExists(atPath: underXDG), "made before the build needs it")
        // A relative XDG_CACHE_HOME is not a base directory (the XDG specification): ignored.
        #expect(folder(["XDG_CACHE_HOME": "cache", "HOME": home.path]) == home.appendingPathComponent(".cache/motion-bench/module-cache").path)
        #expect(RevisionComparison.sharedModuleCacheArguments(environment: [:]).isEmpty)
        #expect(RevisionComparison.sharedModuleCacheArguments(environment: ["HOME": "/proc/self/no-such-home"]).isEmpty)
    }
}
