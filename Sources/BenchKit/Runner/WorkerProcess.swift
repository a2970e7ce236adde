import Foundation

/// One run of a worker executable in its own process, with a timeout. Standard output and error
/// are drained on their own threads so a chatty worker cannot block on a full pipe.
struct WorkerProcess {
    enum Outcome {
        case finished(stdout: Data)
        /// A non-zero exit. Its output is kept: some tools report on standard output and
        /// exit 1 to say what they found (`conform` with failing fixtures).
        case failed(status: Int32, stdout: Data, stderr: String)
        case crashed(signal: Int32, stderr: String)
        case timedOut(seconds: Double)
        case couldNotStart(String)
    }

    let executable: URL
    let arguments: [String]
    var environment: [String: String] = ProcessInfo.processInfo.environment
    var timeout: Double

    func run() -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do { try process.run() } catch {
            return .couldNotStart("cannot start \(executable.path): \(error.localizedDescription)")
        }
        let stdout = DrainedPipe(output), stderr = DrainedPipe(errors)
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if done.wait(timeout: .now() + 2) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                done.wait()
            }
            return .timedOut(seconds: timeout)
        }
        let errorText = String(decoding: stderr.finish(), as: UTF8.self)
        let outputData = stdout.finish()
        switch process.terminationReason {
        case .uncaughtSignal:
            return .crashed(signal: process.terminationStatus, stderr: errorText)
        case .exit where process.terminationStatus != 0:
            return .failed(status: process.terminationStatus, stdout: outputData, stderr: errorText)
        default:
            return .finished(stdout: outputData)
        }
    }
}

/// Reads a pipe to its end on a background thread.
private final class DrainedPipe: @unchecked Sendable {
    private var data = Data()
    private let finished = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            finished.signal()
        }
    }

    func finish() -> Data {
        finished.wait()
        return data
    }
}
