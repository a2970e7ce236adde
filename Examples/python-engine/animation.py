"""Animations and an animated value, written from docs/semantics.md §3, §4 and §6 alone.

Values are lists of components (vectors); an animation animates an interval (the change), not an
absolute value (§4.1). The section numbers below are those of docs/semantics.md.
"""
import math

from curves import Bezier, STEP, curve_value
from protocol import WRONG, div, rounded, sqrt
from springs import TAU, scan, spring_damping_fraction


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def sub(a, b):
    return [x - y for x, y in zip(a, b)]


def scale(a, s):
    return [x * s for x in a]


def mag2(a):
    return sum(x * x for x in a)


class Context:
    """The animation's state store and its logical completion (§4.2)."""

    def __init__(self):
        self.state = {}
        self.logically_complete = False

    def copy(self):
        c = Context()
        c.state = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.state.items()}
        c.logically_complete = self.logically_complete
        return c


class Animation:
    merges = False

    def velocity(self, value, t, ctx):
        return None

    def should_merge(self, previous, value, t, ctx):
        return False


# §2.3: timing-curve animations.
class BezierAnimation(Animation):
    def __init__(self, points, duration):
        self.bezier, self.d = Bezier(*points, clamp_y=False), duration
        self.key = ("bezier", tuple(points), duration)

    def animate(self, value, t, ctx):
        if self.d <= 0 or t > self.d:
            return None
        p = min(max(t / self.d, 0.0), 1.0)
        y = self.bezier.y(self.bezier.solve(p))
        return scale(value, y if WRONG else rounded(y / STEP) * STEP)


class UnitCurveAnimation(Animation):
    def __init__(self, curve, duration):
        self.curve, self.d = curve, duration
        self.key = ("unitcurve", str(curve), duration)

    def animate(self, value, t, ctx):
        if self.d <= 0 or t > self.d:
            return None
        return scale(value, curve_value(self.curve, min(max(t / self.d, 0.0), 1.0), False))

    def velocity(self, value, t, ctx):
        if self.d <= 0:
            return None
        return scale(value, curve_value(self.curve, min(max(t / self.d, 0.0), 1.0), True) / self.d)


# §3.1: the fluid spring.
class FluidSpring(Animation):
    merges = True

    def __init__(self, response, fraction, blend=0.0):
        self.response, self.fraction, self.blend = response, fraction, blend
        self.key = ("fluid", response, fraction, blend)

    def state(self, ctx, n):
        s = ctx.state.get("fluid")
        if s is None:
            s = ctx.state["fluid"] = {"offset": [0.0] * n, "velocity": [0.0] * n, "force": [0.0] * n,
                                      "time": 0.0, "start": 0.0, "blendStart": 0.0, "blendInterval": 0.0}
        return s

    def response_at(self, s, t):
        if self.blend > 0 and s["blendInterval"] != 0:
            q = min(max((t - s["blendStart"]) / self.blend, 0.0), 1.0)
            return self.response + s["blendInterval"] * (1 - q * q * (3 - 2 * q))
        return self.response

    def animate(self, value, t, ctx):
        s = self.state(ctx, len(value))
        r = self.response_at(s, t)
        k = min((TAU / r) ** 2, 45000.0) if r > 0 else 45000.0
        if t - s["start"] >= r:
            ctx.logically_complete = True
        if t - s["time"] > 1:
            s["time"] = t - 1 / 60
        c = 2 * self.fraction * math.sqrt(k)
        while s["time"] < t:
            half = [v + f / 600 for v, f in zip(s["velocity"], s["force"])]
            s["offset"] = [o + h / 300 for o, h in zip(s["offset"], half)]
            s["force"] = [-c * h + k * (x - o) for h, x, o in zip(half, value, s["offset"])]
            s["velocity"] = [h + f / 600 for h, f in zip(half, s["force"])]
            s["time"] += 1 / 300
        rest = max(mag2(s["velocity"]), mag2(s["force"])) <= 0.0036
        near = mag2(value) == 0 or mag2(sub(value, s["offset"])) <= mag2(scale(value, 0.01))
        if rest and near:
            return None
        return list(s["offset"])

    def velocity(self, value, t, ctx):
        return list(self.state(ctx, len(value))["velocity"])

    def should_merge(self, previous, value, t, ctx):
        velocity = previous.velocity(value, t, ctx) or [0.0] * len(value)
        # The force the running spring left in the state — through modifiers too (§3.1).
        force = spring_state(previous, ctx).get("force")
        offset = previous.animate(value, t, ctx)
        if offset is None:  # finished by the merge: at its target, the whole interval (§3.1)
            offset = list(value)
        old = previous.response_at(previous.state(ctx, len(value)), t) if isinstance(previous, FluidSpring) else None
        ctx.state["fluid"] = {"offset": offset, "velocity": velocity, "force": list(force) if force else [0.0] * len(value),
                              "time": t, "start": t, "blendStart": t if old is not None and old != self.response else 0.0,
                              "blendInterval": old - self.response if old is not None and old != self.response else 0.0}
        ctx.logically_complete = False
        return True


# §3.1: the interpolating spring.
def spring_state(animation, ctx):
    """The fluid spring state a running animation keeps in its context: a spring's own, or that of
    the spring inside its modifiers (a repeat's current cycle's); empty for anything else."""
    if isinstance(animation, FluidSpring):
        return ctx.state.get("fluid", {})
    if isinstance(animation, Repeat):
        rep = ctx.state.get(animation.key)
        return spring_state(animation.base, rep["inner"]) if rep else {}
    if isinstance(animation, (Delay, Speed, LogicallyCompleteAfter)):
        return spring_state(animation.base, ctx)
    return {}


class InterpolatingSpring(Animation):
    def __init__(self, mass, stiffness, damping, v0):
        self.m, self.k, self.c, self.v0 = mass, stiffness, damping, v0
        self.key = ("interpolating", mass, stiffness, damping, v0)
        self.w0 = math.sqrt(stiffness / mass) if stiffness / mass >= 0 else math.nan
        self.zeta = damping / (2 * math.sqrt(mass * stiffness)) if mass * stiffness > 0 else math.inf
        if not self.zeta >= 1:  # a NaN ratio (d = 0: k and c infinite) takes this branch: s is NaN, the animation is done
            self.wd = self.w0 if WRONG else self.w0 * sqrt(1 - self.zeta ** 2)
            self.a = div(self.zeta * self.w0 - v0, self.wd)  # ζ = −1 (a bounce of −2): ω_d = 0
        self.duration = self.settling()

    def s(self, t):
        if self.zeta >= 1:
            return 1 - (1 + (self.w0 - self.v0) * t) * math.exp(-self.w0 * t)
        return 1 - math.exp(-self.zeta * self.w0 * t) * (math.cos(self.wd * t) + self.a * math.sin(self.wd * t))

    def ds(self, t):
        if self.zeta >= 1:
            w, v0 = self.w0, self.v0
            return math.exp(-w * t) * (w * (1 + (w - v0) * t) - (w - v0))
        z, w, wd, a = self.zeta, self.w0, self.wd, self.a
        e = math.exp(-z * w * t)
        return e * (z * w * (math.cos(wd * t) + a * math.sin(wd * t)) - (-wd * math.sin(wd * t) + a * wd * math.cos(wd * t)))

    def settling(self):
        eps = 0.001
        if self.zeta == 0:
            return math.inf
        if self.zeta < 1:
            return max(0.0, -math.log(eps / (1 + abs(self.a))) / (self.zeta * self.w0))
        return scan(eps, lambda t: abs(1 - self.s(t)))

    def animate(self, value, t, ctx):
        if t >= TAU / math.sqrt(self.k):
            ctx.logically_complete = True
        if t >= self.duration:
            return None
        s = self.s(t)
        return None if not math.isfinite(s) else scale(value, s)

    def velocity(self, value, t, ctx):
        v = self.ds(t)
        return scale(value, v) if math.isfinite(v) else None


# §3.1: the harness's custom animations.
class HarnessLinear(Animation):
    def __init__(self, duration, merging):
        self.d, self.merges = duration, merging
        self.key = ("harness", duration, merging)

    def animate(self, value, t, ctx):
        return None if t > self.d else scale(value, div(t, self.d))

    def velocity(self, value, t, ctx):
        return None if self.merges else scale(value, div(1, self.d))

    def should_merge(self, previous, value, t, ctx):
        return self.merges


# §3.2: modifiers, each wrapping the animation it is applied to.
class Delay(Animation):
    def __init__(self, base, d):
        self.base, self.d = base, d
        self.key = ("delay", base.key, d)
        self.merges = base.merges

    def animate(self, value, t, ctx):
        return self.base.animate(value, max(0.0, t - self.d), ctx)

    def velocity(self, value, t, ctx):
        return self.base.velocity(value, max(0.0, t - self.d), ctx)

    def should_merge(self, previous, value, t, ctx):
        return isinstance(previous, Delay) and previous.key == self.key and self.base.should_merge(previous.base, value, max(0.0, t - self.d), ctx)


class Speed(Animation):
    def __init__(self, base, s):
        self.base, self.s = base, s
        self.s = max(self.s, 0.0)  # a speed below 0 is 0: the base stays at its start (§3.2)
        self.key = ("speed", base.key, s)
        self.merges = base.merges

    def animate(self, value, t, ctx):
        return self.base.animate(value, t * self.s, ctx)

    def velocity(self, value, t, ctx):
        v = self.base.velocity(value, t * self.s, ctx)
        return None if v is None else scale(v, self.s)

    def should_merge(self, previous, value, t, ctx):
        return isinstance(previous, Speed) and previous.key == self.key and self.base.should_merge(previous.base, value, t * self.s, ctx)


class Repeat(Animation):
    def __init__(self, base, count, autoreverses):
        self.base, self.n, self.autoreverses = base, count, autoreverses
        self.key = ("repeat", base.key, count, autoreverses)

    def animate(self, value, t, ctx):
        rep = ctx.state.setdefault(self.key, {"index": 0, "offset": 0.0, "inner": Context()})
        x = self.base.animate(value, t - rep["offset"], rep["inner"])
        if rep["inner"].logically_complete:
            ctx.logically_complete = True  # a repeat is logically complete once a cycle is (§3.2)
        reversed_cycle = self.autoreverses and rep["index"] % 2 == 1
        if x is None:
            rep["inner"] = Context()
            rep["index"] += 1
            rep["offset"] = t
            if self.n is not None and rep["index"] >= self.n:
                return None
            return [0.0] * len(value) if reversed_cycle else list(value)
        return sub(value, x) if reversed_cycle else x

    def should_merge(self, previous, value, t, ctx):
        # An equal repeat around a base that merges; the cycle state is the context's, so the
        # merged repeat goes on with the running one's cycle (§3.2).
        if not (isinstance(previous, Repeat) and previous.key == self.key):
            return False
        rep = ctx.state.setdefault(self.key, {"index": 0, "offset": 0.0, "inner": Context()})
        return self.base.should_merge(previous.base, value, t - rep["offset"], rep["inner"])

    def velocity(self, value, t, ctx):
        rep = ctx.state.get(self.key)
        if rep is None:
            return self.base.velocity(value, t, Context())
        v = self.base.velocity(value, t - rep["offset"], rep["inner"])
        return None if v is None else (scale(v, -1) if self.autoreverses and rep["index"] % 2 == 1 else v)


class LogicallyCompleteAfter(Animation):
    def __init__(self, base, d):
        self.base, self.d = base, d
        self.key = ("logical", base.key, d)
        self.merges = base.merges

    def animate(self, value, t, ctx):
        x = self.base.animate(value, t, ctx)
        if t >= self.d:
            ctx.logically_complete = True
        return x

    def velocity(self, value, t, ctx):
        return self.base.velocity(value, t, ctx)

    def should_merge(self, previous, value, t, ctx):
        # Like every modifier: only an equal one around a base that merges (§3.2).
        return isinstance(previous, LogicallyCompleteAfter) and previous.key == self.key and self.base.should_merge(previous.base, value, t, ctx)


BASES = ("default", "linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring", "smooth", "snappy", "bouncy",
         "interactiveSpring", "interpolatingSpring", "custom")


def parse(json_animation):
    """An animation as the protocol sends it (docs/protocol.md §2, "Animations"): one key names the
    base; version 2 lists the modifiers in order in `modifiers`, so the order of the object's keys
    does not matter (version 1 wrote them as keys after the base)."""
    if json_animation is None:
        return None
    key = next(k for k in json_animation if k in BASES)
    args = json_animation[key] or {}
    if "modifiers" in json_animation:
        modifiers = [next(iter(m.items())) for m in json_animation["modifiers"]]
    else:
        modifiers = [(k, v) for k, v in json_animation.items() if k != key]
    if key == "default":
        animation = FluidSpring(0.5, 1.0)
    elif key in ("linear", "easeIn", "easeOut", "easeInOut"):
        points = {"linear": (0, 0, 1, 1), "easeIn": (0.42, 0, 1, 1), "easeOut": (0, 0, 0.58, 1), "easeInOut": (0.42, 0, 0.58, 1)}[key]
        animation = BezierAnimation(points, args.get("duration", 0.35))
    elif key == "timingCurve":
        if "controlPoints" in args:
            animation = BezierAnimation(tuple(args["controlPoints"]), args.get("duration", 0.35))
        else:
            animation = UnitCurveAnimation(args["curve"], args.get("duration", 0.35))
    elif key == "spring":
        blend = args.get("blendDuration", 0.0)
        if "response" in args or "dampingFraction" in args:
            animation = FluidSpring(args.get("response", 0.5), args.get("dampingFraction", 0.825), blend)
        else:
            animation = FluidSpring(args.get("duration", 0.5), spring_damping_fraction(args.get("bounce", 0.0)), blend)
    elif key in ("smooth", "snappy", "bouncy"):
        bounce = {"smooth": 0.0, "snappy": 0.15, "bouncy": 0.3}[key] + args.get("extraBounce", 0.0)
        animation = FluidSpring(args.get("duration", 0.5), spring_damping_fraction(bounce))
    elif key == "interactiveSpring":
        if "response" in args or "dampingFraction" in args:
            animation = FluidSpring(args.get("response", 0.15), args.get("dampingFraction", 0.86), args.get("blendDuration", 0.25))
        else:
            bounce = 0.15 + args.get("extraBounce", 0.0)
            animation = FluidSpring(args.get("duration", 0.15), spring_damping_fraction(bounce), args.get("blendDuration", 0.25))
    elif key == "interpolatingSpring":
        v0 = args.get("initialVelocity", 0.0)
        if "stiffness" in args:
            animation = InterpolatingSpring(args.get("mass", 1.0), args["stiffness"], args["damping"], v0)
        else:
            d, b = args.get("duration", 0.5), args.get("bounce", 0.0)
            k = (TAU / d) ** 2 if d > 0 else math.inf
            animation = InterpolatingSpring(1.0, k, 2 * math.sqrt(k) * spring_damping_fraction(b), v0)
    elif key == "custom":
        animation = HarnessLinear(args.get("duration", 1.0), args["name"] == "MergingLinearAnimation")
    else:
        raise ValueError("unknown animation " + key)
    modifiers = list(modifiers)
    for index, (key, value) in enumerate(modifiers):
        # A repeat's `autoreverses` is the element right after it; SwiftUI's default is true (§3.2).
        after = modifiers[index + 1] if index + 1 < len(modifiers) else (None, None)
        autoreverses = bool(after[1]) if after[0] == "autoreverses" else True
        if key == "delay":
            animation = Delay(animation, value)
        elif key == "speed":
            animation = Speed(animation, value)
        elif key == "repeatCount":
            animation = Repeat(animation, value, autoreverses)
        elif key == "repeatForever" and value:
            animation = Repeat(animation, None, autoreverses)
        elif key == "logicallyCompleteAfter":
            animation = LogicallyCompleteAfter(animation, value)
    return animation
