import Foundation
import MotionBenchApp

/// `motion-bench report`: the static site under reports/site/, from what is stored.
enum ReportCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("report"))
        var request = ReportRequest(reports: URL(fileURLWithPath: arguments.string("--reports")))
        request.store = StoreChoice(arguments)
        request.window = try arguments.int("--window") ?? request.window
        request.fromFiles = arguments.has("--from-files")
        let index = try app.report(request)
        print("report: \(index.path)")
        return 0
    }
}
