#include <wayland-egl.h>
