import Foundation

/// The driver's end of a `serve` worker (`WorkerServe`): a process spoken to a line at a time,
/// each answer awaited for at most `timeout` seconds. Closing it (or a failure) ends the process.
final class BlockWorkerConnection {
    private let process = Process()
    private let input = Pipe()
    private let lines = LineQueue()
    private let errors: Pipe
    let timeout: Double

    /// Starts the worker and waits for its ready line.
    init(executable: URL, arguments: [String], environment: [String: String], timeout: Double) throws {
        self.timeout = timeout
        // A worker that has died must make a failed write, not a SIGPIPE that ends the tool.
        signal(SIGPIPE, SIG_IGN)
        let output = Pipe()
        errors = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            throw DriverError("cannot start \(executable.path): \(error.localizedDescription)")
        }
        let queue = lines
        let handle = output.fileHandleForReading
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty {
                    queue.finish()
                    return
                }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    queue.push(Data(pending[pending.startIndex..<newline]))
                    pending = Data(pending[pending.index(after: newline)...])
                }
            }
        }
        _ = try answer()
    }

    /// Sends one request and decodes its answer.
    func request<T: Decodable>(_ line: String, as type: T.Type) throws -> T {
        do { try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8)) } catch {
            _ = try answer()
            throw DriverError("cannot send '\(line)' to the worker: \(error)")
        }
        let data = try answer()
        do { return try JSONDecoder().decode(T.self, from: data) } catch {
            throw DriverError("the worker answered '\(line)' with '\(String(decoding: data, as: UTF8.self))', not a \(T.self)")
        }
    }

    private func answer() throws -> Data {
        switch lines.pop(timeout: timeout) {
        case let .line(data): return data
        case .timedOut:
            close()
            throw DriverError("the worker did not answer within \(String(format: "%g", timeout)) s")
        case .ended:
            process.waitUntilExit()
            let tail = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n").suffix(4).joined(separator: "\n")
            throw DriverError("the worker ended (status \(process.terminationStatus))" + (tail.isEmpty ? "" : ": \(tail)"))
        }
    }

    /// Ends the worker: closes its input, and kills it if it has not gone within two seconds.
    func close() {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// Lines handed from the reading thread to the driver.
private final class LineQueue: @unchecked Sendable {
    enum Item {
        case line(Data)
        case ended, timedOut
    }
    private let lock = NSCondition()
    private var lines: [Data] = []
    private var ended = false

    func push(_ line: Data) {
        lock.lock()
        lines.append(line)
        lock.signal()
        lock.unlock()
    }
    func finish() {
        lock.lock()
        ended = true
        lock.broadcast()
        lock.unlock()
    }

    func pop(timeout: Double) -> Item {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while lines.isEmpty && !ended {
            if !lock.wait(until: deadline) { return .timedOut }
        }
        return lines.isEmpty ? .ended : .line(lines.removeFirst())
    }
}
