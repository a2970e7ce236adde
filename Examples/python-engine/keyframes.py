"""Keyframe timelines (docs/semantics.md §5.2): moves, linear, cubic Hermite and spring segments."""
from curves import curve_value
from protocol import number
from springs import Spring


class Track:
    """One keyframe track of scalar values (docs/semantics.md §5.2): segments of a duration, an end
    value and an end velocity, each starting where the previous one ended."""

    def __init__(self, start, keyframes):
        kinds = [next(iter(k.items())) for k in keyframes]
        self.segments = []  # (kind, args, a, b, d, v0, v1, spring)
        a, previous_end_velocity = start, None
        for i, (kind, args) in enumerate(kinds):
            b = args["to"]
            if kind == "move":
                self.segments.append(("move", args, a, b, 0.0, 0.0, 0.0, None))
                a, previous_end_velocity = b, 0.0
                continue
            if kind == "spring":
                spring = Spring(args.get("spring", {}))
                v0 = args.get("startVelocity", previous_end_velocity if previous_end_velocity is not None else 0.0)
                d = args["duration"] if args.get("duration") is not None else spring.settling(b - a, v0, 1e-4)
                end, v1 = a + spring.value(b - a, v0, d), spring.velocity(b - a, v0, d)
                self.segments.append(("spring", args, a, b, d, v0, v1, spring))
                a, previous_end_velocity = end, v1
                continue
            d = args["duration"]
            if kind == "linear":
                curve = args.get("curve", "linear")
                v1 = (b - a) / d * curve_value(curve, 1.0, True) if d > 0 else 0.0
                self.segments.append(("linear", args, a, b, d, None, v1, curve))
                a, previous_end_velocity = b, v1
                continue
            # cubic: the start velocity, then the end velocity from the next keyframe
            if "startVelocity" in args:
                v0 = args["startVelocity"]
            elif i == 0 or kinds[i - 1][0] == "move":
                v0 = 0.0
            elif kinds[i - 1][0] == "cubic":
                prev = self.segments[-1]
                v0 = kinds[i - 1][1]["endVelocity"] if "endVelocity" in kinds[i - 1][1] else (b - prev[2]) / (prev[4] + d)
            else:
                v0 = previous_end_velocity
            if "endVelocity" in args:
                v1 = args["endVelocity"]
            elif i == len(kinds) - 1 or kinds[i + 1][0] == "move":
                v1 = 0.0
            else:
                nkind, nargs = kinds[i + 1]
                if nkind == "cubic":
                    v1 = nargs["startVelocity"] if "startVelocity" in nargs else (nargs["to"] - a) / (d + nargs["duration"])
                elif nkind == "spring":
                    v1 = nargs["startVelocity"] if "startVelocity" in nargs else (nargs["to"] - a) / (2 * d)
                else:
                    v1 = (nargs["to"] - b) / nargs["duration"] * curve_value(nargs.get("curve", "linear"), 0.0, True)
            self.segments.append(("cubic", args, a, b, d, v0, v1, None))
            a, previous_end_velocity = b, v1
        self.start, self.end = start, a
        self.duration = sum(seg[4] for seg in self.segments)

    def at(self, t, velocity=False):
        if t < 0:
            return 0.0 if velocity else (self.segments[0][2] if self.segments else self.start)
        begin = 0.0
        for kind, args, a, b, d, v0, v1, extra in self.segments:
            if t <= begin + d:  # a boundary belongs to the earlier segment
                u = t - begin
                if kind == "move":
                    return 0.0 if velocity else b
                if kind == "spring":
                    return extra.velocity(b - a, v0, u) if velocity else a + extra.value(b - a, v0, u)
                if kind == "linear":
                    p = u / d if d > 0 else 1.0
                    return (b - a) / d * curve_value(extra, p, True) if velocity else a + (b - a) * curve_value(extra, p, False)
                x = u / d if d > 0 else 1.0
                m0, m1 = v0 * d, v1 * d
                if velocity:
                    return ((6 * x * x - 6 * x) * a + (3 * x * x - 4 * x + 1) * m0 + (-6 * x * x + 6 * x) * b + (3 * x * x - 2 * x) * m1) / d
                return ((2 * x ** 3 - 3 * x * x + 1) * a + (x ** 3 - 2 * x * x + x) * m0 + (-2 * x ** 3 + 3 * x * x) * b + (x ** 3 - x * x) * m1)
            begin += d
        return 0.0 if velocity else self.end


def keyframes(request):
    value_type, initial = request["valueType"], request["initialValue"]
    if value_type == "scalar":
        names, start = [None], [initial]
    elif value_type == "point":
        names, start = ["x", "y"], list(initial)
    else:
        names = value_type["struct"]
        start = [initial[n] for n in names] if isinstance(initial, dict) else list(initial)
    tracks = []  # (component indices, Track per component)
    for track in request["tracks"]:
        frames = track["keyframes"]
        if "property" in track:
            index = names.index(track["property"])
            tracks.append(([index], [Track(start[index], [{k: dict(v, to=v["to"])} for f in frames for k, v in f.items()])]))
        else:
            per = []
            for c in range(len(names)):
                def component(v, c=c):
                    return v[c] if isinstance(v, list) else v
                comp = [{k: dict(v, **{key: component(v[key]) for key in ("to", "startVelocity", "endVelocity") if key in v})} for f in frames for k, v in f.items()]
                per.append(Track(start[c], comp))
            tracks.append((list(range(len(names))), per))
    duration = max([t.duration for _, per in tracks for t in per] or [0.0])

    def value(t, velocity=False):
        out = [0.0] * len(names) if velocity else list(start)
        for indices, per in tracks:
            for index, track in zip(indices, per):
                out[index] = track.at(t, velocity)
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
