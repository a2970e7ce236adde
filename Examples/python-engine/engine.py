#!/usr/bin/env python3
"""An engine in Python behind MotionBench's engine protocol (docs/protocol.md, version 2),
written from docs/semantics.md alone — not from MotionCore — as the test that the document is
complete: it passes every conformance fixture.

The parts follow the document: `springs.py` (§1), `curves.py` (§2), `animation.py` (§3 and §4.1:
the animations and modifiers), `property.py` (§4.3–§4.5 and §6.2: changes that merge or combine,
velocity tracking, completions), `keyframes.py` (§5), `phases.py` (§6.1), and `workloads.py`, the
benchmark workloads of protocol §8 (every kind, with `workload.frames`), computed by the same
animated values and keyframe tracks. It is slow on purpose — plain Python, a channel at a time —
and shows the protocol, not speed: read a line, answer a line, repeat the request's id.

    motion-bench conform --engine "python3 Examples/python-engine/engine.py"
    motion-bench run --engine "python3 Examples/python-engine/engine.py" --filter 1k

Options: `--capabilities A,B,…` declares only those capabilities (a partial engine: fixtures that
need more are skipped, naming what they need); `--wrong` breaks it on purpose (timing-curve
animations that skip the rounding to 2^-20 of §2.2, an interpolating spring oscillating at the
undamped frequency): fixtures fail, and the harness must call its workloads "different";
`--name NAME` changes the name its handshake gives, which labels its benchmarks
(`workload.curve.1k@NAME`); `--next-frame` plays property scenarios on the next-frame clock of
protocol §2 (a change applies at the next sample, as of the last one) and declares it, and
`--next-frame-undeclared` plays on that clock without saying so, as an engine from before
revision 2.3 would; `--frame-loop` and `--frame-loop-held` play on the frame-loop clocks of protocol
§2 (an animation from rest begins at the first frame after a change, or the second) and declare
them, `--frame-loop-undeclared` and `--frame-loop-held-undeclared` without saying so;
`--declare CLOCK` declares CLOCK whatever it plays on (an engine that says one thing and does another).
"""
import json
import math
import sys
import time

from curves import curve_value
from keyframes import keyframes
from phases import phases
from property import AnimatedValue, Converter, components
from protocol import WRONG, number
from springs import spring
from workloads import frames, workload

# `--name NAME`: the name the handshake gives (reports label the engine's benchmarks with it);
# `--capabilities A,B`: declare only those.
NAME = sys.argv[sys.argv.index("--name") + 1] if "--name" in sys.argv[:-1] else ("python-example-wrong" if WRONG else "python-example")
ONLY = sys.argv[sys.argv.index("--capabilities") + 1].split(",") if "--capabilities" in sys.argv[:-1] else None
CAPABILITIES = ["property.scalar", "property.angle", "property.point", "property.size", "property.rect", "property.struct",
                "property.velocity", "property.isAnimating", "property.completion", "property.completion.logical", "property.completion.removed", "tracksVelocity", "mergesCoincidentAnimations",
                "customAnimations", "spring.value", "spring.velocity", "spring.parameters", "spring.settling",
                "curve.value", "curve.velocity", "curve.circular", "curve.named", "curve.bezier", "curve.extended", "keyframes.value", "keyframes.velocity", "keyframes.duration",
                "phases.value", "phases.phase", "timeline",
                "workload.fluid", "workload.closed", "workload.curve", "workload.keyframe", "workload.frames"]
# Protocol 1's coarse names, which `--capabilities` also takes (protocol §3, "Capabilities").
BUNDLES = {"velocity": ["property.velocity"], "isAnimating": ["property.isAnimating"], "completion": ["property.completion"],
           "spring": ["spring.value", "spring.velocity", "spring.parameters", "spring.settling"],
           "curve": ["curve.value", "curve.velocity", "curve.circular"],
           "keyframes": ["keyframes.value", "keyframes.velocity", "keyframes.duration"], "phases": ["phases.value", "phases.phase"]}
if ONLY is not None:
    ONLY = [member for name in ONLY for member in BUNDLES.get(name, [name])]
NEXT_FRAME = "--next-frame" in sys.argv or "--next-frame-undeclared" in sys.argv
# `--frame-loop[-held]` plays on a frame-loop clock of protocol §2 and declares it; with
# `-undeclared` it says nothing, and the harness finds the clock from its calibration scenarios.
FRAME_LOOP = next((name for name in ("frame-loop-held", "frame-loop") if any(a.startswith("--" + name) for a in sys.argv)), None)


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
        interval = args.get("minimumInterval")
        interval = interval if interval is not None and interval > 0 else 1 / 120  # no minimum at or below 0
        return [start + k * interval for k in range(count)]
    if kind == "everyMinute":
        first = math.floor(start / 60) * 60  # the reference date is on a whole minute in UTC
        return [first + 60 * k for k in range(count)]
    raise ValueError("unknown schedule " + kind)


VALUE = None  # the property scenario's value and how its components convert


def property_op(op, request):
    global VALUE
    if op == "reset":
        converter = Converter(request["valueType"])
        VALUE = (AnimatedValue(converter.inward(components(request["initialValue"])), request.get("mergesCoincidentAnimations", True),
                               next_frame=NEXT_FRAME, frame_loop={None: 0, "frame-loop": 1, "frame-loop-held": 2}[FRAME_LOOP]), converter)
        return {"ok": True}
    value, converter = VALUE
    if op == "set":
        value.set(request["time"], converter.inward(components(request["value"])), request.get("animation"),
                  request.get("tracksVelocity", False), request.get("completion"))
        return {"ok": True}
    presented, velocity, animating = value.sample(request["time"])
    return {"value": [number(x) for x in converter.outward(presented)], "velocity": [number(x) for x in converter.outward(velocity)],
            "isAnimating": animating, "completed": list(value.completed)}


def answer(request):
    op = request["op"]
    if op == "hello":
        # Protocol 2 (modifiers as an array) when the harness speaks it; its `versions` lists what it speaks.
        hello = {"protocol": 2 if 2 in request.get("versions", [request.get("protocol")]) else 1, "engine": {"name": NAME, "version": "2.0"},
                 "capabilities": [c for c in CAPABILITIES if ONLY is None or c in ONLY],
                 "clock": {"name": "time.perf_counter_ns", "resolution": time.get_clock_info("perf_counter").resolution}}
        if "--next-frame" in sys.argv:
            hello["clockModel"] = "next-frame"
        if FRAME_LOOP and "--" + FRAME_LOOP in sys.argv:
            hello["clockModel"] = FRAME_LOOP
        if "--declare" in sys.argv[:-1]:
            hello["clockModel"] = sys.argv[sys.argv.index("--declare") + 1]
        return hello
    if op == "workload":
        return workload(request)
    if op == "frames":
        return frames(request)
    if op == "spring":
        return spring(request)
    if op in ("reset", "set", "sample"):
        return property_op(op, request)
    if op == "phases":
        return phases(request)
    if op == "keyframes":
        return keyframes(request)
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
