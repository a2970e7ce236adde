import ConformanceReference

extension PropertyScenario {
    /// The scenario as the reference model plays it: each change with its resolved animation, as
    /// the engine protocol sends it.
    public var reference: ReferenceScenario {
        ReferenceScenario(
            valueType: valueType, initialValue: initialValue, mergesCoincidentAnimations: mergesCoincidentAnimations,
            changes: events.map { event in
                ReferenceScenario.Change(
                    time: event.time, value: event.value, animation: event.resolvedAnimation, tracksVelocity: event.transaction.tracksVelocity,
                    completion: event.completion.map { .init(name: $0.name, waitsForRemoval: $0.criteria == .removed) })
            },
            sampleTimes: samples.map(\.time))
    }
}
