"""uk «Кінець гри та перемога»: the winner, and the standing of everyone else.

The rulebook names only the winner: the first player with 5 victory points and no creature
on their island. The others (and everyone, in a game ended early by a vote) are ranked by
victory points, then by fewer creatures on their island (closer to the second condition),
then by more orichalcum (closer to a medallion); players equal on all three share a place.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from engine.games.orichalk.state import OVER, Player, State
from engine.games.orichalk.words import _

TIE_BREAK = _("fewer creatures on the island, then more orichalcum")
THE_WIN = _("the win")
"""What set apart players equal on victory points: the win itself (5 points and no creature
left), or the tie-break; the service says "tie broken by …"."""


def breakdown(player: Player) -> dict[str, int]:
    return {
        "titans": len(player.titans),
        "temples": player.tokens.count("temple"),
        "medallions": player.tokens.count("medallion"),
        "creatures on the island": sum(1 for c in player.island.creature if c),
        "orichalcum": player.orichalcum,
    }


def _key(state: State, player: Player) -> tuple[int, int, int, int]:
    return (
        0 if player.seat == state.winner else 1,
        -player.points,
        sum(1 for c in player.island.creature if c),
        -player.orichalcum,
    )


def outcome(state: State) -> dict[str, Any] | None:
    return standing(state) if state.phase == OVER else None


def standing(state: State) -> dict[str, Any]:
    keys = {p.seat: _key(state, p) for p in state.players}
    order = sorted(state.seats, key=lambda s: (keys[s], state.seats.index(s)))
    ranking: list[list[str]] = []
    for seat in order:
        if ranking and keys[ranking[-1][0]] == keys[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    scores = {p.seat: p.points for p in state.players}
    reasons = {
        THE_WIN if above[0] == state.winner else TIE_BREAK
        for above, below in pairwise(ranking)
        if scores[above[0]] == scores[below[0]]
    }
    tie_break = TIE_BREAK if TIE_BREAK in reasons else (THE_WIN if reasons else None)
    return {
        "scores": scores,
        "ranking": ranking,
        "winner": state.winner,
        "tie_break": tie_break,
        "breakdown": {p.seat: breakdown(p) for p in state.players},
    }


def estimate(state: State) -> dict[str, Any]:
    """What the searching bot scores a cut rollout by: the standing itself."""
    return standing(state)
