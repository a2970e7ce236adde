import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process spoken to one line at a time — an engine, the conformance player, a benchmark
/// worker serving blocks: the runner's one way to hold a conversation with a child, as
/// `WorkerProcess` is its one way to run a child that ends.
///
/// Started from an argument vector (searching `PATH`), or through `/bin/sh -c` only when asked.
/// It runs in a session of its own, so that whatever it starts is ended with it:
/// `terminate()` kills the session, and so does the tether when the tool ends (`ChildGroups`). Reads
/// wait with `poll` and a deadline, so a child that never answers costs a timeout, never a hang;
/// its standard error is drained while waiting and its last lines kept for error messages.
public final class LineProcess {
    public enum Failure: Error, CustomStringConvertible {
        case cannotStart(String)
        case timedOut(seconds: Double)
        case exited(String)
        case closedInput

        public var description: String {
            switch self {
            case let .cannotStart(why): return "cannot be started: \(why)"
            case let .timedOut(seconds): return "gave no answer within \(String(format: "%g", seconds)) s"
            case let .exited(how): return how
            case .closedInput: return "stopped reading its standard input"
            }
        }
    }

    public let pid: pid_t
    private var input: Int32
    private var output: Int32
    private var errors: Int32
    private var pending: [UInt8] = []
    /// How much of `pending` holds no newline.
    private var scanned = 0
    private var errorText: [UInt8] = []
    private var exitStatus: Int32?
    /// Reaped: its number may since belong to another process, so it is never signalled again.
    private var collected = false

    /// Starts `arguments[0]` (found on PATH, or a path) with the rest as its arguments, with
    /// `environment` as its variables (nil: this process's).
    public init(arguments: [String], environment: [String: String]? = nil) throws {
        guard arguments.first?.isEmpty == false else { throw Failure.cannotStart("the command is empty") }
        Self.ignoreBrokenPipes()
        var stdinPipe: [Int32] = [-1, -1], stdoutPipe: [Int32] = [-1, -1], stderrPipe: [Int32] = [-1, -1]
        guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0, pipe(&stderrPipe) == 0 else {
            throw Failure.cannotStart("no pipes: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec, so that an engine started later does not hold this one's pipes open.
        for fd in stdinPipe + stdoutPipe + stderrPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let child: pid_t
        do {
            child = try ChildGroups.spawn(
                arguments, search: true, environment: environment, directory: nil, input: stdinPipe[0], output: stdoutPipe[1],
                errors: stderrPipe[1])
        } catch {
            for fd in stdinPipe + stdoutPipe + stderrPipe { close(fd) }
            throw Failure.cannotStart(error.description)
        }
        for fd in [stdinPipe[0], stdoutPipe[1], stderrPipe[1]] { close(fd) }
        pid = child
        input = stdinPipe[1]
        output = stdoutPipe[0]
        errors = stderrPipe[0]
    }

    deinit { terminate() }

    /// SIGPIPE would end the tool when an engine exits; a failed write is an error instead.
    public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// The last lines the engine wrote to its standard error, for messages.
    public func standardErrorTail(lines: Int = 5) -> [String] {
        String(decoding: errorText, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).suffix(lines).map(String.init)
    }

    public func send(_ line: String) throws {
        var bytes = Array(line.utf8)
        bytes.append(10)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE ? (exited() ?? Failure.closedInput) : Failure.exited("cannot be written to: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// The next line of standard output, waiting at most `timeout` seconds.
    public func readLine(timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // Only the bytes not searched yet: a line of many megabytes arrives in many reads.
            if let newline = pending[scanned...].firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                scanned = 0
                return line
            }
            scanned = pending.count
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure.timedOut(seconds: timeout) }
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, errors >= 0 ? 2 : 1, Int32(min(left * 1000 + 1, 60_000)))
            if ready < 0 && errno != EINTR { throw Failure.exited("cannot be read: \(String(cString: strerror(errno)))") }
            if errors >= 0, fds[1].revents != 0 { drainStandardError() }
            if fds[0].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 65536)
                let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if count > 0 {
                    pending.append(contentsOf: chunk[..<count])
                } else if count == 0 {
                    drainStandardError(untilClosed: true)
                    throw exited() ?? Failure.exited("closed its standard output")
                }
            }
        }
    }

    private func drainStandardError(untilClosed: Bool = false) {
        guard errors >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        repeat {
            var fd = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, untilClosed ? 200 : 0) > 0 else { return }
            let count = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
            if count <= 0 {
                close(errors)
                errors = -1
                return
            }
            errorText.append(contentsOf: chunk[..<count])
            if errorText.count > 16384 { errorText.removeFirst(errorText.count - 8192) }
        } while true
    }

    /// How the engine ended, if it has: waits briefly for a process whose output closed.
    private func exited() -> Failure? {
        for _ in 0..<50 {
            if let status = endStatus() { return .exited(Self.describe(status)) }
            usleep(2000)
        }
        return nil
    }

    /// Its wait status once it has ended; it is reaped only by `terminate()`.
    private func endStatus() -> Int32? {
        if exitStatus == nil { exitStatus = ChildGroups.ended(pid, wait: false) }
        return exitStatus
    }

    public static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        if signal == 0 { return "exited with status \((status >> 8) & 0xff)" }
        return "was killed by signal \(signal)" + (signalMeaning(signal).map { " (\($0))" } ?? "")
    }

    /// Closes the child's input and gives it `grace` seconds to end by itself, then ends it as
    /// `terminate()` does.
    public func finish(grace: Double) {
        if input >= 0 {
            close(input)
            input = -1
        }
        let deadline = Date().addingTimeInterval(grace)
        while endStatus() == nil && Date() < deadline { usleep(10_000) }
        terminate()
    }

    /// Ends the child and everything it started, and closes the pipes.
    public func terminate() {
        if input >= 0 {
            close(input)
            input = -1
        }
        if !collected {
            if endStatus() == nil {
                ChildGroups.end(pid)
                exitStatus = ChildGroups.ended(pid, wait: true)
            }
            ChildGroups.collect(pid)
            collected = true
        }
        if output >= 0 {
            close(output)
            output = -1
        }
        if errors >= 0 {
            close(errors)
            errors = -1
        }
    }
}
