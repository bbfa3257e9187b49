"""Every game the service serves, by name (DESIGN.md §3)."""

from __future__ import annotations

from engine.contract import Game

GAMES: dict[str, Game] = {}
_MEMBERS = [m for m in dir(Game) if not m.startswith("_")] + list(Game.__annotations__)


def register(game: Game) -> Game:
    """Add ``game`` under its name; registering the same object twice is harmless. A game
    must offer every member of the contract (``standing`` included: any game can be ended
    early by its players' vote, issue 4)."""
    if not isinstance(game, Game):
        missing = [m for m in _MEMBERS if not hasattr(game, m)]
        raise TypeError(f"{type(game).__name__} lacks {', '.join(missing)} of the engine contract")
    existing = GAMES.get(game.name)
    if existing is not None and existing is not game:
        raise ValueError(f"another game is already registered as {game.name!r}")
    GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    GAMES.pop(name, None)


def get(name: str) -> Game:
    """The game called ``name``; ``KeyError`` names the known games otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise KeyError(f"unknown game {name!r} (known: {known})") from None


def _register_catalogue() -> None:
    from engine.catalogue import CATALOGUE

    for game in CATALOGUE:
        register(game)


_register_catalogue()
