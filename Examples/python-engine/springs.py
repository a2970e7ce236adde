"""`Spring` (docs/semantics.md §1): initializers, derived properties, closed forms, settlingDuration."""
import math
import sys

from protocol import div, number

TAU = 2 * math.pi


def spring_damping_fraction(b):
    """SwiftUI's springDampingFraction(bounce:), which animations use as it is (§1.2, §3.1)."""
    if b < 0:
        return 1 / (b + 1) if b != -1 else math.inf
    return 1 - b


def damping_ratio_from_bounce(b):
    """The damping ratio of Spring(duration:bounce:): springDampingFraction with the limits of §1.2."""
    if b <= -1:
        return math.inf
    if b < 0:
        return 1 / (b + 1)
    return 0.0 if b > 1 else 1 - b


class Spring:
    """A spring as §1.1 stores it: mass m, decay z (damping / 2m) and signed frequency w."""

    def __init__(self, init):
        self.m = 1.0
        if "stiffness" in init:
            self.m = init.get("mass", 1.0)
            w0 = math.sqrt(init["stiffness"] / self.m)
            self.z = init["damping"] / (2 * self.m)
            if self.z > w0 and not init.get("allowOverDamping", False):
                self.z, self.w = w0, 0.0
            else:
                self.w = math.copysign(math.sqrt(abs(init["stiffness"] / self.m - self.z ** 2)), w0 - self.z) if self.z != w0 else 0.0
        elif "settlingDuration" in init:
            r = min(max(init.get("dampingRatio", 1.0), sys.float_info.epsilon), 1.0)
            t = min(max(init["settlingDuration"], 0.01), 10.0)
            eps = init.get("epsilon", 0.001)
            if r < 1:
                x = -math.log(eps * math.sqrt(1 - r * r) / r) / (r * t)
            else:
                x = self.newton_critical(t, eps)
            if not (math.isfinite(x) and x > 0):
                x = TAU / t  # no positive root: the spring whose response is T (§1.2)
            self.z, self.w = r * x, math.sqrt(max(x * x - (r * x) ** 2, 0.0))
        else:
            if "response" in init:
                d, r = init["response"], init.get("dampingRatio", 1.0)
                overdamped = r > 1
            else:
                d, b = init.get("duration", 0.5), init.get("bounce", 0.0)
                r = damping_ratio_from_bounce(b)
                overdamped = r > 1 or b <= -1
            self.w = (-1 if overdamped else 1) * div(math.sqrt(abs(1 - r * r)) * TAU, d)
            self.z = div(r * TAU, d)

    @staticmethod
    def newton_critical(t, eps):
        for start, steps in ((5 / t, 12), (1 / t, 20)):
            x = start
            for _ in range(steps):
                f = math.exp(-t * x) * (1 + t * x) - eps
                df = -t * t * x * math.exp(-t * x)
                if df == 0:
                    break
                x -= f / df
            if math.isfinite(x) and x > 0 and abs(math.exp(-t * x) * (1 + t * x) - eps) <= 1e-9 * max(eps, 1e-300) + 1e-15:
                return x
        return math.nan  # neither run converged

    def prop(self, name):
        response = TAU / math.sqrt(self.z ** 2 + self.w * abs(self.w))
        ratio = self.z * response / TAU
        return {
            "duration": response, "response": response, "dampingRatio": ratio, "mass": self.m,
            "bounce": 1 - ratio if self.w >= 0 else 1 / ratio - 1,
            "damping": 2 * self.m * self.z, "stiffness": self.m * (self.w ** 2 + self.z ** 2),
            "settlingDuration": self.settling(1, 0, 0.001),
        }[name]

    def value(self, target, v0, t):
        z, w, e = self.z, self.w, math.exp(-self.z * t)
        if w > 0:
            return target - e * ((z * target - v0) * math.sin(w * t) / w + target * math.cos(w * t))
        if w == 0:
            return target - (target + (z * target - v0) * t) * e
        a, b = -w - z, w - z
        e1, e2 = math.exp(a * t), math.exp(b * t)
        return target * (((z - w) * e1 + a * e2) / (2 * w) + 1) - v0 * (e1 - e2) / (2 * w)

    def velocity(self, target, v0, t):
        z, w, e = self.z, self.w, math.exp(-self.z * t)
        if w > 0:
            return e * ((z * target - v0) * (z * math.sin(w * t) - w * math.cos(w * t)) / w + target * (w * math.sin(w * t) + z * math.cos(w * t)))
        if w == 0:
            return ((z * target - v0) * (z * t - 1) + z * target) * e
        a, b = -w - z, w - z
        e1, e2 = math.exp(a * t), math.exp(b * t)
        return target * (((z - w) * a * e1 + a * b * e2) / (2 * w) + 1) - v0 * (a * e1 - b * e2) / (2 * w)

    def settling(self, target, v0, eps):
        if self.z == 0:
            return math.inf
        if self.w > 0:
            return max(0.0, -math.log(div(eps, abs(self.z * target - v0) + abs(target))) / self.z)
        return scan(eps, lambda t: abs(self.value(target, v0, t) - target))

    def last_time_outside(self, eps, resolution):
        """The last time in (0, 10] s the spring from 0 to 1 is eps or more from 1, truncated to
        a multiple of resolution: 10 s is the horizon of docs/protocol.md §4, so a spring still
        outside there crosses at 10, truncated like any other time (9.999 for a resolution of
        0.003). The crossing is searched in steps of 1e-4 s whatever the
        resolution (an oscillating spring can leave the band between two multiples of it), then
        bisected."""
        def outside(t):
            return not abs(1 - self.value(1, 0, t)) < eps
        step = 1e-4
        # Every step after `quiet` is inside the band: the scan skips them, and finds the step it
        # would have found from 10 s.
        first = max(0, math.floor((10 - self.quiet_after(eps, outside)) / step) - 1)
        for i in range(first, 100000):
            t = 10 - i * step
            if outside(t):
                break
        else:
            return 0.0
        low, high = t, 10 - (i - 1) * step
        if i > 0:
            for _ in range(80):
                middle = (low + high) / 2
                if not low < middle < high:
                    break
                if outside(middle):
                    low = middle
                else:
                    high = middle
        return math.floor(low / resolution) * resolution

    def quiet_after(self, eps, outside):
        """A time past which the spring from 0 to 1 stays within eps of 1, or 10 when none is known.
        Underdamped, its distance e^(-zt)|(z/w)sin(wt) + cos(wt)| is at most e^(-zt)sqrt(1 + (z/w)^2);
        critically or overdamped, it falls monotonically from 1 and is bisected. Both are widened
        by 1% and 1 ms for rounding."""
        z, w = self.z, self.w
        if not (math.isfinite(z) and math.isfinite(w) and z > 0 and 0 < eps < 1):
            return 10.0
        if w > 0:
            bound = math.log(math.sqrt(1 + (z / w) ** 2) / eps) / z
        else:
            if outside(10.0):
                return 10.0
            low, high = 0.0, 10.0
            for _ in range(60):
                middle = (low + high) / 2
                low, high = (middle, high) if outside(middle) else (low, middle)
            bound = high
        return min(10.0, bound * 1.01 + 1e-3)


def scan(eps, distance):
    """The 0.1 s scan of docs/semantics.md §1.5; t is the running sum of its steps."""
    candidate, t = None, 0.0
    for _ in range(1024):
        d = distance(t)
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


def spring(request):
    s = Spring(request["spring"])
    results = []
    for query in request["queries"]:
        if "property" in query:
            results.append(s.prop(query["property"]))
        elif "value" in query:
            q = query["value"]
            results.append(s.value(q.get("target", 1), q.get("initialVelocity", 0), q["time"]))
        elif "velocity" in query:
            q = query["velocity"]
            results.append(s.velocity(q.get("target", 1), q.get("initialVelocity", 0), q["time"]))
        elif "settlingDuration" in query:
            q = query["settlingDuration"]
            results.append(s.settling(q.get("target", 1), q.get("initialVelocity", 0), q.get("epsilon", 0.001)))
        else:
            q = query["lastTimeOutside"]
            results.append(s.last_time_outside(q["epsilon"], q["resolution"]))
    return {"results": [number(r) for r in results]}
