#define _GNU_SOURCE
#include "child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

pid_t motionbench_spawn(
    const char *path, int search, char *const argv[], char *const envp[], const char *directory, int input, int output, int errors,
    int *error) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    if (input >= 0) {
        posix_spawn_file_actions_adddup2(&actions, input, 0);
    } else {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    }
    if (output >= 0) posix_spawn_file_actions_adddup2(&actions, output, 1);
    if (errors >= 0) posix_spawn_file_actions_adddup2(&actions, errors, 2);
    if (directory) posix_spawn_file_actions_addchdir_np(&actions, directory);
    // A session of its own, and so a group: whatever the child starts is ended with it
    // (`motionbench_signal_session`, and the tether when this process ends) — a build's
    // compilers too, which lead groups of their own but stay in the session. Signals this
    // process ignores (SIGPIPE) are not the child's.
    sigset_t all, none;
    sigemptyset(&all);
    for (int sig = 1; sig < 32; sig++) {
        if (sig != SIGKILL && sig != SIGSTOP) sigaddset(&all, sig);
    }
    sigemptyset(&none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    pid_t child = -1;
    int status = search ? posix_spawnp(&child, path, &actions, &attributes, argv, envp) : posix_spawn(&child, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (status != 0) {
        *error = status;
        return -1;
    }
    return child;
}
