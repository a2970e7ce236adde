#!/usr/bin/env python3
"""An engine double for the diagnosis tests: it passes every request to the engine argv[1:] and
answers a property sample taken at the time of the latest change with the value and velocity of
the sample before it — the last frame's, as a frame loop that has not drawn since the change
would — instead of the state at that time (docs/protocol.md §2, "Time"). Everything else it
answers as the engine does, so its failures have that one cause."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "Examples", "partial-engines"))
from relay import relay  # noqa: E402

change_time, previous = None, None


def transform(request, answer):
    global change_time, previous
    op = request.get("op")
    if op == "reset":
        change_time, previous = None, None
    elif op == "set":
        change_time = request["time"]
    elif op == "sample":
        shown = answer
        if request["time"] == change_time and previous is not None:
            shown = dict(answer, value=previous["value"], velocity=previous.get("velocity", answer.get("velocity")))
        previous = answer
        return shown
    return answer


relay(sys.argv[1:], transform)
