// The guardian runs in a child forked from a process that may have many threads, so between the
// fork and its exit it calls only async-signal-safe functions and allocates nothing.
#define _GNU_SOURCE
#include "child_process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <unistd.h>

enum { capacity = 4096 };

static void guard(int input) {
    static pid_t groups[capacity];
    int count = 0;
    // Signals meant for the tool's terminal group (Ctrl-C) or its parent end the tool; the
    // guardian's work starts then, so it ignores them.
    struct sigaction ignore = {0};
    ignore.sa_handler = SIG_IGN;
    for (int sig = 1; sig < 32; sig++) {
        if (sig != SIGKILL && sig != SIGSTOP && sig != SIGCHLD) sigaction(sig, &ignore, 0);
    }
    setsid();
    for (;;) {
        int32_t message;
        ssize_t got = read(input, &message, sizeof message);
        if (got < 0 && errno == EINTR) continue;
        if (got != (ssize_t)sizeof message) break;
        if (message > 0) {
            int slot = 0;
            while (slot < count && groups[slot] != 0) slot++;
            if (slot == count && count < capacity) count++;
            if (slot < count) groups[slot] = (pid_t)message;
        } else if (message < 0) {
            for (int slot = 0; slot < count; slot++) {
                if (groups[slot] == (pid_t)-message) groups[slot] = 0;
            }
        }
    }
    for (int slot = 0; slot < count; slot++) {
        if (groups[slot] > 0) motionbench_signal_session(groups[slot], SIGKILL);
    }
    _exit(0);
}

int motionbench_tether_start(void) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    pid_t child = fork();
    if (child < 0) {
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    if (child == 0) {
        // Only the read end stays open: a write end held here, or any other descriptor of the
        // tool's (a child's pipe), would keep something open that the tool's end should close.
        int input = ends[0];
        if (input != 3) {
            dup2(input, 3);
            input = 3;
        }
        for (int fd = 4; fd < 65536; fd++) close(fd);
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
            dup2(null, 2);
            if (null > 3) close(null);
        }
        prctl(PR_SET_NAME, (unsigned long)"mb-tether", 0, 0, 0);
        guard(input);
    }
    close(ends[0]);
    return ends[1];
}

int motionbench_tether_send(int fd, pid_t signed_pgid) {
    int32_t message = (int32_t)signed_pgid;
    for (;;) {
        ssize_t put = write(fd, &message, sizeof message);
        if (put == (ssize_t)sizeof message) return 0;
        if (put < 0 && errno == EINTR) continue;
        return -1;
    }
}
