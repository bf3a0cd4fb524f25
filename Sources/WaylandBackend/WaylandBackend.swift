// WaylandBackend: see DESIGN.md
