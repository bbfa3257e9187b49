"""What each seat may see (DESIGN.md §3): the only way information leaves the engine.

Everything in Orichalk lies face up except the land tile stacks, the action deck and the
bags (uk «Приготування до гри»): the view gives their sizes only, never an order or a tile
or card in them. Every seat and spectators therefore see the same view, but for ``you`` and
``prompt``.

Keys (positions ``x``, ``y`` are in space widths: a space is a circle of diameter 1, rows
``ROW_HEIGHT`` apart, odd rows shifted half a space right):

- ``game``: "orichalk"; ``you``: the viewing seat or None; ``seats``: in clockwise order
- ``phase``: "choose_sides", "play", "initiative" or "over"; ``round``; ``over``; ``winner``
- ``initiative``: the holder; ``order``: this round's turn order; ``current``: whose turn;
  ``to_act``: seats deciding now; ``prompt``: the viewer's current decision in a sentence;
  ``initiative_candidates``: the tied players while the holder chooses
- ``win_points``: 5; ``temples_left``, ``victory_tokens_left``
- ``players``: seat → ``seat``, ``board``, ``board_name``, ``side`` ("easy", "hard" or
  None), ``hoplites``, ``orichalcum``, ``creatures`` (captured, each ``id``, ``name``,
  ``strength``), ``victory_tokens`` (``temples``, ``medallions``, ``order``: each token in the
  order taken), ``titans`` (each ``id``, ``name``, ``terrain``, ``favour``, ``active``),
  ``titan_capacity``, ``points``, ``mines``, ``camps`` (metropolis included), ``buildings``
  (kind → count), ``extra_actions`` (per turn), ``island``
- ``island``: ``board``, ``name``, ``side``, ``rows``, ``columns``, ``width``, ``height``,
  ``metropolis`` (space or None), ``cells`` (each ``id`` like "C4", ``row``, ``col`` (both from
  0), ``x``, ``y``, ``neighbours``, ``terrain`` (forest, lagoon, desert, mountain, volcano or
  None), ``tile`` (land tile id or None), ``volcano``, ``land`` (still land: not under a
  building or temple), ``creature`` (``id``, ``name``, ``strength``, ``hoplites`` left on it)
  or None, ``building`` (``id``, ``name``) or None, ``temple`` (its number) or None,
  ``metropolis``, ``port`` (``hoplites``, ``orichalcum``, ``covered``) or None), ``ports``
  (each ``cell``, ``hoplites``, ``orichalcum``, ``covered``), ``temples`` (each a list of
  four spaces); before the side is chosen, ``sides`` holds both sides' empty islands instead
- ``action_board``: ``slots`` (each ``slot`` (from 0), ``number`` (from 1), ``cost`` (printed),
  ``card`` (``id``, ``action``, ``action_name``, ``size``) or None, ``tile`` (``id``,
  ``size``, ``terrains``) or None, ``creatures`` on its volcanoes), ``deck`` (cards left),
  ``discard`` (face-up cards, oldest first)
- ``construction_board``: ``slots`` (each ``terrain``, ``building`` (``id``, ``name``,
  ``text``) or None, ``resource``: "hoplite", "orichalcum" or None), ``bag`` (tokens left)
- ``stacks``: face-down land tiles per size; ``creature_bag``: creatures in the bag
- ``titans_centre``: titans in the centre (active side up)
- ``extra_tiers``: each ``pay``, ``cost`` (printed), ``actions``
- ``last_fight``: the last fight rolled (``seat``, ``cell``, ``creature``, ``strength``,
  ``hoplites``, ``dice``, ``total``, ``skull``, ``won``, ``favour``) or None
- ``turn``: ``seat``, ``step``, ``card``, ``tile`` (the tile taken, until placed), ``creatures``
  riding on it, ``action``, ``extra``, ``extras_bought``, ``extras_allowed``, ``titans``
  (attracted, while choosing) or None
"""

from __future__ import annotations

from typing import Any

from engine.games.orichalk.components import (
    BUILDING_IDS,
    CARD,
    CREATURE,
    EXTRA_TIERS,
    ISLAND,
    SIDES,
    SIZES,
    SKULL,
    SLOT_COSTS,
    TILE,
    TITAN,
    VOLCANO,
    WIN_POINTS,
)
from engine.games.orichalk.geometry import ROW_HEIGHT, Layout, layout
from engine.games.orichalk.island import camps, count, mines, titan_capacity
from engine.games.orichalk.moves import prompt
from engine.games.orichalk.options import extras_allowed
from engine.games.orichalk.rules import to_act
from engine.games.orichalk.state import OVER, Island, Player, State
from engine.games.orichalk.words import (
    ACTION_NAME,
    BUILDING_NAME,
    BUILDING_TEXT,
    CREATURE_NAME,
    FAVOUR,
    ISLAND_NAME,
    TITAN_NAME,
)


def _titan(titan: str, active: bool) -> dict[str, Any]:
    t = TITAN[titan]
    return {
        "id": t.id,
        "name": TITAN_NAME[t.id],
        "terrain": t.terrain,
        "favour": FAVOUR[t.id],
        "active": active,
    }


def _creature(creature: str, hoplites: int | None = None) -> dict[str, Any]:
    c = CREATURE[creature]
    info: dict[str, Any] = {"id": c.id, "name": CREATURE_NAME[c.id], "strength": c.strength}
    if hoplites is not None:
        info["hoplites"] = hoplites
    return info


def _tile(tile: int) -> dict[str, Any] | None:
    if not tile:
        return None
    t = TILE[tile]
    return {"id": t.id, "size": t.size, "terrains": list(t.terrains)}


def _card(card: str) -> dict[str, Any] | None:
    if not card:
        return None
    c = CARD[card]
    return {"id": c.id, "action": c.action, "action_name": ACTION_NAME[c.action], "size": c.size}


def _frame(lay: Layout) -> dict[str, Any]:
    rows = max(r for r, _ in lay.rowcol) + 1
    columns = max(c for _, c in lay.rowcol) + 1
    return {
        "rows": rows,
        "columns": columns,
        "width": columns + 0.5,
        "height": round((rows - 1) * ROW_HEIGHT + 1, 4),
    }


def _empty_side(board: str, side: str) -> dict[str, Any]:
    lay = layout(board, side)
    return {
        "side": side,
        **_frame(lay),
        "cells": [
            {
                "id": label,
                "row": lay.rowcol[i][0],
                "col": lay.rowcol[i][1],
                "x": lay.xy[i][0],
                "y": lay.xy[i][1],
                "port": _port(lay, i, ()),
            }
            for i, label in enumerate(lay.labels)
        ],
        "ports": _ports(lay, ()),
    }


def _port(lay: Layout, i: int, taken: tuple[int, ...]) -> dict[str, Any] | None:
    port = lay.port_of.get(i)
    if port is None:
        return None
    return {"hoplites": port.hoplites, "orichalcum": port.orichalcum, "covered": i in taken}


def _ports(lay: Layout, taken: tuple[int, ...]) -> list[dict[str, Any]]:
    return [
        {"cell": lay.labels[p.cell], "hoplites": p.hoplites, "orichalcum": p.orichalcum,
         "covered": p.cell in taken}
        for p in lay.ports
    ]  # fmt: skip


def _island(island: Island) -> dict[str, Any] | None:
    if not island.board:
        return None  # before the boards are dealt
    board = ISLAND[island.board]
    base: dict[str, Any] = {
        "board": board.id,
        "name": ISLAND_NAME[board.id],
        "side": island.side or None,
    }
    if not island.side:
        base["sides"] = {side: _empty_side(island.board, side) for side in SIDES}
        return base
    lay = layout(island.board, island.side)
    cells = []
    for i, label in enumerate(lay.labels):
        terrain = island.terrain[i] or None
        cells.append(
            {
                "id": label,
                "row": lay.rowcol[i][0],
                "col": lay.rowcol[i][1],
                "x": lay.xy[i][0],
                "y": lay.xy[i][1],
                "neighbours": [lay.labels[j] for j in lay.neighbours[i]],
                "terrain": terrain,
                "tile": island.tile[i] or None,
                "volcano": terrain == VOLCANO,
                "land": bool(terrain) and not island.building[i] and not island.temple[i],
                "creature": _creature(island.creature[i], island.guards[i])
                if island.creature[i]
                else None,
                "building": {"id": island.building[i], "name": BUILDING_NAME[island.building[i]]}
                if island.building[i]
                else None,
                "temple": island.temple[i] or None,
                "metropolis": i == island.metropolis,
                "port": _port(lay, i, island.ports_taken),
            }
        )
    temples: dict[int, list[str]] = {}
    for i, n in enumerate(island.temple):
        if n:
            temples.setdefault(n, []).append(lay.labels[i])
    return {
        **base,
        **_frame(lay),
        "metropolis": lay.labels[island.metropolis] if island.metropolis >= 0 else None,
        "cells": cells,
        "ports": _ports(lay, island.ports_taken),
        "temples": [temples[n] for n in sorted(temples)],
    }


def _player(player: Player) -> dict[str, Any]:
    island = player.island
    return {
        "seat": player.seat,
        "board": island.board or None,
        "board_name": ISLAND_NAME[island.board] if island.board else None,
        "side": island.side or None,
        "hoplites": player.hoplites,
        "orichalcum": player.orichalcum,
        "creatures": [_creature(c) for c in player.creatures],
        "victory_tokens": {
            "temples": player.tokens.count("temple"),
            "medallions": player.tokens.count("medallion"),
            "order": list(player.tokens),
        },
        "titans": [_titan(t, active) for t, active in player.titans],
        "titan_capacity": titan_capacity(player),
        "points": player.points,
        "mines": mines(island) if island.side else 0,
        "camps": camps(island) if island.side else 0,
        "buildings": {
            b: count(island, b) for b in BUILDING_IDS if island.side and count(island, b)
        },
        "extra_actions": extras_allowed(player) if island.side else 1,
        "island": _island(island),
    }


def _slots(state: State) -> list[dict[str, Any]]:
    slots = []
    for i in range(max(len(state.offers), 5 if len(state.seats) < 4 else 6)):
        offer = state.offers[i] if i < len(state.offers) else None
        slots.append(
            {
                "slot": i,
                "number": i + 1,
                "cost": SLOT_COSTS[i],
                "card": _card(offer.card) if offer else None,
                "tile": _tile(offer.tile) if offer else None,
                "creatures": [_creature(c) for c in offer.creatures if c] if offer else [],
            }
        )
    return slots


def _fight(state: State) -> dict[str, Any] | None:
    f = state.last_fight
    if f is None:
        return None
    return {
        "seat": f.seat,
        "cell": f.cell,
        "creature": CREATURE_NAME[f.creature],
        "strength": CREATURE[f.creature].strength,
        "hoplites": f.hoplites,
        "dice": list(f.dice),
        "total": sum(f.dice),
        "skull": SKULL in f.dice,
        "won": f.won,
        "favour": f.favour,
    }


def view(state: State, seat: str | None) -> dict[str, Any]:
    me = seat if seat in state.seats else None
    turn = state.turn
    result: dict[str, Any] = {
        "game": "orichalk",
        "you": me,
        "seats": list(state.seats),
        "phase": state.phase,
        "round": state.round,
        "over": state.phase == OVER,
        "winner": state.winner,
        "initiative": state.initiative or None,
        "order": list(state.order),
        "current": turn.seat if turn else None,
        "to_act": sorted(to_act(state)),
        "prompt": prompt(state, me),
        "initiative_candidates": list(state.candidates),
        "win_points": WIN_POINTS,
        "temples_left": state.temples_left,
        "victory_tokens_left": state.tokens_left,
        "players": {p.seat: _player(p) for p in state.players},
        "action_board": {
            "slots": _slots(state),
            "deck": len(state.deck),
            "discard": [_card(c) for c in state.discard],
        },
        "construction_board": {
            "slots": [
                {
                    "terrain": site.terrain,
                    "building": {
                        "id": site.building,
                        "name": BUILDING_NAME[site.building],
                        "text": BUILDING_TEXT[site.building],
                    }
                    if site.building
                    else None,
                    "resource": ("hoplite" if site.building == "training_camp" else "orichalcum")
                    if site.resource
                    else None,
                }
                for site in state.sites
            ],
            "bag": sum(state.building_bag),
        },
        "stacks": {size: len(stack) for size, stack in zip(SIZES, state.stacks, strict=True)},
        "creature_bag": sum(state.creature_bag),
        "titans_centre": [_titan(t, True) for t in state.centre],
        "extra_tiers": [
            {"pay": t.pay, "cost": t.cost, "actions": list(t.actions)} for t in EXTRA_TIERS
        ],
        "last_fight": _fight(state),
        "turn": None,
    }
    if turn is not None:
        result["turn"] = {
            "seat": turn.seat,
            "step": turn.step,
            "card": _card(turn.card),
            "tile": _tile(turn.tile),
            "creatures": [_creature(c) for c in turn.creatures if c],
            "action": turn.action or None,
            "extra": turn.extra,
            "extras_bought": turn.extras,
            "extras_allowed": extras_allowed(state.player(turn.seat)),
            "titans": [TITAN_NAME[t] for t in turn.titans],
        }
    return result
