import CChildProcess
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Every child this tool starts runs in a session (and so a process group) of its own, and every
/// such session is known to a guardian process (the tether, `CChildProcess`): when the tool ends
/// — by an exit, an interruption, SIGPIPE, or SIGKILL, which no handler sees — the guardian kills
/// every session that was still running, so that no build, worker or engine, nor anything they
/// started, outlives the command that started it. A session, not only a group: a build tool
/// starts each compiler in a process group of its own, which stays in the build's session.
package enum ChildGroups {
    /// The write end of the guardian's pipe, or -1 when no guardian could be started (the
    /// children then end with the tool only when it ends normally or is interrupted).
    static let tether: Int32 = motionbench_tether_start()

    static func register(_ pid: pid_t) {
        if tether >= 0 { _ = motionbench_tether_send(tether, pid) }
    }

    static func unregister(_ pid: pid_t) {
        if tether >= 0 { _ = motionbench_tether_send(tether, -pid) }
    }

    /// Sends `signal` to the child `leader` and to everything in its session — what it started,
    /// and what those started, whichever process group they lead.
    package static func end(_ leader: pid_t, signal: Int32 = SIGKILL) {
        _ = motionbench_signal_session(leader, signal)
    }

    /// The child's wait status once it has ended, else nil (at once, or after waiting for the end
    /// when `wait`) — without reaping it, so that its number stays its own.
    static func ended(_ pid: pid_t, wait: Bool) -> Int32? {
        let status = motionbench_child_ended(pid, wait ? 1 : 0)
        return status >= 0 ? status : nil
    }

    /// Ends what is left of an ended child's session, withdraws the child from the guardian, then
    /// reaps it — in that order: until it is reaped, its number cannot be given to another
    /// process, so neither the signals nor the guardian can reach a stranger that took it.
    static func collect(_ pid: pid_t) {
        end(pid)
        unregister(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Why a child could not be started.
    struct SpawnError: Error {
        let description: String
    }

    /// Starts `arguments` (`arguments[0]` a path, or a name searched on PATH when `search`) in a
    /// session of its own, registered with the tether, its standard streams the descriptors given
    /// (-1: /dev/null for input, this process's for output and error).
    static func spawn(
        _ arguments: [String], search: Bool, environment: [String: String]?, directory: String?, input: Int32, output: Int32, errors: Int32
    ) throws(SpawnError) -> pid_t {
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let cEnvironment = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        var error: Int32 = 0
        let pid = motionbench_spawn(arguments[0], search ? 1 : 0, cArguments, cEnvironment, directory, input, output, errors, &error)
        guard pid > 0 else { throw SpawnError(description: "'\(arguments[0])': \(String(cString: strerror(error)))") }
        register(pid)
        return pid
    }
}
