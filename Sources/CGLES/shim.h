#ifndef ADAPTIVE_POINTER_CGLES_SHIM_H
#define ADAPTIVE_POINTER_CGLES_SHIM_H
// OpenGL ES 3.0 entry points (libGLESv2 exports them directly) plus the few
// extension enums the renderer checks for.
#include <GLES3/gl3.h>

#ifndef GL_BGRA_EXT
#define GL_BGRA_EXT 0x80E1
#endif
#endif
