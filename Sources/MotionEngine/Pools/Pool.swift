/// The channels of one animation kind, stored contiguously so a tick streams through them.
protocol PoolProtocol: AnyObject {
    var count: Int { get }
    /// Advances the channels in `range` to `time`: writes their presented values into `values`
    /// (indexed by channel) and their events into `sink`. Touches nothing outside `range`, so
    /// disjoint ranges may run on different threads.
    func tick(_ range: Range<Int>, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink)
    /// Removes the channel in `slot`; returns the channel moved into the slot, if any.
    func remove(slot: Int) -> UInt32?
    func velocity(slot: Int, time: Double) -> Double
}

final class Pool<Channel: EngineChannel>: PoolProtocol {
    let items = Column<Channel>(capacity: 256)
    /// Whether the channel's logical completion has been reported, per slot.
    let reported = Column<Bool>(capacity: 256)

    var count: Int { items.count }

    /// Appends a channel; returns its slot.
    func append(_ channel: Channel, logicallyCompleteReported: Bool = false) -> Int {
        items.append(channel)
        reported.append(logicallyCompleteReported)
        return items.count - 1
    }

    func tick(_ range: Range<Int>, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        Channel._advance(items.base, reported: reported.base, range, to: time, values: values, sink: sink)
    }

    func remove(slot: Int) -> UInt32? {
        items.swapRemove(at: slot)
        reported.swapRemove(at: slot)
        return slot < items.count ? items[slot].channel : nil
    }

    func velocity(slot: Int, time: Double) -> Double { items[slot].velocity(at: time) }
}

/// Events of one chunk of a tick, kept apart so that they can be gathered in chunk order — the
/// same order whatever the number of threads.
final class EventSink {
    let channels: Column<UInt32>
    let kinds: Column<ChannelEvent.Kind>

    /// A chunk's channels report at most two events a tick (logical completion, then finishing),
    /// so a sink sized for twice the chunk never grows inside a tick, even when every channel of
    /// the chunk completes at once.
    init(chunkSize: Int) {
        channels = Column<UInt32>(capacity: 2 * chunkSize)
        kinds = Column<ChannelEvent.Kind>(capacity: 2 * chunkSize)
    }

    func append(channel: UInt32, kind: ChannelEvent.Kind) {
        channels.append(channel)
        kinds.append(kind)
    }

    /// Appends a channel's events for one step: logical completion the first time it is seen (and
    /// remembers it in `reported`), then finishing.
    @inline(__always)
    func report(channel: UInt32, logical: Bool, finished: Bool, reported: inout Bool) {
        if logical && !reported {
            reported = true
            append(channel: channel, kind: .logicallyComplete)
        }
        if finished { append(channel: channel, kind: .finished) }
    }

    func removeAll() {
        channels.removeAll()
        kinds.removeAll()
    }
}
