#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-x11.h>
