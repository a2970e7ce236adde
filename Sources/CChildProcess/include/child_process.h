#ifndef MOTIONBENCH_CHILD_PROCESS_H
#define MOTIONBENCH_CHILD_PROCESS_H

#include <sys/types.h>

/// Starts the guardian of this process's children: a forked process that holds the read end of a
/// pipe whose only write end this process keeps (close-on-exec, so no child inherits it). The
/// guardian learns of each child (the leader of a session) through the pipe and, when the pipe
/// reaches its end — this process has ended, however it ended: an exit, a signal, SIGKILL
/// included — kills every session it was told of that has not been withdrawn, then exits. Returns the pipe's write
/// end, or -1 when no guardian could be started.
int motionbench_tether_start(void);

/// Tells the guardian behind `fd` of a child process group (`pgid` > 0) or that one has ended
/// (its negative). Returns 0, or -1 when the message could not be written.
int motionbench_tether_send(int fd, pid_t signed_pgid);

/// Sends `sig` to the process group `leader` leads and to every process of the session it
/// leads — which a build's compilers stay in when they lead process groups of their own — found
/// in /proc. With SIGKILL it passes over /proc until no process of the session is left or 16 more
/// passes have run. Async-signal-safe. Returns how many processes of the session the first pass
/// found.
int motionbench_signal_session(pid_t leader, int sig);

/// Whether the child `pid` has ended, without reaping it: an ended child stays a zombie until it
/// is reaped, so its number, and so its session's, cannot be given to another process while what
/// is left of its session is ended. Waits for the end when `block` is non-zero. Returns the
/// status as `waitpid` would give it, or -1 while it runs (or when it is no child of this process).
int motionbench_child_ended(pid_t pid, int block);

/// Starts `path` (searched on PATH when `search` is non-zero) with `argv` and `envp`, in a
/// session (and so a process group) of its own, with every signal's action at its default and no signal blocked,
/// its standard input, output and error the descriptors given (-1: /dev/null for input, this
/// process's own for output and error), in `directory` when not NULL. Returns the child's pid,
/// or -1 with the error number in `*error`.
pid_t motionbench_spawn(
    const char *path, int search, char *const argv[], char *const envp[], const char *directory, int input, int output, int errors,
    int *error);

#endif
