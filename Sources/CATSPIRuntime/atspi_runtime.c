#include "atspi_runtime.h"
#include <atspi/atspi.h>
#include <glib-unix.h>
#include <dbus/dbus.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// Every libatspi, GObject, GLib and D-Bus function called, resolved by name.
#define AP_ATSPI_FUNCTIONS(X) \
    X(atspi_init) X(atspi_set_timeout) X(atspi_get_desktop) X(atspi_event_listener_new) \
    X(atspi_event_listener_register) X(atspi_event_get_type) X(atspi_role_get_type) X(atspi_role_get_name) \
    X(atspi_accessible_get_type) X(atspi_accessible_get_name) X(atspi_accessible_get_role) X(atspi_accessible_get_process_id) \
    X(atspi_accessible_get_state_set) X(atspi_accessible_get_component_iface) X(atspi_accessible_get_text_iface) \
    X(atspi_accessible_get_collection_iface) X(atspi_accessible_get_child_count) \
    X(atspi_accessible_get_child_at_index) X(atspi_state_set_contains) \
    X(atspi_state_set_new) X(atspi_component_get_extents) X(atspi_text_get_character_count) \
    X(atspi_text_get_character_extents) X(atspi_match_rule_new) X(atspi_collection_get_matches) \
    X(g_object_ref) X(g_object_unref) X(g_boxed_free) X(g_type_class_ref) X(g_type_class_unref) \
    X(g_enum_get_value) X(g_type_check_value_holds) X(g_type_check_instance_is_a) X(g_value_get_object) \
    X(g_free) X(g_error_free) X(g_array_new) X(g_array_append_vals) X(g_array_free) X(g_timeout_add) \
    X(g_unix_fd_add) X(g_main_loop_new) X(g_main_loop_run) \
    X(g_log_set_default_handler) X(g_log_set_writer_func) X(g_log) \
    X(dbus_message_new_method_call) X(dbus_message_append_args) X(dbus_message_get_args) \
    X(dbus_message_get_type) X(dbus_message_get_error_name) X(dbus_message_get_signature) \
    X(dbus_message_unref) X(dbus_connection_send_with_reply) X(dbus_pending_call_block) \
    X(dbus_pending_call_steal_reply) X(dbus_pending_call_unref) X(dbus_message_iter_init) \
    X(dbus_message_iter_recurse) X(dbus_message_iter_get_arg_type) X(dbus_message_iter_get_basic) \
    X(dbus_message_iter_next)

#define AP(name) (*ap_loaded_##name)

#define AP_ATSPI_DEFINE(name) static __typeof__(name) *ap_loaded_##name;
AP_ATSPI_FUNCTIONS(AP_ATSPI_DEFINE)
#undef AP_ATSPI_DEFINE

// Debian: libatspi2.0-0 brings the other three.
static const char *const libraries[] = {"libatspi.so.0", "libgobject-2.0.so.0", "libglib-2.0.so.0", "libdbus-1.so.3"};
enum { library_count = sizeof libraries / sizeof libraries[0] };
static void *handles[library_count];
static char failure[512];
static int loaded;

static void *resolve(const char *name) {
    for (int i = 0; i < library_count; i++) {
        void *symbol = dlsym(handles[i], name);
        if (symbol) return symbol;
    }
    return NULL;
}

// GLib's and libatspi's log messages ("dbind-WARNING **: unexpected role 129")
// go to the sink the program sets, never to the terminal by GLib itself.
static _Atomic(ap_log_sink) logSink;

void ap_atspi_set_log_sink(ap_log_sink sink) { logSink = sink; }

static int levelOf(GLogLevelFlags flags) {
    if (flags & G_LOG_LEVEL_ERROR) return AP_LOG_ERROR;
    if (flags & G_LOG_LEVEL_CRITICAL) return AP_LOG_CRITICAL;
    if (flags & G_LOG_LEVEL_WARNING) return AP_LOG_WARNING;
    if (flags & G_LOG_LEVEL_MESSAGE) return AP_LOG_MESSAGE;
    if (flags & G_LOG_LEVEL_INFO) return AP_LOG_INFO;
    return AP_LOG_DEBUG;
}

static void toSink(const char *domain, GLogLevelFlags flags, const char *message) {
    ap_log_sink sink = logSink;
    if (sink) sink(domain ? domain : "", levelOf(flags), message ? message : "");
}

// g_log with no structured logging (how libatspi's dbind warns).
static void onLog(const gchar *domain, GLogLevelFlags flags, const gchar *message, gpointer data) {
    (void)data;
    toSink(domain, flags, message);
}

// Structured logging (g_log_structured, and g_log in newer GLib).
static GLogWriterOutput onStructuredLog(GLogLevelFlags flags, const GLogField *fields, gsize count, gpointer data) {
    (void)data;
    const char *domain = NULL, *message = NULL;
    for (gsize i = 0; i < count; i++) {
        if (fields[i].length >= 0) continue; // binary field
        if (strcmp(fields[i].key, "GLIB_DOMAIN") == 0) domain = fields[i].value;
        if (strcmp(fields[i].key, "MESSAGE") == 0) message = fields[i].value;
    }
    toSink(domain, flags, message);
    return G_LOG_WRITER_HANDLED;
}

static void routeGLibLog(void) {
    AP(g_log_set_default_handler)(onLog, NULL);
    AP(g_log_set_writer_func)(onStructuredLog, NULL, NULL);
}

void ap_glib_log(const char *domain, int warning, const char *message) {
    AP(g_log)(domain, warning ? G_LOG_LEVEL_WARNING : G_LOG_LEVEL_MESSAGE, "%s", message);
}

static void load(void) {
    for (int i = 0; i < library_count; i++) {
        // Never closed: GLib's type system cannot be unloaded.
        handles[i] = dlopen(libraries[i], RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            const char *error = dlerror();
            snprintf(failure, sizeof failure, "cannot load %s (%s); install libatspi2.0-0", libraries[i],
                     error ? error : "not found");
            return;
        }
    }
#define AP_ATSPI_RESOLVE(name)                                                                        \
    if (!(ap_loaded_##name = (__typeof__(name) *)resolve(#name))) {                                   \
        snprintf(failure, sizeof failure, "the installed libatspi, GLib or D-Bus lacks %s", #name); \
        return;                                                                                       \
    }
    AP_ATSPI_FUNCTIONS(AP_ATSPI_RESOLVE)
#undef AP_ATSPI_RESOLVE
    routeGLibLog();
    loaded = 1;
}

int ap_atspi_load(const char **why) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    if (!loaded && why) *why = failure;
    return loaded;
}

int ap_atspi_init(void) { return AP(atspi_init)(); }
void ap_set_timeout(int val, int startup_time) { AP(atspi_set_timeout)(val, startup_time); }
AtspiAccessible *ap_desktop(int i) { return AP(atspi_get_desktop)(i); }
AtspiEventListener *ap_event_listener_new(ap_event_callback callback, void *data) {
    return AP(atspi_event_listener_new)((AtspiEventListenerCB)callback, data, NULL);
}
/// The object's name (free with ap_free); NULL on error.
char *ap_name(AtspiAccessible *obj) { return AP(atspi_accessible_get_name)(obj, NULL); }
int ap_process_id(AtspiAccessible *obj) { return (int)AP(atspi_accessible_get_process_id)(obj, NULL); }
void ap_free(void *memory) { AP(g_free)(memory); }
unsigned ap_timeout_add(unsigned ms, ap_source_callback callback, void *data) {
    return AP(g_timeout_add)(ms, (GSourceFunc)callback, data);
}
unsigned ap_fd_readable(int fd, ap_fd_callback callback, void *data) {
    return AP(g_unix_fd_add)(fd, G_IO_IN, (GUnixFDSourceFunc)callback, data);
}
/// Runs GLib's default main loop on this thread; does not return.
void ap_run_main_loop(void) { AP(g_main_loop_run)(AP(g_main_loop_new)(NULL, 0)); }

void ap_unref(AtspiAccessible *object) { if (object) AP(g_object_unref)(object); }
void ap_event_free(AtspiEvent *event) { AP(g_boxed_free)(AP(atspi_event_get_type)(), event); }

/// The role's name ("push button"); NULL on error. Free with ap_free.
char *ap_role_name(AtspiAccessible *obj) {
    GError *error = NULL;
    AtspiRole role = AP(atspi_accessible_get_role)(obj, &error);
    if (error) { AP(g_error_free)(error); return NULL; }
    return AP(atspi_role_get_name)(role);
}

unsigned ap_states(AtspiAccessible *obj) {
    AtspiStateSet *set = AP(atspi_accessible_get_state_set)(obj);
    if (!set) return AP_STATE_DEFUNCT;
    unsigned out = 0;
    if (AP(atspi_state_set_contains)(set, ATSPI_STATE_SHOWING) && AP(atspi_state_set_contains)(set, ATSPI_STATE_VISIBLE))
        out |= AP_STATE_SHOWING;
    if (AP(atspi_state_set_contains)(set, ATSPI_STATE_ICONIFIED)) out |= AP_STATE_ICONIFIED;
    if (AP(atspi_state_set_contains)(set, ATSPI_STATE_MULTI_LINE)) out |= AP_STATE_MULTI_LINE;
    if (AP(atspi_state_set_contains)(set, ATSPI_STATE_DEFUNCT)) out |= AP_STATE_DEFUNCT;
    AP(g_object_unref)(set);
    return out;
}

/// The box libatspi answered (freeing it and the error); ok only without an
/// error and, when `needs_height`, with a height.
static ap_rect taken_rect(AtspiRect *r, GError *error, int needs_height) {
    ap_rect out = {0, 0, 0, 0, 0};
    if (error) AP(g_error_free)(error);
    if (!r) return out;
    if (!error) {
        out.ok = !needs_height || r->height > 0;
        out.x = r->x; out.y = r->y; out.width = r->width; out.height = r->height;
    }
    AP(g_free)(r);
    return out;
}

/// Screen extents through the Component interface.
ap_rect ap_extents(AtspiAccessible *obj) {
    AtspiComponent *component = AP(atspi_accessible_get_component_iface)(obj);
    if (!component) return taken_rect(NULL, NULL, 0);
    GError *error = NULL;
    AtspiRect *r = AP(atspi_component_get_extents)(component, ATSPI_COORD_TYPE_SCREEN, &error);
    AP(g_object_unref)(component);
    return taken_rect(r, error, 0);
}

/// The first character's box (screen), through the Text interface: where the
/// first line is and how tall lines are. Geometry only: no text is read.
ap_rect ap_first_character(AtspiAccessible *obj) {
    AtspiText *text = AP(atspi_accessible_get_text_iface)(obj);
    if (!text) return taken_rect(NULL, NULL, 1);
    GError *error = NULL;
    gint count = AP(atspi_text_get_character_count)(text, &error);
    if (error || count <= 0) { AP(g_object_unref)(text); return taken_rect(NULL, error, 1); }
    AtspiRect *r = AP(atspi_text_get_character_extents)(text, 0, ATSPI_COORD_TYPE_SCREEN, &error);
    AP(g_object_unref)(text);
    return taken_rect(r, error, 1);
}

/// -1 on error.
int ap_child_count(AtspiAccessible *obj) {
    GError *error = NULL;
    gint n = AP(atspi_accessible_get_child_count)(obj, &error);
    if (error) { AP(g_error_free)(error); return -1; }
    return n;
}

/// Transfer full (ap_unref); NULL on error.
AtspiAccessible *ap_child(AtspiAccessible *obj, int i) {
    GError *error = NULL;
    AtspiAccessible *child = AP(atspi_accessible_get_child_at_index)(obj, i, &error);
    if (error) { AP(g_error_free)(error); return NULL; }
    return child;
}

/// Registers `callback` for each event type; returns how many registrations worked.
int ap_listen(AtspiEventListener *listener, const char *const *types, int n) {
    int ok = 0;
    for (int i = 0; i < n; i++) {
        GError *error = NULL;
        if (AP(atspi_event_listener_register)(listener, types[i], &error)) ok++;
        if (error) AP(g_error_free)(error);
    }
    return ok;
}

// ---- Batched queries -------------------------------------------------------
// One D-Bus round trip per query and node is what makes a tree walk slow
// (≈0.6 ms per node). These send a whole batch of queries down the
// application's connection before waiting for the first answer, so the
// application answers them back to back.

/// The object path (borrowed; lives as long as the object).
const char *ap_path(AtspiAccessible *obj) {
    return obj && ((AtspiObject *)obj)->path ? ((AtspiObject *)obj)->path : "";
}

/// The application's bus name (borrowed); "" when the application has gone.
const char *ap_bus_name(AtspiAccessible *obj) {
    AtspiApplication *app = obj ? ((AtspiObject *)obj)->app : NULL;
    return app && app->bus_name ? app->bus_name : "";
}

static DBusMessage *ap_method(AtspiAccessible *obj, const char *interface, const char *method) {
    AtspiApplication *app = ((AtspiObject *)obj)->app;
    if (!app || !app->bus || !app->bus_name || !((AtspiObject *)obj)->path) return NULL;
    return AP(dbus_message_new_method_call)(app->bus_name, ((AtspiObject *)obj)->path, interface, method);
}

static DBusPendingCall *ap_send(AtspiAccessible *obj, DBusMessage *message, int timeout_ms) {
    DBusPendingCall *pending = NULL;
    if (!message) return NULL;
    if (!AP(dbus_connection_send_with_reply)(((AtspiObject *)obj)->app->bus, message, &pending, timeout_ms)) pending = NULL;
    AP(dbus_message_unref)(message);
    return pending;
}

/// The reply of `pending` (NULL on error); sets *timed_out when the
/// application did not answer in time. Releases `pending`.
static DBusMessage *ap_reply(DBusPendingCall *pending, int *timed_out) {
    if (!pending) return NULL;
    AP(dbus_pending_call_block)(pending);
    DBusMessage *reply = AP(dbus_pending_call_steal_reply)(pending);
    AP(dbus_pending_call_unref)(pending);
    if (!reply) return NULL;
    if (AP(dbus_message_get_type)(reply) == DBUS_MESSAGE_TYPE_ERROR) {
        const char *name = AP(dbus_message_get_error_name)(reply);
        if (name && (!strcmp(name, DBUS_ERROR_NO_REPLY) || !strcmp(name, DBUS_ERROR_TIMEOUT))) *timed_out = 1;
        AP(dbus_message_unref)(reply);
        return NULL;
    }
    return reply;
}

static unsigned ap_state_bits(DBusMessage *reply) {
    DBusMessageIter iter, array;
    dbus_uint32_t words[2] = {0, 0};
    int n = 0;
    if (strcmp(AP(dbus_message_get_signature)(reply), "au")) return AP_STATE_DEFUNCT;
    AP(dbus_message_iter_init)(reply, &iter);
    AP(dbus_message_iter_recurse)(&iter, &array);
    while (n < 2 && AP(dbus_message_iter_get_arg_type)(&array) == DBUS_TYPE_UINT32) {
        AP(dbus_message_iter_get_basic)(&array, &words[n++]);
        AP(dbus_message_iter_next)(&array);
    }
#define AP_HAS(s) ((words[(s) / 32] >> ((s) % 32)) & 1u)
    unsigned out = 0;
    if (AP_HAS(ATSPI_STATE_SHOWING) && AP_HAS(ATSPI_STATE_VISIBLE)) out |= AP_STATE_SHOWING;
    if (AP_HAS(ATSPI_STATE_ICONIFIED)) out |= AP_STATE_ICONIFIED;
    if (AP_HAS(ATSPI_STATE_MULTI_LINE)) out |= AP_STATE_MULTI_LINE;
    if (AP_HAS(ATSPI_STATE_DEFUNCT)) out |= AP_STATE_DEFUNCT;
#undef AP_HAS
    return out;
}

/// Reads four int32 (as a struct "(iiii)" or flat "iiii").
static int ap_four_ints(DBusMessage *reply, double *x, double *y, double *w, double *h) {
    DBusMessageIter iter, inner, *it = &iter;
    dbus_int32_t v[4];
    AP(dbus_message_iter_init)(reply, &iter);
    if (AP(dbus_message_iter_get_arg_type)(&iter) == DBUS_TYPE_STRUCT) {
        AP(dbus_message_iter_recurse)(&iter, &inner);
        it = &inner;
    }
    for (int i = 0; i < 4; i++) {
        if (AP(dbus_message_iter_get_arg_type)(it) != DBUS_TYPE_INT32) return 0;
        AP(dbus_message_iter_get_basic)(it, &v[i]);
        AP(dbus_message_iter_next)(it);
    }
    *x = v[0]; *y = v[1]; *w = v[2]; *h = v[3];
    return 1;
}

static uint64_t ap_parent_hash(DBusMessage *reply) {
    DBusMessageIter iter, variant, ref;
    const char *name = "", *path = "";
    AP(dbus_message_iter_init)(reply, &iter);
    if (AP(dbus_message_iter_get_arg_type)(&iter) != DBUS_TYPE_VARIANT) return 0;
    AP(dbus_message_iter_recurse)(&iter, &variant);
    if (AP(dbus_message_iter_get_arg_type)(&variant) != DBUS_TYPE_STRUCT) return 0;
    AP(dbus_message_iter_recurse)(&variant, &ref);
    AP(dbus_message_iter_get_basic)(&ref, &name);
    AP(dbus_message_iter_next)(&ref);
    AP(dbus_message_iter_get_basic)(&ref, &path);
    uint64_t hash = 1469598103934665603ull;  // FNV-1a
    for (const char *c = name; *c; c++) hash = (hash ^ (unsigned char)*c) * 1099511628211ull;
    for (const char *c = path; *c; c++) hash = (hash ^ (unsigned char)*c) * 1099511628211ull;
    return hash;
}

enum { AP_BATCH = 64 };

/// Role, states, screen extents and parent of each of `objs`, pipelined in
/// batches. Returns 0, or -1 when the application stopped answering (the
/// rest is left unasked: out[i].ok == 0).
int ap_describe_many(AtspiAccessible *const *objs, int n, ap_node *out, int timeout_ms) {
    static const char *accessible = "org.a11y.atspi.Accessible", *parent = "Parent";
    int timed_out = 0;
    for (int base = 0; base < n && !timed_out; base += AP_BATCH) {
        int count = n - base < AP_BATCH ? n - base : AP_BATCH;
        DBusPendingCall *pending[AP_BATCH][4];
        for (int i = 0; i < count; i++) {
            AtspiAccessible *obj = objs[base + i];
            dbus_uint32_t screen = ATSPI_COORD_TYPE_SCREEN;
            DBusMessage *extents = ap_method(obj, "org.a11y.atspi.Component", "GetExtents");
            if (extents) AP(dbus_message_append_args)(extents, DBUS_TYPE_UINT32, &screen, DBUS_TYPE_INVALID);
            DBusMessage *up = ap_method(obj, "org.freedesktop.DBus.Properties", "Get");
            if (up) AP(dbus_message_append_args)(up, DBUS_TYPE_STRING, &accessible, DBUS_TYPE_STRING, &parent, DBUS_TYPE_INVALID);
            pending[i][0] = ap_send(obj, ap_method(obj, accessible, "GetRole"), timeout_ms);
            pending[i][1] = ap_send(obj, ap_method(obj, accessible, "GetState"), timeout_ms);
            pending[i][2] = ap_send(obj, extents, timeout_ms);
            pending[i][3] = ap_send(obj, up, timeout_ms);
        }
        for (int i = 0; i < count; i++) {
            ap_node *node = &out[base + i];
            memset(node, 0, sizeof *node);
            DBusMessage *role = ap_reply(pending[i][0], &timed_out);
            DBusMessage *states = ap_reply(pending[i][1], &timed_out);
            DBusMessage *extents = ap_reply(pending[i][2], &timed_out);
            DBusMessage *up = ap_reply(pending[i][3], &timed_out);
            dbus_uint32_t r = 0;
            if (role && states && AP(dbus_message_get_args)(role, NULL, DBUS_TYPE_UINT32, &r, DBUS_TYPE_INVALID)) {
                node->ok = 1;
                node->role = r;
                node->states = ap_state_bits(states);
            }
            if (extents) node->has_extents = ap_four_ints(extents, &node->x, &node->y, &node->width, &node->height);
            if (up) node->parent = ap_parent_hash(up);
            if (role) AP(dbus_message_unref)(role);
            if (states) AP(dbus_message_unref)(states);
            if (extents) AP(dbus_message_unref)(extents);
            if (up) AP(dbus_message_unref)(up);
        }
    }
    return timed_out ? -1 : 0;
}

/// The first character's box (screen) of each of `objs` (Text interface),
/// pipelined: where the first line is and how tall lines are. Geometry only.
int ap_first_character_many(AtspiAccessible *const *objs, int n, ap_rect *out, int timeout_ms) {
    int timed_out = 0;
    for (int base = 0; base < n && !timed_out; base += AP_BATCH) {
        int count = n - base < AP_BATCH ? n - base : AP_BATCH;
        DBusPendingCall *pending[AP_BATCH];
        for (int i = 0; i < count; i++) {
            AtspiAccessible *obj = objs[base + i];
            dbus_int32_t offset = 0;
            dbus_uint32_t screen = ATSPI_COORD_TYPE_SCREEN;
            DBusMessage *m = ap_method(obj, "org.a11y.atspi.Text", "GetCharacterExtents");
            if (m) AP(dbus_message_append_args)(m, DBUS_TYPE_INT32, &offset, DBUS_TYPE_UINT32, &screen, DBUS_TYPE_INVALID);
            pending[i] = ap_send(obj, m, timeout_ms);
        }
        for (int i = 0; i < count; i++) {
            ap_rect *r = &out[base + i];
            memset(r, 0, sizeof *r);
            DBusMessage *reply = ap_reply(pending[i], &timed_out);
            if (!reply) continue;
            r->ok = ap_four_ints(reply, &r->x, &r->y, &r->width, &r->height) && r->height > 0;
            AP(dbus_message_unref)(reply);
        }
    }
    return timed_out ? -1 : 0;
}

/// The descendants of `root` that are showing and visible and have one of
/// `roles`, in one call through the Collection interface (the application
/// walks its own tree). Returns their count and sets *out (free with
/// ap_free_matches); -1 when `root` has no Collection interface, -2 on error
/// (*timed_out set when the application did not answer).
int ap_matches(AtspiAccessible *root, const unsigned *roles, int n_roles, int max,
                             AtspiAccessible ***out, int *timed_out) {
    *out = NULL;
    AtspiCollection *collection = AP(atspi_accessible_get_collection_iface)(root);
    if (!collection) return -1;
    GArray *states = AP(g_array_new)(FALSE, FALSE, sizeof(AtspiStateType));
    AtspiStateType showing = ATSPI_STATE_SHOWING, visible = ATSPI_STATE_VISIBLE;
    AP(g_array_append_vals)(states, &showing, 1);
    AP(g_array_append_vals)(states, &visible, 1);
    AtspiStateSet *set = AP(atspi_state_set_new)(states);
    AP(g_array_free)(states, TRUE);
    GArray *role_array = AP(g_array_new)(FALSE, FALSE, sizeof(AtspiRole));
    for (int i = 0; i < n_roles; i++) { AtspiRole r = (AtspiRole)roles[i]; AP(g_array_append_vals)(role_array, &r, 1); }
    AtspiMatchRule *rule = AP(atspi_match_rule_new)(set, ATSPI_Collection_MATCH_ALL, NULL, ATSPI_Collection_MATCH_NONE,
                                                role_array, ATSPI_Collection_MATCH_ANY, NULL, ATSPI_Collection_MATCH_NONE, FALSE);
    AP(g_array_free)(role_array, TRUE);
    AP(g_object_unref)(set);
    GError *error = NULL;
    GArray *matches = AP(atspi_collection_get_matches)(collection, rule, ATSPI_Collection_SORT_ORDER_CANONICAL, max, TRUE, &error);
    AP(g_object_unref)(rule);
    AP(g_object_unref)(collection);
    if (error) {
        if (error->message && (strstr(error->message, "NoReply") || strstr(error->message, "eceive a reply")
                               || strstr(error->message, "imed out")))
            *timed_out = 1;
        AP(g_error_free)(error);
        if (matches) AP(g_array_free)(matches, TRUE);
        return -2;
    }
    if (!matches) return -2;
    int count = (int)matches->len;
    *out = (AtspiAccessible **)AP(g_array_free)(matches, FALSE);
    return count;
}

void ap_free_matches(AtspiAccessible **matches, int count) {
    if (!matches) return;
    for (int i = 0; i < count; i++) if (matches[i]) AP(g_object_unref)(matches[i]);
    AP(g_free)(matches);
}

/// The name of AT-SPI role number `role` ("push button"), NULL for a number
/// this libatspi does not know (asking atspi_role_get_name would warn).
char *ap_role_name_of(unsigned role) {
    GEnumClass *roles = AP(g_type_class_ref)(AP(atspi_role_get_type)());
    int known = AP(g_enum_get_value)(roles, (gint)role) != NULL;
    AP(g_type_class_unref)(roles);
    return known ? AP(atspi_role_get_name)((AtspiRole)role) : NULL;
}

const char *ap_event_type(AtspiEvent *event) { return event && event->type ? event->type : ""; }
AtspiAccessible *ap_event_source(AtspiEvent *event) { return event ? event->source : NULL; }

/// The child a children-changed event names (borrowed), NULL if none.
AtspiAccessible *ap_event_child(AtspiEvent *event) {
    if (!event || !AP(g_type_check_value_holds)(&event->any_data, G_TYPE_OBJECT)) return NULL;
    GObject *object = AP(g_value_get_object)(&event->any_data);
    return object && AP(g_type_check_instance_is_a)((GTypeInstance *)object, AP(atspi_accessible_get_type)())
        ? (AtspiAccessible *)object : NULL;
}

AtspiAccessible *ap_ref(AtspiAccessible *object) { return object ? AP(g_object_ref)(object) : NULL; }

const unsigned ap_role_scroll_bar = ATSPI_ROLE_SCROLL_BAR;
const unsigned ap_role_count = ATSPI_ROLE_LAST_DEFINED;
