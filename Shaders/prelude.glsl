// Shared by every program. Colours are premultiplied RGBA in 0…1, as Cairo
// keeps them; positions are device pixels of the target with y growing down
// (gl_FragCoord.xy is a pixel centre: x + 0.5, y + 0.5).
precision highp float;
precision highp int;
precision highp sampler2D;
