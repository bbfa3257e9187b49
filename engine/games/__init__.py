"""One package per game, each exposing ``GAME`` (DESIGN.md §3, §10.3), listed in
:mod:`engine.catalogue`."""
