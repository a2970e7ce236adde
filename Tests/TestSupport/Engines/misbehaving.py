#!/usr/bin/env python3
"""A misbehaving engine for the harness's tests: it passes every request to the real Swift
adapter (argv[3:]) and misbehaves once, at the request whose text contains argv[2], in the way
argv[1] names — unless the marker file beside it already exists, so that after the harness
restarts it the engine behaves and the other fixtures pass.

Modes: exit (exits with status 3), crash (SIGSEGV), hang (never answers), stray (prints a line
that is not an answer first), wrong-id (answers with another id), nan (answers "nan" values),
noise (writes 64 KiB to standard error before every answer), child (starts a process that
would outlive it, then hangs)."""
import os
import signal
import subprocess
import sys
import time

mode, trigger, command = sys.argv[1], sys.argv[2], sys.argv[3:]
marker = os.environ.get("MISBEHAVE_MARKER", "")
adapter = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def first_time():
    if not marker or os.path.exists(marker):
        return False
    open(marker, "w").close()
    return True


for line in sys.stdin:
    adapter.stdin.write(line)
    adapter.stdin.flush()
    answer = adapter.stdout.readline()
    if mode == "noise":
        sys.stderr.write(("noise " * 11000)[:65536] + "\n")
        sys.stderr.flush()
    if trigger in line and (mode in ("nan", "noise") or first_time()):
        sys.stderr.write("misbehaving engine: %s at %s\n" % (mode, line.strip()[:80]))
        sys.stderr.flush()
        if mode == "exit":
            sys.exit(3)
        if mode == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        if mode == "hang":
            time.sleep(3600)
        if mode == "child":
            subprocess.Popen(["sleep", "3600"])
            time.sleep(3600)
        if mode == "stray":
            print("debug: about to answer", flush=True)
        if mode == "wrong-id":
            answer = answer.replace('"id":', '"id":9999,"was":', 1)
        if mode == "nan":
            import json
            parsed = json.loads(answer)
            if "value" in parsed:
                parsed["value"] = ["nan" for _ in parsed["value"]]
            answer = json.dumps(parsed) + "\n"
    sys.stdout.write(answer)
    sys.stdout.flush()
