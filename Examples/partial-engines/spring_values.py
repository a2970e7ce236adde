#!/usr/bin/env python3
"""A spring engine that answers a spring's position and parameters but none of its settling
properties, as a physics-only spring library would: the closed-form damped oscillator, made from
`duration`/`bounce`, `response`/`dampingRatio` or `mass`/`stiffness`/`damping`.

It declares `spring.value` and `spring.parameters` (docs/protocol.md §3): velocity and settling
checks are skipped. It declares the three initializer forms it has, not `spring.form.settling`:
scenarios made with the `settlingDuration` initializer are skipped, never asked (it would answer
them with an error).

`--two-forms` makes it a smaller library still: springs by value in the duration and response forms
alone, whose duration form starts from rest whatever initial velocity it is given and whose damping
ratio is clamped to [0, 1] — and says so in its handshake's `limits` (docs/protocol.md §3,
"Limits"), so that those checks and scenarios are skipped. `--two-forms-undeclared` behaves the
same and says nothing: they fail.
"""
import json
import math
import sys

TAU = 2 * math.pi
TWO_FORMS = any(arg.startswith("--two-forms") for arg in sys.argv[1:])
LIMITS = {"initialVelocityIgnoredBy": ["duration"], "dampingRatio": [0, 1]}


class Spring:
    def __init__(self, init):
        self.mass = init.get("mass", 1.0)
        if "settlingDuration" in init:
            raise ValueError("the settlingDuration initializer is not supported")
        if "stiffness" in init:
            self.stiffness, self.damping = init["stiffness"], init["damping"]
            critical = 2 * math.sqrt(self.stiffness * self.mass)
            if self.damping > critical and not init.get("allowOverDamping", False):
                self.damping = critical
        else:
            response = init.get("response", init.get("duration", 0.5))
            if "response" in init:
                ratio = init["dampingRatio"]
            else:
                bounce = init.get("bounce", 0.0)
                ratio = math.inf if bounce <= -1 else 1 / (bounce + 1) if bounce < 0 else max(0.0, 1 - bounce)
            if TWO_FORMS:
                ratio = min(max(ratio, 0.0), 1.0)
            self.stiffness = (TAU / response) ** 2
            self.damping = 2 * ratio * TAU / response
        self.ignores_initial_velocity = TWO_FORMS and "response" not in init and "stiffness" not in init

    def parameter(self, name):
        omega0 = math.sqrt(self.stiffness / self.mass)
        ratio = self.damping / (2 * math.sqrt(self.stiffness * self.mass))
        response = TAU / omega0
        values = {"mass": self.mass, "stiffness": self.stiffness, "damping": self.damping, "dampingRatio": ratio,
                  "response": response, "duration": response, "bounce": 1 - ratio if ratio <= 1 else 1 / ratio - 1}
        return values[name]

    def value(self, target, v0, t):
        """Position at t of a spring from 0 to target with initial velocity v0."""
        omega0 = math.sqrt(self.stiffness / self.mass)
        zeta = self.damping / (2 * math.sqrt(self.stiffness * self.mass))
        x0 = -target  # displacement from the target
        if self.ignores_initial_velocity:
            v0 = 0.0
        if zeta < 1:
            wd = omega0 * math.sqrt(1 - zeta * zeta)
            b = (v0 + zeta * omega0 * x0) / wd
            x = math.exp(-zeta * omega0 * t) * (x0 * math.cos(wd * t) + b * math.sin(wd * t))
        elif zeta == 1:
            x = math.exp(-omega0 * t) * (x0 + (v0 + omega0 * x0) * t)
        else:
            s = omega0 * math.sqrt(zeta * zeta - 1)
            r1, r2 = -zeta * omega0 + s, -zeta * omega0 - s
            c2 = (v0 - r1 * x0) / (r2 - r1)
            x = (x0 - c2) * math.exp(r1 * t) + c2 * math.exp(r2 * t)
        return target + x


def answer(request):
    if request["op"] == "hello":
        if TWO_FORMS:
            hello = {"protocol": 2, "engine": {"name": "spring-two-forms", "version": "1.0"},
                     "capabilities": ["spring.value", "spring.form.duration", "spring.form.response"]}
            if "--two-forms" in sys.argv:
                hello["limits"] = LIMITS
            return hello
        return {"protocol": 2, "engine": {"name": "spring-values", "version": "1.0"}, "capabilities": ["spring.value", "spring.parameters", "spring.form.duration", "spring.form.response", "spring.form.physical"]}
    if request["op"] == "spring":
        spring = Spring(request["spring"])
        results = []
        for query in request["queries"]:
            if "property" in query:
                results.append(spring.parameter(query["property"]))
            else:
                q = query["value"]
                results.append(spring.value(q.get("target", 1.0), q.get("initialVelocity", 0.0), q["time"]))
        # JSON has no literal for non-finite numbers: the protocol writes them as strings (§1).
        return {"results": [x if math.isfinite(x) else "nan" if math.isnan(x) else "inf" if x > 0 else "-inf" for x in results]}
    raise ValueError("this engine answers spring questions only, not '%s'" % request["op"])


for line in sys.stdin:
    request = json.loads(line)
    try:
        reply = answer(request)
    except Exception as error:
        reply = {"error": str(error)}
    reply["id"] = request.get("id")
    print(json.dumps(reply), flush=True)
