#!/usr/bin/env python3
"""A value-only timing-curve engine, as a small easing library would be: cubic Béziers evaluated
by solving x(s) = progress, with no derivative, no circular curves and no rounding of results.

It declares `curve.value` with `curve.named` and `curve.bezier` — curves in [0, 1] only, as CSS
easing functions are (docs/protocol.md §3): the harness sends it value queries alone, skips the
velocity checks, the circular-curve fixtures and those with a progress or control point outside
[0, 1] (`curve.extended`), and holds its values to the fixtures. Its known differences from
SwiftUI are in curve_values.expectations.
"""
import json
import sys

NAMED = {"linear": (0.0, 0.0, 1.0, 1.0), "easeIn": (0.42, 0.0, 1.0, 1.0), "easeOut": (0.0, 0.0, 0.58, 1.0),
         "easeInOut": (0.42, 0.0, 0.58, 1.0)}


def cubic(a, b, s):
    """One coordinate of the Bézier from 0 to 1 with control coordinates a and b, at parameter s."""
    return 3 * a * s * (1 - s) ** 2 + 3 * b * s * s * (1 - s) + s ** 3


def value(curve, progress):
    x1, y1, x2, y2 = NAMED[curve] if isinstance(curve, str) else curve["bezier"]
    low, high = 0.0, 1.0  # bisection: x(s) rises from 0 to 1 for control x in [0, 1]
    for _ in range(60):
        mid = (low + high) / 2
        if cubic(x1, x2, mid) < progress:
            low = mid
        else:
            high = mid
    return cubic(y1, y2, (low + high) / 2)


def answer(request):
    if request["op"] == "hello":
        return {"protocol": 2, "engine": {"name": "curve-values", "version": "1.0"}, "capabilities": ["curve.value", "curve.named", "curve.bezier"]}
    if request["op"] == "curve":
        return {"results": [value(request["curve"], query["value"]) for query in request["queries"]]}
    raise ValueError("this engine answers curve values only, not '%s'" % request["op"])


for line in sys.stdin:
    request = json.loads(line)
    try:
        reply = answer(request)
    except Exception as error:
        reply = {"error": str(error)}
    reply["id"] = request.get("id")
    print(json.dumps(reply), flush=True)
