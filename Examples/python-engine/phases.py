"""A phase animator driving one scalar value, stepped a frame at a time (docs/semantics.md §6.1,
docs/protocol.md §4 `phases`)."""
from property import AnimatedValue
from protocol import number, rounded


def phases(request):
    phases_, mode, rate = request["phases"], request["mode"], request["frameRate"]
    triggers = sorted(request.get("triggers", []))
    value = AnimatedValue([phases_[0]["value"]])
    current, transitions = 0, []
    state = {"waiting": None, "since": 0.0, "cycling": mode == "continuous"}

    def advance(t):
        # To the next phase: its value with its animation (none: the value is set at once).
        nonlocal current
        current = (current + 1) % len(phases_)
        phase = phases_[current]
        name = "phase-%d" % len(transitions)
        value.set(t, [phase["value"]], phase.get("animation"), completion={"name": name, "criteria": "logicallyComplete"})
        transitions.append({"time": t, "phase": phase["name"]})
        state["waiting"], state["since"] = name, t
        # A trigger runs one cycle: through every phase and back to the first.
        if mode == "trigger" and current == 0:
            state["cycling"] = False

    frames = int(rounded(request["duration"] * rate))  # ties away from zero, not Python's round()
    samples = sorted(((s, i) for i, s in enumerate(request["sampleTimes"])))
    answers = [None] * len(samples)
    next_sample, next_trigger = 0, 0
    for k in range(frames + 1):
        t = k / rate
        if k == 0 and mode == "continuous":
            advance(t)
        while mode == "trigger" and next_trigger < len(triggers) and triggers[next_trigger] <= t + 1e-9:
            # A trigger starts a cycle towards the second phase, mid-cycle too (§6.1).
            state["cycling"] = True
            current = 0
            advance(t)
            next_trigger += 1
        value.sample(t)  # the frame
        # A phase is left at the first later frame at which its animation is logically complete.
        if state["cycling"] and state["since"] < t and state["waiting"] in value.completed:
            advance(t)  # first shown at the next frame, or by an answer below
        while next_sample < len(samples) and samples[next_sample][0] - 1e-9 <= t:
            # Each answer evaluates the value at the frame's time once more (docs/protocol.md).
            presented, _, _ = value.sample(t)
            answers[samples[next_sample][1]] = {"value": number(presented[0]), "phase": phases_[current]["name"]}
            next_sample += 1
    answers = [a if a is not None else {"value": "nan", "phase": None} for a in answers]
    return {"samples": answers, "transitions": transitions}
