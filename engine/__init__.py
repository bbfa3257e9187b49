"""Pure game rules (DESIGN.md §2-3): standard library only; no I/O, clock or global random."""

from engine.contract import Event, Game, GameBase, IllegalMove, Move, State, replay, setup_under

__all__ = ["Event", "Game", "GameBase", "IllegalMove", "Move", "State", "replay", "setup_under"]
