/// What the four-lane kernels (fluid and closed-form springs) share at the end of a step: the
/// common case — four consecutive channels, all still moving, none newly logically complete — is
/// one vector store of their values; anything else goes lane by lane.
enum FourLanes {
    /// Stores `presented` as the values of channels `ids[0]…ids[3]` if that common case holds;
    /// returns false, storing nothing, otherwise.
    @inline(__always)
    static func storeIfCommon(_ presented: SIMD4<Double>, moving: SIMDMask<SIMD4<Int64>>, logical: SIMDMask<SIMD4<Int64>>,
                              reported flags: UnsafePointer<Bool>, ids: UnsafePointer<UInt32>,
                              into values: UnsafeMutablePointer<Double>) -> Bool {
        guard all(moving) else { return false }
        if any(logical), (logical[0] && !flags[0]) || (logical[1] && !flags[1]) || (logical[2] && !flags[2]) || (logical[3] && !flags[3]) {
            return false
        }
        guard ids[1] == ids[0] &+ 1 && ids[2] == ids[0] &+ 2 && ids[3] == ids[0] &+ 3 else { return false }
        UnsafeMutableRawPointer(values + Int(ids[0])).storeBytes(of: presented, as: SIMD4<Double>.self)
        return true
    }
}
