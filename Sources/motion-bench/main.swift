import Foundation

// `motion-bench`: the command-line front of MotionBench. Each command lives in its own file;
// this file only dispatches.

let arguments = Array(CommandLine.arguments.dropFirst())
let status = CommandLineTool.run(arguments)
exit(status)
