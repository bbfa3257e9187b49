"""What each seat may see (DESIGN.md §3): the only way information leaves the engine.

Everything on the table is public except the building stacks below their face-up top (ru
step 6: «сложите … стопки рубашкой вверх»): a view shows each stack's top and its height,
never the tiles beneath, nor the district cards and zodiac cards left in the box. Every seat
and a spectator see the same board; only ``you`` and ``prompt`` differ.

Keys of a view:

- ``game``, ``you`` (the seat, or None), ``seats``, ``solo``, ``phase`` ("draft", "play",
  "over"), ``round``, ``first_player``, ``current`` (whose turn), ``to_act``, ``prompt`` (the
  seat's decision in a sentence), ``over``, ``end_reasons``, ``turn`` (``seat``,
  ``token_used``, ``awaiting``: the step kinds queued) and, while drafting, ``draft``
  (``pool`` of dice, ``order`` of seats still to pick).
- ``board``:
  - ``zones``: per contact zone ``number`` (1-5), ``starship`` (its value), ``bonus``
    (``colour``, ``action``, ``text``), ``actions`` (top then bottom: ``id``, ``text``) and
    ``visitors`` (``seat``, ``kind``: citizen/speaker/archon, ``colour``, ``value``);
  - ``building_row``: top slot first, ``slot`` (1-5), ``wisdom`` (the printed cost; Taurus
    takes 1 off), ``building``;
  - ``building_stacks``: per colour, ``top`` (face-up building or None) and ``count``;
  - ``citizen_row``: left slot first, ``slot``, ``wisdom`` (printed), ``die`` (``colour``,
    ``value``);
    ``citizen_supply``: dice left per colour; ``speaker_row``: values;
  - ``district_cards``: ``id``, ``towers`` (icons), ``pattern`` (``corner``, ``beside``),
    ``first``/``later`` VP, ``gold`` still on it;
  - ``tower_supply``: tiers left per colour;
  - ``war_track``: ``spaces`` (``space``, ``reward``, ``milestone_after``, ``discs``: lowest
    first; "dummy" is the solo opponent's disc), ``last_space``, ``last_points``;
  - ``temples``: per temple ``id``, ``name``, ``zodiac`` (card), ``holder``, ``top``,
    ``discs`` (``seat``, ``step``, ``points``; lowest of a stack first), ``points`` per step.
- ``players``: per seat ``resources`` (stone, food, wisdom, gold), ``vp`` (scored so far),
  ``score`` and ``score_breakdown`` (as if the game ended now), ``citizens`` (``colour``,
  ``value``, ``where``: "home" or "zone N"), ``speakers``, ``archon`` (``where``,
  ``colours``), ``bases`` (``owned``, ``free``, ``next_cost``), ``advisors`` (``colour``,
  ``points``), ``superiority_tokens``, ``zodiac_cards``, ``city`` (cells ``x``, ``y`` with
  ``y`` growing downwards, the Palace at (0, 0) and the Agora above it; ``tiles``: ``x``, ``y``,
  ``kind``, ``name``, ``colour``, ``farm``, ``text``; ``centres``: ``x``, ``y`` of the
  district's top-left cell, ``colour``, ``value``, ``points``; ``bounds``: ``left``, ``top``,
  ``right``, ``bottom`` cells of the tiles), ``palace_towers`` (level per
  colour), ``reserved`` (buildings set aside), ``district_cards_scored``, ``war_space``,
  ``temple_steps``, ``passed``, ``buildings``.
"""

from __future__ import annotations

from typing import Any

from engine.games.origins_first_builders.city import colour_of
from engine.games.origins_first_builders.components import (
    ADVISOR_POINTS,
    BASES,
    BOARD_ACTIONS,
    BONUS_TEXT,
    BONUS_TILES,
    BUILDING,
    BUILDING_ROW_COSTS,
    CITIZEN_ROW_COSTS,
    COLOUR_INDEX,
    COLOURS,
    DISTRICT,
    POPULATION_COSTS,
    STARTING_BASES,
    STARTING_TEXT,
    TEMPLE_NAMES,
    TEMPLE_POINTS,
    TEMPLE_TOP,
    TEMPLES,
    WAR_LAST,
    WAR_LAST_POINTS,
    WAR_REWARDS,
    ZODIAC_CARD,
    ZONE_ACTIONS,
    ZONES,
)
from engine.games.origins_first_builders.flow import reason_words
from engine.games.origins_first_builders.moves import building_name, prompt, reward_words
from engine.games.origins_first_builders.rules import to_act
from engine.games.origins_first_builders.scoring import breakdown, buildings
from engine.games.origins_first_builders.state import DRAFT, HOME, OVER, Player, State, Tile
from engine.games.origins_first_builders.tracks import space_of
from engine.games.origins_first_builders.words import _
from engine.kit.words import Msg


def _building(kind: str | None) -> dict[str, Any] | None:
    if kind is None:
        return None
    b = BUILDING[kind]
    return {"id": b.id, "name": b.name, "colour": b.colour, "stone": b.stone, "text": b.text}


def _zodiac(card: str) -> dict[str, str]:
    z = ZODIAC_CARD[card]
    return {"id": z.id, "name": z.name, "text": z.text}


def _tile(tile: Tile) -> dict[str, Any]:
    if tile.farm:
        text = _("farm: no colour, no effect")
    elif tile.kind in STARTING_TEXT:
        text = STARTING_TEXT[tile.kind]
    else:
        text = BUILDING[tile.kind].text
    return {
        "x": tile.x,
        "y": tile.y,
        "kind": "farm" if tile.farm else tile.kind,
        "name": _("Farm") if tile.farm else building_name(tile.kind),
        "colour": colour_of(tile),
        "farm": tile.farm,
        "text": text,
    }


def _bounds(player: Player) -> dict[str, int]:
    """The smallest rectangle of cells holding the city's tiles."""
    xs = [t.x for t in player.city]
    ys = [t.y for t in player.city]
    return {"left": min(xs), "top": min(ys), "right": max(xs), "bottom": max(ys)}


def _where(zone: int) -> Msg:
    return _("home") if zone == HOME else _("zone {n}", n=zone + 1)


def _player(state: State, player: Player) -> dict[str, Any]:
    points = breakdown(state, player)
    seat = player.seat
    owned = player.bases
    return {
        "seat": seat,
        "resources": {
            "stone": player.stone,
            "food": player.food,
            "wisdom": player.wisdom,
            "gold": player.gold,
        },
        "vp": player.vp,
        "score": sum(points.values()),
        "score_breakdown": points,
        "citizens": [
            {"colour": c.colour, "value": c.value, "where": _where(c.zone)} for c in player.citizens
        ],
        "speakers": list(player.speakers),
        "archon": {"where": _where(player.archon), "colours": list(player.advisors)},
        "bases": {
            "owned": owned,
            "free": player.free_bases,
            "next_cost": POPULATION_COSTS[owned - STARTING_BASES] if owned < BASES else None,
        },
        "advisors": [
            {"colour": c, "points": ADVISOR_POINTS[i]} for i, c in enumerate(player.advisors)
        ],
        "superiority_tokens": player.tokens,
        "zodiac_cards": [
            _zodiac(state.zodiac[t]) for t, owner in enumerate(state.zodiac_owner) if owner == seat
        ],
        "city": {
            "tiles": [_tile(t) for t in sorted(player.city, key=lambda t: (t.y, t.x))],
            "centres": [
                {
                    "x": c.x,
                    "y": c.y,
                    "colour": c.colour,
                    "value": c.value,
                    "points": c.value * player.towers[COLOUR_INDEX[c.colour]],
                }
                for c in player.centres
            ],
            "bounds": _bounds(player),
        },
        "palace_towers": dict(zip(COLOURS, player.towers, strict=True)),
        "reserved": [_building(k) for k in player.reserved],
        "district_cards_scored": list(player.scored),
        "war_space": space_of(state.war, seat),
        "temple_steps": {t: space_of(state.temples[i], seat) for i, t in enumerate(TEMPLES)},
        "passed": player.passed,
        "buildings": buildings(player),
    }


def _zones(state: State) -> list[dict[str, Any]]:
    visitors: list[list[dict[str, Any]]] = [[] for _ in range(ZONES)]
    for player in state.players:
        for c in player.citizens:
            if c.zone != HOME:
                visitors[c.zone].append(
                    {"seat": player.seat, "kind": "citizen", "colour": c.colour, "value": c.value}
                )
        if player.archon != HOME:
            visitors[player.archon].append(
                {"seat": player.seat, "kind": "archon", "colour": None, "value": None}
            )
    for zone, value, seat in state.zone_speakers:
        visitors[zone].append({"seat": seat, "kind": "speaker", "colour": None, "value": value})
    zones = []
    for z in range(ZONES):
        colour = state.bonus[z] if state.bonus else None
        zones.append(
            {
                "number": z + 1,
                "starship": state.zones[z],
                "bonus": {
                    "colour": colour,
                    "action": BONUS_TILES[colour] if colour else None,
                    "text": BONUS_TEXT[BONUS_TILES[colour]] if colour else None,
                },
                "actions": [
                    {"slot": slot, "id": a, "text": BOARD_ACTIONS[a]}
                    for slot, a in zip(("top", "bottom"), ZONE_ACTIONS[z], strict=True)
                ],
                "visitors": visitors[z],
            }
        )
    return zones


def _war(state: State) -> dict[str, Any]:
    return {
        "spaces": [
            {
                "space": s,
                "reward": reward_words(WAR_REWARDS[s]),
                "milestone_after": 0 < s < WAR_LAST and s % 3 == 0,
                "discs": [d for d, at in state.war if at == s],
            }
            for s in range(WAR_LAST + 1)
        ],
        "last_space": WAR_LAST,
        "last_points": WAR_LAST_POINTS,
    }


def _temples(state: State) -> list[dict[str, Any]]:
    temples = []
    for t, temple in enumerate(TEMPLES):
        card = state.zodiac[t] if state.zodiac else None
        temples.append(
            {
                "id": temple,
                "name": TEMPLE_NAMES[temple],
                "zodiac": _zodiac(card) if card else None,
                "holder": state.zodiac_owner[t],
                "top": TEMPLE_TOP,
                "discs": [
                    {"seat": d, "step": s, "points": TEMPLE_POINTS[s]} for d, s in state.temples[t]
                ],
                "points": list(TEMPLE_POINTS),
            }
        )
    return temples


def view(state: State, seat: str | None) -> dict[str, Any]:
    me = seat if seat in state.seats else None
    acting = to_act(state)
    board = {
        "zones": _zones(state),
        "building_row": [
            {
                "slot": i + 1,
                "wisdom": BUILDING_ROW_COSTS[i],
                "building": _building(kind),
            }
            for i, kind in enumerate(state.building_row)
        ],
        "building_stacks": {
            c: {"top": _building(stack[0] if stack else None), "count": len(stack)}
            for c, stack in zip(COLOURS, state.stacks, strict=True)
        },
        "citizen_row": [
            {
                "slot": i + 1,
                "wisdom": CITIZEN_ROW_COSTS[i],
                "die": {"colour": d.colour, "value": d.value} if d else None,
            }
            for i, d in enumerate(state.citizen_row)
        ],
        "citizen_supply": dict(zip(COLOURS, state.dice_supply, strict=True)),
        "speaker_row": list(state.speaker_row),
        "district_cards": [
            {
                "id": card,
                "towers": list(DISTRICT[card].towers),
                "pattern": {
                    "corner": DISTRICT[card].pattern[0],
                    "beside": list(DISTRICT[card].pattern[1:]),
                },
                "first": DISTRICT[card].first,
                "later": DISTRICT[card].later,
                "gold": gold,
            }
            for card, gold in zip(state.districts, state.district_gold, strict=True)
        ],
        "tower_supply": dict(zip(COLOURS, state.tower_supply, strict=True)),
        "war_track": _war(state),
        "temples": _temples(state),
    }
    result: dict[str, Any] = {
        "game": "origins-first-builders",
        "you": me,
        "seats": list(state.seats),
        "solo": state.solo,
        "phase": state.phase,
        "round": state.round,
        "first_player": state.first or None,
        "current": state.turn.seat if state.turn else None,
        "to_act": sorted(acting),
        "prompt": prompt(state, me),
        "over": state.phase == OVER,
        "end_reasons": [reason_words(r) for r in state.end_reasons],
        "turn": None,
        "board": board,
        "players": {p.seat: _player(state, p) for p in state.players},
    }
    if state.turn is not None:
        result["turn"] = {
            "seat": state.turn.seat,
            "token_used": state.turn.token_used,
            "awaiting": [s.kind for s in state.pending],
        }
    if state.phase == DRAFT:
        result["draft"] = {
            "pool": [{"colour": d.colour, "value": d.value} for d in state.pool],
            "order": list(state.draft_order),
        }
    return result
