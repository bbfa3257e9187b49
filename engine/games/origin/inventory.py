"""Every component of a game of Origin counted wherever it lies (the contract suite checks
that the counts never change, issue 21): pawns, villages, innovation tiles, hunting and strait
tokens, and the action, permanent and objective cards."""

from __future__ import annotations

from engine.games.origin.state import State


def inventory(state: State) -> dict[str, int]:
    players = state.players
    on_board = [p for p in state.board if p is not None]
    return {
        # ru «Подготовка к игре»: on the map, in the reserve, or kept with War trophies.
        "pawns": len(on_board) + sum(state.reserve) + sum(len(p.trophies) for p in players),
        # a village under each of a player's pawns on the map, the rest beside them
        "villages": sum(p.villages for p in players)
        + sum(1 for p in on_board if p.owner is not None),
        "innovation tiles": sum(len(c) for c in state.columns)
        + len(state.tile_reserve)
        + sum(sum(p.tiles) for p in players),
        "hunting tokens": sum(1 for t in state.hunting if t is not None)
        + sum(len(p.hunting) for p in players),
        "strait tokens": sum(1 for t in state.straits if t is not None)
        + sum(len(p.straits) for p in players),
        "cards": sum(len(d) for d in state.decks)
        + len(state.discard)
        + len(state.limbo)
        + sum(
            len(p.actions)
            + len(p.permanents)
            + len(p.objectives)
            + len(p.in_play)
            + len(p.completed)
            + len(p.dealt)
            for p in players
        ),
    }
