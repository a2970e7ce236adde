import MotionCore

/// Keyframe tracks over `Double`, flattened: one table of segments (each channel's segments
/// contiguous) and a cursor per channel, so a frame walks no lists. The segment under the cursor
/// is kept next to the cursor (`current`), copied from the table when the cursor moves: a frame
/// streams through the channels in order and touches the table only at a segment boundary. (With
/// the table read every frame, channels whose cursors differ read it at irregular offsets, and a
/// million channels ran at the memory's latency rather than its bandwidth.)
///
/// Cubic segments are evaluated inline with the very expression of `_KeyframeSegments._value`
/// (the same operations in the same order), moves are their value, and the rare linear and spring
/// segments are handed to `_KeyframeSegments` itself, so values are bitwise the timeline's.
final class KeyframePool: PoolProtocol {
    /// What a segment is, as the kernel dispatches on it; `finished` marks a channel whose cursor
    /// has passed its last segment. (Cubic is 0: four cubic channels read as a zero word.)
    enum SegmentKind: UInt8 {
        case cubic = 0
        case move, other, finished
    }

    // Per channel.
    let channel = Column<UInt32>(), reported = Column<Bool>()
    let startTime = Column<Double>(), endValue = Column<Double>()
    let cursor = Column<Int32>(), firstSegment = Column<Int32>(), segmentCount = Column<Int32>()
    let track = Column<KeyframeTrackBox>()

    /// One segment of a track, as the kernel reads it.
    struct Segment {
        var start: Double, duration: Double
        var from: Double, to: Double, startTangent: Double, endTangent: Double
        var kind: SegmentKind
    }

    let segments = Column<Segment>()
    /// Per channel: its segment under the cursor, as in `segments`, or `finished`.
    let current = SegmentColumns()
    /// Segments no live channel refers to any more; compacted away when they dominate.
    private var unusedSegments = 0

    var count: Int { channel.count }

    func append(channel id: UInt32, segments: _KeyframeSegments<Double>, startTime start: Double) -> Int {
        channel.append(id)
        reported.append(false)
        startTime.append(start)
        endValue.append(segments.segments.last?.end ?? segments.initialValue)
        cursor.append(0)
        firstSegment.append(Int32(self.segments.count))
        segmentCount.append(Int32(segments.segments.count))
        track.append(KeyframeTrackBox(segments))
        let first = self.segments.count
        for (segment, segmentStartTime) in zip(segments.segments, segments.startTimes) {
            var flat = Segment(
                start: segmentStartTime, duration: segment.duration, from: segment.from, to: segment.to,
                startTangent: 0, endTangent: 0, kind: .other)
            switch segment.kind {
            case let .cubic(m0, m1): (flat.kind, flat.startTangent, flat.endTangent) = (.cubic, m0, m1)
            case .move: flat.kind = .move
            case .linear, .spring: flat.kind = .other
            }
            self.segments.append(flat)
        }
        // A track without segments never reads it (its cursor is at the end from the start).
        current.append(segments.segments.isEmpty ? SegmentColumns.finished : self.segments[first])
        return count - 1
    }

    func remove(slot: Int) -> UInt32? {
        unusedSegments += Int(segmentCount[slot])
        channel.swapRemove(at: slot)
        reported.swapRemove(at: slot)
        startTime.swapRemove(at: slot)
        endValue.swapRemove(at: slot)
        cursor.swapRemove(at: slot)
        firstSegment.swapRemove(at: slot)
        segmentCount.swapRemove(at: slot)
        track.swapRemove(at: slot)
        current.swapRemove(at: slot)
        if unusedSegments > 1024 && unusedSegments > segments.count / 2 { compact() }
        return slot < count ? channel[slot] : nil
    }

    /// Rebuilds the segment table with only the live channels' segments.
    private func compact() {
        let records = (0..<count).map { (channel[$0], track[$0], startTime[$0], cursor[$0], reported[$0]) }
        segments.removeAll()
        for column in [startTime, endValue] { column.removeAll() }
        for column in [cursor, firstSegment, segmentCount] { column.removeAll() }
        channel.removeAll()
        reported.removeAll()
        track.removeAll()
        current.removeAll()
        unusedSegments = 0
        for (id, box, start, position, flag) in records {
            let slot = append(channel: id, segments: box.segments, startTime: start)
            cursor[slot] = position
            current[slot] = position < segmentCount[slot] ? segments[Int(firstSegment[slot] + position)] : SegmentColumns.finished
            reported[slot] = flag
        }
    }

    /// The value at `time` without moving the cursor.
    func value(slot: Int, at time: Double) -> Double { track[slot].segments.value(at: time - startTime[slot]) }

    func velocity(slot: Int, time: Double) -> Double { track[slot].segments.velocity(at: time - startTime[slot]) }

    func tick(_ range: Range<Int>, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        let lanes = CubicLanes(self)
        var slot = range.lowerBound
        while slot + 4 <= range.upperBound {
            if !lanes.tickFour(at: slot, time: time, values: values) {
                for lane in slot..<slot + 4 { tickOne(lane, time: time, values: values, sink: sink) }
            }
            slot += 4
        }
        while slot < range.upperBound {
            tickOne(slot, time: time, values: values, sink: sink)
            slot += 1
        }
    }

    private func tickOne(_ slot: Int, time: Double, values: UnsafeMutablePointer<Double>, sink: EventSink) {
        let t = time - startTime[slot]
        let count = Int(segmentCount[slot])
        var k = Int(cursor[slot])
        if k < count && !(t - current.start[slot] <= current.duration[slot]) {
            let track = segments.base + Int(firstSegment[slot])
            k += 1
            while k < count && !(t - track[k].start <= track[k].duration) { k += 1 }
            cursor[slot] = Int32(k)
            current[slot] = k < count ? track[k] : SegmentColumns.finished
        }
        let id = channel[slot]
        guard k < count else {
            values[Int(id)] = endValue[slot]
            if !reported[slot] {
                reported[slot] = true
                sink.append(channel: id, kind: .logicallyComplete)
            }
            sink.append(channel: id, kind: .finished)
            return
        }
        let segment = current[slot]
        let local = max(0, t - segment.start)
        switch segment.kind {
        case .cubic:
            values[Int(id)] = _hermite(
                _hermiteBasis(local / segment.duration), from: segment.from, to: segment.to,
                startTangent: segment.startTangent, endTangent: segment.endTangent)
        case .move:
            values[Int(id)] = segment.to
        case .other:
            let segments = self.track[slot].segments
            values[Int(id)] = _KeyframeSegments<Double>._value(of: segments.segments[k], at: local)
        case .finished:
            assertionFailure("a channel before its end has its segment beside the cursor")
            values[Int(id)] = endValue[slot]
        }
    }
}

/// A track's resolved segments, shared by reference so the pool's column holds a pointer.
final class KeyframeTrackBox {
    let segments: _KeyframeSegments<Double>
    init(_ segments: _KeyframeSegments<Double>) { self.segments = segments }
}
