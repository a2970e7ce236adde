"""The benchmark workloads (docs/protocol.md §8), a channel at a time."""
import math
import time

from curves import NAMED, STEP, Bezier
from protocol import WRONG, number


def timing_curve_progress(bezier, p):
    """A timing-curve animation's fraction of the change: Y at X = clamp(p), y not clamped (§2.3)."""
    y = bezier.y(bezier.solve(min(max(p, 0.0), 1.0)))
    return y if WRONG else round(y / STEP) * STEP


def closed_spring_progress(mass, stiffness, damping, t):
    """The interpolating spring's s(t) from rest (docs/semantics.md §3.1)."""
    w0 = math.sqrt(stiffness / mass)
    zeta = damping / (2 * math.sqrt(mass * stiffness))
    if zeta >= 1:
        return 1 - (1 + w0 * t) * math.exp(-w0 * t)
    wd = w0 if WRONG else w0 * math.sqrt(1 - zeta * zeta)
    a = zeta * w0 / wd
    return 1 - math.exp(-zeta * w0 * t) * (math.cos(wd * t) + a * math.sin(wd * t))


def channel_function(variant):
    """The value of one variant's channels at a time: value(t)."""
    base, args = next(iter(variant["animation"].items()))
    start, origin, delta = variant["start"], variant["from"], variant["to"] - variant["from"]
    if base in ("linear", "easeInOut", "timingCurve"):
        points = {"linear": (0, 0, 1, 1), "easeInOut": NAMED["easeInOut"]}.get(base) or tuple(args["controlPoints"])
        bezier, duration = Bezier(*points, clamp_y=False), args["duration"]
        return lambda t: origin + delta * timing_curve_progress(bezier, (t - start) / duration)
    if base == "interpolatingSpring" and "stiffness" in args:
        m, k, c = args.get("mass", 1), args["stiffness"], args["damping"]
        return lambda t: origin + delta * closed_spring_progress(m, k, c, t - start)
    raise ValueError("this engine's workloads do not include the animation '%s'" % base)


class Workload:
    """The channels of the last `workload` request and the frame they have reached (§8)."""

    def __init__(self, request):
        variants = [channel_function(v) for v in request["variants"]]
        self.rate = request["frameRate"]
        self.channels = [variants[k % len(variants)] for k in range(request["channels"])]
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
