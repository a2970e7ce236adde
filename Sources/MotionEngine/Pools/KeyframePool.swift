import MotionCore

/// Keyframe tracks over `Double`, flattened: one table of segments (struct of arrays, each
/// channel's segments contiguous) and a cursor per channel, so a frame reads a handful of doubles
/// per channel and walks no lists.
///
/// Cubic segments are evaluated inline with the very expression of `_KeyframeSegments._value`
/// (the same operations in the same order), moves are their value, and the rare linear and spring
/// segments are handed to `_KeyframeSegments` itself, so values are bitwise the timeline's.
final class KeyframePool: PoolProtocol {
    enum SegmentKind: UInt8 { case cubic, move, other }

    // Per channel.
    let channel = Column<UInt32>(), reported = Column<Bool>()
    let startTime = Column<Double>(), endValue = Column<Double>()
    let cursor = Column<Int32>(), firstSegment = Column<Int32>(), segmentCount = Column<Int32>()
    let track = Column<KeyframeTrackBox>()

    // Per segment.
    let kind = Column<SegmentKind>()
    let segmentStart = Column<Double>(), duration = Column<Double>()
    let from = Column<Double>(), to = Column<Double>(), startTangent = Column<Double>(), endTangent = Column<Double>()
    /// Segments no live channel refers to any more; compacted away when they dominate.
    private var unusedSegments = 0

    var count: Int { channel.count }

    func append(channel id: UInt32, segments: _KeyframeSegments<Double>, startTime start: Double) -> Int {
        channel.append(id)
        reported.append(false)
        startTime.append(start)
        endValue.append(segments.segments.last?.end ?? segments.initialValue)
        cursor.append(0)
        firstSegment.append(Int32(kind.count))
        segmentCount.append(Int32(segments.segments.count))
        track.append(KeyframeTrackBox(segments))
        for (segment, segmentStartTime) in zip(segments.segments, segments.startTimes) {
            switch segment.kind {
            case let .cubic(m0, m1):
                kind.append(.cubic)
                startTangent.append(m0)
                endTangent.append(m1)
            case .move:
                kind.append(.move)
                startTangent.append(0)
                endTangent.append(0)
            case .linear, .spring:
                kind.append(.other)
                startTangent.append(0)
                endTangent.append(0)
            }
            segmentStart.append(segmentStartTime)
            duration.append(segment.duration)
            from.append(segment.from)
            to.append(segment.to)
        }
        return count - 1
    }

    func remove(slot: Int) -> UInt32? {
        unusedSegments += Int(segmentCount[slot])
        for column in [channel] as [Column<UInt32>] { column.swapRemove(at: slot) }
        reported.swapRemove(at: slot)
        for column in [startTime, endValue] { column.swapRemove(at: slot) }
        for column in [cursor, firstSegment, segmentCount] { column.swapRemove(at: slot) }
        track.swapRemove(at: slot)
        if unusedSegments > 1024 && unusedSegments > kind.count / 2 { compact() }
        return slot < count ? channel[slot] : nil
    }

    /// Rebuilds the segment table with only the live channels' segments.
    private func compact() {
        let records = (0..<count).map { (channel[$0], track[$0], startTime[$0], cursor[$0], reported[$0]) }
        for column in [kind] as [Column<SegmentKind>] { column.removeAll() }
        for column in [segmentStart, duration, from, to, startTangent, endTangent] { column.removeAll() }
        for column in [startTime, endValue] { column.removeAll() }
        for column in [cursor, firstSegment, segmentCount] { column.removeAll() }
        channel.removeAll()
        reported.removeAll()
        track.removeAll()
        unusedSegments = 0
        for (id, box, start, position, flag) in records {
            let slot = append(channel: id, segments: box.segments, startTime: start)
            cursor[slot] = position
            reported[slot] = flag
        }
    }

    /// The value at `time` without moving the cursor.
    func value(slot: Int, at time: Double) -> Double { track[slot].segments.value(at: time - startTime[slot]) }

    func velocity(slot: Int, time: Double) -> Double { track[slot].segments.velocity(at: time - startTime[slot]) }

    func tick(_ range: Range<Int>, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        let kinds = kind.base, starts = segmentStart.base, durations = duration.base
        let froms = from.base, tos = to.base, m0s = startTangent.base, m1s = endTangent.base
        // Read once: through the columns, every access reloads the column's address (the
        // stores into `values` might alias it, as far as the compiler knows).
        let startTimes = startTime.base, firsts = firstSegment.base, counts = segmentCount.base
        let cursors = cursor.base, channels = channel.base
        for slot in range {
            let t = time - startTimes[slot]
            let base = Int(firsts[slot]), count = Int(counts[slot])
            var k = Int(cursors[slot])
            while k < count && !(t - starts[base + k] <= durations[base + k]) { k += 1 }
            cursors[slot] = Int32(k)
            let id = channels[slot]
            guard k < count else {
                values[Int(id)] = endValue[slot]
                if !reported[slot] {
                    reported[slot] = true
                    sink.append(channel: id, kind: .logicallyComplete)
                }
                sink.append(channel: id, kind: .finished)
                continue
            }
            let j = base + k
            let local = max(0, t - starts[j])
            switch kinds[j] {
            case .cubic:
                let s = local / durations[j]
                let s2 = s * s, s3 = s2 * s
                values[Int(id)] = froms[j] * (2 * s3 - 3 * s2 + 1) + m0s[j] * (s3 - 2 * s2 + s)
                    + tos[j] * (-2 * s3 + 3 * s2) + m1s[j] * (s3 - s2)
            case .move:
                values[Int(id)] = tos[j]
            case .other:
                let segments = track[slot].segments
                values[Int(id)] = _KeyframeSegments<Double>._value(of: segments.segments[k], at: local)
            }
        }
    }
}

/// A track's resolved segments, shared by reference so the pool's column holds a pointer.
final class KeyframeTrackBox {
    let segments: _KeyframeSegments<Double>
    init(_ segments: _KeyframeSegments<Double>) { self.segments = segments }
}
