#include "termination.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

// A few temporary files at a time: a command writes one output at a time.
#define AP_TRACKED_SLOTS 64
#define AP_TRACKED_PATH 4096

static char tracked[AP_TRACKED_SLOTS][AP_TRACKED_PATH];
static atomic_int trackedInUse[AP_TRACKED_SLOTS];
static atomic_int exitStatus = -1;
static atomic_int mainThread = 0;

static void on_termination_signal(int sig) {
    int saved = errno;
    int main = atomic_load(&mainThread);
    if (main != 0 && (int)syscall(SYS_gettid) != main) {
        // Another thread got it: the main thread decides (signalfd or this handler).
        syscall(SYS_tgkill, (int)getpid(), main, sig);
        errno = saved;
        return;
    }
    for (int i = 0; i < AP_TRACKED_SLOTS; i++) {
        if (atomic_load(&trackedInUse[i]) == 1) unlink(tracked[i]);
    }
    int status = atomic_load(&exitStatus);
    _exit(status >= 0 ? status : 128 + sig);
}

void ap_termination_install(int exit_status) {
    atomic_store(&exitStatus, exit_status);
    atomic_store(&mainThread, (int)syscall(SYS_gettid));
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_termination_signal;
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    action.sa_flags = SA_RESTART;
    int signals[] = {SIGINT, SIGTERM};
    sigset_t unblock;
    sigemptyset(&unblock);
    for (int i = 0; i < 2; i++) {
        struct sigaction previous;
        // A signal the parent ignores stays ignored (a shell's background job ignores SIGINT).
        if (sigaction(signals[i], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
        sigaction(signals[i], &action, NULL);
        // A mask inherited from the parent (a thread that blocked them) would keep them waiting.
        sigaddset(&unblock, signals[i]);
    }
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
}

void ap_termination_set_exit_status(int exit_status) {
    atomic_store(&exitStatus, exit_status);
}

int ap_termination_track(const char *path) {
    size_t length = strlen(path);
    if (length >= AP_TRACKED_PATH) return -1;
    for (int i = 0; i < AP_TRACKED_SLOTS; i++) {
        int expected = 0;
        // Claimed with 2 (being written), published with 1 once the path is complete.
        if (atomic_compare_exchange_strong(&trackedInUse[i], &expected, 2)) {
            memcpy(tracked[i], path, length + 1);
            atomic_store(&trackedInUse[i], 1);
            return i;
        }
    }
    return -1;
}

void ap_termination_untrack(int slot) {
    if (slot >= 0 && slot < AP_TRACKED_SLOTS) atomic_store(&trackedInUse[slot], 0);
}
