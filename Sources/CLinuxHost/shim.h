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

// evdev (touchpad finger contact, read-only, never grabbed): the ioctl request
// numbers are function-like macros Swift cannot import.
#include <linux/input.h>
#include <sys/ioctl.h>
#include <time.h>

// The device's input properties (INPUT_PROP_*), `len` bytes of bits.
static inline int ap_evdev_properties(int fd, unsigned char *bits, unsigned int len) {
    return ioctl(fd, EVIOCGPROP(len), bits);
}
// The codes event type `type` can report (`type` 0: the event types), `len` bytes of bits.
static inline int ap_evdev_event_bits(int fd, unsigned int type, unsigned char *bits, unsigned int len) {
    return ioctl(fd, EVIOCGBIT(type, len), bits);
}
// The keys (and buttons) held now, `len` bytes of bits: the state after SYN_DROPPED.
static inline int ap_evdev_key_state(int fd, unsigned char *bits, unsigned int len) {
    return ioctl(fd, EVIOCGKEY(len), bits);
}
// Stamp events with CLOCK_MONOTONIC, the clock the engine runs on.
static inline int ap_evdev_use_monotonic_clock(int fd) {
    int clock = CLOCK_MONOTONIC;
    return ioctl(fd, EVIOCSCLOCKID, &clock);
}
// The device's name, NUL-terminated within `len`.
static inline int ap_evdev_name(int fd, char *name, unsigned int len) {
    return ioctl(fd, EVIOCGNAME(len), name);
}
static inline unsigned int ap_evdev_event_size(void) { return (unsigned int)sizeof(struct input_event); }
