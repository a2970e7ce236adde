import BenchKitWorker
import Foundation

extension MachineLoad {
    /// "busy in 2 of 6 processes (others used 0.9 CPU)", or nil when no process was busy.
    public static func busyNote(_ timings: [TimingSummary]) -> String? {
        let loads = timings.flatMap { $0.processLoads ?? [] }
        let busy = loads.filter(\.isBusy)
        guard !busy.isEmpty else { return nil }
        let others = busy.map(\.othersCPU).reduce(0, +) / Double(busy.count)
        return "machine busy in \(busy.count) of \(loads.count) processes (others used \(String(format: "%.1f", others)) CPU)"
    }
}
