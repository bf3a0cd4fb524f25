#ifndef AP_TERMINATION_H
#define AP_TERMINATION_H
// SIGINT and SIGTERM for every command (issue 39): a handler, installed once at
// start, that removes the temporary files registered with it (the hidden .tmp
// files of atomic writes) and ends the process at once with the exit status
// given (-1: 128 + the signal, 130 for SIGINT, 143 for SIGTERM). Only
// async-signal-safe calls run in the handler: unlink, tgkill, _exit.
//
// A thread that blocks the signals (run's event loop, which reads them from a
// signalfd and shuts down cleanly) never runs the handler. A signal the kernel
// hands to another thread is sent on to the thread that installed the handler,
// so it ends up where that thread wants it: its signalfd, or the handler.

/// Installs the handler for SIGINT and SIGTERM on the calling (main) thread.
void ap_termination_install(int exit_status);
/// The exit status used when the handler ends the process (-1: 128 + signal).
void ap_termination_set_exit_status(int exit_status);
/// Registers a file the handler removes; returns a slot for
/// ap_termination_untrack, or -1 when it is not tracked (path too long, all slots in use).
int ap_termination_track(const char *path);
void ap_termination_untrack(int slot);
#endif
