#!/usr/bin/env python3
"""An engine double for the diagnosis tests: it passes every request to the engine argv[1:] and
answers a property sample taken at the time of the latest change with the value and velocity of
the sample before it — the last frame's, as a frame loop that has not drawn since the change
would — instead of the state at that time (docs/protocol.md §2, "Time"). Everything else it
answers as the engine does, so its failures have that one cause."""
import json
import subprocess
import sys

engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
change_time, previous = None, None
for line in sys.stdin:
    request = json.loads(line)
    engine.stdin.write(line)
    engine.stdin.flush()
    answer = json.loads(engine.stdout.readline())
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
        answer = shown
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
