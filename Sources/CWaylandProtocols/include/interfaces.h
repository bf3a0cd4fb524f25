// Hand-written (kept by scripts/generate-protocols.sh): the addresses of the
// wl_interface globals. Swift imports `extern const struct wl_interface x` as a
// value, and wl_registry_bind needs the global's real address, so these
// accessors hand it over.
#pragma once
#include <wayland-client.h>

#define AP_INTERFACE(name) \
    static inline const struct wl_interface *ap_##name##_interface(void) { return &name##_interface; }

AP_INTERFACE(wl_compositor)
AP_INTERFACE(wl_subcompositor)
AP_INTERFACE(wl_shm)
AP_INTERFACE(wl_seat)
AP_INTERFACE(wl_output)
AP_INTERFACE(xdg_wm_base)
AP_INTERFACE(wp_viewporter)
AP_INTERFACE(wp_presentation)
AP_INTERFACE(wp_fractional_scale_manager_v1)
AP_INTERFACE(zwp_pointer_gestures_v1)
AP_INTERFACE(zwp_relative_pointer_manager_v1)
AP_INTERFACE(zwlr_layer_shell_v1)
AP_INTERFACE(zwlr_virtual_pointer_manager_v1)
AP_INTERFACE(zwp_virtual_keyboard_manager_v1)
AP_INTERFACE(org_kde_kwin_fake_input)

#undef AP_INTERFACE
