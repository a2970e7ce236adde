import FixtureFormat
import Foundation
import MotionConformance
import MotionCore

/// A standard benchmark workload of the engine protocol (docs/protocol.md §8): N channels of one
/// animation kind, ticked frame by frame at 120 Hz by an engine in any process. The parameters are
/// those of the runner's `tick.KIND.COUNT.1` benchmarks of MotionEngine (Benchmarks/
/// MotionBenchmarks/EngineBenchmarks.swift), written as data so that any engine can build them.
public struct Workload: Sendable {
    /// What one channel does. Channel k follows `variants[k % variants.count]`.
    public enum Variant: Sendable {
        /// The value starts at `from` and is set to `to` at `start`, animated by `animation`
        /// (written as fixtures write animations).
        case animated(from: Double, to: Double, start: Double, animation: JSONValue)
        /// A scalar keyframe timeline (written as a fixture's `keyframes` track) started at `start`.
        case keyframes(initialValue: Double, track: JSONValue, start: Double)
    }

    public enum Kind: String, CaseIterable, Sendable {
        case fluid, closed, curve, keyframe

        /// The capability an engine declares to be sent workloads of this kind.
        public var capability: EngineProtocol.Capability {
            switch self {
            case .fluid: return .workloadFluid
            case .closed: return .workloadClosed
            case .curve: return .workloadCurve
            case .keyframe: return .workloadKeyframe
            }
        }

        /// The C reference kernel of the same math, as the runner's worker names it (without the count).
        var reference: String? {
            switch self {
            case .fluid: return "c.fluid"
            case .closed: return "c.closed"
            case .keyframe: return "c.cubic"
            case .curve: return nil
            }
        }
    }

    public let kind: Kind
    public let channels: Int
    /// The channel count as names write it: 1k, 10k, 100k, 1M.
    public let countLabel: String
    public let variants: [Variant]
    /// Frames per second of the frame clock: frame i is at i / frameRate seconds.
    public static let frameRate = 120.0

    /// `workload.KIND.COUNT`.
    public var name: String { "workload.\(kind.rawValue).\(countLabel)" }

    /// The C reference benchmark of the same kernel and count, if there is one.
    public var reference: String? { kind.reference.map { "\($0).\(countLabel)" } }

    /// Every standard workload: each kind at 1k, 10k, 100k and 1M channels.
    public static let standard: [Workload] = Kind.allCases.flatMap { kind in
        [("1k", 1_000), ("10k", 10_000), ("100k", 100_000), ("1M", 1_000_000)].map {
            Workload(kind: kind, channels: $0.1, countLabel: $0.0, variants: variants(kind))
        }
    }

    public static func named(_ name: String) -> Workload? { standard.first { $0.name == name } }

    /// The eight variants of the springs and curves (v = 0…7) and the 64 start times of the
    /// keyframe tracks, from the parameters `tick.*` is built with (Workload+Parameters.swift).
    static func variants(_ kind: Kind) -> [Variant] {
        switch kind {
        case .fluid, .closed:
            return (0..<8).map { v in
                .animated(from: 0, to: target(variant: v), start: 0, animation: kind == .fluid ? fluidAnimation(variant: v) : closedAnimation(variant: v))
            }
        case .curve:
            return (0..<8).map { v in
                .animated(from: 0, to: target(variant: v), start: curveStart(firstVariant: v % 3), animation: curveAnimation(variant: v))
            }
        case .keyframe:
            return (0..<64).map { .keyframes(initialValue: 0, track: keyframeTrack, start: keyframeStart(variant: $0)) }
        }
    }

    /// The channels whose final values an engine reports: every variant's first channels, a
    /// spread over the whole range and the last ones, so that a bug at high indices shows.
    public var reportedChannels: [Int] {
        var indices = Set(0..<min(channels, 2 * variants.count))
        indices.formUnion(stride(from: 0, to: channels, by: max(1, channels / 32)))
        indices.formUnion(max(0, channels - variants.count)..<channels)
        return indices.sorted()
    }

    /// The variants as the protocol sends them.
    var variantsJSON: JSONValue {
        .array(
            variants.map { variant in
                switch variant {
                case let .animated(from, to, start, animation):
                    return .object([("from", .number(from)), ("to", .number(to)), ("start", .number(start)), ("animation", animation)])
                case let .keyframes(initialValue, track, start):
                    return .object([
                        ("keyframes", .object([("initialValue", .number(initialValue)), ("tracks", .array([track]))])),
                        ("start", .number(start)),
                    ])
                }
            })
    }

    /// The `workload` request's fields: run at most `frames` frames, stopping early once at least
    /// `minimumFrames` have run and their times add up to `seconds`.
    func requestFields(frames: Int, minimumFrames: Int, seconds: Double) -> [(String, JSONValue)] {
        [
            ("name", .string(name)), ("channels", .number(Double(channels))), ("variants", variantsJSON),
            ("frameRate", .number(Self.frameRate)), ("frames", .number(Double(frames))), ("minimumFrames", .number(Double(minimumFrames))),
            ("seconds", .number(seconds)), ("threads", .number(1)), ("report", .array(reportedChannels.map { .number(Double($0)) })),
        ]
    }
}
