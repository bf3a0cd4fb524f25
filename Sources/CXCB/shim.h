#ifndef ADAPTIVE_POINTER_CXCB_SHIM_H
#define ADAPTIVE_POINTER_CXCB_SHIM_H
// xcb core plus the extensions the X11 backend uses. The small static inline
// helpers below exist because XInput2 events and requests carry variable-length
// tails (masks, FP3232 valuators) that are awkward to walk from Swift.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>  // the X11 session loop wakes on signals through a signalfd
#include <xcb/xcb.h>
#include <xcb/xcbext.h>
#include <xcb/xfixes.h>
#include <xcb/shape.h>
#include <xcb/xinput.h>
#include <xcb/randr.h>
#include <xcb/xkb.h>
#include <xcb/shm.h>
#include <xcb/render.h>
#include <xcb/damage.h>

/// Selects XI2 events `mask` (bit n = event type n, up to 63) for `deviceid` on `window`.
static inline xcb_void_cookie_t ap_xi_select(xcb_connection_t *c, xcb_window_t window,
                                             uint16_t deviceid, uint64_t mask) {
    struct {
        xcb_input_event_mask_t head;
        uint32_t bits[2];
    } m;
    m.head.deviceid = deviceid;
    m.head.mask_len = 2;
    m.bits[0] = (uint32_t)(mask & 0xffffffffu);
    m.bits[1] = (uint32_t)(mask >> 32);
    return xcb_input_xi_select_events_checked(c, window, 1, &m.head);
}

static inline double ap_fp3232(xcb_input_fp3232_t v) {
    return (double)v.integral + (double)v.frac / 4294967296.0;
}

static inline double ap_fp1616(xcb_input_fp1616_t v) {
    return (double)v / 65536.0;
}

/// The valuators set in a raw event: writes up to `max` (number, value) pairs
/// (accelerated values), returns how many.
static inline int ap_raw_valuators(const xcb_input_raw_button_press_event_t *ev,
                                   int *numbers, double *values, int max) {
    const uint32_t *mask = xcb_input_raw_button_press_valuator_mask(ev);
    int masklen = xcb_input_raw_button_press_valuator_mask_length(ev);
    const xcb_input_fp3232_t *axis = xcb_input_raw_button_press_axisvalues(ev);
    int n = 0, k = 0;
    for (int w = 0; w < masklen; w++) {
        for (int b = 0; b < 32; b++) {
            if (mask[w] & (1u << b)) {
                if (n < max) { numbers[n] = w * 32 + b; values[n] = ap_fp3232(axis[k]); n++; }
                k++;
            }
        }
    }
    return n;
}

/// The valuators set in a device event (XI_Motion, XI_ButtonPress, …).
static inline int ap_device_valuators(const xcb_input_button_press_event_t *ev,
                                      int *numbers, double *values, int max) {
    const uint32_t *mask = xcb_input_button_press_valuator_mask(ev);
    int masklen = xcb_input_button_press_valuator_mask_length(ev);
    const xcb_input_fp3232_t *axis = xcb_input_button_press_axisvalues(ev);
    int n = 0, k = 0;
    for (int w = 0; w < masklen; w++) {
        for (int b = 0; b < 32; b++) {
            if (mask[w] & (1u << b)) {
                if (n < max) { numbers[n] = w * 32 + b; values[n] = ap_fp3232(axis[k]); n++; }
                k++;
            }
        }
    }
    return n;
}

/// Scroll classes of a device from XIQueryDevice: writes up to `max` entries of
/// (valuator number, scroll type 1=vertical 2=horizontal, increment), returns count.
static inline int ap_scroll_classes(const xcb_input_xi_device_info_t *info,
                                    int *numbers, int *types, double *increments, int max) {
    int n = 0;
    xcb_input_device_class_iterator_t it = xcb_input_xi_device_info_classes_iterator(info);
    for (; it.rem; xcb_input_device_class_next(&it)) {
        if (it.data->type == XCB_INPUT_DEVICE_CLASS_TYPE_SCROLL && n < max) {
            const xcb_input_scroll_class_t *s = (const xcb_input_scroll_class_t *)it.data;
            numbers[n] = s->number;
            types[n] = s->scroll_type;
            increments[n] = ap_fp3232(s->increment);
            n++;
        }
    }
    return n;
}

/// How a device from XIQueryDevice moves the pointer: 2 with a direct-touch class
/// (touchscreens), 1 when its x or y valuator (numbers 0, 1) is absolute (tablets,
/// the absolute pointers of virtual machines), 3 with a dependent-touch class and
/// relative x/y (a touchpad that reports its touches), else 0 (mice, touchpads).
static inline int ap_pointer_motion_kind(const xcb_input_xi_device_info_t *info) {
    int kind = 0, dependent = 0;
    xcb_input_device_class_iterator_t it = xcb_input_xi_device_info_classes_iterator(info);
    for (; it.rem; xcb_input_device_class_next(&it)) {
        if (it.data->type == XCB_INPUT_DEVICE_CLASS_TYPE_TOUCH) {
            const xcb_input_touch_class_t *t = (const xcb_input_touch_class_t *)it.data;
            if (t->mode == XCB_INPUT_TOUCH_MODE_DIRECT) return 2;
            dependent = 1;
        } else if (it.data->type == XCB_INPUT_DEVICE_CLASS_TYPE_VALUATOR) {
            const xcb_input_valuator_class_t *v = (const xcb_input_valuator_class_t *)it.data;
            if (v->number < 2 && v->mode == XCB_INPUT_VALUATOR_MODE_ABSOLUTE) kind = 1;
        }
    }
    return kind == 0 && dependent ? 3 : kind;
}

/// Sets the window's input shape to nothing, so every click passes through.
static inline void ap_input_passthrough(xcb_connection_t *c, xcb_window_t window) {
    xcb_xfixes_region_t region = xcb_generate_id(c);
    xcb_xfixes_create_region(c, region, 0, NULL);
    xcb_xfixes_set_window_shape_region(c, window, XCB_SHAPE_SK_INPUT, 0, 0, region);
    xcb_xfixes_destroy_region(c, region);
}

/// The event type of an XKB event (its second byte).
static inline uint8_t ap_xkb_event_type(const xcb_generic_event_t *ev) {
    return ((const uint8_t *)ev)[1];
}

/// Extension data for each extension the backend uses. xcb keeps the ids as
/// C globals that only it writes (under its own lock); reaching them through
/// one call keeps Swift code from touching shared mutable state.
typedef enum {
    AP_EXTENSION_INPUT,
    AP_EXTENSION_XFIXES,
    AP_EXTENSION_RANDR,
    AP_EXTENSION_SHAPE,
    AP_EXTENSION_SHM,
    AP_EXTENSION_DAMAGE,
} ap_extension;

static inline const xcb_query_extension_reply_t *ap_extension_data(xcb_connection_t *c, ap_extension which) {
    switch (which) {
    case AP_EXTENSION_INPUT: return xcb_get_extension_data(c, &xcb_input_id);
    case AP_EXTENSION_XFIXES: return xcb_get_extension_data(c, &xcb_xfixes_id);
    case AP_EXTENSION_RANDR: return xcb_get_extension_data(c, &xcb_randr_id);
    case AP_EXTENSION_SHAPE: return xcb_get_extension_data(c, &xcb_shape_id);
    case AP_EXTENSION_SHM: return xcb_get_extension_data(c, &xcb_shm_id);
    case AP_EXTENSION_DAMAGE: return xcb_get_extension_data(c, &xcb_damage_id);
    }
    return NULL;
}

#endif
