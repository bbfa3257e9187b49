"""Worlds a seat cannot tell from the true one (issue 37 §1): the determinizations the
searching bot plays out.

Hidden in Origins: First Builders, and redealt here:

- the building tiles beneath each stack's face-up top: ru «Подготовка к игре» step 6, «сложите
  получившиеся стопки рубашкой вверх», step 7 and «Купить здание» 6 turning only the top face
  up. A stack holds tiles of its own colour only (step 6, «Разделите жетоны зданий по
  цветам»; Virgo puts a farm back under its colour's stack), and keeps its height;
- which building each farm is: «Строительство фермы», «переверните его рубашкой вверх …
  Считается, что у этого жетона нет цвета и эффекта». The view shows a farm as a farm only.

Kept: everything face up (the building row, each stack's top, the buildings of every city,
the buildings set aside by the Construction Site), and a building bought and not yet placed,
which is still face up (a farm is turned over only as it is placed, «Перед размещением жетона
здания в своём городе переверните его»). The district and zodiac cards left in the box
(steps 5, 10) are not in the state, and every die is rolled when it comes: nothing else is
hidden. Every seat sees the same table (:mod:`.view`), so the sample is the same for every
seat.

The hidden tiles, together, are the box less what is seen; which colours the farms are is then
known too (each stack needs its height in its own colour, the rest of each colour lies in
farms), but not which farm is which. Not kept: a farm was face up in the row when bought, and a
farm Virgo put back went under its stack in plain sight; a seat may remember either, but the
view shows neither, and the sample may depend on the view alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.games.origins_first_builders.components import BUILDING, COLOUR_INDEX
from engine.games.origins_first_builders.state import Player, State, replace


def sample_world(state: State, seat: str, rng: random.Random) -> State:
    """A state ``seat``'s view cannot tell from ``state``: the tiles under the stacks' tops and
    beneath the farms, put in canonical order, shuffled with ``rng`` and dealt again, each
    stack its own height of its own colour, the farms the rest."""
    pool = sorted(
        [kind for stack in state.stacks for kind in stack[1:]]
        + [tile.kind for player in state.players for tile in player.city if tile.farm]
    )
    rng.shuffle(pool)
    # ru step 6: each stack takes its own height in its own colour beneath its face-up top
    # (step 7, «Купить здание» 6); «Строительство фермы»: the rest lie face down in farms.
    wanted = [max(len(stack) - 1, 0) for stack in state.stacks]
    beneath: list[list[str]] = [[] for _ in state.stacks]
    farms: list[str] = []
    for kind in pool:
        c = COLOUR_INDEX[BUILDING[kind].colour]
        if len(beneath[c]) < wanted[c]:
            beneath[c].append(kind)
        else:
            farms.append(kind)
    stacks = tuple((*stack[:1], *under) for stack, under in zip(state.stacks, beneath, strict=True))
    dealt = iter(farms)
    players = tuple(_farms_dealt(player, dealt) for player in state.players)
    return replace(state, stacks=stacks, players=players)


def _farms_dealt(player: Player, kinds: Iterator[str]) -> Player:
    """``player`` with each farm of the city, in city order, the next of ``kinds``."""
    if not any(tile.farm for tile in player.city):
        return player
    city = tuple(replace(t, kind=next(kinds)) if t.farm else t for t in player.city)
    return replace(player, city=city)
