import MotionCore

/// What the four-lane kernels (fluid and closed-form springs) share at the end of a step: the
/// common case — four channels all still moving, none newly logically complete — stores their
/// values with no event to report: one vector store when the four channels are consecutive, four
/// scalar stores otherwise (a pool holds its channels in the order they joined it, which is
/// seldom channel order). Anything else goes lane by lane.
enum FourLanes {
    /// Stores `presented` as the values of channels `ids[0]…ids[3]` if that common case holds;
    /// returns false, storing nothing, otherwise.
    @inline(__always)
    static func storeIfCommon(
        _ presented: SIMD4<Double>, moving: SIMDMask<SIMD4<Int64>>, logical: SIMDMask<SIMD4<Int64>>,
        reported flags: UnsafePointer<Bool>, ids: UnsafePointer<UInt32>,
        into values: UnsafeMutablePointer<Double>
    ) -> Bool {
        // Moving and not logically complete: one mask test. Logically complete lanes are common
        // only while settling, and need their flags read.
        if !Self.all(moving .& .!logical) {
            guard Self.all(moving) else { return false }
            if (logical[0] && !flags[0]) || (logical[1] && !flags[1]) || (logical[2] && !flags[2]) || (logical[3] && !flags[3]) {
                return false
            }
        }
        scatter(presented, ids: ids, into: values)
        return true
    }

    /// Stores `value[k]` as the value of channel `ids[k]`: one vector store when the four
    /// channels are consecutive, four scalar stores otherwise.
    @inline(__always)
    static func scatter(_ value: SIMD4<Double>, ids: UnsafePointer<UInt32>, into values: UnsafeMutablePointer<Double>) {
        if ids[1] == ids[0] &+ 1 && ids[2] == ids[0] &+ 2 && ids[3] == ids[0] &+ 3 {
            UnsafeMutableRawPointer(values + Int(ids[0])).storeBytes(of: value, as: SIMD4<Double>.self)
        } else {
            values[Int(ids[0])] = value[0]
            values[Int(ids[1])] = value[1]
            values[Int(ids[2])] = value[2]
            values[Int(ids[3])] = value[3]
        }
    }

    /// Stores four channels' values and reports their events: a moving lane shows `presented`
    /// (and completes logically where `logical` says so), a lane that is not moving has finished
    /// and shows its target. The common case is `storeIfCommon`.
    @inline(__always)
    static func store(
        _ presented: SIMD4<Double>, targets: SIMD4<Double>, moving: SIMDMask<SIMD4<Int64>>, logical: SIMDMask<SIMD4<Int64>>,
        ids: UnsafePointer<UInt32>, reported flags: UnsafeMutablePointer<Bool>,
        into values: UnsafeMutablePointer<Double>, sink: EventSink
    ) {
        if storeIfCommon(presented, moving: moving, logical: logical, reported: flags, ids: ids, into: values) { return }
        storeLaneByLane(presented, targets: targets, moving: moving, logical: logical, ids: ids, reported: flags, into: values, sink: sink)
    }

    // Out of line: the kernels keep only the common case in their loop.
    @inline(never)
    private static func storeLaneByLane(
        _ presented: SIMD4<Double>, targets: SIMD4<Double>, moving: SIMDMask<SIMD4<Int64>>,
        logical: SIMDMask<SIMD4<Int64>>, ids: UnsafePointer<UInt32>,
        reported flags: UnsafeMutablePointer<Bool>, into values: UnsafeMutablePointer<Double>,
        sink: EventSink
    ) {
        for lane in 0..<4 {
            let id = ids[lane]
            if moving[lane] {
                values[Int(id)] = presented[lane]
                sink.report(channel: id, logical: logical[lane], finished: false, reported: &flags[lane])
            } else {
                values[Int(id)] = targets[lane]
                sink.report(channel: id, logical: true, finished: true, reported: &flags[lane])
            }
        }
    }

    /// `all(mask)`, as MotionCore's kernels reduce masks (`_allLanes`).
    @inline(__always)
    static func all(_ mask: SIMDMask<SIMD4<Int64>>) -> Bool { _allLanes(mask) }

    /// `any(mask)`, as MotionCore's kernels reduce masks (`_anyLane`).
    @inline(__always)
    static func any(_ mask: SIMDMask<SIMD4<Int64>>) -> Bool { _anyLane(mask) }
}
