// PointerHost: see DESIGN.md
