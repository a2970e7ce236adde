/// The keyframe segment under each channel's cursor, column by column, so the keyframe kernel
/// loads a field of four channels as one vector and tests their four kinds as one word.
final class SegmentColumns {
    let kind = Column<KeyframePool.SegmentKind>()
    let start = Column<Double>(), duration = Column<Double>()
    let from = Column<Double>(), to = Column<Double>(), startTangent = Column<Double>(), endTangent = Column<Double>()
    /// Made with the columns, not lazily: a lazy array would be allocated by the first removal,
    /// inside a tick that finishes a track.
    private let doubles: [Column<Double>]

    init() { doubles = [start, duration, from, to, startTangent, endTangent] }

    /// A channel whose cursor has passed its last segment.
    static let finished = KeyframePool.Segment(start: 0, duration: 0, from: 0, to: 0, startTangent: 0, endTangent: 0, kind: .finished)

    func append(_ segment: KeyframePool.Segment) {
        kind.append(segment.kind)
        start.append(segment.start)
        duration.append(segment.duration)
        from.append(segment.from)
        to.append(segment.to)
        startTangent.append(segment.startTangent)
        endTangent.append(segment.endTangent)
    }

    subscript(slot: Int) -> KeyframePool.Segment {
        get {
            KeyframePool.Segment(
                start: start[slot], duration: duration[slot], from: from[slot], to: to[slot],
                startTangent: startTangent[slot], endTangent: endTangent[slot], kind: kind[slot])
        }
        set {
            kind[slot] = newValue.kind
            (start[slot], duration[slot], from[slot], to[slot]) = (newValue.start, newValue.duration, newValue.from, newValue.to)
            (startTangent[slot], endTangent[slot]) = (newValue.startTangent, newValue.endTangent)
        }
    }

    func swapRemove(at slot: Int) {
        kind.swapRemove(at: slot)
        for column in doubles { column.swapRemove(at: slot) }
    }

    func removeAll() {
        kind.removeAll()
        for column in doubles { column.removeAll() }
    }
}
