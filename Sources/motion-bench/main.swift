@preconcurrency import Glibc

// `motion-bench`: the command-line front of MotionBench. Each command lives in its own file;
// this file only dispatches.

// Written to a file or a pipe, standard output goes out a line at a time, so that it keeps its
// order with standard error (which is never buffered) in logs.
if isatty(STDOUT_FILENO) == 0 { setvbuf(stdout, nil, _IOLBF, 0) }

// A child inherits the signal mask of the thread that started it, and Dispatch's worker threads
// block the stop signals: a tool started from one would never see `kill -TERM` (a collector
// lingering for jobs could not be stopped), so this process lets them through.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
for stop in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, stop) }
pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)

let arguments = Array(CommandLine.arguments.dropFirst())
let status = CommandLineTool.run(arguments)
exit(status)
