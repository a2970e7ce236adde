#!/usr/bin/env python3
"""Writes the conformance fixtures under Fixtures/<suite>/.

Provenance of the numbers:
- apple / documented: typed in from docs/semantics.md §9 and the seeds' examples, with citation.
- analytic: computed here, in Python, from closed forms written independently of the Swift code
  (Bernstein-form Bezier solved by bisection, Hermite and Catmull-Rom keyframe segments, the
  repeat and phase rules on exact frame times).
- reference-model: this script writes only the scenario (events and sample times); the expected
  values are filled in by `motion-bench fixtures regenerate`, which runs MotionConformance's
  independent reference model.

Run from the repository root: python3 Fixtures/tools/make_fixtures.py && motion-bench fixtures regenerate
"""
import json, math, os

ROOT = os.path.join(os.path.dirname(__file__), "..")
SPEC = "docs/semantics.md"
written = []


def write(suite, name, fixture):
    fixture = {"id": f"{suite}/{name}", **fixture, "suite": suite}
    order = ["id", "title", "suite", "provenance", "source", "tolerance"]
    fixture = {k: fixture[k] for k in order if k in fixture} | {k: v for k, v in fixture.items() if k not in order}
    os.makedirs(os.path.join(ROOT, suite), exist_ok=True)
    with open(os.path.join(ROOT, suite, name + ".json"), "w") as f:
        json.dump(fixture, f, indent=2)
        f.write("\n")
    written.append(fixture["id"])


def frames(end, hz=60, start=0.0):
    n = int(round((end - start) * hz))
    return [round(start + k / hz, 12) for k in range(n + 1)]


# ---- independent math --------------------------------------------------------------------------

def bernstein(a, b, s):
    return 3 * (1 - s) ** 2 * s * a + 3 * (1 - s) * s * s * b + s ** 3


def bezier(p, x):
    x = min(max(x, 0.0), 1.0)
    x1, x2 = min(max(p[0], 0), 1), min(max(p[2], 0), 1)
    lo, hi = 0.0, 1.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if bernstein(x1, x2, mid) < x:
            lo = mid
        else:
            hi = mid
    return bernstein(p[1], p[3], (lo + hi) / 2)


CURVES = {"linear": [0, 0, 1, 1], "easeIn": [0.42, 0, 1, 1], "easeOut": [0, 0, 0.58, 1], "easeInOut": [0.42, 0, 0.58, 1]}


def hermite(p0, p1, m0, m1, s):
    return (2 * s**3 - 3 * s**2 + 1) * p0 + (s**3 - 2 * s**2 + s) * m0 + (-2 * s**3 + 3 * s**2) * p1 + (s**3 - s**2) * m1


def hermite_derivative(p0, p1, m0, m1, s):
    """d/ds of `hermite`."""
    return (6 * s**2 - 6 * s) * p0 + (3 * s**2 - 4 * s + 1) * m0 + (-6 * s**2 + 6 * s) * p1 + (3 * s**2 - 2 * s) * m1


# ---- documented: §9 S and C rows ---------------------------------------------------------------

def spring_fixture(name, title, provenance, source, init, checks, tol):
    write("documented", name, {"title": title, "provenance": provenance, "source": source, "tolerance": tol,
                               "spring": {"init": init, "checks": checks}})


spring_fixture("s01-spring-duration-bounce", "S01 Spring(duration: 0.5, bounce: 0.3): mass 1.0, stiffness 157.9, damping 17.6",
               "documented", f"{SPEC} §9 S01; developer.apple.com/documentation/swiftui/spring", {"duration": 0.5, "bounce": 0.3},
               [{"property": "mass", "expected": 1.0}, {"property": "stiffness", "expected": 157.9}, {"property": "damping", "expected": 17.6}],
               {"absolute": 0.05})
spring_fixture("s02-spring-mass-stiffness-damping", "S02 Spring(mass: 1, stiffness: 100, damping: 10): duration 0.63, bounce 0.5",
               "documented", f"{SPEC} §9 S02; Apple Spring page", {"mass": 1, "stiffness": 100, "damping": 10},
               [{"property": "duration", "expected": 0.63}, {"property": "bounce", "expected": 0.5}], {"absolute": 0.005})
spring_fixture("s03-overdamped-stiffness-quirk", "S03 Spring(duration: 0.5, bounce: -0.2): stiffness 335.57 (quirk), damping 31.42",
               "apple", f"{SPEC} §9 S03 [PRISM] probe on macOS 26.6", {"duration": 0.5, "bounce": -0.2},
               [{"property": "stiffness", "expected": 335.57}, {"property": "damping", "expected": 31.42}], {"absolute": 0.005})
spring_fixture("s04-overdamped-velocity-quirk", "S04 overdamped velocity(target: 1, time: 1) = 1.0156 (quirk)",
               "apple", f"{SPEC} §9 S04 [PRISM]", {"duration": 0.5, "bounce": -0.2},
               [{"velocity": {"target": 1, "time": 1}, "expected": 1.0156}], {"absolute": 0.00005})
for d, b, getter, ms in [(0.15, 0, 0.300, 220.4), (0.30, 0.20, 0.584, 404.5), (0.35, 0.15, 0.635, 487.6), (0.40, 0, 0.600, 587.8), (0.50, 0.30, 1.045, 818.7)]:
    tag = f"{d}-{b}".replace(".", "_")
    spring_fixture(f"s05-settling-duration-{tag}", f"S05 settlingDuration of Spring({d}, {b}) = {getter}", "apple", f"{SPEC} §9 S05 [PRISM]",
                   {"duration": d, "bounce": b}, [{"property": "settlingDuration", "expected": getter}], {"absolute": 0.0005})
    spring_fixture(f"s06-sampled-settle-{tag}", f"S06 last time |1 - value| >= 0.001 for Spring({d}, {b}) = {ms} ms (truncated to 0.1 ms)",
                   "apple", f"{SPEC} §9 S06 [PRISM]", {"duration": d, "bounce": b},
                   [{"lastTimeOutside": {"epsilon": 0.001, "resolution": 0.0001}, "expected": ms / 1000}], {"absolute": 1e-9})


def curve_fixture(name, title, curve, checks, tol, source):
    write("documented", name, {"title": title, "provenance": "apple", "source": f"{SPEC} §9 {source} [OSUI-compat] UnitCurveCompatibilityTests",
                               "tolerance": tol, "curve": {"curve": curve, "checks": checks}})


# Apple's tests compare these exactly; 1e-12 still tells the identity and the clamp from anything
# else, without failing an engine whose solver lands a few ulp away.
curve_fixture("c01-linear", "C01 linear: value = p, velocity 1 everywhere", "linear",
              [{"at": p, "value": p} for p in [0, 0.25, 0.5, 0.75, 1]] + [{"at": p, "velocity": 1} for p in [0, 0.25, 0.5, 0.75, 1, -0.5, 1.5]],
              {"absolute": 1e-12}, "C01")
curve_fixture("c02-ease-in-value", "C02 easeIn value", "easeIn", [{"at": 0.25, "value": 0.09}, {"at": 0.5, "value": 0.32}, {"at": 0.75, "value": 0.62}], {"absolute": 0.01}, "C02")
curve_fixture("c03-ease-in-velocity", "C03 easeIn velocity", "easeIn",
              [{"at": p, "velocity": v} for p, v in [(0, 0), (0.25, 0.67), (0.5, 1.07), (0.75, 1.37), (1, 0)]], {"absolute": 0.01}, "C03")
curve_fixture("c04-ease-out-value", "C04 easeOut value", "easeOut", [{"at": 0.25, "value": 0.38}, {"at": 0.5, "value": 0.68}, {"at": 0.75, "value": 0.91}], {"absolute": 0.01}, "C04")
curve_fixture("c05-ease-out-velocity", "C05 easeOut velocity (exactly 1 at 0)", "easeOut",
              [{"at": p, "velocity": v} for p, v in [(0.25, 1.37), (0.5, 1.07), (0.75, 0.67), (1, 0)]], {"absolute": 0.01}, "C05")
curve_fixture("c05-ease-out-velocity-at-zero", "C05 easeOut velocity at 0 is exactly 1.0", "easeOut", [{"at": 0, "velocity": 1}], {"absolute": 0}, "C05")
curve_fixture("c06-ease-in-out-value", "C06 easeInOut value", "easeInOut", [{"at": 0.25, "value": 0.13}, {"at": 0.5, "value": 0.5}, {"at": 0.75, "value": 0.87}], {"absolute": 0.01}, "C06")
curve_fixture("c06-ease-in-out-clamps", "C06 easeInOut clamps progress: 0 and 1 at -0.5, 1.5, -1000, 1000", "easeInOut",
              [{"at": -0.5, "value": 0}, {"at": 1.5, "value": 1}, {"at": -1000, "value": 0}, {"at": 1000, "value": 1}], {"absolute": 1e-12}, "C06")
curve_fixture("c07-ease-in-out-velocity", "C07 easeInOut velocity", "easeInOut",
              [{"at": p, "velocity": v} for p, v in [(0, 0), (0.25, 1.06), (0.5, 1.72), (0.75, 1.06), (1, 0)]], {"absolute": 0.01}, "C07")
curve_fixture("c08-circular-ease-in", "C08 circularEaseIn", "circularEaseIn",
              [{"at": 0.25, "value": 0.032}, {"at": 0.5, "value": 0.134}, {"at": 0.75, "value": 0.339}, {"at": 0.25, "velocity": 0.258},
               {"at": 0.5, "velocity": 0.577}, {"at": 0.75, "velocity": 1.134}, {"at": 1, "value": 1}, {"at": 1, "velocity": "inf"}], {"absolute": 0.001}, "C08")
curve_fixture("c09-circular-ease-out", "C09 circularEaseOut", "circularEaseOut",
              [{"at": 0.25, "value": 0.661}, {"at": 0.5, "value": 0.866}, {"at": 0.75, "value": 0.968}, {"at": 0, "velocity": "inf"},
               {"at": 0.25, "velocity": 1.134}, {"at": 0.5, "velocity": 0.577}, {"at": 0.75, "velocity": 0.258}, {"at": 1, "velocity": 0}], {"absolute": 0.001}, "C09")
curve_fixture("c09-circular-ease-in-out", "C09 circularEaseInOut", "circularEaseInOut",
              [{"at": 0.25, "value": 0.067}, {"at": 0.5, "value": 0.5}, {"at": 0.75, "value": 0.933}] +
              [{"at": p, "velocity": v} for p, v in [(0, 0), (0.25, 0.577), (0.5, "inf"), (0.75, 0.577), (1, 0)]], {"absolute": 0.001}, "C09")
curve_fixture("c10-bezier", "C10 bezier((0.25, 0.1), (0.75, 0.9))", {"bezier": [0.25, 0.1, 0.75, 0.9]},
              [{"at": 0.5, "value": 0.5}, {"at": 0.5, "velocity": 1.20}], {"absolute": 0.01}, "C10")
curve_fixture("c11-bezier-extreme", "C11 bezier((-0.5, 2), (1.5, -1))", {"bezier": [-0.5, 2, 1.5, -1]},
              [{"at": 0.5, "value": 0.5}, {"at": 0.5, "velocity": -1.0}], {"absolute": 1e-6}, "C11")

# ---- documented: A01, T rows, E rows, seeds ----------------------------------------------------

lc = {"linear": {"duration": 5}, "logicallyCompleteAfter": 1}
for second in [0, 0.5]:
    tag = "coincident" if second == 0 else "later"
    samples = [{"time": t, "completed": ["first"] if t >= 1 else []} for t in [0.5, 0.9, 1.0, 3.0]]
    samples += [{"time": round(second + 5 + 1 / 60, 10), "completed": ["first", "second"], "isAnimating": False}]
    write("documented", f"a01-completion-order-{tag}", {
        "title": f"A01 two linear(5).logicallyComplete(after: 1) changes ({tag}): completions fire in order [first, second]",
        "provenance": "apple", "source": f"{SPEC} §9 A01; [OSUI-compat] AnimationCompletionCompatibilityTests", "tolerance": {"absolute": 0},
        "property": {"valueType": "scalar", "initialValue": 0,
                     "events": [{"time": 0, "set": 1, "animation": lc, "completion": {"name": "first", "criteria": "logicallyComplete"}},
                                {"time": second, "set": 2, "animation": lc, "completion": {"name": "second", "criteria": "removed"}}],
                     "samples": samples}})


def timeline_fixture(name, title, provenance, source, body):
    write("timeline" if provenance != "apple" else "documented", name, {"title": title, "provenance": provenance, "source": source,
                                                                          "tolerance": {"absolute": 1e-9}, "timeline": body})


timeline_fixture("t01-periodic-12", "T01 periodic(from: 0, by: 5).entries(from: 12) = 10, 15, 20", "apple", f"{SPEC} §9 T01",
                 {"schedule": {"periodic": {"from": 0, "by": 5}}, "from": 12, "expected": [10, 15, 20]})
timeline_fixture("t02-periodic-25", "T02 periodic(from: 0, by: 10).entries(from: 25) = 20, 30", "apple", f"{SPEC} §9 T02",
                 {"schedule": {"periodic": {"from": 0, "by": 10}}, "from": 25, "expected": [20, 30]})
timeline_fixture("t03-periodic-on-boundary", "T03 periodic(from: 0, by: 5).entries(from: 15) = 15, 20", "apple", f"{SPEC} §9 T03",
                 {"schedule": {"periodic": {"from": 0, "by": 5}}, "from": 15, "expected": [15, 20]})
timeline_fixture("t04-explicit", "T04 explicit([100, 200, 300]) then the end", "apple", f"{SPEC} §9 T04",
                 {"schedule": {"explicit": [100, 200, 300]}, "from": 0, "expected": [100, 200, 300], "ends": True})
timeline_fixture("t05-animation-interval", "T05 animation(minimumInterval: 1.5) = 0, 1.5, 3.0", "apple", f"{SPEC} §9 T05",
                 {"schedule": {"animation": {"minimumInterval": 1.5}}, "from": 0, "expected": [0, 1.5, 3.0]})
timeline_fixture("t06-animation-low-frequency", "T06 animation schedule in lowFrequency mode: no entries", "apple", f"{SPEC} §9 T06",
                 {"schedule": {"animation": {}}, "from": 0, "mode": "lowFrequency", "expected": [], "ends": True})
timeline_fixture("t06-animation-paused", "T06 animation(paused: true): no entries", "apple", f"{SPEC} §9 T06",
                 {"schedule": {"animation": {"paused": True}}, "from": 0, "expected": [], "ends": True})
timeline_fixture("t07-every-minute", "T07 everyMinute: whole minutes, 60 s apart", "apple", f"{SPEC} §9 T07",
                 {"schedule": {"everyMinute": {}}, "from": 1000000.75, "minuteAligned": True, "spacing": 60, "count": 5})

STRETCH = [(1.0, 0.1), (0.6, 0.15), (1.5, 0.1), (1.05, 0.15), (1.0, 0.88), (0.8, 0.1), (1.04, 0.4), (1.0, 0.22)]
ANGLE = [(0, 0.58), (16, 0.125), (-16, 0.125), (16, 0.125), (0, 0.125)]
bouncy = {"duration": 0.5, "bounce": 0.3}
emoji_tracks = [
    {"property": "scale", "keyframes": [{"linear": {"to": 1.0, "duration": 0.36}}, {"spring": {"to": 1.5, "duration": 0.8, "spring": bouncy}},
                                        {"spring": {"to": 1.0, "spring": bouncy}}]},
    {"property": "verticalOffset", "keyframes": [{"linear": {"to": 0.0, "duration": 0.1}}, {"spring": {"to": 20.0, "duration": 0.15, "spring": bouncy}},
                                                 {"spring": {"to": -60.0, "duration": 1.0, "spring": bouncy}}, {"spring": {"to": 0.0, "spring": bouncy}}]},
    {"property": "verticalStretch", "keyframes": [{"cubic": {"to": v, "duration": d}} for v, d in STRETCH]},
    {"property": "angle", "keyframes": [{"cubic": {"to": v, "duration": d}} for v, d in ANGLE]},
]
def end_checks(keyframes, property):
    """A check at each keyframe's end time: the track reaches the keyframe's value there."""
    checks, t = [], 0.0
    for v, d in keyframes:
        t += d
        checks.append({"time": round(t, 10), "value": {property: v}})
    return checks
checks = end_checks(STRETCH, "verticalStretch")
write("documented", "e01-emoji-stretch-track", {
    "title": "E01 the emoji's verticalStretch track lasts 2.10 s and reaches each cubic keyframe's value at its end",
    "provenance": "documented", "source": f"{SPEC} §9 E01; Apple 'Controlling the timing and movements of your animations'",
    "tolerance": {"absolute": 1e-9},
    "keyframes": {"valueType": {"struct": ["verticalStretch"]}, "initialValue": {"verticalStretch": 1.0},
                  "tracks": [emoji_tracks[2]], "checks": [{"duration": 2.1}] + checks}})
checks = end_checks(ANGLE, "angle")
write("documented", "e01-emoji-angle-track", {
    "title": "E01 the emoji's angle track lasts 1.08 s and reaches each keyframe's value at its end",
    "provenance": "documented", "source": f"{SPEC} §9 E01", "tolerance": {"absolute": 1e-9},
    "keyframes": {"valueType": {"struct": ["angle"]}, "initialValue": {"angle": 0}, "tracks": [emoji_tracks[3]],
                  "checks": [{"duration": 1.08}] + checks}})
write("documented", "e01-emoji-four-tracks", {
    "title": "E01 the four-track emoji: linear keyframes reach their value at their end; later tracks hold their end",
    "provenance": "documented", "source": f"{SPEC} §9 E01", "tolerance": {"absolute": 1e-9},
    "keyframes": {"valueType": {"struct": ["scale", "verticalOffset", "verticalStretch", "angle"]},
                  "initialValue": {"scale": 1, "verticalOffset": 0, "verticalStretch": 1, "angle": 0}, "tracks": emoji_tracks,
                  "checks": [{"time": 0.1, "value": {"scale": 1.0, "verticalOffset": 0.0, "verticalStretch": 1.0, "angle": hermite(0, 0, 0, (16 - 0) / (0.58 + 0.125) * 0.58, 0.1 / 0.58)}},
                             ]}})

write("documented", "e02-keyframe-timeline-point", {
    "title": "E02 KeyframeTimeline(initialValue: CGPoint.zero) { Cubic (0, 100) 0.3 s; Cubic (0, 0) 0.7 s }: duration 1.0, y 100 at 0.3, 0 at 1.0",
    "provenance": "documented", "source": f"{SPEC} §9 E02; developer.apple.com/documentation/swiftui/keyframetimeline", "tolerance": {"absolute": 1e-9},
    "keyframes": {"valueType": "point", "initialValue": [0, 0],
                  "tracks": [{"keyframes": [{"cubic": {"to": [0, 100], "duration": 0.3}}, {"cubic": {"to": [0, 0], "duration": 0.7}}]}],
                  "checks": [{"duration": 1.0}, {"time": 0.3, "value": [0, 100]}, {"time": 1.0, "value": [0, 0]}, {"progress": 0.3, "value": [0, 100]}]}})

# Seeds: the bouncy emoji whose completion returns it to 1 (logical completion of .bouncy: 0.5 s).
write("documented", "seed-bouncy-emoji-completion", {
    "title": "withAnimation(.bouncy) { scale = 1.5 } completion: back to 1 — the completion fires at logical completion (0.5 s)",
    "provenance": "documented", "source": f"{SPEC} §6.2 (FluidSpring: t - startTime >= response); seeds' bouncy emoji example",
    "tolerance": {"absolute": 0},
    "property": {"valueType": "scalar", "initialValue": 1,
                 "events": [{"time": 0, "set": 1.5, "animation": {"bouncy": {}}, "completion": {"name": "grown"}},
                            {"time": 0.5, "set": 1.0, "animation": {"default": {}}, "completion": {"name": "back"}}],
                 "samples": [{"time": 0.25, "completed": []}, {"time": 0.5, "completed": ["grown"]},
                             {"time": 0.75, "completed": ["grown"]}, {"time": 1.0, "completed": ["grown", "back"]},
                             {"time": 1.5}, {"time": 2.0}, {"time": 2.5}, {"time": 3.0, "value": 1.0, "isAnimating": False}]}})

# Loading indicators: linear(duration: 1).repeatForever(autoreverses: false), rotation and offset,
# sampled at 60 Hz. Each cycle restarts at the frame that detects the end (§3.2).
def repeat_linear(times, duration, change):
    values, start = [], 0.0
    for t in times:
        e = t - start
        if e > duration:
            start = t
            values.append(change)
        else:
            values.append(change * e / duration)
    return values

ts = frames(3.0)
for kind, type_, change in [("rotation", "angle", 360.0), ("offset", "scalar", 200.0)]:
    write("documented", f"seed-loading-indicator-{kind}", {
        "title": f"Loading indicator: linear(duration: 1).repeatForever(autoreverses: false) {kind}, 60 Hz",
        "provenance": "analytic", "source": f"{SPEC} §3.2 repeat algorithm; seeds' loading indicators",
        "tolerance": {"absolute": 1e-3 * change / 100, "relative": 1e-5},
        "property": {"valueType": type_, "initialValue": 0,
                     "events": [{"time": 0, "set": change, "animation": {"linear": {"duration": 1}, "repeatForever": True, "autoreverses": False}}],
                     "samples": [{"time": t, "value": v, "isAnimating": True} for t, v in zip(ts, repeat_linear(ts, 1.0, change))]}})

heart = {"spring": {"response": 0.3, "dampingFraction": 0.3, "blendDuration": 0.3}}
for how in ["implicit", "explicit"]:
    event = {"time": 0, "set": 1.5}
    if how == "implicit":
        event["path"] = [{"animation": heart, "valueChanged": True}]
    else:
        event["animation"] = heart
    write("documented", f"seed-heart-{how}", {
        "title": f"The heart scaled with spring(response: 0.3, dampingFraction: 0.3, blendDuration: 0.3), {how}: the same motion",
        "provenance": "reference-model", "source": f"{SPEC} §3.1, §7; seeds' heart example", "tolerance": {"absolute": 1e-9, "relative": 1e-9},
        "property": {"valueType": "scalar", "initialValue": 1, "events": [event], "samples": [{"time": t} for t in frames(1.5)]}})

for where, path in [("inside", [{"animation": {"easeInOut": {}}, "valueChanged": True}]), ("outside", [])]:
    write("documented", f"seed-modifier-order-{where}", {
        "title": f".animation(.easeInOut, value: warning) written after the colour, before .padding: the value {where} it "
                 + ("animates over 0.35 s" if where == "inside" else "changes at once"),
        "provenance": "documented", "source": f"{SPEC} §7 (a modifier applies to what it wraps); seeds' modifier-order example",
        "tolerance": {"absolute": 1e-5},
        "property": {"valueType": "scalar", "initialValue": 10, "events": [{"time": 0, "set": 20, "path": path}],
                     "samples": [{"time": 0.175, "value": 10 + 10 * bezier(CURVES["easeInOut"], 0.5) if where == "inside" else 20,
                                  "isAnimating": where == "inside"},
                                 {"time": 0.36, "value": 20, "isAnimating": False}]}})

# ---- phases (analytic transition times) --------------------------------------------------------

def phase_fixture(name, title, provenance, source, phases, mode, duration, transitions, samples, triggers=None, hz=60, suite="phases"):
    body = {"phases": phases, "mode": mode, "frameRate": hz, "duration": duration, "samples": samples, "transitions": transitions}
    if triggers is not None:
        body["triggers"] = triggers
    write(suite, name, {"title": title, "provenance": provenance, "source": source, "tolerance": {"absolute": 1e-9}, "phases": body})

# Two-phase bounce: [false, true], offset -40 when true, .default; advances at logical completion,
# 0.5 s after each phase starts (§6.1, decision 5).
phase_fixture("two-phase-bounce", "Two-phase bounce: false/true, offset -40, default animation; phases change every 0.5 s",
              "analytic", f"{SPEC} §6.1, decision 5, §6.2 (FluidSpring logical completion); seeds' two-phase example",
              [{"name": "false", "value": 0, "animation": {"default": {}}}, {"name": "true", "value": -40, "animation": {"default": {}}}],
              "continuous", 2.0, [{"time": 0.5 * k, "phase": ["true", "false"][k % 2]} for k in range(5)],
              [{"time": 0.0, "phase": "true"}, {"time": 0.75, "phase": "false"}], hz=64, suite="documented")

# Three-phase emoji: .smooth, .easeInOut(duration: 0.3), .spring(duration: 0.3, bounce: 0.7); trigger at 10/64.
phase_fixture("three-phase-emoji", "Three-phase emoji on a trigger: easeInOut(0.3) to move, spring(0.3, 0.7) to scale, smooth back",
              "analytic", f"{SPEC} §6.1; seeds' three-phase emoji", [
                  {"name": "initial", "value": 0, "animation": {"smooth": {}}},
                  {"name": "move", "value": -40, "animation": {"easeInOut": {"duration": 0.3}}},
                  {"name": "scale", "value": -50, "animation": {"spring": {"duration": 0.3, "bounce": 0.7}}}],
              "trigger", 3.0, [{"time": 10 / 64, "phase": "move"}, {"time": 30 / 64, "phase": "scale"}, {"time": 50 / 64, "phase": "initial"}],
              [{"time": 30 / 64, "value": -40, "phase": "scale"}, {"time": 0.0, "phase": "initial"}][::-1], triggers=[10 / 64], hz=64, suite="documented")

# Four-phase bouncing ball: easeIn for fall and expand, easeOut for squash and rise; each 0.35 s
# curve returns nil at the first frame after 0.35 s: 23 frames at 64 Hz.
ball = [{"name": "top", "value": 200, "animation": {"easeOut": {}}}, {"name": "bottom", "value": 0, "animation": {"easeIn": {}}},
        {"name": "squashed", "value": -10, "animation": {"easeOut": {}}}, {"name": "expanded", "value": 0, "animation": {"easeIn": {}}}]
order = ["bottom", "squashed", "expanded", "top"]
phase_fixture("four-phase-bouncing-ball", "Four-phase bouncing ball: phase order, animation per phase, values at the boundaries",
              "analytic", f"{SPEC} §2.3 (curves end after their duration), §6.1; seeds' bouncing ball", ball, "continuous", 200 / 64,
              [{"time": 23 * k / 64, "phase": order[k % 4]} for k in range(9)],
              [{"time": 23 * k / 64, "value": [0, -10, 0, 200][(k - 1) % 4] if k > 0 else 200} for k in range(9)], hz=64, suite="documented")

for d in [0.2, 0.25, 0.4, 0.5]:
    n = math.floor(d * 64) + 1
    phase_fixture(f"linear-cycle-{d}", f"Two phases with linear({d}): each phase lasts {n} frames at 64 Hz", "analytic",
                  f"{SPEC} §2.3, §6.1", [{"name": "a", "value": 0, "animation": {"linear": {"duration": d}}},
                                         {"name": "b", "value": 10, "animation": {"linear": {"duration": d}}}],
                  "continuous", 6 * n / 64, [{"time": n * k / 64, "phase": ["b", "a"][k % 2]} for k in range(7)],
                  [{"time": n * k / 64, "value": [0, 10][k % 2] if k else 0} for k in range(7)], hz=64)
phase_fixture("nil-animation", "Phases with nil animation apply at once and advance one per frame", "analytic", f"{SPEC} decision 5",
              [{"name": n, "value": v} for n, v in [("a", 0), ("b", 5), ("c", 9)]], "continuous", 5 / 64,
              [{"time": k / 64, "phase": "bca"[k % 3]} for k in range(6)], [{"time": 1 / 64, "value": 9}, {"time": 2 / 64, "value": 0}], hz=64)
phase_fixture("trigger-twice", "A trigger form run twice: through every phase and back, each time", "analytic", f"{SPEC} §6.1",
              [{"name": "rest", "value": 0, "animation": {"linear": {"duration": 0.25}}}, {"name": "up", "value": 8, "animation": {"linear": {"duration": 0.25}}}],
              "trigger", 2.0, [{"time": 0.0, "phase": "up"}, {"time": 17 / 64, "phase": "rest"}, {"time": 1.0, "phase": "up"}, {"time": 1 + 17 / 64, "phase": "rest"}],
              [{"time": 0.6, "value": 0, "phase": "rest"}, {"time": 1.6, "value": 0, "phase": "rest"}], triggers=[0.0, 1.0], hz=64)

# ---- merge / retarget / velocity: reference-model scenarios ------------------------------------

SPRINGS = [("bouncy", {"bouncy": {}}), ("smooth", {"smooth": {}}), ("snappy", {"snappy": {}}),
           ("spring-0.3-0.5", {"spring": {"response": 0.3, "dampingFraction": 0.5}}),
           ("spring-0.8-0.9-blend", {"spring": {"response": 0.8, "dampingFraction": 0.9, "blendDuration": 0.4}}),
           ("interactive", {"interactiveSpring": {}}), ("default", {"default": {}})]
CURVE_ANIMS = [("linear", {"linear": {"duration": 0.6}}), ("easeIn", {"easeIn": {"duration": 0.5}}),
               ("easeOut", {"easeOut": {"duration": 0.7}}), ("easeInOut", {"easeInOut": {"duration": 1.0}}),
               ("overshoot", {"timingCurve": {"controlPoints": [0.68, -0.6, 0.32, 1.6], "duration": 0.8}}),
               ("unitcurve", {"timingCurve": {"curve": "easeOut", "duration": 0.5}})]


CURVE_KEYS = {"linear", "easeIn", "easeOut", "easeInOut", "timingCurve"}


def tolerance_for(events):
    # MotionCore rounds timing-curve progress to multiples of 2^-20, as SwiftUI does, and solves x
    # to 2^-20; the reference model does neither, so curve scenarios allow 8 * 2^-20 of the
    # largest change (the x error is magnified by the slope, up to about 3 on overshooting curves). Springs are held to 1e-9.
    scale = max([1.0] + [abs(e["set"]) for e in events])
    uses_curves = any(isinstance(e.get("animation"), dict) and CURVE_KEYS & set(e["animation"]) for e in events)
    return {"absolute": 8 * scale / 2**20, "relative": 1e-6} if uses_curves else {"absolute": 1e-9, "relative": 1e-9}


def scenario(suite, name, title, source, events, end=2.5, hz=60, extra=None, initial=0, tol=None):
    tol = tol or tolerance_for(events)
    samples = [{"time": t, "value": 0, "velocity": 0, "isAnimating": True} for t in frames(end, hz)]
    body = {"valueType": "scalar", "initialValue": initial, "events": events, "samples": samples}
    if extra:
        body.update(extra)
    write(suite, name, {"title": title, "provenance": "reference-model", "source": source,
                        "tolerance": tol, "property": body})


for a_name, a in SPRINGS:
    for b_name, b in SPRINGS[:4]:
        scenario("merge", f"spring-{a_name}-then-{b_name}", f"{a_name} to 100, then {b_name} to 40 at 0.2 s: merged, velocity kept",
                 f"{SPEC} §3.1 shouldMerge, §4.3 item 3", [{"time": 0, "set": 100, "animation": a}, {"time": 0.2, "set": 40, "animation": b}])
for c_name, c in CURVE_ANIMS:
    scenario("merge", f"spring-on-{c_name}", f"bouncy arriving on a running {c_name}: takes its position (and its velocity if it reports one)",
             f"{SPEC} §3.1 shouldMerge seeding", [{"time": 0, "set": 100, "animation": c}, {"time": 0.25, "set": 150, "animation": {"bouncy": {}}}])
    scenario("merge", f"{c_name}-on-spring", f"{c_name} arriving on a running bouncy spring: combined, not merged",
             f"{SPEC} §4.3 item 4", [{"time": 0, "set": 100, "animation": {"bouncy": {}}}, {"time": 0.2, "set": -50, "animation": c}])
scenario("merge", "custom-merging", "A custom animation that opts into merging takes over on the same clock", f"{SPEC} §4.1, §4.3 item 3",
         [{"time": 0, "set": 10, "animation": {"custom": {"name": "MergingLinearAnimation", "duration": 1}}},
          {"time": 0.4, "set": 30, "animation": {"custom": {"name": "MergingLinearAnimation", "duration": 1}}}], end=1.5)
scenario("merge", "spring-on-custom-linear", "A spring takes the velocity of MyLinearAnimation", f"{SPEC} §4.1, §3.1",
         [{"time": 0, "set": 10, "animation": {"custom": {"name": "MyLinearAnimation", "duration": 1}}},
          {"time": 0.5, "set": 30, "animation": {"snappy": {}}}])
scenario("merge", "three-merges", "Three spring merges in a row", f"{SPEC} §3.1, §4.3",
         [{"time": 0, "set": 100, "animation": {"bouncy": {}}}, {"time": 0.1, "set": -20, "animation": {"snappy": {}}},
          {"time": 0.25, "set": 60, "animation": {"spring": {"response": 0.3, "dampingFraction": 0.5}}}, {"time": 0.4, "set": 0, "animation": {"smooth": {}}}], end=3)

for n in [2, 3, 5]:
    for k, (c_name, c) in enumerate(CURVE_ANIMS[:4]):
        events = [{"time": round(0.15 * i, 10), "set": 50 * (i + 1) * (-1) ** (i + k), "animation": CURVE_ANIMS[(k + i) % 4][1]} for i in range(n)]
        scenario("retarget", f"curves-{n}-stacked-{c_name}", f"{n} timing curves stacked from {c_name}: a chain of lerps", f"{SPEC} §4.3 item 4", events)
for c_name, c in CURVE_ANIMS + SPRINGS[:3]:
    scenario("retarget", f"back-to-start-{c_name}", f"{c_name} to 100, back to 0 at 0.2 s", f"{SPEC} §4.3",
             [{"time": 0, "set": 100, "animation": c}, {"time": 0.2, "set": 0, "animation": c}])
    scenario("retarget", f"zero-delta-{c_name}", f"{c_name} to 100, then 100 again at 0.2 s: nothing changes", f"{SPEC} §4.3",
             [{"time": 0, "set": 100, "animation": c}, {"time": 0.2, "set": 100, "animation": {"easeIn": {}}}])
    scenario("retarget", f"unanimated-while-running-{c_name}", f"{c_name} to 100; at 0.2 s a jump to 300 without animation", f"{SPEC} §4.3 item 1",
             [{"time": 0, "set": 100, "animation": c}, {"time": 0.2, "set": 300, "animation": None}])
for d in [0.2, 0.5]:
    scenario("retarget", f"during-delay-{d}", f"easeInOut delayed by {d}, retargeted by linear during the delay", f"{SPEC} §3.2 delay, §4.3",
             [{"time": 0, "set": 100, "animation": {"easeInOut": {"duration": 1}, "delay": d}}, {"time": d / 2, "set": 200, "animation": {"linear": {"duration": 1}}}])
for reverses in [True, False]:
    scenario("retarget", f"repeating-{'autoreverse' if reverses else 'forward'}", "A repeating curve retargeted mid-cycle", f"{SPEC} §3.2 repeat, §4.3",
             [{"time": 0, "set": 100, "animation": {"linear": {"duration": 0.25}, "repeatCount": 3, "autoreverses": reverses}},
              {"time": 0.3, "set": 200, "animation": {"linear": {"duration": 0.5}}}])
scenario("retarget", "coincident-combined", "Two changes before the first frame combine (decision 6)", f"{SPEC} decision 6, §4.3 item 5",
         [{"time": 0, "set": 100, "animation": {"linear": {"duration": 1}}}, {"time": 0, "set": 200, "animation": {"linear": {"duration": 1}}}])
scenario("retarget", "coincident-dropped", "Old behaviour: the first coincident change's animation is dropped", f"{SPEC} decision 6, §4.3 item 5",
         [{"time": 0, "set": 100, "animation": {"linear": {"duration": 1}}}, {"time": 0, "set": 200, "animation": {"linear": {"duration": 1}}}],
         extra={"mergesCoincidentAnimations": False})
for s_name, s in [("interpolating", {"interpolatingSpring": {"stiffness": 170, "damping": 15}}),
                  ("interpolating-duration", {"interpolatingSpring": {"duration": 0.4, "bounce": 0.2}})]:
    scenario("retarget", f"{s_name}-combines", f"{s_name} retargeted by itself: the effects add up (combined)", f"{SPEC} §3.1 SpringAnimation",
             [{"time": 0, "set": 100, "animation": s}, {"time": 0.15, "set": 160, "animation": s}])
for m_name, m in [("speed", {"easeIn": {"duration": 1}, "speed": 2}), ("logical", {"linear": {"duration": 1}, "logicallyCompleteAfter": 0.3})]:
    scenario("retarget", f"modifier-{m_name}", f"A {m_name} modifier retargeted by a spring", f"{SPEC} §3.2",
             [{"time": 0, "set": 50, "animation": m}, {"time": 0.2, "set": 80, "animation": {"smooth": {}}}])

for a_name, a in SPRINGS[:5]:
    scenario("velocity", f"continuity-{a_name}", f"{a_name} retargeted every 0.1 s: value and velocity continuous", f"{SPEC} §3.1, §4.3",
             [{"time": round(0.1 * i, 10), "set": [100, -50, 30, 80][i], "animation": a} for i in range(4)])
scenario("velocity", "tracking-hands-to-spring", "A tracked gesture at 600/s hands its velocity to a smooth spring", f"{SPEC} §4.4",
         [{"time": round(i / 60, 12), "set": 10 * i, "transaction": {"tracksVelocity": True}} for i in range(11)]
         + [{"time": round(10 / 60, 12), "set": 200, "animation": {"smooth": {}}}], end=2.0)
scenario("velocity", "tracking-decays", "A tracked gesture that stops: velocity decays, tracking ends 2 s after", f"{SPEC} §4.4",
         [{"time": 0, "set": 1, "transaction": {"tracksVelocity": True}}, {"time": 0.05, "set": 4, "transaction": {"tracksVelocity": True}}], end=2.5)

# ---- keyframes: analytic -------------------------------------------------------------------

def keyframe_fixture(name, title, source, initial, keyframes, checks, value_type="scalar", tolerance=None):
    write("keyframes", name, {"title": title, "provenance": "analytic", "source": source, "tolerance": tolerance or {"absolute": 1e-9, "relative": 1e-9},
                              "keyframes": {"valueType": value_type, "initialValue": initial, "tracks": [{"keyframes": keyframes}], "checks": checks}})


def cubic_track(initial, points):
    """Values of a track of cubic keyframes (value, duration) by the §5.2 rules, in Python:
    zero velocity at both ends, non-uniform Catmull-Rom tangents (P[i+1] - P[i-1]) / (d[i] + d[i+1])."""
    starts = [initial] + [p for p, _ in points[:-1]]
    velocities = [0.0]
    for i in range(len(points) - 1):
        velocities.append((points[i + 1][0] - starts[i]) / (points[i][1] + points[i + 1][1]))
    velocities.append(0.0)

    def value(t):
        for i, (p, d) in enumerate(points):
            if t <= d:
                s = max(t, 0) / d
                return hermite(starts[i], p, velocities[i] * d, velocities[i + 1] * d, s)
            t -= d
        return points[-1][0]
    return value


for k, points in enumerate([[(10, 0.5), (-4, 0.25), (6, 1.0)], [(1, 0.2), (2, 0.2), (0, 0.6), (5, 0.3)], [(100, 1.0), (0, 1.0)],
                            [(3, 0.1), (-3, 0.3), (3, 0.1), (-3, 0.3), (0, 0.2)]]):
    f = cubic_track(0.0, points)
    total = sum(d for _, d in points)
    times = [round(total * j / 16, 10) for j in range(17)] + [total + 0.5, -0.25]
    keyframe_fixture(f"cubic-catmull-rom-{k}", f"Cubic keyframes {points}: Catmull-Rom joints, zero end velocities", f"{SPEC} §5.2, decision 4",
                     0, [{"cubic": {"to": p, "duration": d}} for p, d in points],
                     [{"duration": total}] + [{"time": t, "value": f(t)} for t in times])
for k, (curve, to, d) in enumerate([("linear", 10, 1.0), ("easeIn", -5, 0.5), ("easeInOut", 8, 2.0), ("easeOut", 3, 0.25)]):
    times = [round(d * j / 8, 10) for j in range(9)]
    keyframe_fixture(f"linear-{curve}", f"LinearKeyframe({to}, duration: {d}, timingCurve: .{curve})", f"{SPEC} §5.2 Linear",
                     2, [{"linear": {"to": to, "duration": d, "curve": curve}}],
                     [{"time": t, "value": 2 + (to - 2) * bezier(CURVES[curve], t / d)} for t in times],
                     tolerance={"absolute": 8 * abs(to - 2) / 2**20})  # UnitCurve rounds to 2^-20 (§2.2)
keyframe_fixture("move-then-linear", "MoveKeyframe jumps; the next keyframe starts from it", f"{SPEC} §5.2 Move",
                 0, [{"move": {"to": 5}}, {"linear": {"to": 15, "duration": 1}}], [{"time": t, "value": 5 + 10 * t} for t in [0, 0.25, 0.5, 1]] + [{"duration": 1}])
keyframe_fixture("linear-then-cubic-hands-velocity", "A linear keyframe hands its end velocity to a following cubic",
                 f"{SPEC} §5.2 (previous = Linear)", 0, [{"linear": {"to": 10, "duration": 0.5}}, {"cubic": {"to": 0, "duration": 0.5}}],
                 [{"time": 0.5 + 0.5 * j / 4, "value": hermite(10, 0, 20 * 0.5, 0, j / 4)} for j in range(5)])
keyframe_fixture("point-cubic", "E02-like CGPoint track: values at each keyframe's end", f"{SPEC} §9 E02, §5.2", [0, 0],
                 [{"cubic": {"to": [0, 100], "duration": 0.3}}, {"cubic": {"to": [50, 0], "duration": 0.7}}],
                 [{"time": 0.3, "value": [0, 100]}, {"time": 1.0, "value": [50, 0]}, {"duration": 1.0}], value_type="point")
write("keyframes", "tracks-different-lengths", {"title": "Two tracks of different lengths: the shorter holds its end", "provenance": "analytic",
      "source": f"{SPEC} §5.2", "tolerance": {"absolute": 1e-12},
      "keyframes": {"valueType": {"struct": ["a", "b"]}, "initialValue": {"a": 0, "b": 0},
                    "tracks": [{"property": "a", "keyframes": [{"linear": {"to": 10, "duration": 1}}]},
                               {"property": "b", "keyframes": [{"linear": {"to": 4, "duration": 3}}]}],
                    "checks": [{"duration": 3}, {"time": 2, "value": {"a": 10, "b": 4 * 2 / 3}}, {"progress": 0.5, "value": {"a": 10, "b": 2}}]}})

# ---- timeline: analytic ----------------------------------------------------------------------

for start, by, at in [(0, 5, 12.5), (3, 4, 100), (0, 0.25, 1.1), (10, 60, 125), (7, 3, 7)]:
    first = at - math.fmod(at - start, by)
    timeline_fixture(f"periodic-{start}-{by}-{at}".replace(".", "_"), f"periodic(from: {start}, by: {by}).entries(from: {at})", "analytic",
                     f"{SPEC} §8.2: startDate - remainder(startDate - s, i), then +i", {"schedule": {"periodic": {"from": start, "by": by}}, "from": at,
                                                                                      "expected": [first + k * by for k in range(5)]})
for interval in [0.5, 1 / 30, 2.0]:
    timeline_fixture(f"animation-{round(interval, 4)}".replace(".", "_"), f"animation(minimumInterval: {interval}) from 100", "analytic",
                     f"{SPEC} §8.2", {"schedule": {"animation": {"minimumInterval": interval}}, "from": 100, "expected": [100 + k * interval for k in range(6)]})
timeline_fixture("explicit-unsorted", "explicit dates come back as given, then the end", "analytic", f"{SPEC} §8.2",
                 {"schedule": {"explicit": [5, 1, 3]}, "from": 0, "expected": [5, 1, 3], "ends": True})
timeline_fixture("animation-default-interval", "animation with no minimum interval: 1/120 s ([OSUI]'s choice)", "analytic", f"{SPEC} §8.2",
                 {"schedule": {"animation": {}}, "from": 0, "expected": [k / 120 for k in range(5)]})
# ---- velocity at keyframe joins and spring hand-offs: analytic ----------------------------------

def spring_closed_form(duration, bounce, target, v0, t):
    """Underdamped Spring(duration:bounce:) from rest-relative start, its value and velocity at t (§1.4)."""
    ratio = 1 - bounce
    zeta = ratio * 2 * math.pi / duration
    omega = math.sqrt(1 - ratio * ratio) * 2 * math.pi / duration
    e, s, c = math.exp(-zeta * t), math.sin(omega * t), math.cos(omega * t)
    x = target - e * ((zeta * target - v0) * s / omega + target * c)
    v = e * ((zeta * target - v0) * (zeta * s - omega * c) / omega + target * (omega * s + zeta * c))
    return x, v

for k, points in enumerate([[(10, 0.5), (-4, 0.25), (6, 1.0)], [(1, 0.2), (2, 0.2), (0, 0.6), (5, 0.3)]]):
    starts = [0.0] + [p for p, _ in points[:-1]]
    joints, t = [], 0.0
    for i in range(len(points) - 1):
        t += points[i][1]
        joints.append({"time": round(t, 10), "velocity": (points[i + 1][0] - starts[i]) / (points[i][1] + points[i + 1][1])})
    write("velocity", f"keyframe-joins-{k}", {"title": f"Cubic keyframes {points}: the velocity at every joint is the Catmull-Rom tangent",
          "provenance": "analytic", "source": f"{SPEC} §5.2, decision 4", "tolerance": {"absolute": 1e-9, "relative": 1e-9},
          "keyframes": {"valueType": "scalar", "initialValue": 0, "tracks": [{"keyframes": [{"cubic": {"to": p, "duration": d}} for p, d in points]}],
                        "checks": joints + [{"time": 0, "velocity": 0}, {"time": sum(d for _, d in points), "velocity": 0}]}})
for k, (d, b, hold) in enumerate([(0.5, 0.3, 0.3), (0.4, 0.15, 0.2), (0.8, 0.5, 0.5)]):
    end, velocity = spring_closed_form(d, b, 10.0, 0.0, hold)
    write("velocity", f"spring-keyframe-hand-off-{k}", {
        "title": f"SpringKeyframe(10, duration: {hold}, spring: ({d}, {b})) then a cubic: the cubic starts at the spring's position and velocity",
        "provenance": "analytic", "source": f"{SPEC} §5.2 Spring (end = start + spring.value(..., time: D)), §1.4", "tolerance": {"absolute": 1e-9, "relative": 1e-9},
        "keyframes": {"valueType": "scalar", "initialValue": 0,
                      "tracks": [{"keyframes": [{"spring": {"to": 10, "duration": hold, "spring": {"duration": d, "bounce": b}}}, {"cubic": {"to": 0, "duration": 0.5}}]}],
                      "checks": [{"time": hold, "value": end}, {"time": hold, "velocity": velocity},
                                 {"time": hold + 0.25, "value": hermite(end, 0, velocity * 0.5, 0, 0.5)}]}})
write("velocity", "linear-then-cubic", {"title": "A linear keyframe's end velocity (chord / duration) carries into a following cubic",
      "provenance": "analytic", "source": f"{SPEC} §5.2 (previous = Linear)", "tolerance": {"absolute": 1e-9},
      "keyframes": {"valueType": "scalar", "initialValue": 0, "tracks": [{"keyframes": [{"linear": {"to": 10, "duration": 0.5}}, {"cubic": {"to": 0, "duration": 0.5}}]}],
                    "checks": [{"time": 0.25, "velocity": 20}, {"time": 0.5, "velocity": 20}, {"time": 0.75, "velocity": hermite_derivative(10, 0, 10, 0, 0.5) / 0.5}]}})
print(f"wrote {len(written)} fixtures")
