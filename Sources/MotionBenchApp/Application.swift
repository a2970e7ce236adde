import BenchKit
import Foundation
import HarnessSupport
import MotionConformance

/// MotionBench's jobs as functions of typed requests returning typed outcomes — what the
/// `motion-bench` executable runs after parsing its arguments, and what tests call directly. A job
/// never reads the command line and never writes a report to standard output: it writes files,
/// says how it goes through `log`, and returns what it found, written and decided (the exit code
/// included); the executable renders the outcome.
package struct Application: Sendable {
    /// This tool's executable: started again as the conformance player and as the workload
    /// worker of an engine in another process.
    package var executable: URL
    /// `motion-bench VERSION`, as results record it.
    package var version: String
    /// Status lines (progress, files written); results never go here.
    package var log: @Sendable (String) -> Void
    /// Problems that did not stop the job (a stored file that cannot be read), shown even when
    /// status lines are not.
    package var warn: @Sendable (String) -> Void
    /// No progress lines from the benchmark driver.
    package var quiet: Bool
    /// The commit this tool was built from (the `BuildStamp` plugin's `buildSource`): what the
    /// conformance verdicts it stores beside a run are of.
    package var build: BuildSource = buildSource

    package init(
        executable: URL, version: String, quiet: Bool = false, log: @escaping @Sendable (String) -> Void = { _ in },
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        (self.executable, self.version, self.quiet, self.log, self.warn) = (executable, version, quiet, log, warn)
    }

    /// This process's own executable (`/proc/self/exe` where there is one).
    package static var currentExecutable: URL {
        let link = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return link.path == "/proc/self/exe" ? URL(fileURLWithPath: CommandLine.arguments[0]) : link
    }
}

extension Application {
    /// Refuses to measure with a build whose checkout has moved on since: this tool's own (it
    /// plays the conformance suites stored beside a run) and the benchmark worker's. Each says
    /// what was built from which commit and the command that rebuilds it; nothing is measured.
    package func checkBuilds(_ options: BenchmarkDriver.Options) throws {
        if var stale = build.staleness() {
            stale.what = "motion-bench (\(executable.path))"
            #if DEBUG
                stale.rebuild = ["swift build" + (build.repository.map { " --package-path \($0)" } ?? "")]
            #else
                stale.rebuild = ["swift build -c release" + (build.repository.map { " --package-path \($0)" } ?? ""), "make release"]
            #endif
            throw stale
        }
        _ = try BenchmarkDriver(options: options).checkedBuild()
    }
}

/// A request that cannot be run as given: what was wrong and what was expected. The executable
/// adds where its usage is.
extension Application {
    /// An error in words: Foundation's errors as their description, the file and the system's
    /// reason, not as a dump of their user-info dictionary.
    package static func describe(_ error: Error) -> String {
        guard error is CocoaError || type(of: error) is NSError.Type else { return "\(error)" }
        let ns = error as NSError
        var text = ns.localizedDescription
        if let path = ns.userInfo[NSFilePathErrorKey] as? String, !text.contains(path) { text += " (\(path))" }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            text += ": " + String(cString: strerror(Int32(underlying.code)))
        }
        return text
    }
}

package struct UsageError: Error, CustomStringConvertible {
    package let message: String
    /// The command whose options were wrong, for the pointer to its help.
    package var command: String?
    package init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
    package var description: String { message }
}

/// A job that could not be done: what failed and why, in one line.
package struct ToolError: RemediableError, CustomStringConvertible {
    package let description: String
    /// The change that gets past it, when a library's error named one.
    package let remedy: Remedy?
    package init(_ description: String, remedy: Remedy? = nil) { (self.description, self.remedy) = (description, remedy) }
}

/// The engine could not be started or did not shake hands: one error for the run, not one per
/// fixture.
package struct EngineUnavailable: RemediableError, CustomStringConvertible {
    package let description: String
    /// It did not answer in time (the handshake included), after this many seconds: a longer
    /// wait may be all it needs. Nil when it failed otherwise.
    package var waited: Double?
    /// A setting that gets past it, when the engine's failure named one.
    package var remedy: Remedy?

    /// The engine's failure to start: its words, how long it was waited for when it did not
    /// answer in time, and its remedy.
    package init(_ error: any Error, timeout: Double? = nil) {
        description = "\(error)"
        waited = (error as? ExternalEngine.Failure)?.timedOut == true ? timeout : nil
        remedy = (error as? any RemediableError)?.remedy
    }
}
