#include "child_process.h"

#include <errno.h>
#include <string.h>
#include <sys/wait.h>

int motionbench_child_ended(pid_t pid, int block) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int options = WEXITED | WNOWAIT | (block ? 0 : WNOHANG);
    while (waitid(P_PID, (id_t)pid, &info, options) != 0) {
        if (errno != EINTR) return -1;
    }
    // With WNOHANG and the child still running, waitid succeeds and leaves the record zeroed.
    if (info.si_pid == 0) return -1;
    switch (info.si_code) {
    case CLD_EXITED: return (info.si_status & 0xff) << 8;
    case CLD_KILLED: return info.si_status & 0x7f;
    case CLD_DUMPED: return (info.si_status & 0x7f) | 0x80;
    default: return -1;
    }
}
