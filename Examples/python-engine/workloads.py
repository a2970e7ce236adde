"""The benchmark workloads (docs/protocol.md §8), a channel at a time."""
import math
import time

from keyframes import Track
from property import AnimatedValue
from protocol import number


def channel_function(variant):
    """One channel of a variant: its value at a time, through the same animated value (or keyframe
    track) the conformance fixtures check, sampled at every frame."""
    if "keyframes" in variant:
        track, start = Track(variant["keyframes"]["initialValue"], variant["keyframes"]["tracks"][0]["keyframes"]), variant["start"]
        return lambda t: track.at(t - start)
    value = AnimatedValue([variant["from"]])
    value.set(variant["start"], [variant["to"]], variant["animation"])
    return lambda t: value.sample(t)[0][0]


class Workload:
    """The channels of the last `workload` request and the frame they have reached (§8)."""

    def __init__(self, request):
        variants = request["variants"]
        self.rate = request["frameRate"]
        self.channels = [channel_function(variants[k % len(variants)]) for k in range(request["channels"])]
        self.values = [0.0] * len(self.channels)
        self.next_frame = 0

    def run(self, frames, minimum_frames, seconds):
        """Runs frames, timing each with perf_counter_ns, until `frames`, or `seconds` once `minimum_frames` ran."""
        times, total = [], 0
        for frame in range(frames):
            if frame >= minimum_frames and total >= seconds * 1e9:
                break
            t = self.next_frame / self.rate
            start = time.perf_counter_ns()
            for k in range(len(self.channels)):
                self.values[k] = self.channels[k](t)
            elapsed = time.perf_counter_ns() - start
            times.append(elapsed)
            total += elapsed
            self.next_frame += 1
        return times


RUNNING = None


def workload(request):
    global RUNNING
    RUNNING = Workload(request)
    times = RUNNING.run(request["frames"], request.get("minimumFrames", request["frames"]), request.get("seconds", math.inf))
    return {"frameTimes": times, "values": [number(RUNNING.values[k]) for k in request["report"]]}


def frames(request):
    """The next frames of the last workload, for `seconds` (at least one frame)."""
    if RUNNING is None:
        raise ValueError("`frames` before `workload`")
    return {"frameTimes": RUNNING.run(request.get("frames", 1_000_000), 1, request["seconds"])}
