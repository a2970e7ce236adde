// Called by the guardian between a fork and its exit, so it uses only async-signal-safe calls
// (open, read, close, kill and the getdents64 system call) and no allocation.
#define _GNU_SOURCE
#include "child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

struct linux_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

// The number a string of decimal digits spells, or -1 when it is not one.
static long decimal(const char *text) {
    long value = 0;
    if (!*text) return -1;
    for (; *text; text++) {
        if (*text < '0' || *text > '9') return -1;
        value = value * 10 + (*text - '0');
    }
    return value;
}

// The session of process `pid` from /proc/PID/stat (its sixth field, after the name in
// parentheses, which may itself hold spaces and parentheses), or -1.
static long session_of(const char *pid) {
    char path[64] = "/proc/";
    int at = 6;
    for (const char *c = pid; *c && at < 50; c++) path[at++] = *c;
    const char *tail = "/stat";
    for (const char *c = tail; *c; c++) path[at++] = *c;
    path[at] = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[1024];
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    if (got <= 0) return -1;
    text[got] = 0;
    char *close_paren = 0;
    for (char *c = text; *c; c++) {
        if (*c == ')') close_paren = c;
    }
    if (!close_paren) return -1;
    // After ") ": state, ppid, pgrp, session.
    char *field = close_paren + 2;
    for (int skip = 0; skip < 3; skip++) {
        while (*field && *field != ' ') field++;
        if (!*field) return -1;
        field++;
    }
    long value = 0;
    if (*field < '0' || *field > '9') return -1;
    while (*field >= '0' && *field <= '9') value = value * 10 + (*field++ - '0');
    return value;
}

// One pass over /proc: `sig` to every process of session `leader`; how many there were.
static int signal_session_once(pid_t leader, int sig) {
    int fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return 0;
    int found = 0;
    char buffer[8192];
    for (;;) {
        long got = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
        if (got <= 0) break;
        for (long offset = 0; offset < got;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
            offset += entry->d_reclen;
            long pid = decimal(entry->d_name);
            if (pid <= 0 || session_of(entry->d_name) != (long)leader) continue;
            kill((pid_t)pid, sig);
            found++;
        }
    }
    close(fd);
    return found;
}

int motionbench_signal_session(pid_t leader, int sig) {
    kill(-leader, sig);
    int found = signal_session_once(leader, sig);
    if (sig != SIGKILL) return found;
    // A process forking while the first pass ran may have left a child the pass did not see.
    for (int pass = 0; pass < 16 && signal_session_once(leader, sig) > 0; pass++) {}
    return found;
}
