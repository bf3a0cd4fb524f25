#ifndef ADAPTIVE_POINTER_CEGL_SHIM_H
#define ADAPTIVE_POINTER_CEGL_SHIM_H
// EGL 1.5 with the Mesa/Khronos extensions the GL renderer uses. No Xlib: the
// X11 backend speaks xcb, so EGL sees its windows through EGL_EXT_platform_xcb.
#define EGL_NO_X11 1
#define MESA_EGL_NO_X11_HEADERS 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif
#ifndef EGL_PLATFORM_XCB_EXT
#define EGL_PLATFORM_XCB_EXT 0x31DC
#endif
#ifndef EGL_PLATFORM_XCB_SCREEN_EXT
#define EGL_PLATFORM_XCB_SCREEN_EXT 0x31DE
#endif
#ifndef EGL_BUFFER_AGE_EXT
#define EGL_BUFFER_AGE_EXT 0x313D
#endif

/// eglSwapBuffersWithDamageKHR/EXT when the display offers it, else a plain
/// swap. `rects` holds x, y, width, height per rect, origin bottom-left.
static inline EGLBoolean ap_egl_swap_with_damage(EGLDisplay dpy, EGLSurface surface, EGLint *rects, EGLint count) {
    typedef EGLBoolean (*swap_damage_t)(EGLDisplay, EGLSurface, const EGLint *, EGLint);
    static swap_damage_t fn = NULL;
    static int looked = 0;
    if (!looked) {
        looked = 1;
        const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
        if (ext && strstr(ext, "EGL_KHR_swap_buffers_with_damage"))
            fn = (swap_damage_t)eglGetProcAddress("eglSwapBuffersWithDamageKHR");
        else if (ext && strstr(ext, "EGL_EXT_swap_buffers_with_damage"))
            fn = (swap_damage_t)eglGetProcAddress("eglSwapBuffersWithDamageEXT");
    }
    if (fn && count > 0) return fn(dpy, surface, rects, count);
    return eglSwapBuffers(dpy, surface);
}

/// The EGL display for a native display on `platform` (EGL 1.5's
/// eglGetPlatformDisplay; the EXT entry point on 1.4 implementations).
static inline EGLDisplay ap_egl_platform_display(EGLenum platform, void *native, const EGLAttrib *attribs) {
    typedef EGLDisplay (*get_ext_t)(EGLenum, void *, const EGLint *);
    EGLDisplay d = EGL_NO_DISPLAY;
    d = eglGetPlatformDisplay(platform, native, attribs);
    if (d != EGL_NO_DISPLAY) return d;
    get_ext_t ext = (get_ext_t)eglGetProcAddress("eglGetPlatformDisplayEXT");
    if (!ext) return EGL_NO_DISPLAY;
    EGLint a[8];
    int n = 0;
    for (int i = 0; attribs && attribs[i] != EGL_NONE && n < 6; i += 2) {
        a[n++] = (EGLint)attribs[i];
        a[n++] = (EGLint)attribs[i + 1];
    }
    a[n] = EGL_NONE;
    return ext(platform, native, a);
}
#endif
