"""Deriving a move's randomness from the game's secret seed (DESIGN.md §6).

The rng for the events appended at ``seq`` is seeded with HMAC-SHA256(seed, seq), so anyone
holding the revealed seed recomputes every shuffle and roll. Only the service holds seeds;
the engine receives the resulting ``random.Random`` and never draws on its own.
"""

from __future__ import annotations

import hashlib
import hmac
import random


def commitment(seed: bytes) -> str:
    """The public promise about a secret seed: its SHA-256, hex encoded."""
    return hashlib.sha256(seed).hexdigest()


def rng_for(seed: bytes, seq: int) -> random.Random:
    """The rng for the first event to be appended at ``seq`` (1 for setup)."""
    digest = hmac.new(seed, str(seq).encode("ascii"), hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


def search_rng_for(seed: bytes, seq: int) -> random.Random:
    """The rng a searching bot (issue 37) samples its worlds with when it chooses the move
    appended at ``seq``: HMAC-SHA256(seed, "search:seq"), apart from the rng of the move's
    own chance (:func:`rng_for`), so the revealed seed reproduces the bot's choice too."""
    digest = hmac.new(seed, f"search:{seq}".encode("ascii"), hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))
