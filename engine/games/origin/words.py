"""Origin's markers (``engine.kit.words``): every word a player reads is made with these,
in the ``origin`` domain, whose catalogs are in ``translations/`` beside the glossary."""

from __future__ import annotations

from engine.kit.words import markers

_, n_, p_ = markers("origin")

__all__ = ["_", "n_", "p_"]
