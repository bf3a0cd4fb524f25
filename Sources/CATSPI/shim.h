#ifndef AP_CATSPI_SHIM_H
#define AP_CATSPI_SHIM_H
// The few libatspi queries the accessibility scanner makes, each returning
// plain values and releasing what libatspi hands over, so the Swift side
// never owns a GError or an AtspiRect.
#include <atspi/atspi.h>
#include <glib-unix.h>
#include <stdint.h>
#include <string.h>
#include <dbus/dbus.h>
#include <sys/eventfd.h>

typedef struct { int ok; double x, y, width, height; } ap_rect;

enum {
    AP_STATE_SHOWING = 1,   // showing and visible
    AP_STATE_ICONIFIED = 2,
    AP_STATE_MULTI_LINE = 4,
    AP_STATE_DEFUNCT = 8,
};

static inline void ap_unref(void *object) { if (object) g_object_unref(object); }
static inline void ap_event_free(AtspiEvent *event) { g_boxed_free(ATSPI_TYPE_EVENT, event); }

/// The role's name ("push button"); NULL on error. Free with g_free.
static inline char *ap_role_name(AtspiAccessible *obj) {
    GError *error = NULL;
    AtspiRole role = atspi_accessible_get_role(obj, &error);
    if (error) { g_error_free(error); return NULL; }
    return atspi_role_get_name(role);
}

static inline unsigned ap_states(AtspiAccessible *obj) {
    AtspiStateSet *set = atspi_accessible_get_state_set(obj);
    if (!set) return AP_STATE_DEFUNCT;
    unsigned out = 0;
    if (atspi_state_set_contains(set, ATSPI_STATE_SHOWING) && atspi_state_set_contains(set, ATSPI_STATE_VISIBLE))
        out |= AP_STATE_SHOWING;
    if (atspi_state_set_contains(set, ATSPI_STATE_ICONIFIED)) out |= AP_STATE_ICONIFIED;
    if (atspi_state_set_contains(set, ATSPI_STATE_MULTI_LINE)) out |= AP_STATE_MULTI_LINE;
    if (atspi_state_set_contains(set, ATSPI_STATE_DEFUNCT)) out |= AP_STATE_DEFUNCT;
    g_object_unref(set);
    return out;
}

/// Screen extents through the Component interface.
static inline ap_rect ap_extents(AtspiAccessible *obj) {
    ap_rect out = {0, 0, 0, 0, 0};
    AtspiComponent *component = atspi_accessible_get_component_iface(obj);
    if (!component) return out;
    GError *error = NULL;
    AtspiRect *r = atspi_component_get_extents(component, ATSPI_COORD_TYPE_SCREEN, &error);
    g_object_unref(component);
    if (error) { g_error_free(error); if (r) g_free(r); return out; }
    if (!r) return out;
    out.ok = 1; out.x = r->x; out.y = r->y; out.width = r->width; out.height = r->height;
    g_free(r);
    return out;
}

/// The first character's box (screen), through the Text interface: where the
/// first line is and how tall lines are. Geometry only: no text is read.
static inline ap_rect ap_first_character(AtspiAccessible *obj) {
    ap_rect out = {0, 0, 0, 0, 0};
    AtspiText *text = atspi_accessible_get_text_iface(obj);
    if (!text) return out;
    GError *error = NULL;
    gint count = atspi_text_get_character_count(text, &error);
    if (error || count <= 0) { if (error) g_error_free(error); g_object_unref(text); return out; }
    AtspiRect *r = atspi_text_get_character_extents(text, 0, ATSPI_COORD_TYPE_SCREEN, &error);
    g_object_unref(text);
    if (error) { g_error_free(error); if (r) g_free(r); return out; }
    if (!r) return out;
    out.ok = r->height > 0; out.x = r->x; out.y = r->y; out.width = r->width; out.height = r->height;
    g_free(r);
    return out;
}

/// -1 on error.
static inline int ap_child_count(AtspiAccessible *obj) {
    GError *error = NULL;
    gint n = atspi_accessible_get_child_count(obj, &error);
    if (error) { g_error_free(error); return -1; }
    return n;
}

/// Transfer full (ap_unref); NULL on error.
static inline AtspiAccessible *ap_child(AtspiAccessible *obj, int i) {
    GError *error = NULL;
    AtspiAccessible *child = atspi_accessible_get_child_at_index(obj, i, &error);
    if (error) { g_error_free(error); return NULL; }
    return child;
}

static inline int ap_process_id(AtspiAccessible *obj) {
    GError *error = NULL;
    guint pid = atspi_accessible_get_process_id(obj, &error);
    if (error) { g_error_free(error); return -1; }
    return (int)pid;
}

/// Registers `callback` for each event type; returns how many registrations worked.
static inline int ap_listen(AtspiEventListener *listener, const char *const *types, int n) {
    int ok = 0;
    for (int i = 0; i < n; i++) {
        GError *error = NULL;
        if (atspi_event_listener_register(listener, types[i], &error)) ok++;
        if (error) g_error_free(error);
    }
    return ok;
}

// ---- Batched queries -------------------------------------------------------
// One D-Bus round trip per query and node is what makes a tree walk slow
// (≈0.6 ms per node). These send a whole batch of queries down the
// application's connection before waiting for the first answer, so the
// application answers them back to back.

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

/// The object path (borrowed; lives as long as the object).
static inline const char *ap_path(AtspiAccessible *obj) {
    return obj && ((AtspiObject *)obj)->path ? ((AtspiObject *)obj)->path : "";
}

/// The application's bus name (borrowed); "" when the application has gone.
static inline const char *ap_bus_name(AtspiAccessible *obj) {
    AtspiApplication *app = obj ? ((AtspiObject *)obj)->app : NULL;
    return app && app->bus_name ? app->bus_name : "";
}

static inline DBusMessage *ap_method(AtspiAccessible *obj, const char *interface, const char *method) {
    AtspiApplication *app = ((AtspiObject *)obj)->app;
    if (!app || !app->bus || !app->bus_name || !((AtspiObject *)obj)->path) return NULL;
    return dbus_message_new_method_call(app->bus_name, ((AtspiObject *)obj)->path, interface, method);
}

static inline DBusPendingCall *ap_send(AtspiAccessible *obj, DBusMessage *message, int timeout_ms) {
    DBusPendingCall *pending = NULL;
    if (!message) return NULL;
    if (!dbus_connection_send_with_reply(((AtspiObject *)obj)->app->bus, message, &pending, timeout_ms)) pending = NULL;
    dbus_message_unref(message);
    return pending;
}

/// The reply of `pending` (NULL on error); sets *timed_out when the
/// application did not answer in time. Releases `pending`.
static inline DBusMessage *ap_reply(DBusPendingCall *pending, int *timed_out) {
    if (!pending) return NULL;
    dbus_pending_call_block(pending);
    DBusMessage *reply = dbus_pending_call_steal_reply(pending);
    dbus_pending_call_unref(pending);
    if (!reply) return NULL;
    if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR) {
        const char *name = dbus_message_get_error_name(reply);
        if (name && (!strcmp(name, DBUS_ERROR_NO_REPLY) || !strcmp(name, DBUS_ERROR_TIMEOUT))) *timed_out = 1;
        dbus_message_unref(reply);
        return NULL;
    }
    return reply;
}

static inline unsigned ap_state_bits(DBusMessage *reply) {
    DBusMessageIter iter, array;
    dbus_uint32_t words[2] = {0, 0};
    int n = 0;
    if (strcmp(dbus_message_get_signature(reply), "au")) return AP_STATE_DEFUNCT;
    dbus_message_iter_init(reply, &iter);
    dbus_message_iter_recurse(&iter, &array);
    while (n < 2 && dbus_message_iter_get_arg_type(&array) == DBUS_TYPE_UINT32) {
        dbus_message_iter_get_basic(&array, &words[n++]);
        dbus_message_iter_next(&array);
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
static inline int ap_four_ints(DBusMessage *reply, double *x, double *y, double *w, double *h) {
    DBusMessageIter iter, inner, *it = &iter;
    dbus_int32_t v[4];
    dbus_message_iter_init(reply, &iter);
    if (dbus_message_iter_get_arg_type(&iter) == DBUS_TYPE_STRUCT) {
        dbus_message_iter_recurse(&iter, &inner);
        it = &inner;
    }
    for (int i = 0; i < 4; i++) {
        if (dbus_message_iter_get_arg_type(it) != DBUS_TYPE_INT32) return 0;
        dbus_message_iter_get_basic(it, &v[i]);
        dbus_message_iter_next(it);
    }
    *x = v[0]; *y = v[1]; *w = v[2]; *h = v[3];
    return 1;
}

static inline uint64_t ap_parent_hash(DBusMessage *reply) {
    DBusMessageIter iter, variant, ref;
    const char *name = "", *path = "";
    dbus_message_iter_init(reply, &iter);
    if (dbus_message_iter_get_arg_type(&iter) != DBUS_TYPE_VARIANT) return 0;
    dbus_message_iter_recurse(&iter, &variant);
    if (dbus_message_iter_get_arg_type(&variant) != DBUS_TYPE_STRUCT) return 0;
    dbus_message_iter_recurse(&variant, &ref);
    dbus_message_iter_get_basic(&ref, &name);
    dbus_message_iter_next(&ref);
    dbus_message_iter_get_basic(&ref, &path);
    uint64_t hash = 1469598103934665603ull;  // FNV-1a
    for (const char *c = name; *c; c++) hash = (hash ^ (unsigned char)*c) * 1099511628211ull;
    for (const char *c = path; *c; c++) hash = (hash ^ (unsigned char)*c) * 1099511628211ull;
    return hash;
}

enum { AP_BATCH = 64 };

/// Role, states, screen extents and parent of each of `objs`, pipelined in
/// batches. Returns 0, or -1 when the application stopped answering (the
/// rest is left unasked: out[i].ok == 0).
static inline int ap_describe_many(AtspiAccessible *const *objs, int n, ap_node *out, int timeout_ms) {
    static const char *accessible = "org.a11y.atspi.Accessible", *parent = "Parent";
    int timed_out = 0;
    for (int base = 0; base < n && !timed_out; base += AP_BATCH) {
        int count = n - base < AP_BATCH ? n - base : AP_BATCH;
        DBusPendingCall *pending[AP_BATCH][4];
        for (int i = 0; i < count; i++) {
            AtspiAccessible *obj = objs[base + i];
            dbus_uint32_t screen = ATSPI_COORD_TYPE_SCREEN;
            DBusMessage *extents = ap_method(obj, "org.a11y.atspi.Component", "GetExtents");
            if (extents) dbus_message_append_args(extents, DBUS_TYPE_UINT32, &screen, DBUS_TYPE_INVALID);
            DBusMessage *up = ap_method(obj, "org.freedesktop.DBus.Properties", "Get");
            if (up) dbus_message_append_args(up, DBUS_TYPE_STRING, &accessible, DBUS_TYPE_STRING, &parent, DBUS_TYPE_INVALID);
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
            if (role && states && dbus_message_get_args(role, NULL, DBUS_TYPE_UINT32, &r, DBUS_TYPE_INVALID)) {
                node->ok = 1;
                node->role = r;
                node->states = ap_state_bits(states);
            }
            if (extents) node->has_extents = ap_four_ints(extents, &node->x, &node->y, &node->width, &node->height);
            if (up) node->parent = ap_parent_hash(up);
            if (role) dbus_message_unref(role);
            if (states) dbus_message_unref(states);
            if (extents) dbus_message_unref(extents);
            if (up) dbus_message_unref(up);
        }
    }
    return timed_out ? -1 : 0;
}

/// The first character's box (screen) of each of `objs` (Text interface),
/// pipelined: where the first line is and how tall lines are. Geometry only.
static inline int ap_first_character_many(AtspiAccessible *const *objs, int n, ap_rect *out, int timeout_ms) {
    int timed_out = 0;
    for (int base = 0; base < n && !timed_out; base += AP_BATCH) {
        int count = n - base < AP_BATCH ? n - base : AP_BATCH;
        DBusPendingCall *pending[AP_BATCH];
        for (int i = 0; i < count; i++) {
            AtspiAccessible *obj = objs[base + i];
            dbus_int32_t offset = 0;
            dbus_uint32_t screen = ATSPI_COORD_TYPE_SCREEN;
            DBusMessage *m = ap_method(obj, "org.a11y.atspi.Text", "GetCharacterExtents");
            if (m) dbus_message_append_args(m, DBUS_TYPE_INT32, &offset, DBUS_TYPE_UINT32, &screen, DBUS_TYPE_INVALID);
            pending[i] = ap_send(obj, m, timeout_ms);
        }
        for (int i = 0; i < count; i++) {
            ap_rect *r = &out[base + i];
            memset(r, 0, sizeof *r);
            DBusMessage *reply = ap_reply(pending[i], &timed_out);
            if (!reply) continue;
            r->ok = ap_four_ints(reply, &r->x, &r->y, &r->width, &r->height) && r->height > 0;
            dbus_message_unref(reply);
        }
    }
    return timed_out ? -1 : 0;
}

/// The descendants of `root` that are showing and visible and have one of
/// `roles`, in one call through the Collection interface (the application
/// walks its own tree). Returns their count and sets *out (free with
/// ap_free_matches); -1 when `root` has no Collection interface, -2 on error
/// (*timed_out set when the application did not answer).
static inline int ap_matches(AtspiAccessible *root, const unsigned *roles, int n_roles, int max,
                             AtspiAccessible ***out, int *timed_out) {
    *out = NULL;
    AtspiCollection *collection = atspi_accessible_get_collection_iface(root);
    if (!collection) return -1;
    GArray *states = g_array_new(FALSE, FALSE, sizeof(AtspiStateType));
    AtspiStateType showing = ATSPI_STATE_SHOWING, visible = ATSPI_STATE_VISIBLE;
    g_array_append_val(states, showing);
    g_array_append_val(states, visible);
    AtspiStateSet *set = atspi_state_set_new(states);
    g_array_free(states, TRUE);
    GArray *role_array = g_array_new(FALSE, FALSE, sizeof(AtspiRole));
    for (int i = 0; i < n_roles; i++) { AtspiRole r = (AtspiRole)roles[i]; g_array_append_val(role_array, r); }
    AtspiMatchRule *rule = atspi_match_rule_new(set, ATSPI_Collection_MATCH_ALL, NULL, ATSPI_Collection_MATCH_NONE,
                                                role_array, ATSPI_Collection_MATCH_ANY, NULL, ATSPI_Collection_MATCH_NONE, FALSE);
    g_array_free(role_array, TRUE);
    g_object_unref(set);
    GError *error = NULL;
    GArray *matches = atspi_collection_get_matches(collection, rule, ATSPI_Collection_SORT_ORDER_CANONICAL, max, TRUE, &error);
    g_object_unref(rule);
    g_object_unref(collection);
    if (error) {
        if (error->message && (strstr(error->message, "NoReply") || strstr(error->message, "eceive a reply")
                               || strstr(error->message, "imed out")))
            *timed_out = 1;
        g_error_free(error);
        if (matches) g_array_free(matches, TRUE);
        return -2;
    }
    if (!matches) return -2;
    int count = (int)matches->len;
    *out = (AtspiAccessible **)g_array_free(matches, FALSE);
    return count;
}

static inline void ap_free_matches(AtspiAccessible **matches, int count) {
    if (!matches) return;
    for (int i = 0; i < count; i++) if (matches[i]) g_object_unref(matches[i]);
    g_free(matches);
}

/// The name of AT-SPI role number `role` ("push button"), NULL for a number
/// this libatspi does not know (asking atspi_role_get_name would warn).
static inline char *ap_role_name_of(unsigned role) {
    GEnumClass *roles = g_type_class_ref(ATSPI_TYPE_ROLE);
    int known = g_enum_get_value(roles, (gint)role) != NULL;
    g_type_class_unref(roles);
    return known ? atspi_role_get_name((AtspiRole)role) : NULL;
}

static inline const char *ap_event_type(AtspiEvent *event) { return event && event->type ? event->type : ""; }
static inline AtspiAccessible *ap_event_source(AtspiEvent *event) { return event ? event->source : NULL; }

/// The child a children-changed event names (borrowed), NULL if none.
static inline AtspiAccessible *ap_event_child(AtspiEvent *event) {
    if (!event || !G_VALUE_HOLDS_OBJECT(&event->any_data)) return NULL;
    GObject *object = g_value_get_object(&event->any_data);
    return object && ATSPI_IS_ACCESSIBLE(object) ? ATSPI_ACCESSIBLE(object) : NULL;
}

static inline void *ap_ref(void *object) { return object ? g_object_ref(object) : NULL; }
#endif
