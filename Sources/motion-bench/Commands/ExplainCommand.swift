import BenchKit
import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench explain A B`: where the work of each benchmark changed between two revisions.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "explain",
        summary: """
            Build two git revisions (or checkout directories) as compare-revisions does and attribute each benchmark's change
            in instructions to the functions whose own instructions changed (callgrind, one thread), whatever a verdict would
            be; where the instructions did not change, the simulated cache events that did. Exit 0, or 1 when a benchmark
            could not be attributed.
            """,
        exits: [.init(0, "every benchmark attributed"), .init(1, "a benchmark could not be attributed (each says why), or nothing to attribute")])

    @Positionals("A B", maximum: 2) var revisions: [String]
    @Option("--filter", "REGEX", .pattern, fills: RequestError.Field.filter, help: "the benchmarks whose names match") var filter: String?
    var reports = ReportsOption()
    @Option("--repository", "DIR", fills: RequestError.Field.repository, help: "the git repository of A and B (the current one)") var repository: String?
    @Option("--format", "F", .format(of: ExplainReport.self), default: .text, help: "the output format") var format: OutputFormat
    var buildOptions = BuildOptions()

    func validate() throws(CommandLineError) {
        guard revisions.count == 2 else { throw CommandLineError(.missingArgument, "'explain' needs two revisions (or checkout directories): A B") }
    }

    func run() throws -> Int32 {
        var request = ExplainRequest(a: revisions[0], b: revisions[1])
        (request.reports, request.filter, request.measured, request.progress) = (reports.url, filter, buildOptions.measured, !quiet)
        if let repository { request.repository = URL(fileURLWithPath: repository) }
        let report = try app.explain(request)
        print(try report.render(format), terminator: "")
        return report.exitCode
    }
}
