import Foundation

/// What a benchmark measures one iteration of.
public enum BenchmarkUnit: String, Codable, Sendable {
    /// One frame of an engine or property: each sample is one frame, so frame-time percentiles and
    /// budgets apply.
    case frame
    /// One operation: samples are calibrated batches of iterations.
    case operation
}

/// A benchmark as the registry declares it: a stable dotted name, what one iteration is, how many
/// elements it processes (for per-element times and throughput), its C counterpart if any, and a
/// closure that sets it up.
public struct Benchmark: Sendable {
    public struct Descriptor: Codable, Hashable, Sendable {
        public let name: String
        public let unit: BenchmarkUnit
        /// Elements processed per iteration: channels per frame, values per operation.
        public let elements: Int
        public let tags: [String]
        /// The C reference kernel of the same math, by benchmark name.
        public let reference: String?
        /// Whether the benchmark uses the worker's thread count ("all" benchmarks).
        public let usesAllThreads: Bool
        /// For an "all" benchmark, the same work on one thread, by benchmark name: reports show
        /// how much faster the threads make it.
        public let oneThreadCounterpart: String?
        /// For a workload an engine in another process runs: that engine.
        public var engine: EngineInfo?

        public init(
            name: String, unit: BenchmarkUnit, elements: Int, tags: [String], reference: String?, usesAllThreads: Bool,
            oneThreadCounterpart: String?, engine: EngineInfo? = nil
        ) {
            self.name = name
            self.unit = unit
            self.elements = elements
            self.tags = tags
            self.reference = reference
            self.usesAllThreads = usesAllThreads
            self.oneThreadCounterpart = oneThreadCounterpart
            self.engine = engine
        }
    }

    public let descriptor: Descriptor
    /// Sets the benchmark up for a run with the given context.
    public let make: @Sendable (BenchmarkContext) throws -> BenchmarkBody

    public init(
        _ name: String, unit: BenchmarkUnit = .operation, elements: Int = 1, tags: [String] = [],
        reference: String? = nil, usesAllThreads: Bool = false, oneThreadCounterpart: String? = nil,
        make: @escaping @Sendable (BenchmarkContext) throws -> BenchmarkBody
    ) {
        descriptor = Descriptor(
            name: name, unit: unit, elements: elements, tags: tags, reference: reference, usesAllThreads: usesAllThreads,
            oneThreadCounterpart: oneThreadCounterpart)
        self.make = make
    }

    public var name: String { descriptor.name }
}

/// What a benchmark is set up with.
public struct BenchmarkContext: Sendable {
    /// Threads for benchmarks that use all threads (`--threads`; default: every core).
    public let threads: Int
}

/// A benchmark ready to run: `run(n)` performs n iterations; `digest()` summarises its outputs so
/// that "faster but different" is caught. Each run continues from where the last left off.
public struct BenchmarkBody {
    public let run: (Int) throws -> Void
    public let digest: () -> String

    public init(run: @escaping (Int) throws -> Void, digest: @escaping () -> String = { "" }) {
        self.run = run
        self.digest = digest
    }
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// A digest of floating-point outputs: FNV-1a over the values rounded to 12 significant digits,
/// so kernels that reorder arithmetic (within 1e-12) still match, while different answers do not.
public struct OutputDigest {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ value: Double) {
        let rounded: Double
        if value.isFinite && value != 0 {
            let scale = pow(10, 11 - floor(log10(abs(value))))
            rounded = (value * scale).rounded() / scale
        } else {
            rounded = value.isNaN ? .nan : value
        }
        var bits = rounded.isNaN ? 0x7FF8_0000_0000_0000 : rounded.bitPattern
        for _ in 0..<8 {
            hash = (hash ^ (bits & 0xFF)) &* 0x0000_0100_0000_01B3
            bits >>= 8
        }
    }

    public mutating func add<S: Sequence>(contentsOf values: S) where S.Element == Double {
        for value in values { add(value) }
    }

    public var value: String { String(hash, radix: 16) }
}
