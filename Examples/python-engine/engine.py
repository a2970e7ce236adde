#!/usr/bin/env python3
"""A partial engine behind MotionBench's engine protocol (docs/protocol.md, version 1).

It implements only timing curves (docs/protocol.md §4 `curve`) and timeline schedules
(`timeline`), declares exactly those capabilities in its handshake, and so is sent nothing else:
every other fixture is reported as skipped, naming what it needs. It is written from the
behaviour the fixtures document, not from MotionCore, and shows how little an engine needs to
start: read a line, answer a line, repeat the request's id.

    motion-bench conform --engine "python3 Examples/python-engine/engine.py"
"""
import json
import math
import sys

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
        return {"protocol": 1, "engine": {"name": "python-example", "version": "1.0"}, "capabilities": ["curve", "timeline"]}
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
