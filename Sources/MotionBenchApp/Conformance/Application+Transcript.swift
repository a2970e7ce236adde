import ConformanceReports
import EngineConformance
import Foundation
import HarnessSupport
import MotionConformance

/// One fixture played once, every request and answer shown as it passes.
package struct TranscriptRequest: Sendable {
    package var fixtures = "Fixtures"
    package var fixtureID: String
    /// Nil: MotionCore answers in process (there are no requests to show).
    package var engine: EngineLaunch?

    package init(fixtureID: String, fixtures: String = "Fixtures", engine: EngineLaunch? = nil) {
        (self.fixtureID, self.fixtures, self.engine) = (fixtureID, fixtures, engine)
    }
}

/// What the transcript found: the fixture, where it was read from, and its result.
package struct TranscriptOutcome: Sendable {
    package let fixture: Fixture
    /// The fixture's file, relative to the fixtures folder.
    package let file: String?
    package let root: URL
    package let result: FixtureResult
    /// The one-fixture report: its summary line and exit code.
    package let report: ConformanceReport
}

extension Application {
    /// Plays one fixture; `started` sees the fixture before it is played and `exchange` every
    /// request and answer as they pass. An engine that cannot start is `EngineUnavailable`.
    package func transcript(
        _ request: TranscriptRequest, started: (Fixture, _ file: String?, _ root: URL) -> Void, exchange: @escaping @Sendable (String) -> Void
    ) throws -> TranscriptOutcome {
        let root = try Self.fixturesFolder(request.fixtures)
        let loaded = FixtureLoader.load(root: root)
        guard let fixture = loaded.fixtures.first(where: { $0.id == request.fixtureID }) else {
            let nearest = nearestNames(loaded.fixtures.map(\.id), to: request.fixtureID)
            throw RequestError(.fixtureID, "'\(request.fixtureID)'", "is no fixture's id; the nearest: \(nearest.joined(separator: ", "))")
        }
        let file = Self.relative(fixture.file, root)
        started(fixture, file, root)
        let result: FixtureResult
        if let options = request.engine {
            let engine = ExternalEngine(options.client)
            defer { engine.close() }
            engine.transcript = exchange
            do { try engine.start() } catch { throw EngineUnavailable(error, timeout: request.engine?.timeout) }
            result = engine.run(fixture)
        } else {
            result = Player.run(fixture, mirror: MotionEngineMirror.factory)
        }
        let report = ConformanceReport(results: [result], loadErrors: [], engine: request.engine?.command)
        return TranscriptOutcome(fixture: fixture, file: file, root: root, result: result, report: report)
    }
}
