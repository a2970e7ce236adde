#!/usr/bin/env python3
"""An engine that reports completion handlers late, as a UI framework does that delivers them on
a later turn of its main queue rather than in the frame that finishes the animation: it wraps the
engine whose command follows its options (the Python example, say) and holds every newly fired
completion back until a sample at least DELAY seconds after the one it fired at.

It declares `"completionDelay"` in its handshake (docs/protocol.md §3), so the harness accepts a
completion reported up to that late; with `--undeclared` it says nothing, and the completion
checks it misses fail.

    motion-bench conform --engine "python3 Examples/partial-engines/deferred_completions.py python3 Examples/python-engine/engine.py"
"""
import sys

from relay import relay

DELAY = 0.03    # how late completions are reported, seconds
DECLARED = 0.05  # the delay declared: at least DELAY, with room for a frame's rounding

args = sys.argv[1:]
undeclared = args[:1] == ["--undeclared"]
held, shown = [], []  # completions waiting (name, time fired), and those reported so far


def transform(request, answer):
    global held, shown
    op = request.get("op")
    if op == "hello" and not undeclared:
        answer["completionDelay"] = DECLARED
    elif op == "reset":
        held, shown = [], []
    elif op == "sample" and "completed" in answer:
        t = request["time"]
        known = [name for name, _ in held] + shown
        held += [(name, t) for name in answer["completed"][len(known):]]
        while held and t - held[0][1] >= DELAY:
            shown.append(held.pop(0)[0])
        answer["completed"] = list(shown)
    return answer


relay(args[1:] if undeclared else args, transform)
