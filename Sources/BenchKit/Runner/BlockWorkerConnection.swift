import Foundation
import HarnessSupport

/// The driver's end of a `serve` worker (`WorkerServe`): a `LineProcess` spoken to a line at a
/// time, each answer awaited for at most `timeout` seconds. Closing it (or a failure) ends the
/// process.
final class BlockWorkerConnection {
    private let process: LineProcess
    let timeout: Double

    /// Starts the worker and waits for its ready line.
    init(executable: URL, arguments: [String], environment: [String: String], timeout: Double) throws {
        self.timeout = timeout
        do { process = try LineProcess(arguments: [executable.path] + arguments, environment: environment) } catch {
            throw DriverError("cannot start \(executable.path): \(error)")
        }
        _ = try answer()
    }

    /// Sends one request and decodes its answer.
    func request<T: Decodable>(_ line: String, as type: T.Type) throws -> T {
        do { try process.send(line) } catch {
            throw DriverError("cannot send '\(line)' to the worker: it \(error)" + tail())
        }
        let data = try answer()
        do { return try JSONDecoder().decode(T.self, from: data) } catch {
            throw DriverError("the worker answered '\(line)' with '\(String(decoding: data, as: UTF8.self))', not a \(T.self)")
        }
    }

    private func answer() throws -> Data {
        do { return Data(try process.readLine(timeout: timeout).utf8) } catch let failure as LineProcess.Failure {
            if case .timedOut = failure { close() }
            throw DriverError("the worker \(failure)" + tail())
        }
    }

    private func tail() -> String {
        let lines = process.standardErrorTail(lines: 4)
        return lines.isEmpty ? "" : ": " + lines.joined(separator: "\n")
    }

    /// Ends the worker: closes its input, and kills it if it has not gone within two seconds.
    func close() { process.finish(grace: 2) }
}
