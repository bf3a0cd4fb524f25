// Generated protocol headers are added here by scripts/generate-protocols.sh.
#include <wayland-client.h>
