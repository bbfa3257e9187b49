"""ru «Подсчёт очков»: the final count added to the points scored during the game, and the
tie-break by buildings in the city (then a shared win: «побеждает дружба»)."""

from __future__ import annotations

from typing import Any

from engine.games.origins_first_builders.components import (
    ADVISOR_POINTS,
    COLOUR_INDEX,
    TEMPLE_POINTS,
)
from engine.games.origins_first_builders.state import OVER, Player, State
from engine.games.origins_first_builders.tracks import space_of
from engine.games.origins_first_builders.words import _


def temple_points(steps: list[int]) -> int:
    """The two lowest of the three temple discs (the highest is ignored)."""
    points = sorted(TEMPLE_POINTS[s] for s in steps)
    return sum(points[:-1]) if points else 0


def breakdown(state: State, player: Player) -> dict[str, int]:
    steps = [space_of(track, player.seat) for track in state.temples]
    return {
        "during the game": player.vp,
        "gold": player.gold,
        "advisors": ADVISOR_POINTS[len(player.advisors) - 1] if player.advisors else 0,
        "temples": temple_points(steps),
        "power centres": sum(
            c.value * player.towers[COLOUR_INDEX[c.colour]] for c in player.centres
        ),
    }


def score(state: State, player: Player) -> int:
    return sum(breakdown(state, player).values())


def buildings(player: Player) -> int:
    """Tiles in the city, farms included: the tie-break."""
    return len(player.city)


def outcome(state: State) -> dict[str, Any] | None:
    return standing(state) if state.phase == OVER else None


def standing(state: State) -> dict[str, Any]:
    """The end-of-game count applied to the state as it stands."""
    scores = {p.seat: score(state, p) for p in state.players}
    tiles = {p.seat: buildings(p) for p in state.players}
    order = sorted(state.seats, key=lambda s: (-scores[s], -tiles[s], state.seats.index(s)))
    ranking: list[list[str]] = []
    for seat in order:
        last = ranking[-1][0] if ranking else None
        if last is not None and (scores[last], tiles[last]) == (scores[seat], tiles[seat]):
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    tie_break = None
    for i in range(1, len(ranking)):
        if scores[ranking[i][0]] == scores[ranking[i - 1][0]]:
            tie_break = _("most buildings in the city")
    if any(len(group) > 1 for group in ranking) and tie_break is None:
        tie_break = _("shared: same points and buildings")
    return {
        "scores": scores,
        "ranking": ranking,
        "tie_break": tie_break,
        "breakdown": {p.seat: breakdown(state, p) for p in state.players},
    }
