"""Keyframe timelines (docs/semantics.md §5.2): moves, linear, cubic Hermite and spring segments,
on values of one or more components."""
import math

from curves import curve_value
from protocol import number
from springs import Spring, scan


def vec(v, n):
    """A keyframe value as its n components: a list as it is, a number as one component."""
    return list(v) if isinstance(v, list) else [v] * n


def length(v):
    return math.sqrt(sum(x * x for x in v))


def settling(spring, change, v0):
    """settlingDuration(target: change, initialVelocity: v0, epsilon: 1e-4) of a value with these
    components: distances are the vectors' lengths (docs/semantics.md §1.5, |v| of a vector)."""
    eps = 1e-4
    if spring.z == 0:
        return math.inf
    if spring.w > 0:
        envelope = length([spring.z * c - v for c, v in zip(change, v0)]) + length(change)
        return max(0.0, -math.log(eps / envelope) / spring.z) if envelope > 0 else 0.0
    return scan(eps, lambda t: length([spring.value(c, v, t) - c for c, v in zip(change, v0)]))


class Track:
    """One keyframe track (docs/semantics.md §5.2): segments of a duration, an end value and an end
    velocity, each starting where the previous one ended."""

    def __init__(self, start, keyframes):
        n = len(start)
        zero = [0.0] * n
        kinds = []
        for k in keyframes:
            kind, args = next(iter(k.items()))
            # A keyframe that takes no time is a move.
            d = args.get("duration")
            if kind in ("linear", "cubic") and not (d > 0) or kind == "spring" and d is not None and not (d > 0):
                kind, args = "move", {"to": args["to"]}
            kinds.append((kind, args))
        self.segments = []  # (kind, args, a, b, d, v0, v1, extra)
        a, previous_end_velocity = list(start), None
        for i, (kind, args) in enumerate(kinds):
            b = vec(args["to"], n)
            if kind == "move":
                self.segments.append(("move", args, b, b, 0.0, zero, zero, None))
                a, previous_end_velocity = b, zero
                continue
            if kind == "spring":
                spring = Spring(args.get("spring", {}))
                v0 = vec(args["startVelocity"], n) if "startVelocity" in args else previous_end_velocity or zero
                change = [y - x for x, y in zip(a, b)]
                d = args["duration"] if args.get("duration") is not None else settling(spring, change, v0)
                end = [x + spring.value(c, v, d) for x, c, v in zip(a, change, v0)]
                v1 = [spring.velocity(c, v, d) for c, v in zip(change, v0)]
                self.segments.append(("spring", args, a, b, d, v0, v1, spring))
                a, previous_end_velocity = end, v1
                continue
            d = args["duration"]
            if kind == "linear":
                curve = args.get("curve", "linear")
                slope = curve_value(curve, 1.0, True)
                v1 = [(y - x) / d * slope for x, y in zip(a, b)]
                self.segments.append(("linear", args, a, b, d, zero, v1, curve))
                a, previous_end_velocity = b, v1
                continue
            # cubic: the start velocity, then the end velocity from the next keyframe
            if "startVelocity" in args:
                v0 = vec(args["startVelocity"], n)
            elif i == 0 or kinds[i - 1][0] == "move":
                v0 = zero
            elif kinds[i - 1][0] == "cubic":
                prev = self.segments[-1]
                v0 = vec(kinds[i - 1][1]["endVelocity"], n) if "endVelocity" in kinds[i - 1][1] else [(y - x) / (prev[4] + d) for x, y in zip(prev[2], b)]
            else:
                v0 = previous_end_velocity
            if "endVelocity" in args:
                v1 = vec(args["endVelocity"], n)
            elif i == len(kinds) - 1 or kinds[i + 1][0] == "move":
                v1 = zero
            else:
                nkind, nargs = kinds[i + 1]
                nto = vec(nargs["to"], n)
                if nkind == "cubic":
                    v1 = vec(nargs["startVelocity"], n) if "startVelocity" in nargs else [(y - x) / (d + nargs["duration"]) for x, y in zip(a, nto)]
                elif nkind == "spring":
                    v1 = vec(nargs["startVelocity"], n) if "startVelocity" in nargs else [(y - x) / (2 * d) for x, y in zip(a, nto)]
                else:
                    slope = curve_value(nargs.get("curve", "linear"), 0.0, True)
                    v1 = [(y - x) / nargs["duration"] * slope for x, y in zip(b, nto)]
            self.segments.append(("cubic", args, a, b, d, v0, v1, None))
            a, previous_end_velocity = b, v1
        self.start, self.end = list(start), a
        self.duration = 0.0
        for seg in self.segments:
            self.duration += seg[4]

    def at(self, t, velocity=False):
        n = len(self.start)
        if velocity and t < 0:
            return [0.0] * n
        begin = 0.0
        for kind, args, a, b, d, v0, v1, extra in self.segments:
            # The first segment with t − start ≤ d: a boundary belongs to the earlier segment.
            if t - begin <= d:
                u = max(0.0, t - begin)
                if kind == "move":
                    return [0.0] * n if velocity else b
                if kind == "spring":
                    change = [y - x for x, y in zip(a, b)]
                    if velocity:
                        return [extra.velocity(c, v, u) for c, v in zip(change, v0)]
                    return [x + extra.value(c, v, u) for x, c, v in zip(a, change, v0)]
                if kind == "linear":
                    if velocity:
                        slope = curve_value(extra, u / d, True)
                        return [(y - x) / d * slope for x, y in zip(a, b)]
                    p = curve_value(extra, u / d, False)
                    return [x + (y - x) * p for x, y in zip(a, b)]
                x = u / d
                if velocity:
                    return [((6 * x * x - 6 * x) * p + (3 * x * x - 4 * x + 1) * m0 * d + (-6 * x * x + 6 * x) * q + (3 * x * x - 2 * x) * m1 * d) / d
                            for p, q, m0, m1 in zip(a, b, v0, v1)]
                return [(2 * x ** 3 - 3 * x * x + 1) * p + (x ** 3 - 2 * x * x + x) * m0 * d + (-2 * x ** 3 + 3 * x * x) * q + (x ** 3 - x * x) * m1 * d
                        for p, q, m0, m1 in zip(a, b, v0, v1)]
            begin += d
        return [0.0] * n if velocity else self.end


def keyframes(request):
    value_type, initial = request["valueType"], request["initialValue"]
    if value_type == "scalar":
        names, start = [None], [initial]
    elif value_type == "point":
        names, start = ["x", "y"], list(initial)
    else:
        names = value_type["struct"]
        start = [initial[n] for n in names] if isinstance(initial, dict) else list(initial)
    tracks = []  # (component indices, Track)
    for track in request["tracks"]:
        if "property" in track:
            index = names.index(track["property"])
            tracks.append(([index], Track([start[index]], track["keyframes"])))
        else:
            tracks.append((list(range(len(names))), Track(start, track["keyframes"])))
    duration = max([t.duration for _, t in tracks] or [0.0])

    def value(t, velocity=False):
        out = [0.0] * len(names) if velocity else list(start)
        if velocity and not 0 <= t <= duration:
            return out
        for indices, track in tracks:
            for index, x in zip(indices, track.at(t, velocity)):
                out[index] = x
        return out

    results = []
    for query in request["queries"]:
        if "duration" in query:
            results.append(number(duration))
        elif "progress" in query:
            results.append([number(x) for x in value(query["progress"] * duration)])
        elif "velocity" in query:
            results.append([number(x) for x in value(query["velocity"], True)])
        else:
            results.append([number(x) for x in value(query["value"])])
    return {"results": results}
