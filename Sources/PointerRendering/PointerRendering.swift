// PointerRendering: see DESIGN.md
