import Foundation
import HarnessSupport

/// A collector's name in the queue — its machine's name, its process and its host,
/// `fleet-a#4242@build-3` — and what a collector that takes over a stale claim does about the
/// collector that held it.
enum CollectorName {
    static func make(machine: String) -> String { "\(machine)#\(getpid())@\(host)" }

    static var host: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The process of the collector named `name`, when it ran on this host.
    static func processHere(_ name: String) -> pid_t? {
        guard let at = name.lastIndex(of: "@"), name[name.index(after: at)...] == host,
            let hash = name[..<at].lastIndex(of: "#"), let pid = pid_t(name[name.index(after: hash)..<at]), pid > 1, pid != getpid()
        else { return nil }
        return pid
    }
}

/// The processes of this host as /proc shows them: parent and state of each.
struct ProcessTable {
    var parent: [pid_t: pid_t] = [:]
    var state: [pid_t: Character] = [:]

    static func read() -> ProcessTable {
        var table = ProcessTable()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command's closing parenthesis: state, then parent.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { continue }
            (table.parent[pid], table.state[pid]) = (parent, state)
        }
        return table
    }

    func descendants(of root: pid_t) -> [pid_t] {
        var found: [pid_t] = [], frontier = [root]
        while let next = frontier.popLast() {
            let children = parent.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }

    /// Running, stopped or sleeping: anything but gone or a zombie.
    func alive(_ pid: pid_t) -> Bool { state[pid].map { $0 != "Z" && $0 != "X" } ?? false }
}

extension Application {
    /// Before a job taken over from a stale claim is measured: when the collector that held it
    /// ran on this host and still lives (stopped, or hung), it is killed with everything it
    /// started — its builds and workers, each in a session of its own, compilers included — and waited for,
    /// so that nothing of it measures beside this collector. Returns what was done, or nil when
    /// there was nothing here to end.
    func endStaleCollector(_ previous: String) -> String? {
        guard let pid = CollectorName.processHere(previous) else { return nil }
        let table = ProcessTable.read()
        guard table.alive(pid) else { return nil }
        let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        // A process that reuses the number is not the collector: leave it.
        guard command.split(separator: "\0").contains(where: { $0 == CollectorRequest.command }) else { return nil }
        let descendants = table.descendants(of: pid)
        kill(pid, SIGKILL)
        for child in descendants {
            // A build or worker leads a session of its own (`ChildGroups.spawn`): that session,
            // compilers included, is the collector's to end. Any other (the shell's the
            // collector ran in) is not: only the process itself is killed.
            if getsid(child) == child { ChildGroups.end(child) }
            kill(child, SIGKILL)
        }
        let deadline = Date().addingTimeInterval(10)
        var left = [pid] + descendants
        while !left.isEmpty && Date() < deadline {
            usleep(50_000)
            let now = ProcessTable.read()
            left = left.filter(now.alive)
        }
        return left.isEmpty
            ? "ended the stale collector \(previous) (process \(pid)) and the \(descendants.count) processes it had started"
            : "the stale collector \(previous) left \(left.count) processes running after SIGKILL: \(left.map(String.init).joined(separator: ", "))"
    }
}
