"""ru «Конец игры»: victory points, and the tie-break by cards in hand."""

from __future__ import annotations

from typing import Any

from engine.games.origin.components import CARDS, WAR_TROPHY_POINTS, tile_points
from engine.games.origin.state import OVER, Player, State
from engine.games.origin.words import p_


def breakdown(player: Player) -> dict[str, int]:
    hand = player.hand_size
    return {
        "objectives": sum(CARDS[c].points for c in player.completed),
        "cards in hand": hand,
        # ru Treasure: «Каждая карта в руке к концу игры приносит вам дополнительное очко».
        "treasure": hand if "treasure" in player.in_play else 0,
        "hunting tokens": sum(player.hunting),
        "strait tokens": sum(value for _, value in player.straits),
        "innovation tiles": sum(
            count * tile_points(level) for level, count in enumerate(player.tiles, start=1)
        ),
        "war trophies": WAR_TROPHY_POINTS * len(player.trophies),
    }


def score(player: Player) -> int:
    return sum(breakdown(player).values())


def outcome(state: State) -> dict[str, Any] | None:
    return standing(state) if state.phase == OVER else None


def standing(state: State) -> dict[str, Any]:
    """The end-of-game scoring applied to the state as it stands (ru «Конец игры»)."""
    scores = {p.seat: score(p) for p in state.players}
    hands = {p.seat: p.hand_size for p in state.players}
    # ru: the most points wins; «В случае ничьей … побеждает тот, у кого осталось больше карт».
    order = sorted(state.seats, key=lambda s: (-scores[s], -hands[s]))
    ranking: list[list[str]] = []
    for seat in order:
        if ranking and (scores[ranking[-1][0]], hands[ranking[-1][0]]) == (
            scores[seat],
            hands[seat],
        ):
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    tie_break: str | None = None
    for i in range(1, len(ranking)):
        if scores[ranking[i][0]] == scores[ranking[i - 1][0]]:
            tie_break = p_("tie break", "cards in hand")
    return {
        "scores": scores,
        "ranking": ranking,
        "tie_break": tie_break,
        "breakdown": {p.seat: breakdown(p) for p in state.players},
    }


def estimate(state: State) -> dict[str, Any]:
    """What the searching bot scores a cut rollout by: the standing itself."""
    return standing(state)
