#ifndef AP_CATSPI_SHIM_H
#define AP_CATSPI_SHIM_H
// The few libatspi queries the accessibility scanner makes, each returning
// plain values and releasing what libatspi hands over, so the Swift side
// never owns a GError or an AtspiRect.
#include <atspi/atspi.h>
#include <glib-unix.h>
#include <stdint.h>
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
#endif
