import BenchKit

/// A benchmark declared twice: on one thread, and on all of the run's threads, the second naming
/// the first as its one-thread counterpart (so a report shows the speed-up). Both names are written
/// out where the pair is declared, so a search for a name finds its declaration.
struct ThreadPair {
    let one: String, all: String

    init(_ one: String, _ all: String) {
        self.one = one
        self.all = all
    }
}

extension BenchmarkRegistry {
    /// Registers `names.one` and `names.all`; `make` gets the thread count to run on: 1, or the
    /// run's (at least 1). `reference`: the C kernel pair each is compared with.
    mutating func register(
        _ names: ThreadPair, unit: BenchmarkUnit, elements: Int, tags: [String], reference: ThreadPair? = nil,
        make: @escaping @Sendable (_ threads: Int) throws -> BenchmarkBody
    ) {
        register(names.one, unit: unit, elements: elements, tags: tags, reference: reference?.one) { _ in try make(1) }
        register(
            names.all, unit: unit, elements: elements, tags: tags, reference: reference?.all, usesAllThreads: true,
            oneThreadCounterpart: names.one
        ) { context in try make(max(1, context.threads)) }
    }
}
