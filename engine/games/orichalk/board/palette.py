"""Colours of Orichalk's pictures and panels (their short labels are in ``words``)."""

from __future__ import annotations

TERRAIN_FILL = {
    "forest": "#6aa152",
    "lagoon": "#62b6d3",
    "desert": "#eccb76",
    "mountain": "#a89d92",
    "volcano": "#c8603f",
}
TERRAIN_INK = {
    "forest": "#2e6a28",
    "lagoon": "#23718f",
    "desert": "#a9822c",
    "mountain": "#5c544c",
    "volcano": "#6a2212",
}
"""A darker shade of each terrain, for its mark and outlines."""
SEA = "#d7eaf0"
PAPER = "#fbf7ec"
BOARD = "#c9b78c"
EMPTY = "#f3ead2"
EMPTY_EDGE = "#d8c9a5"
SEAM = "#7d6b4e"
OUTLINE = "#3a2d1e"
MARBLE = "#ffffff"
MARBLE_EDGE = "#6f6859"
STONE = "#efe6d2"
INK = "#2b2b2b"
MUTED = "#7a6a4f"
GOLD = "#c8962a"
TAKEN = "#b8b2a6"
CANDIDATE = "#1f7a3a"
CANDIDATE_FILL = "#dcefd0"
HOPLITE = "#b4562a"
HOPLITE_EDGE = "#5c2a12"
ORICHALCUM = "#e7a025"
ORICHALCUM_EDGE = "#8a5a0a"
WON = "#1f6b2e"
LOST = "#9b1c1c"
CREATURE_FILL = {
    "cerberus": "#8a5a2b",
    "minotaur": "#a8322a",
    "gorgon": "#2f7d63",
    "cyclops": "#35579e",
    "hydra": "#5e2d86",
}
ACTION_FILL = {
    "mine": "#d98e12",
    "recruit": "#b4562a",
    "capture": "#8e2a2a",
    "create": "#5a4a9c",
}
BUILDING_INK = {"training_camp": HOPLITE, "mine": "#a86a08"}
BUILDING_DEFAULT_INK = "#4b3f8f"
