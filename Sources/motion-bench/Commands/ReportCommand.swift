import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench report`: the static site under reports/site/, from what is stored.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "report",
        summary: """
            The static HTML site under reports/site/, from the store (which first stores history files it lacks), the
            latest run and the conformance reports; a history page per machine; exit 1 when there is nothing to report.
            """,
        exits: [.init(0, "the site is written"), .init(1, "there is nothing to report")])

    var reports = ReportsOption()
    @Option(
        "--window", "N", .whole(1...Int.max), default: ReportRequest.defaultWindow, fills: RequestError.Field.historyWindow,
        help: "the newest runs of each machine the history charts draw")
    var window: Int
    @Flag("--from-files", help: "draw the history from the JSON files, decoding every one, not from the store") var fromFiles: Bool
    var store = StoreOptions()

    func run() throws -> Int32 {
        var request = ReportRequest(reports: reports.url)
        (request.store, request.window, request.fromFiles) = (store.choice, window, fromFiles)
        print("report: \(try app.report(request).path)")
        return 0
    }
}
