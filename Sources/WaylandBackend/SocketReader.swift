import CLinuxHost
import CWaylandClient
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the compositor's socket on a thread of its own, whatever the loop
/// thread is doing (issue 39). A compositor sends each input event as soon as
/// it has it and disconnects a client whose socket buffer fills ("Broken
/// pipe"): sway 1.7 does after about 400 events, 160 ms of a 2.5 kHz stream,
/// which one slow frame on a starved CPU lasts. This thread only moves bytes
/// from the socket into libwayland's queues (`wl_display_read_events`, which
/// is thread-safe under the prepare-read protocol); every listener still runs
/// on the loop thread, which dispatches when `wakeFD` says events are queued.
///
/// The reader prepares on an event queue of its own that never holds an
/// event, so its prepare never waits for the loop thread to dispatch first.
final class SocketReader: Sendable {
    /// Readable (an eventfd) when events were queued or the connection ended.
    let wakeFD: Int32
    private let stopFD: Int32
    private let connection: Connection
    /// Set when the socket reported a hang-up or an error with nothing to read.
    private let hungUp = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// The display and the reader's private queue, handed to the thread.
    /// libwayland locks what read_events and dispatch share.
    private final class Connection: @unchecked Sendable {
        let display: OpaquePointer
        let queue: OpaquePointer
        init(display: OpaquePointer, queue: OpaquePointer) {
            self.display = display
            self.queue = queue
        }
    }

    init(display: OpaquePointer) throws {
        let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        let stop = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wake >= 0, stop >= 0, let queue = wl_display_create_queue(display) else {
            let code = errno
            if wake >= 0 { close(wake) }
            if stop >= 0 { close(stop) }
            throw WaylandError.system(call: "eventfd", errno: code)
        }
        wakeFD = wake
        stopFD = stop
        connection = Connection(display: display, queue: queue)
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "wayland-reader"
        thread.start()
    }

    /// Stops the thread and waits for it; call before the display disconnects.
    func stop() {
        var one: UInt64 = 1
        _ = write(stopFD, &one, 8)
        finished.wait()
        wl_event_queue_destroy(connection.queue)
        close(wakeFD)
        close(stopFD)
    }

    /// True once the socket hung up without libwayland recording an error.
    var connectionHungUp: Bool { hungUp.load(ordering: .acquiring) }

    /// Clears the wake-up; call before dispatching, so events queued meanwhile wake the loop again.
    func acknowledge() {
        var counter: UInt64 = 0
        _ = read(wakeFD, &counter, 8)
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    private func run() {
        let display = connection.display
        let socket = wl_display_get_fd(display)
        while true {
            // Cannot fail: nothing is ever queued on the reader's own queue.
            guard wl_display_prepare_read_queue(display, connection.queue) == 0 else { return wake() }
            var fds = [
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0),
            ]
            let n = poll(&fds, 2, -1)
            if n < 0 {
                wl_display_cancel_read(display)
                if errno == EINTR { continue }
                hungUp.store(true, ordering: .releasing)
                return wake()
            }
            if fds[1].revents != 0 {
                wl_display_cancel_read(display)
                return
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                // A failed read (the compositor closed the socket, a bad message) is
                // recorded by libwayland; the loop thread's dispatch reports it.
                if wl_display_read_events(display) < 0 { return wake() }
            } else {
                wl_display_cancel_read(display)
                if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                    hungUp.store(true, ordering: .releasing)
                    return wake()
                }
                continue
            }
            wake()
        }
    }
}
