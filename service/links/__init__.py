"""Signed links (DESIGN.md §5): their tokens and their absolute URLs."""
