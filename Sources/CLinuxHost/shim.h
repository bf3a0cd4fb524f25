// Linux event-loop syscalls Glibc's Swift overlay does not expose
// (timerfd, signalfd, inotify, eventfd, memfd, mremap): used by PointerHost and the backends.
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <signal.h>
#include <poll.h>
#include <unistd.h>
#include <sys/syscall.h>

// memfd_create is declared only under _GNU_SOURCE; call the syscall directly.
#define AP_MFD_CLOEXEC 1U
static inline int ap_memfd_create(const char *name, unsigned int flags) {
    return (int)syscall(SYS_memfd_create, name, flags);
}

// mremap is declared only under _GNU_SOURCE too. Grows a mapping, moving it
// if it must; the pages already there stay (no new faults for them).
static inline void *ap_mremap_grow(void *address, size_t oldSize, size_t newSize) {
    return (void *)syscall(SYS_mremap, address, oldSize, newSize, 1 /* MREMAP_MAYMOVE */);
}
