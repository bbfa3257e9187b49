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


ESTIMATE_PER_ROUND_LEFT = 10.53
"""Points a seat still scores per round left, whatever it holds (fitted below; the fit's
constant, the same for every seat, is left out)."""
ESTIMATE_WEIGHTS: dict[str, tuple[float, float]] = {
    # feature: (points, points per round left) each unit of it is still worth
    "lowest temple disc": (-1.71, 0.64),
    "middle temple disc": (1.09, 0.47),
    "highest temple disc": (2.13, 0.61),
    "citizen dice": (3.37, 0.68),
    "bases": (4.74, 0.91),
    "speaker dice": (3.92, -0.25),
}
"""Least squares (ridge 1) of the points each seat scored from a position to the end of the
game, over 400 two-player games of greedy bots playing up to 30% random moves, a position
every seventh decision (about 23 500). Fitted on 300 of them, the leader after rounds 3-7 is
the final winner in 0.70-0.83 of the other 100's positions, by the standing alone in
0.55-0.76; the weights here are fitted on all 400."""
ESTIMATE_ROUNDS = 9
"""The round games of greedy bots end in, on average (ru «Конец игры»: the end comes by a
condition, not a round count)."""


def _features(state: State, player: Player) -> dict[str, int]:
    steps = sorted(space_of(track, player.seat) for track in state.temples)
    return {
        "lowest temple disc": steps[0],
        "middle temple disc": steps[1],
        "highest temple disc": steps[2],
        "citizen dice": len(player.citizens),
        "bases": player.bases,
        "speaker dice": len(player.speakers),
    }


def estimate(state: State) -> dict[str, Any]:
    """The final count the searching bot expects from here: the standing plus what each seat
    will still score. ru «Подсчёт очков» scores the temple discs only at the end, and only the
    two lowest, so a disc moved now shows in the standing rounds later or never; each citizen
    die, base and speaker die is one more visit every round left («Действия игроков»)."""
    if state.phase == OVER:
        return standing(state)
    left = max(0, ESTIMATE_ROUNDS - state.round)
    scores: dict[str, float] = {}
    for player in state.players:
        later = ESTIMATE_PER_ROUND_LEFT * left
        for name, amount in _features(state, player).items():
            now, per_round = ESTIMATE_WEIGHTS[name]
            later += amount * (now + per_round * left)
        scores[player.seat] = score(state, player) + max(0.0, later)
    order = sorted(state.seats, key=lambda s: (-scores[s], -buildings(state.player(s))))
    ranking: list[list[str]] = []
    for seat in order:
        if ranking and scores[ranking[-1][0]] == scores[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    return {"scores": scores, "ranking": ranking}
