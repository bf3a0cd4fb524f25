import Testing

/// The end-to-end suites, run one after another: each starts its own Xvfb (and
/// picom), and running them side by side on a 2-core machine makes every
/// display-server test there slower and its figures noisier.
@Suite("X11 end to end", .serialized)
struct X11EndToEnd {}
