"""An engine in front of another: every request goes on to the engine whose command is given, and
its answer comes back through `transform(request, answer)`, which may change it. The engines of
this folder that differ from another in one way are written with it."""
import json
import subprocess
import sys


def relay(command, transform):
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for line in sys.stdin:
        engine.stdin.write(line)
        engine.stdin.flush()
        answer = transform(json.loads(line), json.loads(engine.stdout.readline()))
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
