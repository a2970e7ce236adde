import FixtureFormat
import Foundation
import HarnessSupport
import MotionCore

/// An engine in another process, in any language, validated through the line-delimited JSON
/// protocol of docs/protocol.md: a handshake declares its version and capabilities, then every
/// fixture is asked as requests that carry ids and checked by the same checker as MotionCore.
///
/// The harness survives the engine: a request that times out, an engine that exits, crashes or
/// answers out of turn makes the fixture in flight an error that names the engine, the request and
/// the engine's last lines of standard error; the engine is started again for the next fixture.
public final class ExternalEngine {
    public struct Options: Sendable {
        public var command: String
        /// Run the command through `/bin/sh -c` (only when asked: words are split, not interpreted).
        public var shell = false
        /// Seconds to wait for each answer.
        public var timeout = Self.defaultTimeout
        /// Accept an engine whose `hello` answer has no protocol version, as one written before
        /// the handshake (scalar property scenarios only); without it, such an answer is an error.
        public var legacy = false

        /// Seconds `conform` waits for each answer unless told otherwise.
        public static let defaultTimeout = 5.0
        /// Seconds to await an answer while measuring workloads (a frame of many channels takes longer).
        public static let workloadTimeout = 240.0
        /// The longest wait for an answer a command accepts.
        public static let maximumTimeout = 3600.0

        public init(command: String, shell: Bool = false, timeout: Double = defaultTimeout, legacy: Bool = false) {
            self.command = command
            self.shell = shell
            self.timeout = timeout
            self.legacy = legacy
        }
    }

    /// The error of one request, with all a developer needs to find it.
    public struct Failure: RemediableError, CustomStringConvertible {
        public let description: String
        /// The engine gave no answer within `Options.timeout` seconds: what a longer wait may mend.
        public var timedOut = false
        /// A setting that gets past it (an engine without a handshake: the legacy mode).
        public var remedy: Remedy? = nil
    }

    public let options: Options
    /// What the engine said of itself in the handshake; nil for an engine without one.
    public private(set) var name: String?
    public private(set) var engineVersion: String?
    public private(set) var capabilities: Set<EngineProtocol.Capability> = []
    /// Capability names the engine declared that this harness does not know.
    public private(set) var unknownCapabilities: [String] = []
    /// The names the engine declared, as it declared them (`capabilities` adds what they imply).
    public private(set) var declaredCapabilities: [String] = []
    /// What the engine says it does only in part (the handshake's `limits`), and the keys of
    /// `limits` this harness does not know.
    public private(set) var limits = EngineLimits()
    public private(set) var unknownLimits: [String] = []
    /// True for an engine that did not answer the handshake with a protocol version.
    public private(set) var legacy = false
    /// The protocol version the engine answered the handshake with (0 for a legacy engine).
    public private(set) var version = 0
    /// Called with every line sent (`→ …`) and received (`← …`), for `conform --transcript`.
    public var transcript: ((String) -> Void)?
    /// The clock the engine times workload frames with, and its resolution in seconds, as its
    /// handshake states them (docs/protocol.md §8).
    public private(set) var clock: String?
    public private(set) var clockResolution: Double?
    /// The clock the engine plays property scenarios on (`clockModel`, revision 2.3, or found
    /// from the calibration scenarios when it declares none): it is judged on that clock's
    /// expectations.
    public private(set) var clockModel = ClockModel.changeTime
    /// How `clockModel` was chosen, and what the calibration scenarios found (nil: not played,
    /// for an engine without property scenarios).
    public private(set) var clockSource = ClockCalibration.Source.assumed
    public private(set) var clockFinding: ClockCalibration.Finding?
    /// Seconds after they are due that the engine reports completions (`completionDelay`,
    /// revision 2.4): a frame loop delivering them on a later turn of its queue.
    public private(set) var completionDelay = 0.0
    private var process: LineProcess?
    private var nextID = 1
    private var lastRequest = ""

    public init(_ options: Options) {
        self.options = options
    }

    deinit { close() }

    /// Starts the engine if it is not running, with its handshake. Throws a description of why it
    /// could not be started or did not shake hands.
    public func start() throws {
        guard process == nil else { return }
        let arguments = options.shell ? ["/bin/sh", "-c", options.command] : try EngineProtocol.words(options.command)
        do {
            process = try LineProcess(arguments: arguments)
        } catch {
            throw Failure(description: "the engine `\(options.command)` \(error)")
        }
        let hello = try request(
            "hello",
            [
                ("protocol", .number(Double(EngineProtocol.version))),
                ("versions", .array(EngineProtocol.versions.map { .number(Double($0)) })),
                ("harness", .string("motion-bench")),
            ], checkID: false)
        guard case let .number(version)? = hello["protocol"] else {
            guard options.legacy else {
                stop()
                throw Failure(
                    description:
                        "the engine `\(options.command)` answered the handshake without a `protocol` version (\(hello.compactSerialized().prefix(200))); "
                        + "an engine written before the handshake is played in the legacy mode (scalar property scenarios only)",
                    remedy: .legacyEngine)
            }
            legacy = true
            self.version = 0
            capabilities = EngineProtocol.legacyCapabilities
            return
        }
        guard let known = EngineProtocol.versions.first(where: { Double($0) == version }) else {
            stop()
            throw Failure(
                description:
                    "the engine `\(options.command)` speaks protocol version \(JSONValue.format(version)); this harness speaks \(EngineProtocol.versions.map(String.init).joined(separator: " and "))"
            )
        }
        self.version = known
        legacy = false
        if case let .string(n)? = hello["engine"]?["name"] { name = n }
        if case let .string(v)? = hello["engine"]?["version"] { engineVersion = v }
        if case let .string(c)? = hello["clock"]?["name"] { clock = c }
        clockResolution = EngineProtocol.number(hello["clock"]?["resolution"])
        if let declared = hello["clockModel"] {
            guard case let .string(name) = declared, let model = ClockModel(rawValue: name) else {
                stop()
                throw Failure(
                    description:
                        "the engine `\(options.command)` declared the clock model \(declared.compactSerialized()); expected one of "
                        + ClockModel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + " (docs/protocol.md §2)")
            }
            clockModel = model
            clockSource = .declared
        }
        if let declared = hello["completionDelay"] {
            guard let delay = EngineProtocol.number(declared), delay >= 0, delay <= 1 else {
                stop()
                throw Failure(
                    description:
                        "the engine `\(options.command)` declared the completion delay \(declared.compactSerialized()); expected a number of seconds "
                        + "from 0 to 1 (docs/protocol.md §3)")
            }
            completionDelay = delay
        }
        var names: [String] = []
        if case let .array(items)? = hello["capabilities"] {
            for case let .string(item) in items { names.append(item) }
        }
        (capabilities, unknownCapabilities) = EngineProtocol.capabilities(declared: names)
        declaredCapabilities = names
        if let declared = hello["limits"] {
            do {
                (limits, unknownLimits) = try EngineLimits.read(declared)
            } catch {
                stop()
                throw Failure(description: "the engine `\(options.command)` declared limits the harness cannot read: \(error) (docs/protocol.md §3, Limits)")
            }
        }
        calibrateClock()
    }

    /// Plays the clock's calibration scenarios (a declared clock still wins; one the answers do
    /// not fit is reported beside it) and, when the engine declared none, takes the first clock
    /// whose values its answers fit, in `ClockModel.allCases` order.
    private func calibrateClock() {
        guard capabilities.contains(.propertyScalar), clockFinding == nil else { return }
        let finding = ClockCalibration.find { scenario in try playProperty(scenario).values }
        clockFinding = finding
        // An engine that failed a calibration scenario starts afresh for the fixtures (once:
        // a restarted engine is not calibrated again).
        if finding.problem != nil { stop() }
        if clockSource != .declared, let found = finding.fits.first {
            (clockModel, clockSource) = (found, .detected)
        }
    }

    /// Ends the engine (and what it started).
    public func close() {
        stop()
    }

    private func stop() {
        process?.terminate()
        process = nil
    }

    /// The engine's process id while it runs.
    public var pid: Int32? { process?.pid }

    /// The engine as reports name it.
    public var label: String {
        if let name { return engineVersion.map { "\(name) \($0)" } ?? name }
        return options.command
    }

    // MARK: Fixtures

    /// Plays a fixture through the engine and checks its answers. A fixture that needs a way of
    /// playing the engine did not declare is skipped, naming it; single checks that need what it
    /// did not declare are skipped checks, and are never asked.
    public func run(_ fixture: Fixture) -> FixtureResult {
        do {
            try start()
        } catch {
            return Self.result(fixture, .error, "\(error)")
        }
        let available = limits.available(capabilities, for: fixture)
        let missing = EngineProtocol.missing(fixture, available: available)
        if !missing.isEmpty {
            let names = missing.sorted().map(\.rawValue).joined(separator: ", ")
            return Self.result(
                fixture, .skipped, "needs \(names), which the engine did not declare" + (legacy ? " (it has no handshake: scalar properties only)" : ""))
        }
        if let outside = limits.excludes(fixture) { return Self.result(fixture, .skipped, outside) }
        var judged = fixture, rederived = false
        switch clockModel.judgement(of: fixture) {
        case .asWritten: break
        case let .rederived(fixture): (judged, rederived) = (fixture, true)
        case let .notRederivable(why):
            var result = Self.result(fixture, .skipped, "not judged on the \(clockModel.rawValue) clock the engine declared: \(why)")
            result.clock = .notRederivable
            return result
        }
        do {
            let answers = try answers(fixture)
            var result = Player.check(judged, answers, available: available, completionDelay: completionDelay)
            if rederived { result.clock = .rederived }
            if legacy && result.verdict == .skipped { result.message += " (it has no handshake: scalar properties only)" }
            if result.verdict == .fail {
                result.probes = Probe.explaining(
                    fixture, judged: judged, on: clockModel, answers: answers, available: available, completionDelay: completionDelay)
            }
            return result
        } catch {
            stop()
            return Self.result(fixture, .error, "\(error)")
        }
    }

    static func result(_ fixture: Fixture, _ verdict: FixtureResult.Verdict, _ message: String) -> FixtureResult {
        var result = FixtureResult(
            id: fixture.id, suite: fixture.suite, provenance: fixture.provenance.rawValue, file: fixture.file,
            verdict: verdict, maxError: 0, message: message)
        result.markBasis(fixture)
        return result
    }

    func answers(_ fixture: Fixture) throws -> ScenarioAnswers {
        let body =
            fixture.json.flatMap { json -> JSONValue? in
                for key in FixtureLoader.bodyKeys { if let b = json[key] { return b } }
                return nil
            } ?? .null
        switch fixture.body {
        case let .property(scenario): return .property(try playProperty(scenario))
        case let .spring(scenario):
            let queries = Self.items(body["checks"]).map { Self.removing(["expected"], from: $0) }
            let spring = body["init"] ?? .null
            // Computed here, from the engine's values, where it answers those but not settling times.
            let available = limits.available(capabilities, for: fixture)
            let computed = scenario.checks.map { $0.computedByHarness(available) }
            let needs = zip(scenario.checks, computed).map { check, computed in computed ? .springSettling : check.needs(available) }
            var results = try ask(queries, needs: needs, available: available) { try request("spring", [("spring", spring), ("queries", .array($0))]) }
            for (index, check) in scenario.checks.enumerated() where computed[index] {
                guard case let .lastTimeOutside(epsilon, resolution, _) = check else { continue }
                results[index] = .number(try lastTimeOutside(spring, epsilon: epsilon, resolution: resolution))
            }
            return .spring(results.map { EngineProtocol.number($0) })
        case let .curve(scenario):
            let queries: [JSONValue] = Self.items(body["checks"]).map { check in
                let at = check["at"] ?? .null
                return .object([(check["value"] != nil ? "value" : "velocity", at)])
            }
            let results = try ask(queries, needs: scenario.checks.map { $0.needs(capabilities) }) {
                try request("curve", [("curve", body["curve"] ?? .null), ("queries", .array($0))])
            }
            return .curve(results.map { EngineProtocol.number($0) })
        case let .keyframes(scenario):
            let queries: [JSONValue] = Self.items(body["checks"]).map { check in
                if check["duration"] != nil { return .object([("duration", .bool(true))]) }
                if check["velocity"] != nil { return .object([("velocity", check["time"] ?? .null)]) }
                if let p = check["progress"] { return .object([("progress", p)]) }
                return .object([("value", check["time"] ?? .null)])
            }
            let results = try ask(queries, needs: scenario.checks.map(\.needs)) {
                try request(
                    "keyframes",
                    [
                        ("valueType", body["valueType"] ?? .null), ("initialValue", body["initialValue"] ?? .null),
                        ("tracks", body["tracks"] ?? .null), ("queries", .array($0)),
                    ])
            }
            return .keyframes(results.map { item in EngineProtocol.number(item).map { [$0] } ?? EngineProtocol.numbers(item) })
        case let .phases(scenario):
            let answer = try request(
                "phases",
                [
                    ("phases", phasesSent(body["phases"])), ("mode", .string(scenario.mode == .trigger ? "trigger" : "continuous")),
                    ("frameRate", .number(scenario.frameRate)), ("triggers", EngineProtocol.numbers(scenario.triggers)),
                    ("duration", .number(scenario.duration)), ("sampleTimes", EngineProtocol.numbers(scenario.samples.map(\.time))),
                ])
            let samples = Self.items(answer["samples"])
            var transitions: [(time: Double, phase: String)]?
            if case let .array(items)? = answer["transitions"] {
                transitions = items.compactMap { item in
                    guard let t = EngineProtocol.number(item["time"]), case let .string(phase)? = item["phase"] else { return nil }
                    return (t, phase)
                }
                if transitions?.count != items.count { transitions = nil }
            }
            return .phases(
                PhaseAnswers(
                    values: scenario.samples.indices.map { $0 < samples.count ? EngineProtocol.number(samples[$0]["value"]) : nil },
                    phases: scenario.samples.indices.map { i -> String? in
                        guard i < samples.count, case let .string(phase)? = samples[i]["phase"] else { return nil }
                        return phase
                    },
                    frameTimes: scenario.samples.map(\.time), transitions: transitions))
        case let .timeline(scenario):
            let answer = try request(
                "timeline",
                [
                    ("schedule", body["schedule"] ?? .null), ("from", .number(scenario.from)),
                    ("mode", .string(scenario.mode == .normal ? "normal" : "lowFrequency")),
                    ("count", .number(Double(Player.timelineLimit(scenario)))),
                ])
            return .timeline(EngineProtocol.numbers(answer["entries"]))
        }
    }

    /// `lastTimeOutside` from the engine's `spring.value` answers, scanned as the reference scans
    /// (docs/protocol.md §4, `spring`); an answer that is not a number stops it as an error. The
    /// queries leave `target` and `initialVelocity` to their defaults (1 and 0): a scan asks up to
    /// 100,000 of them, and their text is most of its cost on both sides of the pipe.
    func lastTimeOutside(_ spring: JSONValue, epsilon: Double, resolution: Double) throws -> Double {
        try Player.lastTimeOutside(epsilon: epsilon, resolution: resolution) { times in
            let queries = times.map { t in JSONValue.object([("value", .object([("time", .number(t))]))]) }
            let values = Self.results(try request("spring", [("spring", spring), ("queries", .array(queries))]), count: times.count)
                .map { EngineProtocol.number($0) }
            guard values.allSatisfy({ $0?.isFinite == true }) else {
                throw Failure(
                    description:
                        "the engine `\(options.command)` answered a spring value that is not a finite number while the harness scanned for lastTimeOutside")
            }
            return values.map { $0! }
        }
    }

    func playProperty(_ scenario: PropertyScenario) throws -> Player.Observation {
        let valueType: JSONValue
        switch scenario.valueType {
        case .scalar: valueType = .string("scalar")
        case .angle: valueType = .string("angle")
        case .point: valueType = .string("point")
        case .size: valueType = .string("size")
        case .rect: valueType = .string("rect")
        case let .structure(names): valueType = .object([("struct", .array(names.map { .string($0) }))])
        }
        func value(_ components: [Double]) -> JSONValue { legacy ? EngineProtocol.number(components[0]) : EngineProtocol.numbers(components) }
        func components(_ answer: JSONValue?) -> [Double]? {
            EngineProtocol.number(answer).map { [$0] } ?? EngineProtocol.numbers(answer)
        }
        var reset: [(String, JSONValue)] = [("initialValue", value(scenario.initialValue))]
        if !legacy { reset = [("valueType", valueType)] + reset + [("mergesCoincidentAnimations", .bool(scenario.mergesCoincidentAnimations))] }
        _ = try request("reset", reset)
        var observation = Player.Observation()
        var nextEvent = 0
        for sample in scenario.samples {
            while nextEvent < scenario.events.count && scenario.events[nextEvent].time <= sample.time {
                let event = scenario.events[nextEvent]
                var set: [(String, JSONValue)] = [
                    ("time", .number(event.time)), ("value", value(event.value)),
                    ("animation", (event.resolvedAnimation).map(sent) ?? .null),
                ]
                if !legacy {
                    set.append(("tracksVelocity", .bool(event.transaction.tracksVelocity)))
                    if let (name, criteria) = event.completion,
                        capabilities.contains(criteria == .removed ? .propertyCompletionRemoved : .propertyCompletionLogical)
                    {
                        set.append(
                            ("completion", .object([("name", .string(name)), ("criteria", .string(criteria == .removed ? "removed" : "logicallyComplete"))])))
                    }
                }
                _ = try request("set", set)
                nextEvent += 1
            }
            let answer = try request("sample", [("time", .number(sample.time))])
            observation.values.append(components(answer["value"]))
            observation.velocities.append(components(answer["velocity"]))
            if case let .bool(b)? = answer["isAnimating"] { observation.animating.append(b) } else { observation.animating.append(nil) }
            if case let .array(items)? = answer["completed"] {
                observation.completed.append(items.compactMap { if case let .string(s) = $0 { return s } else { return nil } })
            } else {
                observation.completed.append(nil)
            }
        }
        return observation
    }

    // MARK: Requests

    /// Sends one request and reads its answer: the next line, which must be a JSON object with the
    /// request's id (an engine without a handshake answers in order, without ids).
    package func request(_ op: String, _ fields: [(String, JSONValue)], checkID: Bool = true) throws -> JSONValue {
        guard let process else { throw Failure(description: "the engine `\(options.command)` is not running") }
        let id = checkID ? nextID : 0
        if checkID { nextID += 1 }
        let message = JSONValue.object([("id", .number(Double(id))), ("op", .string(op))] + fields)
        let line = message.compactSerialized()
        lastRequest = line
        func failure(_ what: String, timedOut: Bool = false) -> Failure {
            let tail = process.standardErrorTail()
            let shown = line.count > 300 ? String(line.prefix(300)) + "…" : line
            return Failure(
                description: "the engine `\(options.command)` (pid \(process.pid)) \(what), at request #\(id) \(shown)"
                    + (tail.isEmpty ? "" : "; its standard error ended: " + tail.map { "«\($0)»" }.joined(separator: " ")), timedOut: timedOut)
        }
        let text: String
        transcript?("→ " + line)
        do {
            try process.send(line)
            text = try process.readLine(timeout: options.timeout)
        } catch LineProcess.Failure.timedOut(let seconds) {
            throw failure(LineProcess.Failure.timedOut(seconds: seconds).description, timedOut: true)
        } catch {
            throw failure("\(error)")
        }
        transcript?("← " + text)
        let answer: JSONValue
        do {
            answer = try JSONValue.parse(text)
        } catch {
            throw failure("answered with a line that is not JSON: «\(text.prefix(200))»")
        }
        guard case .object = answer else { throw failure("answered with a line that is not a JSON object: «\(text.prefix(200))»") }
        if checkID && !legacy {
            guard let answered = answer["id"] else { throw failure("answered without an id: «\(text.prefix(200))»") }
            guard answered == .number(Double(id)) else {
                throw failure("answered out of turn (id \(answered.compactSerialized()) to request #\(id)): «\(text.prefix(200))»")
            }
        }
        if checkID, case let .string(message)? = answer["error"] {
            throw failure("reported an error: \(message)")
        }
        return answer
    }

    static func items(_ value: JSONValue?) -> [JSONValue] {
        if case let .array(items)? = value { return items }
        return []
    }

    static func removing(_ keys: Set<String>, from value: JSONValue) -> JSONValue {
        guard case let .object(members) = value else { return value }
        return .object(members.filter { !keys.contains($0.0) })
    }

    /// An animation as this engine's protocol version writes it: in version 2 the modifiers are
    /// an ordered array (`{"spring": {…}, "modifiers": [{"delay": 0.2}, {"speed": 2}]}`), in
    /// version 1 keys of the object in order.
    func sent(_ animation: JSONValue) -> JSONValue {
        guard version >= 2, case let .object(members) = animation else { return animation }
        let modifiers = members.filter { AnimationSpec.modifiers.contains($0.0) }
        guard !modifiers.isEmpty else { return animation }
        return .object(members.filter { !AnimationSpec.modifiers.contains($0.0) } + [("modifiers", .array(modifiers.map { .object([$0]) }))])
    }

    func phasesSent(_ phases: JSONValue?) -> JSONValue {
        guard case let .array(items)? = phases else { return phases ?? .null }
        return .array(
            items.map { phase in
                guard case let .object(members) = phase else { return phase }
                return .object(members.map { $0.0 == "animation" ? ($0.0, sent($0.1)) : $0 })
            })
    }

    /// Sends the queries whose capability the engine has for this fixture (`available`; its
    /// declared ones by default; none at all: no request) and returns one result per query, nil
    /// for those not sent.
    func ask(
        _ queries: [JSONValue], needs: [EngineProtocol.Capability], available: Set<EngineProtocol.Capability>? = nil,
        _ send: ([JSONValue]) throws -> JSONValue
    ) throws -> [JSONValue?] {
        let available = available ?? capabilities
        let asked = queries.indices.filter { $0 < needs.count && available.contains(needs[$0]) }
        guard !asked.isEmpty else { return queries.map { _ in nil } }
        let answers = Self.results(try send(asked.map { queries[$0] }), count: asked.count)
        var results = [JSONValue?](repeating: nil, count: queries.count)
        for (k, index) in asked.enumerated() { results[index] = answers[k] }
        return results
    }

    /// The answer's `results`, one per query; missing or malformed ones are nil.
    static func results(_ answer: JSONValue, count: Int) -> [JSONValue?] {
        let items = Self.items(answer["results"])
        return (0..<count).map { $0 < items.count ? items[$0] : nil }
    }
}
