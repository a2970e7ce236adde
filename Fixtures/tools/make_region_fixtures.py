#!/usr/bin/env python3
"""Analytic fixtures for the regions of the coverage map (`motion-bench fixtures coverage`) that
property scenarios cannot reach: every `Spring` initializer form in every regime, mass ≠ 1, targets
other than 1 and initial velocities, every derived property; every curve at and beyond its ends;
every keyframe kind after every other; schedules asked from before their start and in low-frequency
mode. Expected numbers are computed here from the formulas of docs/semantics.md (the textbook
damped oscillator, the curve formulas, Hermite segments), not from any engine.

    python3 Fixtures/tools/make_region_fixtures.py
"""
import json
import math
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TAU = 2 * math.pi
STEP = 2.0 ** -20
TIGHT = {"absolute": 1e-9, "relative": 1e-9}


def write(id, title, source, tolerance, body):
    suite, name = id.split("/")
    os.makedirs(os.path.join(ROOT, suite), exist_ok=True)
    fixture = {"id": id, "title": title, "suite": suite, "provenance": "analytic", "source": source, "tolerance": tolerance, **body}
    with open(os.path.join(ROOT, suite, name + ".json"), "w") as f:
        json.dump(fixture, f, indent=2)
        f.write("\n")


def num(x):
    return x if math.isfinite(x) else ("inf" if x > 0 else "-inf")


# --- Springs (§1.2–§1.5) -------------------------------------------------------------------------
def ratio_from_bounce(b):
    if b <= -1:
        return math.inf
    return 1 / (b + 1) if b < 0 else max(1 - b, 0.0)


class Oscillator:
    """m y'' + c y' + k y = 0 for y = target − x, x(0) = 0, x'(0) = v0: the textbook solution in its
    three regimes, with the spring's derived numbers of §1.3 (decay ĉ = c/2m, signed frequency)."""

    def __init__(self, m, k, c):
        self.m, self.k, self.c = m, k, c
        self.decay = c / (2 * m)
        w0sq = k / m
        disc = self.decay ** 2 - w0sq
        self.regime = "critical" if abs(disc) < 1e-12 * max(w0sq, 1) else ("overdamped" if disc > 0 else "underdamped")
        self.freq = 0.0 if self.regime == "critical" else (math.sqrt(-disc) if disc < 0 else -math.sqrt(disc))

    def y(self, y0, dy0, t):
        a, w = self.decay, abs(self.freq)
        if self.regime == "underdamped":
            return math.exp(-a * t) * (y0 * math.cos(w * t) + (dy0 + a * y0) / w * math.sin(w * t))
        if self.regime == "critical":
            return math.exp(-a * t) * (y0 + (dy0 + a * y0) * t)
        r1, r2 = -a + w, -a - w
        B = (dy0 - r1 * y0) / (r2 - r1)
        return (y0 - B) * math.exp(r1 * t) + B * math.exp(r2 * t)

    def dy(self, y0, dy0, t):
        a, w = self.decay, abs(self.freq)
        if self.regime == "underdamped":
            A, Bs = y0, (dy0 + a * y0) / w
            return math.exp(-a * t) * ((-a * A + w * Bs) * math.cos(w * t) + (-a * Bs - w * A) * math.sin(w * t))
        if self.regime == "critical":
            C = dy0 + a * y0
            return math.exp(-a * t) * (C - a * (y0 + C * t))
        r1, r2 = -a + w, -a - w
        B = (dy0 - r1 * y0) / (r2 - r1)
        return (y0 - B) * r1 * math.exp(r1 * t) + B * r2 * math.exp(r2 * t)

    def value(self, target, v0, t):
        return target - self.y(target, -v0, t)

    def velocity(self, target, v0, t):
        v = -self.dy(target, -v0, t)
        # Apple's overdamped velocity carries an extra + target (§1.4, decision 2).
        return v + target if self.regime == "overdamped" else v

    def properties(self):
        response = TAU / math.sqrt(self.decay ** 2 + self.freq * abs(self.freq))
        ratio = self.decay * response / TAU
        return {"response": response, "duration": response, "dampingRatio": ratio, "mass": self.m, "damping": 2 * self.m * self.decay,
                "stiffness": self.m * (self.freq ** 2 + self.decay ** 2), "bounce": 1 - ratio if self.freq >= 0 else 1 / ratio - 1}

    def settling(self, target, v0, eps):
        if self.decay == 0:
            return math.inf
        if self.regime == "underdamped":
            return max(0.0, -math.log(eps / (abs(self.decay * target - v0) + abs(target))) / self.decay)
        # §1.5: t is the running sum of the 0.1 s steps, not k × 0.1.
        candidate, t = None, 0.0
        for _ in range(1024):
            d = abs(self.value(target, v0, t) - target)
            if not math.isfinite(d):
                return 0.0
            if d < eps:
                if candidate is None:
                    candidate = t
                elif t - candidate > 1:
                    return candidate
            else:
                candidate = None
            t += 0.1
        return 0.0


def from_init(init):
    """The (m, k, c) a spring initializer makes (§1.2)."""
    if "stiffness" in init:
        m, k, c = init.get("mass", 1), init["stiffness"], init["damping"]
        if c / (2 * m) > math.sqrt(k / m) and not init.get("allowOverDamping", False):
            c = 2 * m * math.sqrt(k / m)  # made critically damped
        return m, k, c
    if "settlingDuration" in init:
        r = min(max(init["dampingRatio"], 2.0 ** -52), 1.0)
        T = min(max(init["settlingDuration"], 0.01), 10.0)
        eps = init.get("epsilon", 0.001)
        x = -math.log(eps * math.sqrt(1 - r * r) / r) / (r * T)
        return 1, x * x, 2 * r * x
    d = init.get("response", init.get("duration", 0.5))
    r = init["dampingRatio"] if "response" in init else ratio_from_bounce(init.get("bounce", 0))
    return 1, (TAU / d) ** 2, 2 * r * TAU / d


SPRINGS = [
    ("duration-bounce-under", {"duration": 0.6, "bounce": 0.4}),
    ("duration-bounce-critical", {"duration": 0.45, "bounce": 0}),
    ("duration-bounce-over", {"duration": 0.5, "bounce": -0.35}),
    ("duration-bounce-above-one", {"duration": 0.5, "bounce": 1.5}),
    ("response-ratio-under", {"response": 0.8, "dampingRatio": 0.3}),
    ("response-ratio-over", {"response": 0.4, "dampingRatio": 2.5}),
    ("mass-3-under", {"mass": 3, "stiffness": 300, "damping": 12}),
    ("mass-half-clamped-critical", {"mass": 0.5, "stiffness": 50, "damping": 30}),
    ("mass-2-allowed-over", {"mass": 2, "stiffness": 80, "damping": 60, "allowOverDamping": True}),
    ("settling-1_2-ratio-0_6", {"settlingDuration": 1.2, "dampingRatio": 0.6}),
    ("settling-clamped-above-10", {"settlingDuration": 25, "dampingRatio": 0.4}),
    ("settling-clamped-below-0_01", {"settlingDuration": 0.001, "dampingRatio": 0.7}),
]
for name, init in SPRINGS:
    osc = Oscillator(*from_init(init))
    checks = [{"property": p, "expected": v} for p, v in osc.properties().items() if math.isfinite(v)]
    for target, v0 in ((1, 0), (-40, 0), (25, 60), (2.5, -8)):
        for t in (0.05, 0.2, 0.45, 1.1):
            checks.append({"value": {"target": target, "initialVelocity": v0, "time": t}, "expected": osc.value(target, v0, t)})
            checks.append({"velocity": {"target": target, "initialVelocity": v0, "time": t}, "expected": osc.velocity(target, v0, t)})
    for target, v0, eps in ((1, 0, 0.001), (-40, 15, 0.01), (3, -9, 0.0001)):
        checks.append({"settlingDuration": {"target": target, "initialVelocity": v0, "epsilon": eps}, "expected": num(osc.settling(target, v0, eps))})
    write("springs/region-" + name, "Spring(%s) [%s, mass %g]: every derived property, value and velocity for several targets and initial velocities, settlingDuration"
          % (", ".join("%s: %s" % kv for kv in init.items()), osc.regime, osc.m),
          "docs/semantics.md §1.1, §1.2, §1.3, §1.4, §1.5", TIGHT, {"spring": {"init": init, "checks": checks}})


# --- Curves (§2.1, §2.2) ------------------------------------------------------------------------
def solve(x1, x2, x):
    lo, hi = 0.0, 1.0
    X = lambda s: 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s ** 3
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if X(mid) < x else (lo, mid)
    return (lo + hi) / 2


def bezier_value(points, p):
    x1, y1, x2, y2 = (min(max(v, 0.0), 1.0) for v in points)
    s = solve(x1, x2, min(max(p, 0.0), 1.0))
    y = 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3
    return round(y / STEP) * STEP


def bezier_velocity(points, p):
    x1, y1, x2, y2 = points
    x1, x2 = min(max(x1, 0.0), 1.0), min(max(x2, 0.0), 1.0)
    s = solve(x1, x2, min(max(p, 0.0), 1.0))
    d = lambda a, b: 3 * (1 - s) ** 2 * a + 6 * (1 - s) * s * (b - a) + 3 * s * s * (1 - b)
    dx, dy = d(x1, x2), d(y1, y2)
    if abs(dx - dy) < 1e-12:
        return 1.0
    if dx == 0:
        return math.copysign(math.inf, dy)
    return round(dy / dx / STEP) * STEP


CIRCULAR = {
    "circularEaseIn": (lambda p: 1 - math.sqrt(1 - p * p), lambda p: abs(p / math.sqrt(1 - p * p))),
    "circularEaseOut": (lambda p: math.sqrt(1 - (1 - p) ** 2), lambda p: abs((p - 1) / math.sqrt(-(p - 2) * p))),
    "circularEaseInOut": (lambda p: (1 - math.sqrt(1 - 4 * p * p)) / 2 if p < 0.5 else (math.sqrt((8 - 4 * p) * p - 3) + 1) / 2,
                          lambda p: abs(2 * p / math.sqrt(1 - 4 * p * p)) if p < 0.5 else abs((2 * p - 2) / math.sqrt((8 - 4 * p) * p - 3))),
}
# Circular curves take progress as given (§2.2): inside the domain only where the root is real.
for name, (value, velocity) in CIRCULAR.items():
    checks = []
    for p in (-0.3, 0.1, 0.3, 0.6, 0.9):
        try:
            checks.append({"at": p, "value": value(p)})
            checks.append({"at": p, "velocity": num(velocity(p))})
        except (ValueError, ZeroDivisionError):
            pass
    write("curves/region-" + name, name + ": values and velocities inside and below [0, 1] (the progress is not clamped)", "docs/semantics.md §2.1, §2.2",
          TIGHT, {"curve": {"curve": name, "checks": checks}})
checks = []
for p in (-0.5, 0.2, 0.7, 1.5, 3):
    checks += [{"at": p, "value": p}, {"at": p, "velocity": 1}]
write("curves/region-linear", "linear: progress as given, below 0 and above 1 too; velocity 1", "docs/semantics.md §2.1, §2.2", TIGHT,
      {"curve": {"curve": "linear", "checks": checks}})
# Béziers: two correct solvers can round one step apart (§2.2), so values allow two steps.
for name, points in (("easeIn", (0.42, 0, 1, 1)), ("easeOut", (0, 0, 0.58, 1)), ("easeInOut", (0.42, 0, 0.58, 1)),
                     ("bezier-overshoot", (0.3, -0.4, 0.6, 1.5)), ("bezier-x-outside", (-0.2, 0.3, 1.4, 0.8))):
    curve = name if not name.startswith("bezier") else {"bezier": list(points)}
    checks = []
    for p in (-0.25, 0, 0.15, 0.4, 0.65, 0.85, 1, 1.25):
        checks.append({"at": p, "value": bezier_value(points, p)})
        # Velocities inside only: at an end where X′ and Y′ vanish together the slope is a limit
        # (documented/c03, c05 check Apple's measured ends).
        if 0 < p < 1:
            checks.append({"at": p, "velocity": num(bezier_velocity(points, p))})
    write("curves/region-" + name, "%s: value and velocity at, inside and beyond the ends (progress and control points clamped as §2.2 says)" % name,
          "docs/semantics.md §2.1, §2.2", {"absolute": 2 * STEP * 4, "relative": 1e-6}, {"curve": {"curve": curve, "checks": checks}})


# --- What easing and spring libraries implement (§1.2, §2.1) --------------------------------------
# A library that declares only some capabilities must still be asked enough to be judged: Béziers of
# control points inside [0, 1] queried inside [0, 1] (CSS's `cubic-bezier`, the easing tables
# libraries ship), and springs of the duration and response forms from rest with damping ratios
# inside [0, 1].
EASINGS = [
    ("css-ease", (0.25, 0.1, 0.25, 1)), ("css-ease-in", (0.42, 0, 1, 1)), ("css-ease-out", (0, 0, 0.58, 1)),
    ("css-ease-in-out", (0.42, 0, 0.58, 1)), ("standard", (0.4, 0, 0.2, 1)), ("decelerate", (0, 0, 0.2, 1)),
    ("accelerate", (0.4, 0, 1, 1)), ("sharp", (0.4, 0, 0.6, 1)), ("sine-in", (0.12, 0, 0.39, 0)),
    ("sine-out", (0.61, 1, 0.88, 1)), ("sine-in-out", (0.37, 0, 0.63, 1)), ("quad-in", (0.11, 0, 0.5, 0)),
    ("quad-out", (0.5, 1, 0.89, 1)), ("quad-in-out", (0.45, 0, 0.55, 1)), ("cubic-in", (0.32, 0, 0.67, 0)),
    ("cubic-out", (0.33, 1, 0.68, 1)), ("cubic-in-out", (0.65, 0, 0.35, 1)), ("quart-in", (0.5, 0, 0.75, 0)),
    ("quart-out", (0.25, 1, 0.5, 1)), ("quart-in-out", (0.76, 0, 0.24, 1)), ("quint-in", (0.64, 0, 0.78, 0)),
    ("quint-out", (0.22, 1, 0.36, 1)), ("quint-in-out", (0.83, 0, 0.17, 1)), ("expo-in", (0.7, 0, 0.84, 0)),
    ("expo-out", (0.16, 1, 0.3, 1)), ("expo-in-out", (0.87, 0, 0.13, 1)), ("circ-in", (0.55, 0, 1, 0.45)),
    ("circ-out", (0, 0.55, 0.45, 1)), ("circ-in-out", (0.85, 0, 0.15, 1)), ("straight", (0, 0, 1, 1)),
    ("flat-middle", (0, 1, 1, 0)), ("snap-out", (0.2, 0.9, 0.1, 1)),
]


def exact_slope(points, p):
    x1, y1, x2, y2 = points
    s = solve(x1, x2, p)
    d = lambda a, b: 3 * (1 - s) ** 2 * a + 6 * (1 - s) * s * (b - a) + 3 * s * s * (1 - b)
    return d(y1, y2) / d(x1, x2)


for name, points in EASINGS:
    checks, slack = [], 2 * STEP * 4
    for p in (0, 0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95, 1):
        checks.append({"at": p, "value": bezier_value(points, p)})
        if 0 < p < 1:
            checks.append({"at": p, "velocity": num(bezier_velocity(points, p))})
            # §2.2 solves X(s) = p to 2⁻²⁰, so a slope may be off by its own rate of change over
            # that much progress: twice that, and two steps of rounding, are allowed.
            h = 1e-6
            rate = abs(exact_slope(points, p + h) - exact_slope(points, p - h)) / (2 * h)
            slack = max(slack, 2 * rate * STEP + 2 * STEP)
    write("curves/easing-" + name, "cubic-bezier(%s): value and velocity inside [0, 1], control points inside it (an easing library's whole domain)"
          % ", ".join("%g" % v for v in points), "docs/semantics.md §2.1, §2.2", {"absolute": slack, "relative": 1e-6},
          {"curve": {"curve": {"bezier": list(points)}, "checks": checks}})

LIBRARY_SPRINGS = [
    ("duration-0_3-bounce-0", {"duration": 0.3, "bounce": 0}), ("duration-0_8-bounce-0_2", {"duration": 0.8, "bounce": 0.2}),
    ("duration-1_2-bounce-0_5", {"duration": 1.2, "bounce": 0.5}), ("duration-0_25-bounce-0_9", {"duration": 0.25, "bounce": 0.9}),
    ("duration-2-bounce-0_1", {"duration": 2, "bounce": 0.1}), ("response-0_55-ratio-0_825", {"response": 0.55, "dampingRatio": 0.825}),
    ("response-0_15-ratio-0_86", {"response": 0.15, "dampingRatio": 0.86}), ("response-1-ratio-0_5", {"response": 1, "dampingRatio": 0.5}),
    ("response-0_35-ratio-1", {"response": 0.35, "dampingRatio": 1}), ("response-0_6-ratio-0_15", {"response": 0.6, "dampingRatio": 0.15}),
]
for name, init in LIBRARY_SPRINGS:
    osc = Oscillator(*from_init(init))
    checks = []
    for target in (1, -40, 300):
        for t in (0.016, 0.1, 0.3, 0.7, 1.5):
            checks.append({"value": {"target": target, "initialVelocity": 0, "time": t}, "expected": osc.value(target, 0, t)})
            checks.append({"velocity": {"target": target, "initialVelocity": 0, "time": t}, "expected": osc.velocity(target, 0, t)})
    write("springs/by-value-" + name, "Spring(%s) [%s] from rest: value and velocity for three targets (what a spring library of two forms is asked)"
          % (", ".join("%s: %s" % kv for kv in init.items()), osc.regime), "docs/semantics.md §1.1, §1.2, §1.4", TIGHT,
          {"spring": {"init": init, "checks": checks}})


# --- Timelines (§8.2) ---------------------------------------------------------------------------
def periodic(start, by, date, count):
    first = date - math.fmod(date - start, by)  # truncatingRemainder: towards zero
    return [first + k * by for k in range(count)]


for name, s, by, date in (("before-start", 10, 4, 3), ("well-before-start", 100, 7, 12.5), ("on-entry", 5, 2.5, 12.5), ("after-start", 1, 3, 20.2)):
    write("timeline/region-periodic-" + name, "periodic(from: %g, by: %g) from %g" % (s, by, date), "docs/semantics.md §8.2", TIGHT,
          {"timeline": {"schedule": {"periodic": {"from": s, "by": by}}, "from": date, "mode": "normal", "expected": periodic(s, by, date, 5)}})
for name, date in (("on-minute", 600), ("inside-minute", 601.5), ("just-before-minute", 659.999)):
    first = math.floor(date / 60) * 60
    write("timeline/region-everyMinute-" + name, "everyMinute from %g" % date, "docs/semantics.md §8.2", TIGHT,
          {"timeline": {"schedule": {"everyMinute": {}}, "from": date, "mode": "normal", "expected": [first + 60 * k for k in range(4)]}})
# Low-frequency mode changes only `.animation` schedules (decided by the project, §8.2).
for name, schedule, expected in (("periodic", {"periodic": {"from": 0, "by": 5}}, periodic(0, 5, 12, 4)),
                                 ("explicit", {"explicit": [30, 10, 20]}, [30, 10, 20]),
                                 ("everyMinute", {"everyMinute": {}}, [60 * k for k in range(1, 5)])):
    write("timeline/region-low-frequency-" + name, "%s in low-frequency mode: the same entries as in normal mode" % name, "docs/semantics.md §8.2", TIGHT,
          {"timeline": {"schedule": schedule, "from": 12 if name != "everyMinute" else 60, "mode": "lowFrequency", "expected": expected}})
write("timeline/region-animation-interval", "animation(minimumInterval: nil) from 3: every 1/120 s", "docs/semantics.md §8.2", TIGHT,
      {"timeline": {"schedule": {"animation": {}}, "from": 3, "mode": "normal", "expected": [3 + k / 120 for k in range(5)]}})


# --- Keyframes (§5.1, §5.2) ---------------------------------------------------------------------
KF_SPRING = {"duration": 0.4, "bounce": 0.2}
KF_OSC = Oscillator(*from_init(KF_SPRING))


def track_segments(start, keyframes):
    """The segments of §5.2: (kind, a, b, d, v0, v1, end value)."""
    kinds = []
    for k in keyframes:
        kind, args = next(iter(k.items()))
        # A linear or cubic keyframe taking no time, or a spring given no time, is a move (§5.2).
        if (kind in ("linear", "cubic") or kind == "spring" and "duration" in args) and not args["duration"] > 0:
            kind, args = "move", {"to": args["to"]}
        kinds.append((kind, args))
    segs, a = [], start
    for i, (kind, args) in enumerate(kinds):
        b = args["to"]
        prev = segs[-1] if segs else None
        if kind == "move":
            segs.append(("move", a, b, 0.0, 0.0, 0.0, b))
        elif kind == "linear":
            d = args["duration"]
            segs.append(("linear", a, b, d, (b - a) / d, (b - a) / d, b))
        elif kind == "spring":
            v0 = args.get("startVelocity", prev[5] if prev else 0.0)
            d = args["duration"] if "duration" in args else KF_OSC.settling(b - a, v0, 1e-4)
            end = a + KF_OSC.value(b - a, v0, d)
            segs.append(("spring", a, b, d, v0, KF_OSC.velocity(b - a, v0, d), end))
        else:
            d = args["duration"]
            if "startVelocity" in args:
                v0 = args["startVelocity"]
            elif prev is None or prev[0] == "move":
                v0 = 0.0
            elif prev[0] == "cubic":
                pargs = kinds[i - 1][1]
                v0 = pargs["endVelocity"] if "endVelocity" in pargs else (b - prev[1]) / (prev[3] + d)
            else:
                v0 = prev[5]
            if "endVelocity" in args:
                v1 = args["endVelocity"]
            elif i == len(kinds) - 1 or kinds[i + 1][0] == "move":
                v1 = 0.0
            else:
                nkind, nargs = kinds[i + 1]
                if nkind == "cubic":
                    v1 = nargs.get("startVelocity", (nargs["to"] - a) / (d + nargs["duration"]))
                elif nkind == "spring":
                    v1 = nargs.get("startVelocity", (nargs["to"] - a) / (2 * d))
                else:
                    v1 = (nargs["to"] - b) / nargs["duration"]  # linear's velocity at 0 is 1
            segs.append(("cubic", a, b, d, v0, v1, b))
        a = segs[-1][6]
    return segs


def track_at(start, segs, t, velocity=False):
    if t < 0:
        # Before 0, the first segment at its time 0: its start, or a move's value (§5.2).
        return 0.0 if velocity else (segs[0][2] if segs and segs[0][0] == "move" else start)
    begin = 0.0
    for kind, a, b, d, v0, v1, end in segs:
        if t - begin <= d:
            u = t - begin
            if kind == "move":
                return 0.0 if velocity else b
            if kind == "linear":
                return (b - a) / d if velocity else a + (b - a) * u / d
            if kind == "spring":
                return KF_OSC.velocity(b - a, v0, u) if velocity else a + KF_OSC.value(b - a, v0, u)
            s = u / d
            m0, m1 = v0 * d, v1 * d
            if velocity:
                return ((6 * s * s - 6 * s) * a + (3 * s * s - 4 * s + 1) * m0 + (-6 * s * s + 6 * s) * b + (3 * s * s - 2 * s) * m1) / d
            return (2 * s ** 3 - 3 * s * s + 1) * a + (s ** 3 - 2 * s * s + s) * m0 + (-2 * s ** 3 + 3 * s * s) * b + (s ** 3 - s * s) * m1
        begin += d
    return 0.0 if velocity else segs[-1][6]


def keyframe(kind, to, settling=False):
    if kind == "move":
        return {"move": {"to": to}}
    if kind == "linear":
        return {"linear": {"to": to, "duration": 0.25}}
    if kind == "cubic":
        return {"cubic": {"to": to, "duration": 0.5}}
    args = {"to": to, "spring": KF_SPRING}
    if not settling:
        args["duration"] = 0.75
    return {"spring": args}


KINDS = ["linear", "cubic", "spring", "move"]
for first in KINDS:
    for second in KINDS:
        frames = [keyframe("cubic", 4), keyframe(first, 10), keyframe(second, 30), keyframe("cubic", 5)]
        segs = track_segments(0, frames)
        bounds, begin = [], 0.0
        for seg in segs:
            bounds.append((begin, begin + seg[3]))
            begin += seg[3]
        times = sorted({round(t, 9) for lo, hi in bounds for t in (lo, hi, (lo + hi) / 2)} | {-0.1, begin + 0.3})
        checks = [{"duration": begin}] + [{"time": t, "value": track_at(0, segs, t)} for t in times]
        checks += [{"time": round((lo + hi) / 2, 9), "velocity": track_at(0, segs, (lo + hi) / 2, True)} for lo, hi in bounds if hi > lo]
        write("keyframes/region-%s-then-%s" % (first, second),
              "cubic, %s, %s, cubic: values at every boundary (the earlier segment's), inside, before 0 and past the end; velocities inside" % (first, second),
              "docs/semantics.md §5.1, §5.2", TIGHT,
              {"keyframes": {"valueType": "scalar", "initialValue": 0, "tracks": [{"keyframes": frames}], "checks": checks}})

# A spring keyframe without a duration lasts its settling duration for ε = 1e-4 and hands on where
# it is then; past the end the track holds that value, not the spring's target.
frames = [keyframe("spring", 50, settling=True), keyframe("linear", 20)]
segs = track_segments(0, frames)
end = sum(s[3] for s in segs)
write("keyframes/region-spring-settling-then-linear", "a spring keyframe without a duration, then linear: its settling duration for ε = 1e-4, its end, the hold past the end",
      "docs/semantics.md §5.2", TIGHT,
      {"keyframes": {"valueType": "scalar", "initialValue": 0, "tracks": [{"keyframes": frames}],
                     "checks": [{"duration": end}] + [{"time": t, "value": track_at(0, segs, t)} for t in (segs[0][3] / 2, segs[0][3], end - 0.1, end + 1)]}})
frames = [keyframe("cubic", 20), keyframe("spring", 50)]
segs = track_segments(0, frames)
write("keyframes/region-ends-with-spring", "a track ending in a spring keyframe holds the spring's last value past its end, not the target",
      "docs/semantics.md §5.2", TIGHT,
      {"keyframes": {"valueType": "scalar", "initialValue": 0, "tracks": [{"keyframes": frames}],
                     "checks": [{"time": t, "value": track_at(0, segs, t)} for t in (0.5, 0.9, 1.1, 1.5)]}})
# A keyframe that takes no time is a move, and a track that begins with a move shows the move's
# value before 0 (§5.2, decided by the project).
frames = [{"move": {"to": 40}}, keyframe("linear", 100), {"cubic": {"to": 50, "duration": 0}}, keyframe("linear", 0)]
segs = track_segments(0, frames)
end = sum(s[3] for s in segs)
write("keyframes/region-no-time-is-a-move", "a move first, then linear, a cubic of duration 0 (a move to 50), linear: before 0 the move's value, the jump at the boundary",
      "docs/semantics.md §5.2", TIGHT,
      {"keyframes": {"valueType": "scalar", "initialValue": 0, "tracks": [{"keyframes": frames}],
                     "checks": [{"duration": end}] + [{"time": t, "value": track_at(0, segs, t)} for t in (-0.5, 0, 0.125, 0.25, 0.375, 0.5, 1)]
                     + [{"time": t, "velocity": track_at(0, segs, t, True)} for t in (0.125, 0.375)]}})
# Several tracks on one property: the last one written wins (§5.1).
ta, tb = [keyframe("linear", 10), keyframe("linear", 40)], [keyframe("cubic", -20), keyframe("cubic", 60)]
sa, sb = track_segments(1, ta), track_segments(1, tb)
checks = [{"time": t, "value": {"a": track_at(1, sb, t), "b": 7}} for t in (0.1, 0.45, 0.8, 1.2)]
write("keyframes/region-last-track-wins", "two tracks on property a, the second written last: its values win; b keeps its initial value",
      "docs/semantics.md §5.1", TIGHT,
      {"keyframes": {"valueType": {"struct": ["a", "b"]}, "initialValue": {"a": 1, "b": 7},
                     "tracks": [{"property": "a", "keyframes": ta}, {"property": "a", "keyframes": tb}], "checks": checks}})


# --- settlingDuration's scan (§1.5): a candidate is forgotten when d rises to ε again, and kept
# only after it has held for more than 1 s. Found here: a critically damped spring whose initial
# velocity carries it through the target, so d dips under ε and comes back within the second.
def scan(osc, target, v0, eps, hold):
    candidate = None
    for k in range(1024):
        t = k * 0.1
        d = abs(osc.value(target, v0, t) - target)
        if d < eps:
            if candidate is None:
                candidate = t
            elif t - candidate > hold:
                return candidate
        else:
            candidate = None
    return 0.0


found = None
for duration in (4.0, 6.0, 8.0):
    osc = Oscillator(*from_init({"duration": duration, "bounce": 0}))
    for v0 in (k * 0.5 for k in range(1, 40)):
        for eps in (0.1, 0.05, 0.01):
            if scan(osc, 1, v0, eps, 1) != scan(osc, 1, v0, eps, 0.5):
                found = (duration, v0, eps, osc)
                break
        if found:
            break
    if found:
        break
duration, v0, eps, osc = found
write("springs/region-settling-scan-holds-one-second",
      "Spring(duration: %g, bounce: 0).settlingDuration(target: 1, initialVelocity: %g, epsilon: %g): the value passes within ε and leaves again, so the scan goes on"
      % (duration, v0, eps), "docs/semantics.md §1.5", TIGHT,
      {"spring": {"init": {"duration": duration, "bounce": 0}, "checks": [
          {"settlingDuration": {"target": 1, "initialVelocity": v0, "epsilon": eps}, "expected": osc.settling(1, v0, eps)}]}})


# --- The UnitCurve form of a timing-curve animation rounds too (§2.3): points whose exact curve
# lies 0.2–0.3 of a step from a rounding boundary, where every conforming solver rounds alike.
def exact_bezier(points, x):
    x1, y1, x2, y2 = points
    s = solve(x1, x2, x)
    return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3


for label, curve, points in (("named", "easeInOut", (0.42, 0, 0.58, 1)), ("bezier", {"bezier": [0.25, 0.1, 0.25, 1]}, (0.25, 0.1, 0.25, 1))):
    samples, x = [], 0.05
    while x < 1 and len(samples) < 5:
        y = exact_bezier(points, x)
        frac = (y / STEP) % 1
        if 0.2 < frac < 0.3 or 0.7 < frac < 0.8:
            samples.append({"time": round(x, 6), "value": round(y / STEP) * STEP})
            x += 0.17
        else:
            x += 0.0007
    write("curves/region-unit-curve-animation-rounded-%s" % label,
          "timingCurve(%s, duration: 1) animating 0 → 1: the UnitCurve form's values are multiples of 2^-20" % json.dumps(curve),
          "docs/semantics.md §2.2, §2.3", {"absolute": 1e-9},
          {"property": {"valueType": "scalar", "initialValue": 0,
                        "events": [{"time": 0, "set": 1, "animation": {"timingCurve": {"curve": curve, "duration": 1}}}], "samples": samples}})


# --- Property scenarios the reference model computes (`motion-bench fixtures regenerate` fills in
# the numbers): merging rules that need two particular changes.
def reference(id, title, source, events, times, fields=("value", "velocity", "isAnimating"), tolerance=TIGHT):
    suite, name = id.split("/")
    placeholder = {"isAnimating": False, "completed": []}
    samples = [dict({"time": t}, **{f: placeholder.get(f, 0) for f in fields}) for t in times]
    fixture = {"id": id, "title": title, "suite": suite, "provenance": "reference-model", "source": source, "tolerance": tolerance,
               "property": {"valueType": "scalar", "initialValue": 0, "events": events, "samples": samples}}
    with open(os.path.join(ROOT, suite, name + ".json"), "w") as f:
        json.dump(fixture, f, indent=2)
        f.write("\n")


steps = [round(0.05 * k, 6) for k in range(1, 21)]
for label, args in (("duration-form", {}), ("response-form", {"response": 0.15})):
    reference("merge/region-interactive-spring-blends-" + label,
              "spring(response 0.6) then interactiveSpring(%s) at 0.2 s: the default blendDuration 0.25 blends the response" % json.dumps(args),
              "docs/semantics.md §3.1", [{"time": 0, "set": 100, "animation": {"spring": {"response": 0.6, "dampingFraction": 0.7}}},
                                        {"time": 0.2, "set": 40, "animation": {"interactiveSpring": args}}], steps)
reference("merge/region-delays-differ-combine", "spring.delay(0.1) then spring.delay(0.3) at 0.2 s: modifiers that differ do not merge, the two combine",
          "docs/semantics.md §3.2, §4.3", [{"time": 0, "set": 100, "animation": {"spring": {"duration": 0.5}, "delay": 0.1}},
                                          {"time": 0.2, "set": 40, "animation": {"spring": {"duration": 0.5}, "delay": 0.3}}], steps)
reference("merge/region-delays-equal-merge", "spring.delay(0.1) then the same spring.delay(0.1) at 0.2 s: equal modifiers around springs merge",
          "docs/semantics.md §3.2, §4.3", [{"time": 0, "set": 100, "animation": {"spring": {"duration": 0.5}, "delay": 0.1}},
                                          {"time": 0.2, "set": 40, "animation": {"spring": {"duration": 0.5}, "delay": 0.1}}], steps)
# (For −1 < b < 0 any ratio ≥ 1 takes the critical form, §3.1; above 1 the fraction is negative, §1.2,
# so D is 0 and the spring is removed when it begins: the sample at 0 tells that from a D floored
# above 0, which would still show the start.)
reference("modifiers/region-interpolating-bounce-above-one",
          "interpolatingSpring(duration: 0.6, bounce: 1.3): springDampingFraction(1.3) = −0.3, a negative damping; D = 0, so it is removed as it begins",
          "docs/semantics.md §1.2, §3.1", [{"time": 0, "set": 100, "animation": {"interpolatingSpring": {"duration": 0.6, "bounce": 1.3}}}], [0.0] + steps)


# Edges of the modifiers' and durations' domains (§2.3, §3.1, §3.2): speeds of 0 and below, a
# negative delay, durations of 0 and below, repeat counts below 1, a response of 0.
edge_steps = [0.0] + steps + [1.5]
for name, title, source, animation in (
        ("speed-zero", "linear(0.5).speed(0): the base runs at t·0 = 0 — it stays at the start and never finishes", "§3.2",
         {"linear": {"duration": 0.5}, "speed": 0}),
        ("speed-negative", "linear(0.5).speed(−1): the base runs at −t, a curve's progress clamps to 0 — it stays at the start and never finishes",
         "§2.3, §3.2", {"linear": {"duration": 0.5}, "speed": -1}),
        ("spring-speed-zero", "spring(duration: 0.5).speed(0): the spring is asked at time 0 forever — it stays at the start, velocity 0, and never finishes",
         "§3.1, §3.2", {"spring": {"duration": 0.5}, "speed": 0}),
        ("delay-negative", "linear(0.5).delay(−0.2): the base runs at max(0, t + 0.2) — it starts 0.2 s in and ends 0.2 s early", "§3.2",
         {"linear": {"duration": 0.5}, "delay": -0.2}),
        ("duration-zero", "linear(duration: 0): finished (nil) when d ≤ 0 — the value is the new one at the first sample, nothing animates", "§2.3",
         {"linear": {"duration": 0}}),
        ("duration-negative", "easeInOut(duration: −0.3): finished (nil) when d ≤ 0, as for 0", "§2.3", {"easeInOut": {"duration": -0.3}}),
        ("repeat-count-zero", "linear(0.2).repeatCount(0, autoreverses: false): the repeat finishes once the index reaches n (index ≥ n), so n ≤ 1 runs one cycle",
         "§3.2", {"linear": {"duration": 0.2}, "repeatCount": 0, "autoreverses": False}),
        ("repeat-count-negative", "linear(0.2).repeatCount(−2): one cycle, as for 0 and 1 (index ≥ n)", "§3.2",
         {"linear": {"duration": 0.2}, "repeatCount": -2}),
        ("interpolating-duration-zero", "interpolatingSpring(duration: 0): k = ∞ for d ≤ 0", "§3.1", {"interpolatingSpring": {"duration": 0}}),
        ("spring-response-zero", "spring(response: 0): stiffness 45,000 for r ≤ 0", "§3.1", {"spring": {"response": 0, "dampingFraction": 0.8}})):
    reference("modifiers/edge-" + name, title, "docs/semantics.md " + source, [{"time": 0, "set": 100, "animation": animation}], edge_steps)


# --- A fluid spring on a point (§3.1, §4.5): its rest test is on vector magnitudes. The state is
# stepped here by §3.1's rule (h = 1/300 s, the state on the first step at or after t); frames are
# 1/60 s apart, so no gap rule applies and the answer at t depends on t alone.
def fluid_point(change, response, fraction, t, magnitude):
    k = min((TAU / response) ** 2, 45000.0)
    c = 2 * fraction * math.sqrt(k)
    offset, velocity, force, time = [0.0, 0.0], [0.0, 0.0], [0.0, 0.0], 0.0
    while time < t:
        half = [v + f / 600 for v, f in zip(velocity, force)]
        offset = [o + h / 300 for o, h in zip(offset, half)]
        force = [-c * h + k * (x - o) for h, x, o in zip(half, change, offset)]
        velocity = [h + f / 600 for h, f in zip(half, force)]
        time += 1 / 300
    rest = max(magnitude(velocity), magnitude(force)) <= 0.0036
    near = magnitude([x - o for x, o in zip(change, offset)]) <= magnitude([0.01 * x for x in change])
    return None if rest and near else (offset, velocity)


squared = lambda v: sum(x * x for x in v)
largest = lambda v: max(x * x for x in v)
frames = [k / 60 for k in range(1, 181)]
# The first case whose rest frame differs between the magnitude and a per-component test.
for change, response, fraction in (((100.0, 100.0), 0.5, 0.6), ((80.0, 60.0), 0.5, 0.6), ((100.0, 100.0), 0.4, 0.9)):
    differ = [t for t in frames if (fluid_point(change, response, fraction, t, squared) is None) != (fluid_point(change, response, fraction, t, largest) is None)]
    if differ:
        break
times = sorted(set(frames[5::15]) | set(differ[:3]) | set(differ[-3:]))
samples = []
for t in times:
    state = fluid_point(change, response, fraction, t, squared)
    if state is None:
        samples.append({"time": round(t, 12), "value": list(change), "velocity": [0, 0], "isAnimating": False})
    else:
        samples.append({"time": round(t, 12), "value": state[0], "velocity": state[1], "isAnimating": True})
write("velocity/region-point-fluid-spring-rests-by-magnitude",
      "spring(response: %g, dampingFraction: %g) moving a point by (%g, %g): it rests when the vectors' magnitudes are small, not each component"
      % (response, fraction, change[0], change[1]),
      "docs/semantics.md §3.1, §4.5", TIGHT,
      {"property": {"valueType": "point", "initialValue": [0, 0],
                    "events": [{"time": 0, "set": list(change), "animation": {"spring": {"response": response, "dampingFraction": fraction}}}],
                    "samples": samples}})


# --- Readings the documents settle (each names its section) -------------------------------------
# protocol §4 `spring`: `lastTimeOutside` looks in (0, 10] s. A critically damped Spring(duration: 20)
# from rest is monotone, |1 − x(t)| = (1 + ωt)e^(−ωt) with ω = τ/20: 0.179 at 10 s, so for ε = 0.01 it
# is still outside at the horizon and the answer is 10 (an engine without the horizon answers about
# 21 s); for ε = 0.2 it gets inside before 10 s, at the root found here by bisection, truncated.
def last_outside(m, k, c, eps, resolution):
    spring = Oscillator(m, k, c)
    far = lambda t: abs(1 - spring.value(1, 0, t)) >= eps
    if far(10):
        return 10.0
    lo, hi = 0.0, 10.0
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if far(mid) else (lo, mid)
    return round(math.floor(lo / resolution) * resolution, 9)


# protocol §4 `phases`: a trigger or sample meets the first frame at or after its time less 1e-9. At
# 10 Hz a trigger 5e-10 s after the frame 0.5 fires there (b enters at 0.5), and a sample at that
# time is answered at that frame: b at elapsed 0, value 0. Without the allowance both meet the frame
# 0.6, and the sample at 0.7 shows 1 instead of 2 (linear(1) at 0.2 s, rounded to 2⁻²⁰ of the change).
write("phases/region-frame-allowance",
      "a trigger and a sample 5e-10 s after the 10 Hz frame 0.5 meet that frame, by the 1e-9 allowance: b enters at 0.5",
      "docs/protocol.md §4 phases, docs/semantics.md §6.1", {"absolute": 1e-5},
      {"phases": {"phases": [{"name": "a", "value": 0, "animation": None}, {"name": "b", "value": 10, "animation": {"linear": {"duration": 1}}}],
                  "mode": "trigger", "frameRate": 10, "triggers": [0.5 + 5e-10], "duration": 1,
                  "samples": [{"time": 0.4, "value": 0, "phase": "a"}, {"time": 0.5 + 5e-10, "value": 0, "phase": "b"},
                              {"time": 0.7, "value": 2, "phase": "b"}],
                  "transitions": [{"time": 0.5, "phase": "b"}]}})


write("springs/region-last-time-outside-horizon",
      "Spring(duration: 20, bounce: 0): lastTimeOutside is 10, its horizon, for ε = 0.01 (still outside at 10 s); inside before 10 s for ε = 0.2",
      "docs/protocol.md §4 spring, docs/semantics.md §1.5", {"absolute": 1e-9},
      {"spring": {"init": {"duration": 20, "bounce": 0},
                  "checks": [{"lastTimeOutside": {"epsilon": eps, "resolution": 0.001}, "expected": last_outside(*from_init({"duration": 20, "bounce": 0}), eps, 0.001)}
                             for eps in (0.01, 0.2)]}})

# §6.1: a trigger mid-cycle restarts the cycle towards the second phase; a phase is left at a later
# frame than the one it was entered at, even when entering it made no animation. At 10 Hz, phases
# a (0, none), b (10, linear 0.5 s), c (20, linear 0.5 s), triggers at 0.1 and 0.3: b at 0.1; b again
# at 0.3 (the value is already 10: no animation, complete at once), left at 0.4 for c; c's linear
# finishes after 0.5 s, at the frame 1.0 (t − begin > 0.5 first there), so a at 1.0, where the
# triggered cycle ends.
write("phases/region-trigger-mid-cycle", "a trigger mid-cycle restarts the cycle towards the second phase; the restarted phase is left at the next frame",
      "docs/semantics.md §6.1", TIGHT,
      {"phases": {"phases": [{"name": "a", "value": 0, "animation": None}, {"name": "b", "value": 10, "animation": {"linear": {"duration": 0.5}}},
                             {"name": "c", "value": 20, "animation": {"linear": {"duration": 0.5}}}],
                  "mode": "trigger", "frameRate": 10, "triggers": [0.1, 0.3], "duration": 2,
                  "samples": [{"time": 0.2, "phase": "b"}, {"time": 0.3, "phase": "b"}, {"time": 0.4, "phase": "c"}, {"time": 0.9, "phase": "c"},
                              {"time": 1.0, "phase": "a"}, {"time": 2.0, "phase": "a"}],
                  "transitions": [{"time": 0.1, "phase": "b"}, {"time": 0.3, "phase": "b"}, {"time": 0.4, "phase": "c"}, {"time": 1.0, "phase": "a"}]}})

# §5.2: outside the timeline a track holds its first or last value, so its velocity is 0.
frames = [{"cubic": {"to": 10, "duration": 0.5, "startVelocity": 7}}, {"cubic": {"to": 20, "duration": 0.5, "endVelocity": 9}}]
write("keyframes/region-velocity-outside-the-timeline", "velocity 0 before 0 and past the end, though the track starts at 7/s and ends at 9/s",
      "docs/semantics.md §5.2", TIGHT,
      {"keyframes": {"valueType": "scalar", "initialValue": 0, "tracks": [{"keyframes": frames}],
                     "checks": [{"time": -0.2, "velocity": 0}, {"time": -0.2, "value": 0}, {"time": 1.3, "velocity": 0}, {"time": 1.3, "value": 20}]}})

# §4.3 item 5: with merging of coincident changes off, a change replaces the running animation
# while no frame has been shown since it started, whatever the time between them.
both = [{"time": 0, "set": 100, "animation": {"linear": {"duration": 1}}}, {"time": 0.2, "set": 150, "animation": {"linear": {"duration": 1}}}]
for label, times in (("no-frame-between", [0.3, 0.7, 1.1, 1.3]), ("a-frame-between", [0.1, 0.3, 0.7, 1.1, 1.3])):
    reference("retarget/region-coincident-window-" + label,
              "merging of coincident changes off, changes at 0 and 0.2 s with %s: %s" % (label.replace("-", " "), "the second replaces the first" if label.startswith("no") else "the two combine"),
              "docs/semantics.md §4.3", both, times)
    path = os.path.join(ROOT, "retarget", "region-coincident-window-" + label + ".json")
    with open(path) as f:
        fixture = json.load(f)
    fixture["property"] = {"valueType": "scalar", "initialValue": 0, "mergesCoincidentAnimations": False, **{k: v for k, v in fixture["property"].items() if k not in ("valueType", "initialValue")}}
    fixture["tolerance"] = {"absolute": 2 * STEP * 250, "relative": 1e-9}
    with open(path, "w") as f:
        json.dump(fixture, f, indent=2)
        f.write("\n")

# §2.3: the UnitCurve form is the curve's value(at:), which clamps y (decision 3); the control-point
# form does not, and overshoots.
for label, args in (("unit-curve-clamps-y", {"curve": {"bezier": [0.3, -0.6, 0.7, 1.6]}, "duration": 1}),
                    ("control-points-overshoot", {"controlPoints": [0.3, -0.6, 0.7, 1.6], "duration": 1})):
    reference("modifiers/region-" + label, "timingCurve(%s): %s" % (json.dumps(args), label.replace("-", " ")), "docs/semantics.md §2.2, §2.3",
              [{"time": 0, "set": 100, "animation": {"timingCurve": args}}], [0.05, 0.15, 0.5, 0.85, 0.95], fields=("value",))
    path = os.path.join(ROOT, "modifiers", "region-" + label + ".json")
    with open(path) as f:
        fixture = json.load(f)
    fixture["tolerance"] = {"absolute": 2 * STEP * 100, "relative": 1e-9}
    with open(path, "w") as f:
        json.dump(fixture, f, indent=2)
        f.write("\n")

# Fixtures/README.md: a `spring` without response or dampingFraction is the duration form,
# duration 0.5 and bounce 0, whatever else it names.
reference("merge/region-spring-blend-duration-only", "{\"spring\": {\"blendDuration\": 0.3}} is spring(duration: 0.5, bounce: 0, blendDuration: 0.3)",
          "docs/semantics.md §3.1", [{"time": 0, "set": 100, "animation": {"spring": {"response": 1.2, "dampingFraction": 0.5}}},
                                    {"time": 0.2, "set": 40, "animation": {"spring": {"blendDuration": 0.3}}}], steps)

# §1.2: Spring(settlingDuration:dampingRatio: 1) solves e^(−T·x)(1 + T·x) = ε; here the root of a
# solvable case by bisection.
def critical_root(T, eps):
    lo, hi = 1e-9, 1e4
    for _ in range(300):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if math.exp(-T * mid) * (1 + T * mid) > eps else (lo, mid)
    return (lo + hi) / 2


# The root is found numerically by any engine: 1e-6 relative is what the behaviour needs (a
# response off by a microsecond per second), not the accuracy of one solver.
x = critical_root(2.0, 0.001)
write("springs/region-settling-critical", "Spring(settlingDuration: 2, dampingRatio: 1): response 2π/x for the root x of e^(−2x)(1 + 2x) = 0.001",
      "docs/semantics.md §1.2", {"absolute": 0, "relative": 1e-6},
      {"spring": {"init": {"settlingDuration": 2, "dampingRatio": 1}, "checks": [
          {"property": "response", "expected": TAU / x}, {"property": "dampingRatio", "expected": 1},
          {"value": {"target": 1, "time": 0.5}, "expected": 1 - (1 + x * 0.5) * math.exp(-x * 0.5)}]}})
# With no positive root, x = 2π/T: the critically damped spring whose response is T.
for label, init in (("critical", {"settlingDuration": 1.5, "dampingRatio": 1, "epsilon": 1.5}), ("underdamped", {"settlingDuration": 1.5, "dampingRatio": 0.2, "epsilon": 0.5})):
    x = TAU / 1.5
    r = init["dampingRatio"]
    osc = Oscillator(1, x * x, 2 * r * x)
    write("springs/region-settling-no-root-" + label, "Spring(%s): no positive root, so x = 2π/T and the response is T"
          % ", ".join("%s: %s" % kv for kv in init.items()), "docs/semantics.md §1.2", TIGHT,
          {"spring": {"init": init, "checks": [{"property": "response", "expected": 1.5}, {"property": "dampingRatio", "expected": r},
                                               {"value": {"target": 1, "time": 0.5}, "expected": osc.value(1, 0, 0.5)}]}})

# §7: the transaction modifiers between a change and the value, outermost first, the innermost
# winning; `disablesAnimations` stops modifiers from inserting one, not the transaction's own.
# Béziers animate here: two grid steps of 2^-20 of the change of 100, over the shortest duration
# (0.5 s) for velocity (§2.2).
BEZIER_100 = {"absolute": 2 * STEP * 100 / 0.5, "relative": 1e-9}


def with_path(id, title, event, times):
    reference(id, title, "docs/semantics.md §7", [event], times, tolerance=BEZIER_100)


later = [0.1, 0.3, 0.6, 1.2]
with_path("retarget/region-path-animation-always", ".animation(linear(1 s)) on a change without an animation: it animates",
          {"time": 0, "set": 100, "animation": None, "path": [{"animationAlways": {"linear": {"duration": 1}}}]}, later)
with_path("retarget/region-path-scoped-animation", ".animation(easeOut(0.5 s)) { body } around the value, inside a withAnimation(linear): the scoped one wins",
          {"time": 0, "set": 100, "animation": {"linear": {"duration": 1}}, "path": [{"scopedAnimation": {"easeOut": {"duration": 0.5}}, "bodyContainsValue": True}]}, later)
with_path("retarget/region-path-transaction-animation", ".transaction { $0.animation = spring } inside .animation(linear): the innermost wins",
          {"time": 0, "set": 100, "animation": None,
           "path": [{"animationAlways": {"linear": {"duration": 1}}}, {"transactionAnimation": {"spring": {"duration": 0.4}}, "valueChanged": True}]}, later)
with_path("retarget/region-path-disable-animations", "withAnimation(linear) through .transaction { $0.disableAnimations() }: no animation",
          {"time": 0, "set": 100, "animation": {"linear": {"duration": 1}}, "path": [{"disableAnimations": {}}]}, later)
with_path("retarget/region-path-disables-modifiers", "disablesAnimations with withAnimation(linear): .animation(spring, value:) inserts nothing, linear animates",
          {"time": 0, "set": 100, "animation": {"linear": {"duration": 1}}, "transaction": {"disablesAnimations": True},
           "path": [{"animation": {"spring": {"duration": 0.4}}, "valueChanged": True}]}, later)
reference("retarget/region-sample-before-first-change", "samples before the first change answer the initial value, at rest",
          "docs/semantics.md §4.3", [{"time": 0.5, "set": 100, "animation": {"easeIn": {"duration": 1}}}], [0, 0.2, 0.5, 0.9, 1.6],
          tolerance=BEZIER_100)

# §4.3 item 1, §6.2: a change to the value it already has starts nothing, and its handler fires at once.
def with_completions(id, title, source, events, times):
    reference(id, title, source, events, times, fields=("value", "isAnimating", "completed"), tolerance=BEZIER_100)


with_completions("velocity/region-same-value-completion", "setting 100 again with an animation and a handler: no animation, the handler fires at once",
                 "docs/semantics.md §4.3, §6.2",
                 [{"time": 0, "set": 100, "animation": {"linear": {"duration": 1}}, "completion": {"name": "first", "criteria": "logicallyComplete"}},
                  {"time": 1.5, "set": 100, "animation": {"spring": {"duration": 0.5}}, "completion": {"name": "again", "criteria": "removed"}}],
                 [0.5, 1.1, 1.5, 1.6])
# §6.2: handlers firing in one frame: the running animation's first, then forks', in change order.
with_completions("velocity/region-completion-order-in-a-frame", "two changes at 0 with logical handlers, both complete at the frame 1.0: the newest (running) first",
                 "docs/semantics.md §6.2",
                 [{"time": 0, "set": 200, "animation": {"linear": {"duration": 1}}, "completion": {"name": "c1", "criteria": "logicallyComplete"}},
                  {"time": 0, "set": 100, "animation": {"linear": {"duration": 1}}, "completion": {"name": "c2", "criteria": "logicallyComplete"}}],
                 [0.5, 1.0, 1.1])
# §3.2: a repeat is logically complete once a cycle's base is.
with_completions("velocity/region-repeat-logically-complete", "smooth().repeatForever(): logically complete after the first cycle's response, though it never ends",
                 "docs/semantics.md §3.2, §6.2",
                 [{"time": 0, "set": 100, "animation": {"smooth": {}, "repeatForever": True}, "completion": {"name": "cycle", "criteria": "logicallyComplete"}}],
                 [0.3, 0.6, 1.0])
# §4.3 item 3: a merge clears the logical-completion flag: the spring that takes over decides.
with_completions("velocity/region-merge-clears-logical-completion",
                 "linear(0.2).logicallyComplete(after: 0.1) merged by MergingLinear(1 s) at 0.5: the handler of the second waits for its own completion",
                 "docs/semantics.md §4.2, §4.3",
                 [{"time": 0, "set": 100, "animation": {"custom": {"name": "MergingLinearAnimation", "duration": 2}, "logicallyCompleteAfter": 0.1}},
                  {"time": 0.5, "set": 50, "animation": {"custom": {"name": "MergingLinearAnimation", "duration": 1}},
                   "completion": {"name": "second", "criteria": "logicallyComplete"}}],
                 [0.6, 0.9, 1.2, 1.6])

# Readings the explorer found where MotionCore, the reference model and an engine written from the
# documents differed; each now has one reading (the section says which).
reference("velocity/region-spring-takes-over-finished-tracking", "velocity tracking 200 → 0, then spring() 3 s later: the spring starts where the value is, 0",
          "docs/semantics.md §3.1, §4.4",
          [{"time": 0, "set": 0, "animation": None, "transaction": {"tracksVelocity": True}}, {"time": 3, "set": 100, "animation": {"spring": {}}}],
          [0, 3, 3.1, 3.3])
reference("velocity/region-spring-takes-over-resting-spring", "spring(duration: 1) at rest by 3 s, then snappy() at 3: it starts from the target, not the last frame",
          "docs/semantics.md §3.1",
          [{"time": 0, "set": 100, "animation": {"spring": {"duration": 1}}}, {"time": 3, "set": -200, "animation": {"snappy": {}}}],
          [1, 2, 3, 3.1])
reference("velocity/region-combination-velocity-at-cycle-end", "linear().repeatForever(autoreverses: false), then a linear UnitCurve at 6 s: the velocity on the frame's intervals",
          "docs/semantics.md §3.2, §4.3",
          [{"time": 0, "set": 0, "animation": {"linear": {}, "repeatForever": True, "autoreverses": False}},
           {"time": 6, "set": -200, "animation": {"timingCurve": {"curve": "linear", "duration": 1}}}], [6, 6.2], tolerance=BEZIER_100)
reference("velocity/region-tracking-samples-at-frames", "velocity tracking through changes at 0, 0.1 and 0.25, frames in between: samples are taken at frames",
          "docs/semantics.md §4.4",
          [{"time": 0, "set": 10, "animation": None, "transaction": {"tracksVelocity": True}},
           {"time": 0.1, "set": 30, "animation": None, "transaction": {"tracksVelocity": True}},
           {"time": 0.25, "set": 70, "animation": None, "transaction": {"tracksVelocity": True}}], [0.05, 0.15, 0.2, 0.3, 0.5, 2.2, 2.4])
with_completions("velocity/region-extended-combination-handler", "linear, spring combined, then a third change with a handler once the combination is logically complete: it waits for its own",
                 "docs/semantics.md §4.3, §6.2",
                 [{"time": 0, "set": 100, "animation": {"linear": {"duration": 0.2}}}, {"time": 0.1, "set": 50, "animation": {"linear": {"duration": 0.3}}},
                  {"time": 1, "set": 0, "animation": {"linear": {"duration": 0.5}}, "completion": {"name": "third", "criteria": "logicallyComplete"}}],
                 [0.5, 1.0, 1.2, 1.6])
with_completions("velocity/region-fork-handler-when-value-stops", "linear(1 s) with a handler, then linear() at once: the value stops at 0.35 s and the first handler fires then",
                 "docs/semantics.md §6.2",
                 [{"time": 0, "set": 100, "animation": {"linear": {"duration": 1}}, "completion": {"name": "first", "criteria": "logicallyComplete"}},
                  {"time": 0, "set": 40, "animation": {"linear": {}}}], [0.2, 0.4, 0.8, 1.2])

# --- Readings the generated scenarios found the documents left open, each decided in
# docs/semantics.md and pinned here by the minimal scenario that told the readings apart.
# §3.1: a spring merging into one inside modifiers starts from the state they hand through.
reference("merge/region-spring-into-repeat-keeps-state", "bouncy(1).repeatCount(2), then bouncy(1) at 0.7 s: the new spring starts from the repeated spring's force",
          "docs/semantics.md §3.1, §3.2", [{"time": 0, "set": 100, "animation": {"bouncy": {"duration": 1}, "repeatCount": 2}},
                                          {"time": 0.7, "set": 0, "animation": {"bouncy": {"duration": 1}}}], [0.7, 1.0, 1.5, 2.0])
# §3.2: a repeat that merges goes on with the running repeat's cycle index and offset.
with_completions("merge/region-repeat-merge-keeps-cycle",
                 "smooth().repeatForever() twice, 1.3 s apart: the second merges on the first's cycle, and is logically complete one response after the merge",
                 "docs/semantics.md §3.2, §4.3, §6.2",
                 [{"time": 0, "set": 100, "animation": {"smooth": {}, "repeatForever": True}},
                  {"time": 1.3, "set": 120, "animation": {"smooth": {}, "repeatForever": True}, "completion": {"name": "second", "criteria": "logicallyComplete"}}],
                 [1.3, 1.5, 1.79, 1.81, 2.2])
# §4.3 item 4: a combination's velocity before any frame: the rebased intervals at the time it is read.
reference("retarget/region-combination-velocity-before-a-frame",
          "linear() and timingCurve(curve: linear, 1 s) at 0, default() at 1 s with no frame between: the spring takes the velocity rebased at 1 s",
          "docs/semantics.md §4.3", [{"time": 0, "set": -400, "animation": {"linear": {}}},
                                     {"time": 0, "set": -200, "animation": {"timingCurve": {"curve": "linear", "duration": 1}}},
                                     {"time": 1, "set": -400, "animation": {"default": {}}}], [1, 1.2], tolerance=BEZIER_100)
# §4.4: the samples stay in the context through merges; a merge evaluates, so takes a sample.
reference("velocity/region-tracking-through-a-spring",
          "tracking to 200 and smooth() to 220 at 0, tracking to 0 at 5 s: the second tracking goes on from the first's samples",
          "docs/semantics.md §4.4", [{"time": 0, "set": 200, "animation": None, "transaction": {"tracksVelocity": True}},
                                     {"time": 0, "set": 220, "animation": {"smooth": {}}},
                                     {"time": 5, "set": 0, "animation": None, "transaction": {"tracksVelocity": True}}], [5.5, 8])
reference("velocity/region-tracking-merge-takes-a-sample",
          "tracking, spring() and tracking again, all at 4 s: the spring's merge took a sample, so two samples at one time end the tracking",
          "docs/semantics.md §3.1, §4.4", [{"time": 4, "set": 200, "animation": None, "transaction": {"tracksVelocity": True}},
                                           {"time": 4, "set": 400, "animation": {"spring": {}}},
                                           {"time": 4, "set": 300, "animation": None, "transaction": {"tracksVelocity": True}}], [4, 4.5])


# --- Edges of the argument domains (Sources/MotionConformance/Semantics/ArgumentDomain+Table.swift):
# a value of each class and on each boundary the documents draw that no fixture held, each answered
# by the reference model (`motion-bench fixtures regenerate` fills in the placeholders written here).
def reference_body(id, title, source, body, tolerance=TIGHT):
    suite, name = id.split("/")
    fixture = {"id": id, "title": title, "suite": suite, "provenance": "reference-model", "source": source, "tolerance": tolerance, **body}
    with open(os.path.join(ROOT, suite, name + ".json"), "w") as f:
        json.dump(fixture, f, indent=2)
        f.write("\n")


for name, title, source, animation in (
        ("spring-speed-negative", "interpolatingSpring(duration: 0.5).speed(−1): a speed below 0 is 0 — the spring stays at its start, "
         "where asked negative times its closed form would grow without bound", "§3.1, §3.2",
         {"interpolatingSpring": {"duration": 0.5}, "speed": -1}),
        ("speed-tiny", "linear(0.5).speed(0.0005): the base runs at t·0.0005 — it has barely moved at 1.5 s", "§3.2",
         {"linear": {"duration": 0.5}, "speed": 0.0005}),
        ("speed-huge", "linear(0.5).speed(1000): the base runs at t·1000 — finished after 0.5 ms, at the first sample after 0", "§3.2",
         {"linear": {"duration": 0.5}, "speed": 1000}),
        ("delay-tiny", "linear(0.5).delay(0.0001): the base runs at max(0, t − 0.0001)", "§3.2", {"linear": {"duration": 0.5}, "delay": 0.0001}),
        ("delay-huge", "linear(0.5).delay(1000): at the start throughout the samples", "§3.2", {"linear": {"duration": 0.5}, "delay": 1000}),
        ("repeat-count-huge", "linear(0.2).repeatCount(1000): cycle after cycle, reversing, still running at 1.5 s", "§3.2",
         {"linear": {"duration": 0.2}, "repeatCount": 1000}),
        ("duration-tiny", "easeIn(duration: 0.0005): finished by the first sample after 0", "§2.3", {"easeIn": {"duration": 0.0005}}),
        ("duration-huge", "linear(duration: 1000): p = t/1000, barely moved at 1.5 s", "§2.3", {"linear": {"duration": 1000}}),
        ("spring-response-negative", "spring(response: −0.2): stiffness 45,000 for r ≤ 0, as for 0", "§3.1",
         {"spring": {"response": -0.2, "dampingFraction": 0.8}}),
        ("spring-duration-tiny", "spring(duration: 0.0005): the stiffness capped at 45,000", "§3.1", {"spring": {"duration": 0.0005}}),
        ("spring-duration-huge", "spring(duration: 1000): k = (τ/1000)², barely moved at 1.5 s", "§3.1", {"spring": {"duration": 1000}}),
        ("spring-bounce-one", "spring(duration: 0.5, bounce: 1): fraction 1 − b = 0, no damping — it never rests", "§1.2, §3.1",
         {"spring": {"duration": 0.5, "bounce": 1}}),
        ("spring-bounce-under-one", "spring(duration: 0.5, bounce: 0.95): fraction 0.05", "§1.2, §3.1", {"spring": {"duration": 0.5, "bounce": 0.95}}),
        ("spring-bounce-over-one", "spring(duration: 0.5, bounce: 1.05): fraction −0.05, a negative damping — it swings wider and never rests",
         "§1.2, §3.1", {"spring": {"duration": 0.5, "bounce": 1.05}}),
        ("spring-fraction-zero", "spring(response: 0.5, dampingFraction: 0): no damping — it never rests", "§3.1",
         {"spring": {"response": 0.5, "dampingFraction": 0}}),
        ("interpolating-duration-negative", "interpolatingSpring(duration: −0.5): k = ∞ for d ≤ 0, as for 0 — it ends at once", "§3.1",
         {"interpolatingSpring": {"duration": -0.5}}),
        ("interpolating-bounce-zero", "interpolatingSpring(duration: 0.5, bounce: 0): critically damped, the critical form", "§3.1",
         {"interpolatingSpring": {"duration": 0.5, "bounce": 0}}),
        ("interpolating-bounce-minus-one", "interpolatingSpring(duration: 0.5, bounce: −1): springDampingFraction(−1) = +∞, the critical form",
         "§1.2, §3.1", {"interpolatingSpring": {"duration": 0.5, "bounce": -1}}),
        ("interpolating-bounce-under-minus-one", "interpolatingSpring(duration: 0.5, bounce: −1.05): a fraction of −20, a negative damping — it ends at once",
         "§1.2, §3.1", {"interpolatingSpring": {"duration": 0.5, "bounce": -1.05}}),
        ("interpolating-bounce-over-minus-one", "interpolatingSpring(duration: 0.5, bounce: −0.95): a fraction of 20, heavily overdamped",
         "§1.2, §3.1", {"interpolatingSpring": {"duration": 0.5, "bounce": -0.95}}),
        ("interpolating-damping-zero", "interpolatingSpring(stiffness: 100, damping: 0): ζ = 0, D = ∞ — it never finishes", "§3.1",
         {"interpolatingSpring": {"stiffness": 100, "damping": 0}})):
    # A curve is a Bézier here: two correct solvers may land a step of 2^-20 apart (§2.2).
    bezier = next(iter(animation)) in ("linear", "easeIn", "easeOut", "easeInOut")
    reference("modifiers/edge-" + name, title, "docs/semantics.md " + source, [{"time": 0, "set": 100, "animation": animation}], edge_steps,
              tolerance=BEZIER_100 if bezier else TIGHT)
reference("merge/edge-blend-negative", "spring(response 0.6), then spring(response 0.3, blendDuration −0.5) at 0.2 s: a blend duration below 0 does not blend",
          "docs/semantics.md §3.1", [{"time": 0, "set": 100, "animation": {"spring": {"response": 0.6, "dampingFraction": 0.7}}},
                                    {"time": 0.2, "set": 40, "animation": {"spring": {"response": 0.3, "dampingFraction": 0.7, "blendDuration": -0.5}}}], steps)
reference("merge/edge-blend-tiny", "spring(response 0.6), then spring(response 0.3, blendDuration 0.0005) at 0.2 s: a blend over in half a millisecond",
          "docs/semantics.md §3.1", [{"time": 0, "set": 100, "animation": {"spring": {"response": 0.6, "dampingFraction": 0.7}}},
                                    {"time": 0.2, "set": 40, "animation": {"spring": {"response": 0.3, "dampingFraction": 0.7, "blendDuration": 0.0005}}}], steps)
with_completions("velocity/edge-logically-complete-after-negative",
                 "linear(1).logicallyComplete(after: −0.5) with a handler: logically complete at once (t ≥ d), the value still animating",
                 "docs/semantics.md §3.2, §6.2",
                 [{"time": 0, "set": 100, "animation": {"linear": {"duration": 1}, "logicallyCompleteAfter": -0.5},
                   "completion": {"name": "early", "criteria": "logicallyComplete"}}], [0.0, 0.1, 0.5, 1.2])

spring_zero = [{"property": p, "expected": 0} for p in ("mass", "stiffness", "damping")]
reference_body("springs/edge-bounce-under-minus-one", "Spring(duration: 0.5, bounce: −1.05): r = +∞ below −1 as at it — asked its mass, damping and stiffness only",
               "docs/semantics.md §1.2", {"spring": {"init": {"duration": 0.5, "bounce": -1.05}, "checks": spring_zero}})
reference_body("springs/edge-bounce-a-hair-under-minus-one", "Spring(duration: 1.2, bounce: −1.001): r = +∞ just below −1 too",
               "docs/semantics.md §1.2", {"spring": {"init": {"duration": 1.2, "bounce": -1.001}, "checks": spring_zero}})
reference_body("springs/edge-bounce-minus-one", "Spring(duration: 0.5, bounce: −1): r = +∞ at −1 itself (b ≤ −1), not 1/(b + 1) — damping and stiffness infinite",
               "docs/semantics.md §1.2", {"spring": {"init": {"duration": 0.5, "bounce": -1}, "checks": spring_zero}})
reference_body("springs/edge-duration-tiny", "Spring(duration: 0.0005, bounce: 0.2): ω and ζ̂ of a spring a thousand times faster than the default",
               "docs/semantics.md §1.2", {"spring": {"init": {"duration": 0.0005, "bounce": 0.2}, "checks": spring_zero + [
                   {"value": {"time": 0.0002}, "expected": 0}, {"velocity": {"time": 0.0002}, "expected": 0}]}})
reference_body("springs/edge-settling-negative", "Spring(settlingDuration: −1, dampingRatio: 0.5): T clamped to 0.01",
               "docs/semantics.md §1.2", {"spring": {"init": {"settlingDuration": -1, "dampingRatio": 0.5}, "checks": spring_zero}})

def keyframes_edge(name, title, frames, times):
    checks = [{"duration": 0}] + [{"time": t, "value": 0} for t in times] + [{"time": t, "velocity": 0} for t in times]
    reference_body("keyframes/edge-" + name, title, "docs/semantics.md §5.2",
                   {"keyframes": {"valueType": "scalar", "initialValue": 0, "tracks": [{"keyframes": frames}], "checks": checks}})


keyframes_edge("duration-negative", "linear to 50 over −0.5 s, then cubic to 100 over 0.5 s: a negative duration takes no time, a move to 50",
               [{"linear": {"to": 50, "duration": -0.5}}, {"cubic": {"to": 100, "duration": 0.5}}], [-0.25, 0, 0.25, 0.5, 0.75])
keyframes_edge("duration-tiny", "linear to 50 over 0.0005 s, then cubic to 100 over 0.5 s: the first segment is over in half a millisecond",
               [{"linear": {"to": 50, "duration": 0.0005}}, {"cubic": {"to": 100, "duration": 0.5}}], [0, 0.00025, 0.0005, 0.25, 0.5])


def phases_edge(name, title, frame_rate, duration, triggers, samples):
    phases_ = [{"name": "p0", "value": -100, "animation": None}, {"name": "p1", "value": 0, "animation": None}]
    reference_body("phases/edge-" + name, title, "docs/protocol.md §4 phases, docs/semantics.md §6.1",
                   {"phases": {"phases": phases_, "mode": "trigger", "frameRate": frame_rate, "triggers": triggers, "duration": duration,
                               "samples": [{"time": t, "value": 0, "phase": "p0"} for t in samples], "transitions": []}})


phases_edge("frame-count-tie", "duration 1.25 s at 2 frames a second: 2.5 frames rounds away from zero to 3 — a frame at 1.5 s, where half to even stops at 1 s",
            2, 1.25, [1], [1])
phases_edge("frame-count-near-tie", "duration 1.24 s at 2 frames a second: 2.48 frames rounds to 2 — the last frame at 1 s", 2, 1.24, [0.5], [0.5, 1])
phases_edge("duration-zero", "duration 0: one frame, at 0 — a trigger at 0 starts the cycle there", 60, 0, [0], [0])


def timeline_edge(name, title, schedule, date, count=4):
    reference_body("timeline/edge-" + name, title, "docs/semantics.md §8.2",
                   {"timeline": {"schedule": schedule, "from": date, "mode": "normal", "expected": [], "count": count}})


timeline_edge("periodic-before-start", "periodic(from: 0, by: 5) from −12: the remainder of −12 is −2, so the first entry is −10, the boundary after the date",
              {"periodic": {"from": 0, "by": 5}}, -12)
timeline_edge("periodic-at-start", "periodic(from: 40, by: 5) from 40: the start itself", {"periodic": {"from": 40, "by": 5}}, 40)
timeline_edge("periodic-long-after-start", "periodic(from: 3, by: 7) from 5003: 5000 s after the start, the last boundary at or before it",
              {"periodic": {"from": 3, "by": 7}}, 5003)
timeline_edge("periodic-interval-tiny", "periodic(from: 0, by: 0.0005) from 1.0002: entries half a millisecond apart", {"periodic": {"from": 0, "by": 0.0005}}, 1.0002)
timeline_edge("periodic-interval-huge", "periodic(from: 0, by: 3600) from 5000: hourly", {"periodic": {"from": 0, "by": 3600}}, 5000)
timeline_edge("every-minute-before-reference", "everyMinute from −90: the minute before is −120, further from 0", {"everyMinute": {}}, -90)
timeline_edge("every-minute-at-reference", "everyMinute from 0: the reference date is on a minute", {"everyMinute": {}}, 0)
timeline_edge("animation-interval-zero", "animation(minimumInterval: 0) from 3: an interval at or below 0 is as nil, every 1/120 s",
              {"animation": {"minimumInterval": 0}}, 3)
timeline_edge("animation-interval-negative", "animation(minimumInterval: −1) from 3: as nil, every 1/120 s", {"animation": {"minimumInterval": -1}}, 3)
timeline_edge("animation-interval-tiny", "animation(minimumInterval: 0.0005) from 3: every half millisecond", {"animation": {"minimumInterval": 0.0005}}, 3)

reference_body("springs/edge-epsilon-tiny", "Spring(duration: 0.5, bounce: 0.3): settlingDuration for ε = 1e-7 and 1e-9, bands that narrow, and for ε = 2, settled at once",
               "docs/semantics.md §1.5", {"spring": {"init": {"duration": 0.5, "bounce": 0.3}, "checks": [
                   {"settlingDuration": {"epsilon": 1e-7}, "expected": 0}, {"settlingDuration": {"epsilon": 1e-9, "initialVelocity": 2}, "expected": 0},
                   {"settlingDuration": {"epsilon": 2}, "expected": 0}, {"value": {"time": 11}, "expected": 0}]}})
reference_body("springs/edge-settling-epsilon-tiny", "Spring(settlingDuration: 0.8, dampingRatio: 0.6, epsilon: 1e-7): the initializer's band that narrow",
               "docs/semantics.md §1.2, §1.5", {"spring": {"init": {"settlingDuration": 0.8, "dampingRatio": 0.6, "epsilon": 1e-7}, "checks": spring_zero + [
                   {"value": {"time": 12}, "expected": 0}, {"velocity": {"time": 15}, "expected": 0}]}})
for rate, duration in ((0.5, 4), (1, 3)):
    phases_ = [{"name": "p0", "value": -100, "animation": None}, {"name": "p1", "value": 0, "animation": {"linear": {"duration": 1.5}}}]
    reference_body("phases/edge-frame-rate-%s" % str(rate).replace(".", "_"),
                   "continuous phases at %s frame%s a second for %s s: frames at k / frameRate, a phase left a frame after its animation completes" %
                   (rate, "" if rate == 1 else "s", duration), "docs/protocol.md §4 phases, docs/semantics.md §6.1",
                   {"phases": {"phases": phases_, "mode": "continuous", "frameRate": rate, "duration": duration,
                               "samples": [{"time": t, "value": 0, "phase": "p0"} for t in (0, 1, 2, duration)], "transitions": []}})
reference("modifiers/edge-value-tiny", "linear(0.5) to 0.005: a change within the fluid spring's absolute rest thresholds animates like any other on a curve",
          "docs/semantics.md §2.3, §4.5", [{"time": 0, "set": 0.005, "animation": {"linear": {"duration": 0.5}}}], edge_steps, tolerance=BEZIER_100)
reference("modifiers/edge-spring-value-tiny", "spring() to 0.005: within the absolute rest thresholds of §3.1 item 6 — the spring rests at its first frame",
          "docs/semantics.md §3.1, §4.5", [{"time": 0, "set": 0.004, "animation": {"spring": {}}}], edge_steps)
reference("modifiers/edge-value-huge", "linear(0.5) to 20000: far beyond the fluid spring's rest thresholds, a curve animates it like any other",
          "docs/semantics.md §2.3, §4.5", [{"time": 0, "set": 20000, "animation": {"linear": {"duration": 0.5}}}], edge_steps,
          tolerance={"absolute": 2 * STEP * 20000 / 0.5, "relative": 1e-9})  # two steps of 2^-20 of the interval, and of its velocity
reference("modifiers/edge-spring-value-huge", "spring() to 50000: the absolute rest thresholds of §3.1 item 6 hold it running long after a change of 1 would rest",
          "docs/semantics.md §3.1, §4.5", [{"time": 0, "set": 50000, "animation": {"spring": {}}}], edge_steps)


# Spring(response:dampingRatio:) and Spring(mass:stiffness:damping:allowOverDamping:) at the edges of
# their domains (§1.2): each asked its parameters, and its value and velocity where it moves.
def spring_edge(name, title, init, times):
    checks = [{"property": p, "expected": 0} for p in ("mass", "stiffness", "damping", "dampingRatio")]
    checks += [{q: {"time": t}, "expected": 0} for t in times for q in ("value", "velocity")]
    reference_body("springs/edge-" + name, title, "docs/semantics.md §1.2", {"spring": {"init": init, "checks": checks}})


for name, title, init, times in (
        ("response-tiny", "Spring(response: 0.0005, dampingRatio: 0.5): ω and ζ̂ scale with τ/ρ — over in a millisecond",
         {"response": 0.0005, "dampingRatio": 0.5}, [0.0002, 0.001]),
        ("response-huge", "Spring(response: 20, dampingRatio: 0.5): slow — a fifth of the way at 5 s", {"response": 20, "dampingRatio": 0.5}, [1, 5]),
        ("damping-ratio-zero", "Spring(response: 0.5, dampingRatio: 0): undamped, ζ̂ = 0 — it swings for ever", {"response": 0.5, "dampingRatio": 0},
         [0.3, 7.3]),
        ("damping-ratio-one", "Spring(response: 0.5, dampingRatio: 1): ω = 0, critically damped", {"response": 0.5, "dampingRatio": 1}, [0.1, 0.4]),
        ("damping-ratio-under-one", "Spring(response: 0.5, dampingRatio: 0.95): s = +1 below 1", {"response": 0.5, "dampingRatio": 0.95}, [0.1, 0.4]),
        ("damping-ratio-over-one", "Spring(response: 0.5, dampingRatio: 1.05): s = −1 above 1, ω negative: overdamped",
         {"response": 0.5, "dampingRatio": 1.05}, [0.1, 0.4]),
        ("damping-ratio-a-hair-over-one", "Spring(response: 0.5, dampingRatio: 1 + 1e-9): overdamped by a hair, as near the critical spring as its answers are",
         {"response": 0.5, "dampingRatio": 1 + 1e-9}, [0.1, 0.4]),
        ("damping-ratio-huge", "Spring(response: 0.5, dampingRatio: 20): heavily overdamped — creeping", {"response": 0.5, "dampingRatio": 20}, [0.1, 3]),
        ("mass-tiny", "Spring(mass: 0.005, stiffness: 100, damping: 1): ω₀ = √(k/m) ≈ 141, ζ̂ = c/(2m) = 100", {"mass": 0.005, "stiffness": 100, "damping": 1},
         [0.01, 0.05]),
        ("mass-huge", "Spring(mass: 200, stiffness: 100, damping: 10): ω₀ ≈ 0.71 — slow", {"mass": 200, "stiffness": 100, "damping": 10}, [1, 4]),
        ("stiffness-tiny", "Spring(stiffness: 0.05, damping: 0.1): ω₀ ≈ 0.22 — slow", {"stiffness": 0.05, "damping": 0.1}, [1, 5]),
        ("stiffness-huge", "Spring(stiffness: 20000, damping: 50): ω₀ ≈ 141 — fast", {"stiffness": 20000, "damping": 50}, [0.01, 0.05]),
        ("physical-damping-zero", "Spring(stiffness: 100, damping: 0): undamped", {"stiffness": 100, "damping": 0}, [0.3, 7.3]),
        ("physical-damping-huge", "Spring(stiffness: 100, damping: 2000): a hundred times critical, made critical — damping 20, not 2000",
         {"stiffness": 100, "damping": 2000}, [0.1, 0.4]),
        ("critical-on", "Spring(stiffness: 100, damping: 20): c² = 4mk exactly — critically damped", {"stiffness": 100, "damping": 20}, [0.1, 0.4]),
        ("critical-under", "Spring(stiffness: 100, damping: 19): just underdamped", {"stiffness": 100, "damping": 19}, [0.1, 0.4]),
        ("critical-over", "Spring(stiffness: 100, damping: 21): would be overdamped, so made critical — the spring of damping 20",
         {"stiffness": 100, "damping": 21}, [0.1, 0.4]),
        ("critical-a-hair-over", "Spring(stiffness: 100, damping: 20 + 2e-8): over critical by a hair, made critical",
         {"stiffness": 100, "damping": 20 + 2e-8}, [0.1, 0.4]),
        ("critical-on-allowed", "Spring(stiffness: 100, damping: 20, allowOverDamping: true): critically damped either way",
         {"stiffness": 100, "damping": 20, "allowOverDamping": True}, [0.1, 0.4]),
        ("critical-under-allowed", "Spring(stiffness: 100, damping: 19, allowOverDamping: true): underdamped, as without it",
         {"stiffness": 100, "damping": 19, "allowOverDamping": True}, [0.1, 0.4]),
        ("critical-over-allowed", "Spring(stiffness: 100, damping: 21, allowOverDamping: true): overdamped, ω = −√(ζ̂² − ω₀²)",
         {"stiffness": 100, "damping": 21, "allowOverDamping": True}, [0.1, 0.4]),
        ("critical-on-allowed-mass-4", "Spring(mass: 4, stiffness: 25, damping: 20, allowOverDamping: true): c² = 4mk exactly with a mass of 4 — critical",
         {"mass": 4, "stiffness": 25, "damping": 20, "allowOverDamping": True}, [0.2, 1]),
        ("critical-zero-allowed", "Spring(stiffness: 100, damping: 0, allowOverDamping: true): undamped, as without it",
         {"stiffness": 100, "damping": 0, "allowOverDamping": True}, [0.3, 7.3]),
        ("critical-huge-allowed", "Spring(stiffness: 100, damping: 2000, allowOverDamping: true): heavily overdamped — creeping",
         {"stiffness": 100, "damping": 2000, "allowOverDamping": True}, [0.1, 3])):
    spring_edge(name, title, init, times)

keyframes_edge("velocity-explicit-zero",
               "cubics to 50, 100, 0 and 60 with an explicit start velocity 0 on the second and end velocity 0 on the third, then a spring "
               "starting at 0 after a linear: an explicit 0 is 0, not the tangent a keyframe without one takes",
               [{"cubic": {"to": 50, "duration": 0.5}}, {"cubic": {"to": 100, "duration": 0.5, "startVelocity": 0}},
                {"cubic": {"to": 0, "duration": 0.5, "endVelocity": 0}}, {"cubic": {"to": 60, "duration": 0.5}},
                {"linear": {"to": 30, "duration": 0.3}}, {"spring": {"to": 80, "duration": 0.6, "startVelocity": 0}}],
               [0.25, 0.5, 0.6, 0.9, 1.2, 1.4, 1.75, 2.15, 2.4, 2.7])
keyframes_edge("velocity-negative", "a cubic to 100 starting at −200 a second and ending at −50: used as given, dipping below 0 first",
               [{"cubic": {"to": 100, "duration": 1, "startVelocity": -200, "endVelocity": -50}}], [0.1, 0.3, 0.7, 0.95])
keyframes_edge("velocity-huge", "a cubic to 100 starting at 20,000 a second, then a spring starting at 50,000: used as given",
               [{"cubic": {"to": 100, "duration": 0.5, "startVelocity": 20000}}, {"spring": {"to": 0, "duration": 0.5, "startVelocity": 50000}}],
               [0.05, 0.25, 0.55, 0.8])
timeline_edge("explicit-before-start", "explicit([−5, 2, 3, 1000003]) from 3: dates before the start are kept, as given — the start itself too, and one a million seconds on",
              {"explicit": [-5, 2, 3, 1000003]}, 3, count=6)
