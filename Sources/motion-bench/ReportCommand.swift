import Foundation
import MotionBenchApp

/// `motion-bench report`: the static site under reports/site/, from what is stored.
enum ReportCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("report"))
        let index = try app.report(reports: URL(fileURLWithPath: arguments.value("--reports") ?? "reports"))
        print("report: \(index.path)")
        return 0
    }
}
