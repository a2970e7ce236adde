"""Timing curves (docs/semantics.md §2): cubic Béziers solved and rounded to 2^-20, the circular curves."""
import math

from protocol import div, rounded, sqrt

STEP = 2.0 ** -20  # curve outputs are rounded to multiples of 2^-20
NAMED = {"linear": None, "easeIn": (0.42, 0, 1, 1), "easeOut": (0, 0, 0.58, 1), "easeInOut": (0.42, 0, 0.58, 1)}


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
    # value(p), velocity(p), on the unclamped progress, in IEEE arithmetic: nan outside the domain
    "circularEaseIn": (lambda p: 1 - sqrt(1 - p * p), lambda p: abs(div(p, sqrt(1 - p * p)))),
    "circularEaseOut": (lambda p: sqrt(1 - (1 - p) * (1 - p)), lambda p: abs(div(p - 1, sqrt(-(p - 2) * p)))),
    "circularEaseInOut": (
        lambda p: (1 - sqrt(1 - 4 * p * p)) / 2 if p < 0.5 else (sqrt((8 - 4 * p) * p - 3) + 1) / 2,
        lambda p: abs(div(2 * p - 2, sqrt((-4 * p + 8) * p - 3))) if p >= 0.5 else abs(div(2 * p, sqrt(-4 * p * p + 1))),
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
        return rounded(b.y(b.solve(p)) / STEP) * STEP
    b = Bezier(*points, clamp_y=False)
    t = b.solve(p)
    dx, dy = b.dx(t), b.dy(t)
    if dx == dy:
        return 1.0
    if dx == 0:
        return -math.inf if dy < 0 else math.inf
    return rounded(dy / dx / STEP) * STEP
