import MotionCore

extension FluidPool {
    /// `FluidColumns.merge` for one change.
    func merge(slot: Int, with next: FluidSpringAnimation, delta: Double, target: Double, at time: Double) {
        FluidColumns(self).merge(slot: slot, with: next, delta: delta, target: target, at: time)
    }
}

extension FluidColumns {
    /// A change of the channel in `slot` to `target` with the fluid spring `next` at `time`: the
    /// merge below, or nothing when `target` is the model value already (as for any change).
    func change(slot: Int, to target: Double, with next: FluidSpringAnimation, at time: Double) {
        let delta = target - model[slot]
        if delta * delta > 0 { merge(slot: slot, with: next, delta: delta, target: target, at: time) }
    }

    /// A fluid spring arriving on the fluid spring in `slot`: `FluidSpringAnimation.shouldMerge`
    /// for that case (docs/semantics.md §3.1, §4.3), written on the columns so that a retarget
    /// storm neither boxes state nor rewrites columns that do not change. The agreement tests hold
    /// it to `AnimatedProperty` bitwise.
    ///
    /// The merged state takes the previous spring's offset at `time` (its whole interval if it has
    /// come to rest by then) and keeps its velocity and force as of the last tick; the clock
    /// restarts at `time`, and a change of response blends.
    func merge(slot: Int, with next: FluidSpringAnimation, delta: Double, target: Double, at time: Double) {
        let elapsed = time - beginTime[slot]
        let previous = FluidSpringAnimation(
            response: response[slot], dampingFraction: dampingFraction[slot],
            blendDuration: blendDuration[slot])
        var advanced = FluidSpringState<Double>()
        advanced.offset = offset[slot]
        advanced.velocity = velocity[slot]
        advanced.force = force[slot]
        advanced.time = stateTime[slot]
        advanced.startTime = startTime[slot]
        advanced.blendStart = blendStart[slot]
        advanced.blendInterval = blendInterval[slot]
        // Outside a blend the columns hold the stiffness and damping of the response in effect.
        let step =
            blending[slot]
            ? previous._advance(&advanced, value: interval[slot], time: elapsed)
            : previous._advance(
                &advanced, value: interval[slot], time: elapsed, response: response[slot],
                stiffness: stiffness[slot], damping: damping[slot])
        offset[slot] = step.offset ?? interval[slot]
        stateTime[slot] = elapsed
        startTime[slot] = elapsed
        if previous.response != next.response {
            blendInterval[slot] = previous.response - next.response
            blendStart[slot] = elapsed
        }
        if previous.response != next.response || previous.dampingFraction != next.dampingFraction {
            let k = FluidSpringAnimation._stiffness(response: next.response)
            stiffness[slot] = k
            damping[slot] = FluidSpringAnimation._damping(fraction: next.dampingFraction, stiffness: k)
        }
        response[slot] = next.response
        dampingFraction[slot] = next.dampingFraction
        blendDuration[slot] = next.blendDuration
        blending[slot] = next.blendDuration > 0 && blendInterval[slot] != 0
        interval[slot] += delta
        model[slot] = target
        reported[slot] = false
    }
}
