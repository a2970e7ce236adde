@preconcurrency import Glibc

// `motion-bench`: the command-line front of MotionBench. Each command lives in its own file;
// this file only dispatches.

// Written to a file or a pipe, standard output goes out a line at a time, so that it keeps its
// order with standard error (which is never buffered) in logs.
if isatty(STDOUT_FILENO) == 0 { setvbuf(stdout, nil, _IOLBF, 0) }

let arguments = Array(CommandLine.arguments.dropFirst())
let status = CommandLineTool.run(arguments)
exit(status)
