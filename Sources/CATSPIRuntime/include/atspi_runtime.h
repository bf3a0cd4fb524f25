#ifndef AP_ATSPI_RUNTIME_H
#define AP_ATSPI_RUNTIME_H
// The few libatspi queries the accessibility scanner makes, each returning
// plain values and releasing what libatspi hands over, so the Swift side
// never owns a GError or an AtspiRect.
//
// libatspi, GLib and D-Bus are not linked: ap_atspi_load() opens them the
// first time accessibility targets are asked for, and atspi_runtime.c calls
// them through the table it fills. The overlay on a scene, and on Wayland,
// never maps them (about 2 MB resident, and GLib's start-up work), and runs
// where libatspi is not installed. Only plain C types cross this header.
#include <stdint.h>
#include <sys/eventfd.h>

typedef struct _AtspiAccessible AtspiAccessible;
typedef struct _AtspiEvent AtspiEvent;
typedef struct _AtspiEventListener AtspiEventListener;

/// Opens the libraries and resolves every function, once (thread-safe).
/// 1 when all are there; else 0 and *why says what is missing (static text).
int ap_atspi_load(const char **why);

// GLib's and libatspi's log messages, routed here once the libraries are
// loaded (GLib would print them to stderr). No sink (the default): dropped.
enum { AP_LOG_ERROR, AP_LOG_CRITICAL, AP_LOG_WARNING, AP_LOG_MESSAGE, AP_LOG_INFO, AP_LOG_DEBUG };
typedef void (*ap_log_sink)(const char *domain, int level, const char *message);
/// Set before ap_atspi_load, or at any time; called on whatever thread logs.
void ap_atspi_set_log_sink(ap_log_sink sink);

// Everything below needs ap_atspi_load() to have returned 1.

/// Logs through GLib (a warning, or a message), as libatspi does.
void ap_glib_log(const char *domain, int warning, const char *message);

int ap_atspi_init(void);
void ap_set_timeout(int val, int startup_time);
AtspiAccessible *ap_desktop(int i);
/// The object's name (free with ap_free); NULL on error.
char *ap_name(AtspiAccessible *obj);
/// The process behind an application's accessible; 0 on error.
int ap_process_id(AtspiAccessible *obj);
void ap_free(void *memory);
/// Another reference to an accessible (ap_unref releases one).
AtspiAccessible *ap_ref(AtspiAccessible *object);
void ap_unref(AtspiAccessible *object);

// GLib's main loop, on the accessibility thread. Callbacks return 1 to keep
// the source, 0 to remove it (gboolean).
typedef void (*ap_event_callback)(AtspiEvent *event, void *data);
typedef int (*ap_source_callback)(void *data);
typedef int (*ap_fd_callback)(int fd, unsigned condition, void *data);
AtspiEventListener *ap_event_listener_new(ap_event_callback callback, void *data);
/// Registers the listener for each event type; returns how many registrations worked.
int ap_listen(AtspiEventListener *listener, const char *const *types, int n);
unsigned ap_timeout_add(unsigned ms, ap_source_callback callback, void *data);
unsigned ap_fd_readable(int fd, ap_fd_callback callback, void *data);
/// Runs GLib's default main loop on this thread; does not return.
void ap_run_main_loop(void);

void ap_event_free(AtspiEvent *event);
const char *ap_event_type(AtspiEvent *event);
AtspiAccessible *ap_event_source(AtspiEvent *event);
/// The child a children-changed event names (borrowed), NULL if none.
AtspiAccessible *ap_event_child(AtspiEvent *event);

typedef struct { int ok; double x, y, width, height; } ap_rect;

enum {
    AP_STATE_SHOWING = 1,   // showing and visible
    AP_STATE_ICONIFIED = 2,
    AP_STATE_MULTI_LINE = 4,
    AP_STATE_DEFUNCT = 8,
};

/// AT-SPI role numbers the Swift side needs by name.
extern const unsigned ap_role_scroll_bar;
extern const unsigned ap_role_count;

/// The role's name ("push button"); NULL on error. Free with ap_free.
char *ap_role_name(AtspiAccessible *obj);
/// The name of AT-SPI role number `role`, NULL for a number this libatspi does not know.
char *ap_role_name_of(unsigned role);
unsigned ap_states(AtspiAccessible *obj);
/// Screen extents through the Component interface.
ap_rect ap_extents(AtspiAccessible *obj);
/// The first character's box (screen), through the Text interface. Geometry only.
ap_rect ap_first_character(AtspiAccessible *obj);
/// -1 on error.
int ap_child_count(AtspiAccessible *obj);
/// Transfer full (ap_unref); NULL on error.
AtspiAccessible *ap_child(AtspiAccessible *obj, int i);
/// The object path (borrowed; lives as long as the object).
const char *ap_path(AtspiAccessible *obj);
/// The application's bus name (borrowed); "" when the application has gone.
const char *ap_bus_name(AtspiAccessible *obj);

/// What one node is, from one batch: role (AtspiRole), states (AP_STATE_*),
/// screen extents, and its parent (a hash of its object path, for grouping
/// siblings).
typedef struct {
    int ok;          // role and states arrived
    unsigned role;
    unsigned states;
    int has_extents;
    double x, y, width, height;
    uint64_t parent;
} ap_node;

/// Role, states, screen extents and parent of each of `objs`, pipelined in
/// batches. Returns 0, or -1 when the application stopped answering.
int ap_describe_many(AtspiAccessible *const *objs, int n, ap_node *out, int timeout_ms);
/// The first character's box (screen) of each of `objs`, pipelined.
int ap_first_character_many(AtspiAccessible *const *objs, int n, ap_rect *out, int timeout_ms);
/// The showing and visible descendants of `root` with one of `roles`, through
/// the Collection interface: their count, *out set (free with ap_free_matches);
/// -1 without a Collection interface, -2 on error (*timed_out when it did not answer).
int ap_matches(AtspiAccessible *root, const unsigned *roles, int n_roles, int max,
               AtspiAccessible ***out, int *timed_out);
void ap_free_matches(AtspiAccessible **matches, int count);
#endif
