"""Vision training: kit.py (the kit's labels, sources, image views) and v3/ (the served v3-family network)."""
