import Foundation
import MotionCore

/// An engine in another process, in any language, validated through a line-delimited JSON
/// protocol (documented in Fixtures/README.md). Each request is one JSON object on a line of the
/// engine's standard input; each answer one line on its standard output:
///
///     → {"op":"reset","initialValue":0}                          ← {"ok":true}
///     → {"op":"set","time":0,"value":100,"animation":{…}|null}   ← {"ok":true}
///     → {"op":"sample","time":0.25}                              ← {"value":42.1,"velocity":310.5}
///
/// Animations are written as in fixtures, after the transaction and its modifiers have been
/// resolved by the harness. Property scenarios of scalar values are played; the others are not
/// carried by the protocol.
public final class ExternalEngine {
    let process = Process()
    let input: FileHandle
    let output: FileHandle
    private var buffer = Data()

    public init(command: String) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.standardError
        do { try process.run() } catch { throw FixtureError(path: "--engine", message: "cannot start '\(command)': \(error.localizedDescription)") }
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
    }

    public func close() {
        try? input.close()
        process.waitUntilExit()
    }

    /// Whether the protocol carries this fixture.
    public static func supports(_ fixture: Fixture) -> Bool {
        guard case let .property(scenario) = fixture.body else { return false }
        return scenario.valueType == .scalar && scenario.mergesCoincidentAnimations && !scenario.events.contains { $0.transaction.tracksVelocity }
    }

    func request(_ message: JSONValue) throws -> JSONValue {
        var line = Data(message.serialized().replacingOccurrences(of: "\n", with: " ").utf8)
        line.append(10)
        try input.write(contentsOf: line)
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let answer = buffer[..<newline]
                buffer.removeSubrange(...newline)
                return try JSONValue.parse(String(decoding: answer, as: UTF8.self))
            }
            let chunk = output.availableData
            guard !chunk.isEmpty else { throw FixtureError(path: "--engine", message: "the engine closed its output") }
            buffer.append(chunk)
        }
    }

    /// Plays a fixture through the external engine and checks its answers.
    public func run(_ fixture: Fixture) -> FixtureResult {
        guard case let .property(scenario) = fixture.body, Self.supports(fixture) else {
            return FixtureResult(id: fixture.id, suite: fixture.suite, provenance: fixture.provenance.rawValue, file: fixture.file,
                                 verdict: .error, maxError: .infinity, message: "not carried by the engine protocol (property scenarios of scalar values only)")
        }
        var checker = Checker(fixture.tolerance)
        do {
            _ = try request(.object([("op", .string("reset")), ("initialValue", .number(scenario.initialValue[0]))]))
            var nextEvent = 0
            for sample in scenario.samples {
                while nextEvent < scenario.events.count && scenario.events[nextEvent].time <= sample.time {
                    let event = scenario.events[nextEvent]
                    _ = try request(.object([("op", .string("set")), ("time", .number(event.time)), ("value", .number(event.value[0])),
                                             ("animation", Self.resolvedAnimation(event) ?? .null)]))
                    nextEvent += 1
                }
                let answer = try request(.object([("op", .string("sample")), ("time", .number(sample.time))]))
                guard case let .number(value)? = answer["value"] else { throw FixtureError(path: "--engine", message: "no value in \(answer.serialized())") }
                if let expected = sample.value { checker.check(value, expected[0], "value at \(sample.time)") }
                if let expected = sample.velocity, case let .number(velocity)? = answer["velocity"] {
                    checker.check(velocity, expected[0], "velocity at \(sample.time)")
                }
            }
        } catch {
            return FixtureResult(id: fixture.id, suite: fixture.suite, provenance: fixture.provenance.rawValue, file: fixture.file,
                                 verdict: .error, maxError: .infinity, message: "\(error)")
        }
        return checker.result(for: fixture)
    }

    /// The animation the value runs after the transaction passes down the event's path, as data.
    static func resolvedAnimation(_ event: PropertyScenario.Event) -> JSONValue? {
        var animation: AnimationSpec? = event.transaction.hasAnimation ? event.transaction.animation : nil
        var disables = event.transaction.disablesAnimations
        for modifier in event.path {
            switch modifier {
            case let .animation(spec, changed) where changed && !disables: animation = spec
            case let .animationAlways(spec) where !disables: animation = spec
            case let .scopedAnimation(spec, inside) where inside && !disables: animation = spec
            case let .transactionAnimation(spec, changed) where changed ?? true: animation = spec
            case let .disableAnimations(changed) where changed ?? true:
                animation = nil
                disables = true
            default: break
            }
        }
        return animation?.json
    }
}

/// The example engine adapter: MotionCore's `AnimatedProperty` behind the protocol, reading
/// requests from standard input. `motion-bench adapter` runs it.
public enum ExampleEngineAdapter {
    public static func serve(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
        var property = AnimatedProperty(0.0)
        var pending = Data()
        func answer(_ value: JSONValue) { output.write(Data((value.serialized().replacingOccurrences(of: "\n", with: " ") + "\n").utf8)) }
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { return }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                do {
                    let request = JSONCursor(root: try JSONValue.parse(line))
                    switch try request.field("op").string() {
                    case "reset":
                        property = AnimatedProperty(try request.field("initialValue").number())
                        answer(.object([("ok", .bool(true))]))
                    case "set":
                        let animation = try FixtureLoader.animation(try request.optionalField("animation"))
                        property.set(try request.field("value").number(), at: try request.field("time").number(),
                                     transaction: Transaction(animation: animation?.animation))
                        answer(.object([("ok", .bool(true))]))
                    case "sample":
                        let t = try request.field("time").number()
                        let value = property.presentedValue(at: t)
                        answer(.object([("value", .number(value)), ("velocity", .number(property.velocity(at: t)))]))
                    default:
                        answer(.object([("error", .string("unknown op"))]))
                    }
                } catch {
                    answer(.object([("error", .string("\(error)"))]))
                }
            }
        }
    }
}
