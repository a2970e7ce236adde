"""An animated value (docs/semantics.md §4.3–§4.5, §6.2): changes that start, merge into or
combine with the running animation, frames, velocity and completion handlers."""
import copy
import math

from animation import Animation, Context, add, parse, sub


class Combining(Animation):
    """SwiftUI's default combining animation (§4.3 item 4): a chain of interpolations."""

    def __init__(self, first, ctx, interval):
        self.entries = [[first, ctx, 0.0, list(interval), False]]  # animation, context, start, target, finished
        self.key = ("combining", id(self))
        self.frame = {}  # entry index -> (rebased interval, offset) of the last frame

    def append(self, animation, start, target):
        self.entries.append([animation, Context(), start, list(target), False])
        self.frame = {}

    def animate(self, value, t, ctx):
        r = [0.0] * len(value)
        for index, entry in enumerate(self.entries):
            animation, ectx, start, target, finished = entry
            if finished:
                r = list(target)
                continue
            rebased = sub(target, r)
            x = animation.animate(rebased, t - start, ectx)
            if x is None:
                entry[4] = True
                r = list(target)
            else:
                self.frame[index] = (rebased, x)
                r = add(r, x)
        # Logically complete when the last entry is (§4.3 item 4); set once, until a change extends it.
        ctx.logically_complete = ctx.logically_complete or self.entries[-1][1].logically_complete or self.entries[-1][4]
        return None if self.entries[-1][4] else r

    def velocity(self, value, t, ctx):
        # The sum over the running entries on their rebased intervals; none if the newest has none.
        total, r = [0.0] * len(value), [0.0] * len(value)
        newest = None
        for index, (animation, ectx, start, target, finished) in enumerate(self.entries):
            if finished:
                r = list(target)
                continue
            # On the interval and offset of the frame: never on a state that frame moved on (§4.3 item 4).
            rebased, x = self.frame.get(index, (sub(target, r), None))
            v = animation.velocity(rebased, t - start, ectx)
            if index == len(self.entries) - 1:
                newest = v
            if v is not None:
                total = add(total, v)
            if x is None:
                x = animation.animate(rebased, t - start, copy.deepcopy(ectx))
            r = list(target) if x is None else add(r, x)
        return None if newest is None else total


class VelocityTracking(Animation):
    """§4.4: holds the target, reports the sampled velocity decayed by 0.998 per millisecond. The
    samples live in the context, which a merge hands on."""
    merges = True
    key = ("tracking",)

    @staticmethod
    def record(samples, t, interval):
        """A sample is taken at a frame whose interval differs from the last sample's (§4.4)."""
        if not samples or samples[-1][1] != list(interval):
            samples.append((t, list(interval)))

    @staticmethod
    def sampled(samples, n):
        if len(samples) < 2:
            return [0.0] * n
        (t0, v0), (t1, v1) = samples[-2], samples[-1]
        if t1 <= t0:
            return [0.0] * n
        return [(b - a) / (t1 - t0) for a, b in zip(v0, v1)]

    def animate(self, value, t, ctx):
        samples = ctx.state.setdefault("tracking", [])
        self.record(samples, t, value)
        if t - samples[-1][0] > 2:
            return None
        if len(samples) >= 2 and all(v == 0 for v in self.sampled(samples, len(value))):
            return None
        return list(value)

    def velocity(self, value, t, ctx):
        samples = list(ctx.state.get("tracking", []))
        self.record(samples, t, value)
        decay = 0.998 ** max(0.0, (t - samples[-1][0]) * 1000)
        return [v * decay for v in self.sampled(samples, len(value))]

    def should_merge(self, previous, value, t, ctx):
        return True


class Running:
    def __init__(self, animation, interval, begin, waits=0):
        self.animation, self.ctx, self.interval, self.begin = animation, Context(), list(interval), begin
        # On a frame-loop clock (protocol §2): frames still to wait for before its clock starts;
        # -1 when the next frame may jump at most 1/60 s (held begins).
        self.waits = waits


class Listener:
    def __init__(self, name, criteria):
        self.name, self.criteria = name, criteria
        self.fork = None  # for .logicallyComplete after a later change: the animation as it was


class AnimatedValue:
    def __init__(self, initial, merges_coincident=True, next_frame=False, frame_loop=0):
        self.model = list(initial)
        # On the next-frame clock (protocol §2) a change waits for the next sample and reads the
        # state of the last one: the running animation's time stands still in between.
        self.next_frame = next_frame
        # On a frame-loop clock a change applies at its time; an animation from rest begins at the
        # first frame after it (1), or the second (2, held, as in an app).
        self.frame_loop = frame_loop
        self.pending = []
        self.last_frame = -math.inf
        # On a frame-loop clock a sample no later than this is not a frame: the last animated
        # change's time or the last frame's, whichever came last, and after a held frame that
        # plus the time since the first frame. It shows what the last frame showed.
        self.frame_after = -math.inf
        self.shown = (None, None)  # (offset over model − interval, velocity) at the last frame
        self.merges_coincident = merges_coincident
        self.running = None
        self.rendered = False
        self.listeners = []
        self.completed = []

    def fire(self, listener):
        if listener in self.listeners:
            self.listeners.remove(listener)
            self.completed.append(listener.name)

    def set(self, t, value, animation_json, tracks_velocity=False, completion=None):
        if self.next_frame:
            self.pending.append((value, animation_json, tracks_velocity, completion))
        else:
            self.apply(t, value, animation_json, tracks_velocity, completion)

    def apply(self, t, value, animation_json, tracks_velocity=False, completion=None):
        if list(value) == self.model:
            # Setting the value it already has starts nothing (§4.3 item 1); a handler fires at once (§6.2).
            if completion:
                self.completed.append(completion["name"])
            return
        animation = parse(animation_json)
        if animation is None and tracks_velocity:
            animation = VelocityTracking()
        delta = sub(value, self.model)
        self.model = list(value)
        listener = Listener(completion["name"], completion.get("criteria", "logicallyComplete")) if completion else None
        if animation is None:
            if listener:
                self.completed.append(listener.name)
            return
        # Handlers following the running animation follow a fork of it from now on.
        for pending in self.listeners:
            if pending.criteria == "logicallyComplete" and pending.fork is None and self.running is not None:
                pending.fork = (copy.deepcopy(self.running.animation), copy.deepcopy(self.running.ctx), list(self.running.interval), self.running.begin)
        if self.running is None or not (not self.merges_coincident and not self.rendered):
            self.frame_after = t
        if self.running is None:
            self.running = Running(animation, delta, t, self.frame_loop)
            self.rendered = False  # no frame shown since this animation started (§4.3 item 5)
            self.shown = ([0.0] * len(self.model), [0.0] * len(self.model))
        elif not self.merges_coincident and not self.rendered:
            dropped = [p for p in self.listeners]
            # Replaced before any frame: it still waits for the frames the first one waited for,
            # from the first one's time on a frame-loop clock.
            begin = self.running.begin if self.frame_loop else t
            self.running = Running(animation, delta, begin, self.running.waits)
            for p in dropped:
                self.fire(p)
        else:
            running = self.running
            if self.next_frame:
                self.shift(t - max(self.last_frame, running.begin))
            e = t - running.begin
            if animation.should_merge(running.animation, running.interval, e, running.ctx):
                running.animation = animation
                running.ctx.logically_complete = False  # the context A left, its flag cleared: B decides for itself (§4.3 item 3)
            elif isinstance(running.animation, Combining):
                running.animation.append(animation, e, add(running.interval, delta))
                running.ctx.logically_complete = False  # a new last entry, not yet complete
            else:
                combined = Combining(running.animation, running.ctx, running.interval)
                combined.append(animation, e, add(running.interval, delta))
                running.animation, running.ctx = combined, Context()
            running.interval = add(running.interval, delta)
        if listener:
            self.listeners.append(listener)

    def shift(self, still):
        """Moves the running animation's clock, and its forks', `still` seconds later."""
        self.running.begin += still
        for pending in self.listeners:
            if pending.fork is not None:
                pending.fork = pending.fork[:3] + (pending.fork[3] + still,)

    def frame(self, t):
        """A frame of a frame-loop clock: a waiting animation begins here; after a held begin, the
        next frame is at most 1/60 s on. True for a held frame (the second of a held begin): it
        moves the clock but shows what the first frame showed."""
        running = self.running
        if running is None:
            return False
        held = False
        if running.waits > 0 and t > running.begin:
            held = running.waits == 1 and self.frame_loop > 1
            self.shift(t - running.begin)
            running.waits -= 1
            if running.waits == 0 and self.frame_loop > 1:
                running.waits = -1
        elif running.waits == -1:
            if t - running.begin > 1 / 60:
                self.shift(t - 1 / 60 - running.begin)
            running.waits = 0
        return held

    def sample(self, t):
        for change in self.pending:
            self.apply(t, *change)
        self.pending = []
        if self.frame_loop and self.running is not None:
            # Not a frame (no time has passed since the last change or frame), or a held frame:
            # either shows the last frame's offset over the model and interval as they are now.
            is_frame, first_frame = t > self.frame_after, self.running.begin
            if not is_frame or self.frame(t):
                if is_frame:
                    # Held: the next frame comes that much later than the first one did.
                    self.last_frame, self.frame_after = t, self.frame_after + t - first_frame
                offset, velocity = self.shown
                return add(sub(self.model, self.running.interval), offset), list(velocity), True
        self.last_frame = self.frame_after = t
        self.rendered = True
        velocity = [0.0] * len(self.model)
        presented = list(self.model)
        finished = False
        if self.running is not None:
            running = self.running
            x = running.animation.animate(running.interval, t - running.begin, running.ctx)
            if x is None:
                finished = True
            else:
                presented = add(sub(self.model, running.interval), x)
                v = running.animation.velocity(running.interval, t - running.begin, running.ctx)
                velocity = v if v is not None else velocity
                self.shown = (list(x), list(velocity))
        # In one frame (§6.2): the running animation's logical handlers, then the .removed ones
        # when it finished, then those following forks — a fork's handler fires when its animation
        # is logically complete or finished, or when the value stops animating.
        for listener in [l for l in self.listeners if l.criteria != "removed" and l.fork is None]:
            if finished or self.running.ctx.logically_complete:
                self.fire(listener)
        if finished:
            self.running = None
            for listener in [l for l in self.listeners if l.criteria == "removed"]:
                self.fire(listener)
        for listener in [l for l in self.listeners if l.criteria != "removed" and l.fork is not None]:
            animation, ctx, interval, begin = listener.fork
            if animation.animate(interval, t - begin, ctx) is None or ctx.logically_complete or self.running is None:
                self.fire(listener)
        return presented, velocity, self.running is not None


class Converter:
    """Angles animate their radians × 128 (§4.5); every other type its components as they are."""

    def __init__(self, value_type):
        self.angle = value_type == "angle"

    def inward(self, components):
        return [math.radians(c) * 128 for c in components] if self.angle else list(components)

    def outward(self, components):
        return [math.degrees(c / 128) for c in components] if self.angle else list(components)


def components(value):
    if isinstance(value, list):
        return value
    return [value]
