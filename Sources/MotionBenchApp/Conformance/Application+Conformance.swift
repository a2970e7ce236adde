import BenchKit
import ConformanceDiagnosis
import ConformanceReports
import EngineConformance
import FixtureFormat
import Foundation
import HarnessSupport
import MotionConformance

/// What `conform` plays: the fixtures folder, a suite or a filter of ids, and the engine (nil:
/// MotionCore and MotionEngine in this tool's isolated player).
package struct ConformanceRequest: Sendable {
    package var fixtures = "Fixtures"
    package var suite: String?
    /// A regular expression over fixture ids.
    package var filter: String?
    /// One fixture, by its id (`suite/name`); exclusive with `filter`.
    package var fixtureID: String?
    package var engine: EngineLaunch?
    /// Seconds one fixture may take in the isolated player (`fixtureSecondsRange`).
    package var fixtureSeconds = ConformanceRequest.defaultFixtureSeconds
    /// Mebibytes of memory one fixture may take there (`fixtureMebibytesRange`).
    package var fixtureMebibytes = ConformanceRequest.defaultFixtureMebibytes
    /// An expectation file the run is held against (it must exist): the report's gate.
    package var expectations: String?
    /// An expectation file written from this run, keeping what it said of each entry; without
    /// `expectations`, the run is then held against what was written.
    package var updateExpectations: String?
    /// Seconds the failing fixtures of an engine may be reduced to their causes for; nil: not
    /// reduced (`Causes`).
    package var reduceSeconds: Double? = ConformanceRequest.defaultReduceSeconds

    package init(fixtures: String = "Fixtures", suite: String? = nil, filter: String? = nil, engine: EngineLaunch? = nil) {
        (self.fixtures, self.suite, self.filter, self.engine) = (fixtures, suite, filter, engine)
    }

    package static let defaultFixtureSeconds = IsolatedPlayer.Budget().seconds
    /// A real engine's whole diagnosis within a minute.
    package static let defaultReduceSeconds = 60.0
    package static let maximumReduceSeconds = 3600.0
    /// Up to a day.
    package static let maximumFixtureSeconds = IsolatedPlayer.Budget.maximumSeconds
    package static let defaultFixtureMebibytes = IsolatedPlayer.Budget().memoryBytes >> 20
    /// Below 64 MiB the player itself does not start.
    package static let fixtureMebibytesRange = IsolatedPlayer.Budget.mebibytes

    /// The isolated player's budget, or the field that is out of its range.
    func budget() throws(RequestError) -> IsolatedPlayer.Budget {
        guard fixtureSeconds > 0, fixtureSeconds <= Self.maximumFixtureSeconds else {
            throw RequestError(.fixtureTimeout, "\(fixtureSeconds)", "is not a number of seconds above 0 and at most \(Self.maximumFixtureSeconds)")
        }
        guard Self.fixtureMebibytesRange.contains(fixtureMebibytes) else {
            throw RequestError(
                .fixtureMemory, "\(fixtureMebibytes)",
                "is not a number of MiB from \(Self.fixtureMebibytesRange.lowerBound) to \(Self.fixtureMebibytesRange.upperBound)")
        }
        return IsolatedPlayer.Budget(seconds: fixtureSeconds, memoryBytes: fixtureMebibytes << 20)
    }
}

extension Application {
    /// The same fixtures played by each of `engines` in turn (the request's engine options
    /// but its command), for one report of them side by side; an engine that cannot start is
    /// `EngineUnavailable`, after the ones before it have played.
    package func conformance(_ request: ConformanceRequest, engines: [EngineLaunch]) throws -> ConformanceSideBySide {
        ConformanceSideBySide(
            reports: try engines.map { engine in
                var request = request
                request.engine = engine
                return try conformance(request)
            })
    }

    /// Plays the fixtures and returns the report; `onResult` sees each result as it comes.
    /// Nothing to play is an error that names what there is, never a pass; an engine that cannot
    /// start is `EngineUnavailable`.
    package func conformance(_ request: ConformanceRequest, onResult: ((FixtureResult) -> Void)? = nil) throws -> ConformanceReport {
        // Read before anything is played: a file that is not there is refused before any work.
        let held = try request.expectations.map { file in (file, try Self.loadExpectations(file, mustExist: true) ?? Expectations()) }
        var report = try play(request, onResult: onResult)
        if let (file, expectations) = held { report.expectations = ExpectationsGate(report.results, expectations, file: file) }
        if let file = request.updateExpectations {
            let updated = try updateExpectations(file, held: held, results: report.results, causes: report.causes)
            if held == nil { report.expectations = ExpectationsGate(report.results, updated, file: file) }
        }
        return report
    }

    private func play(_ request: ConformanceRequest, onResult: ((FixtureResult) -> Void)?) throws -> ConformanceReport {
        func reported(_ result: FixtureResult) -> FixtureResult {
            onResult?(result)
            return result
        }
        let (suite, filter) = (request.suite, request.filter)
        let root = try Self.fixturesFolder(request.fixtures)
        var loaded = FixtureLoader.load(root: root, suite: suite)
        // Nothing to run is an error that names what there is, never a pass.
        if let suite, loaded.fixtures.isEmpty, loaded.errors.isEmpty {
            let suites = Set(FixtureLoader.load(root: root).fixtures.map(\.suite)).sorted()
            throw RequestError(.suite, "'\(suite)'", "has no fixtures under \(root.path); the suites are: \(suites.joined(separator: ", "))")
        }
        if let id = request.fixtureID {
            let all = loaded.fixtures
            loaded.fixtures = all.filter { $0.id == id }
            if loaded.fixtures.isEmpty && !all.isEmpty {
                // Near means in its suite when there is one: names of other suites are no help.
                let suite = id.split(separator: "/").first.map(String.init) ?? ""
                let inSuite = all.map(\.id).filter { $0.hasPrefix(suite + "/") }
                let nearest = nearestNames(inSuite.isEmpty ? all.map(\.id) : inSuite, to: id)
                let suites = Set(all.map(\.suite)).sorted()
                throw RequestError(
                    .fixtureID, "'\(id)'",
                    "is no fixture's id; "
                        + (inSuite.isEmpty
                            ? "no suite is called '\(suite)' (the suites: \(suites.joined(separator: ", ")))"
                            : "the nearest in \(suite): \(nearest.joined(separator: ", "))"))
            }
        }
        if let filter {
            guard let regex = try? NSRegularExpression(pattern: filter) else { throw RequestError(.filter, "'\(filter)'", "is not a valid regular expression") }
            let all = loaded.fixtures
            loaded.fixtures = all.filter { regex.firstMatch(in: $0.id, range: NSRange($0.id.startIndex..., in: $0.id)) != nil }
            if loaded.fixtures.isEmpty && !all.isEmpty {
                let nearest = nearestNames(all.map(\.id), to: filter)
                throw RequestError(.filter, "'\(filter)'", "matches no fixture id; the nearest: \(nearest.joined(separator: ", "))")
            }
        }
        if loaded.fixtures.isEmpty && loaded.errors.isEmpty { throw ToolError("no fixtures (*.json) under \(root.path)") }
        if let engine = request.engine {
            let adapter = ExternalEngine(engine.client)
            defer { adapter.close() }
            do {
                try adapter.start()
            } catch {
                throw EngineUnavailable(error, timeout: engine.timeout)
            }
            do {
                log(
                    "conform: engine \(adapter.label)"
                        + (adapter.legacy
                            ? " (no handshake: scalar property scenarios only)"
                            : ", protocol \(adapter.version), " + Self.declarations(of: adapter))
                )
            }
            let clock = adapter.clockFinding.map {
                EngineClock(model: adapter.clockModel, source: adapter.clockSource, fits: $0.fits, problem: $0.problem)
            }
            if let clock { log("conform: " + clock.line) }
            var results = loaded.fixtures.map { reported(Self.relative(adapter.run($0), root)) }
            adapter.close()
            var report = ConformanceReport(results: results, loadErrors: loaded.errors.map { Self.relative($0, root) }, engine: adapter.label)
            report.clock = clock
            if let seconds = request.reduceSeconds, results.contains(where: { $0.verdict == .fail }) {
                log("conform: reducing \(report.failed) failing fixtures to their causes (at most \(JSONValue.format(seconds)) s)")
                let causes = causes(of: results, fixtures: loaded.fixtures, engine: engine, clock: adapter.clockModel, seconds: seconds)
                for index in results.indices { results[index].causes = causes.causes(of: results[index].id) }
                (report.results, report.causes) = (results, causes)
            }
            return report
        }
        let player = IsolatedPlayer(
            command: [executable.path, InternalCommand.play.rawValue], budget: try request.budget(), mirror: MotionEngineMirror.factory)
        let results = player.run(loaded.fixtures) { onResult?(Self.relative($0, root)) }.map { Self.relative($0, root) }
        return ConformanceReport(results: results, loadErrors: loaded.errors.map { Self.relative($0, root) })
    }

    /// A path as reports show it: relative to the fixtures folder.
    package static func relative(_ path: String?, _ root: URL) -> String? {
        guard let path else { return nil }
        let base = root.standardizedFileURL.path + "/"
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        return full.hasPrefix(base) ? String(full.dropFirst(base.count)) : path
    }

    package static func relative(_ result: FixtureResult, _ root: URL) -> FixtureResult {
        var result = result
        result.file = relative(result.file, root)
        return result
    }

    package static func relative(_ error: FixtureError, _ root: URL) -> FixtureError {
        var error = error
        error.file = relative(error.file, root)
        return error
    }

    /// The fixtures folder, which must exist and be a folder.
    package static func fixturesFolder(_ path: String) throws -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw ToolError("no fixtures folder at \(path)") }
        guard isDirectory.boolValue else { throw RequestError(.fixtures, path, "is a file, not a folder of fixtures") }
        return URL(fileURLWithPath: path)
    }

    /// The start of a run's account of an engine: the capabilities it declared, as it declared
    /// them; what those are taken to include (the spring forms and curve shapes an engine that
    /// names none of them is asked); its limits; and the names the harness does not know.
    static func declarations(of adapter: ExternalEngine) -> String {
        let declared = adapter.declaredCapabilities.filter { !adapter.unknownCapabilities.contains($0) }
        let named = Set(declared.flatMap { EngineProtocol.capabilities(named: $0) ?? [] })
        let implied = adapter.capabilities.subtracting(named).subtracting([.springInitialVelocity])
        var parts = ["capabilities declared: " + (declared.isEmpty ? "none" : declared.joined(separator: " "))]
        if !implied.isEmpty {
            parts.append("asked as well (it names none of their kind): \(implied.sorted().map(\.rawValue).joined(separator: " "))")
        }
        if !adapter.limits.isEmpty { parts.append("limits: " + adapter.limits.summary) }
        let unknown = adapter.unknownCapabilities + adapter.unknownLimits.map { "limits.\($0)" }
        if !unknown.isEmpty { parts.append("unknown names ignored: \(unknown.joined(separator: " "))") }
        return parts.joined(separator: "; ")
    }
}
