// X11Backend: see DESIGN.md
