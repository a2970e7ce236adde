#!/usr/bin/env python3
"""A partial engine behind MotionBench's engine protocol (docs/protocol.md, version 1.1).

It implements only timing curves (docs/protocol.md §4 `curve`) and timeline schedules
(`timeline`), and two of the benchmark workloads (§8: `workload.curve`, `workload.closed`),
declares exactly those capabilities in its handshake, and so is sent nothing else: every other
fixture is reported as skipped, naming what it needs. It is written from docs/semantics.md and
the fixtures, not from MotionCore, and shows how little an engine needs to start: read a line,
answer a line, repeat the request's id. It is slow on purpose — plain Python, a channel at a time.

    motion-bench conform --engine "python3 Examples/python-engine/engine.py"
    motion-bench run --engine "python3 Examples/python-engine/engine.py" --filter 1k

`--wrong` makes it a deliberately broken engine: its timing curves skip the rounding to 2^-20 of
docs/semantics.md §2.2 (a realistic slip), and its spring's oscillation uses the undamped
frequency. The harness must call its workloads "different". `--name NAME` changes the name its
handshake gives, which labels its benchmarks (`workload.curve.1k@NAME`).
"""
import json
import math
import sys
import time

WRONG = "--wrong" in sys.argv[1:]
# `--name NAME`: the name the handshake gives (reports label the engine's benchmarks with it).
NAME = sys.argv[sys.argv.index("--name") + 1] if "--name" in sys.argv[:-1] else ("python-example-wrong" if WRONG else "python-example")

STEP = 2.0 ** -20  # curve outputs are rounded to multiples of 2^-20
NAMED = {"linear": None, "easeIn": (0.42, 0, 1, 1), "easeOut": (0, 0, 0.58, 1), "easeInOut": (0.42, 0, 0.58, 1)}


def number(x):
    """Non-finite numbers travel as strings (docs/protocol.md §2)."""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


class Bezier:
    def __init__(self, x1, y1, x2, y2, clamp_y):
        clamp = lambda v: min(max(v, 0.0), 1.0)
        x1, x2 = clamp(x1), clamp(x2)
        if clamp_y:
            y1, y2 = clamp(y1), clamp(y2)
        self.cx, self.cy = 3 * x1, 3 * y1
        self.bx, self.by = 3 * (x2 - x1) - self.cx, 3 * (y2 - y1) - self.cy
        self.ax, self.ay = 1 - self.cx - self.bx, 1 - self.cy - self.by

    def x(self, t):
        return ((self.ax * t + self.bx) * t + self.cx) * t

    def y(self, t):
        return ((self.ay * t + self.by) * t + self.cy) * t

    def dx(self, t):
        return self.cx + (2 * self.bx + 3 * self.ax * t) * t

    def dy(self, t):
        return self.cy + (2 * self.by + 3 * self.ay * t) * t

    def solve(self, p):
        t = p
        for _ in range(8):  # Newton's method, then bisection if it did not converge
            err = self.x(t) - p
            if abs(err) < STEP:
                return t
            d = self.dx(t)
            if abs(d) < 1e-6:
                break
            t -= err / d
        lo, hi, t = 0.0, 1.0, p
        while lo < hi:
            x = self.x(t)
            if abs(x - p) < STEP:
                return t
            lo, hi = (t, hi) if p > x else (lo, t)
            t = (lo + hi) / 2
            if hi - lo < 1e-15:
                break
        return t


CIRCULAR = {
    # value(p), velocity(p), on the unclamped progress
    "circularEaseIn": (lambda p: 1 - math.sqrt(1 - p * p), lambda p: abs(p / math.sqrt(1 - p * p)) if p * p < 1 else math.inf),
    "circularEaseOut": (lambda p: math.sqrt(1 - (1 - p) ** 2), lambda p: abs((p - 1) / math.sqrt(-(p - 2) * p)) if (2 - p) * p > 0 else math.inf),
    "circularEaseInOut": (
        lambda p: (1 - math.sqrt(1 - 4 * p * p)) / 2 if p < 0.5 else (math.sqrt((8 - 4 * p) * p - 3) + 1) / 2,
        lambda p: (abs((2 * p - 2) / math.sqrt((-4 * p + 8) * p - 3)) if (-4 * p + 8) * p - 3 > 0 else math.inf) if p >= 0.5
        else (abs(2 * p / math.sqrt(-4 * p * p + 1)) if -4 * p * p + 1 > 0 else math.inf),
    ),
}


def curve_value(curve, p, velocity):
    if isinstance(curve, str) and curve in CIRCULAR:
        return CIRCULAR[curve][1 if velocity else 0](p)
    points = NAMED.get(curve) if isinstance(curve, str) else tuple(curve["bezier"])
    if points is None:  # linear
        return 1.0 if velocity else p
    p = min(max(p, 0.0), 1.0)
    if not velocity:
        b = Bezier(*points, clamp_y=True)
        return round(b.y(b.solve(p)) / STEP) * STEP
    b = Bezier(*points, clamp_y=False)
    t = b.solve(p)
    dx, dy = b.dx(t), b.dy(t)
    if dx == dy:
        return 1.0
    if dx == 0:
        return -math.inf if dy < 0 else math.inf
    return round(dy / dx / STEP) * STEP


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


def timeline(schedule, start, mode, count):
    kind, args = next(iter(schedule.items()))
    if kind == "periodic":
        first = start - math.fmod(start - args["from"], args["by"])
        return [first + k * args["by"] for k in range(count)]
    if kind == "explicit":
        return list(args)[:count]
    if kind == "animation":
        if args.get("paused", False) or mode == "lowFrequency":
            return []
        interval = args.get("minimumInterval") or 1 / 120
        return [start + k * interval for k in range(count)]
    if kind == "everyMinute":
        first = math.floor(start / 60) * 60  # the reference date is on a whole minute in UTC
        return [first + 60 * k for k in range(count)]
    raise ValueError("unknown schedule " + kind)


def answer(request):
    op = request["op"]
    if op == "hello":
        return {"protocol": 1, "engine": {"name": NAME, "version": "1.1"},
                "capabilities": ["curve", "timeline", "workload.curve", "workload.closed", "workload.frames"],
                "clock": {"name": "time.perf_counter_ns", "resolution": time.get_clock_info("perf_counter").resolution}}
    if op == "workload":
        return workload(request)
    if op == "frames":
        return frames(request)
    if op == "curve":
        results = []
        for query in request["queries"]:
            velocity = "velocity" in query
            results.append(number(curve_value(request["curve"], query["velocity" if velocity else "value"], velocity)))
        return {"results": results}
    if op == "timeline":
        return {"entries": [number(t) for t in timeline(request["schedule"], request["from"], request["mode"], request["count"])]}
    raise ValueError("this engine does not implement '%s'" % op)


for line in sys.stdin:
    request = json.loads(line)
    try:
        reply = answer(request)
    except Exception as error:  # an error answer makes that one fixture an error, not the run
        reply = {"error": str(error)}
    reply["id"] = request.get("id")
    print(json.dumps(reply), flush=True)
