"""Every complete choice of each decision (uk «Хід гравця», «Кінець раунду»)."""

from __future__ import annotations

from itertools import combinations

from engine.contract import Move
from engine.games.orichalk.components import (
    CARD,
    CREATURE,
    EXTRA_ACTIONS,
    EXTRA_TIERS,
    MAX_HOPLITES_PER_FIGHT,
    MEDALLION_COST,
    SIDES,
    SIZE_CELLS,
    SLOT_COSTS,
    STATUES_DISCOUNT,
    TILE,
    TITAN_OF_ACTION,
    TITANS,
    ExtraTier,
)
from engine.games.orichalk.island import (
    build_cells,
    count,
    creature_cells,
    has_creatures,
    lay,
    placements,
    temple_diamonds,
    titan_capacity,
)
from engine.games.orichalk.state import Player, State

SKIP: Move = {"type": "skip"}
_TITAN_ORDER = {t.id: i for i, t in enumerate(TITANS)}


def side_options() -> list[Move]:
    return [{"type": "choose_side", "side": side} for side in SIDES]


def metropolis_options(player: Player) -> list[Move]:
    """uk «Перший хід гравця»: on any of the 3 ports."""
    island = player.island
    return [
        {"type": "place_metropolis", "cell": lay(island).labels[p.cell]} for p in lay(island).ports
    ]


def card_cost(state: State, player: Player, slot: int) -> int:
    """uk фаза 1: the printed cost of the slot; an Arch takes 1 off (PROVISIONAL)."""
    discount = 1 if count(player.island, "arch") else 0
    return max(0, SLOT_COSTS[slot] - discount)


def take_options(state: State, player: Player) -> list[Move]:
    return [
        {"type": "take_card", "slot": i, "card": offer.card}
        for i, offer in enumerate(state.offers)
        if card_cost(state, player, i) <= player.hoplites
    ]


def place_options(player: Player, tile_id: int) -> list[Move]:
    """uk фаза 2: every position and rotation; placements that cover the same spaces with the
    same terrains (a tile showing one terrain twice) are listed once."""
    if not tile_id:
        return []  # between events of one decision: the tile has just been placed
    tile = TILE[tile_id]
    island = player.island
    labels = lay(island).labels
    moves: list[Move] = []
    seen: set[tuple[tuple[int, str], ...]] = set()
    uniform = len(set(tile.terrains)) < len(tile.terrains)
    for p in placements(island, SIZE_CELLS[tile.size]):
        if uniform:
            key = tuple(sorted(zip(p.cells, tile.terrains, strict=True)))
            if key in seen:
                continue
            seen.add(key)
        moves.append(
            {
                "type": "place_tile",
                "cell": labels[p.anchor],
                "rotation": p.rotation,
                "cells": [labels[i] for i in p.cells],
            }
        )
    return moves


def keep_sets(held: list[str], new: list[str], capacity: int) -> list[list[str]]:
    """uk «Кілька титанів»: the titans a player may end with when ``new`` ones arrive. A new
    titan always comes in and an old one goes back to the centre; when more new titans
    arrive at once than may be held, the player keeps some of them (ruling)."""
    if len(held) + len(new) <= capacity:
        sets = [held + new]
    elif len(new) >= capacity:
        sets = [list(c) for c in combinations(new, capacity)]
    else:
        sets = [list(c) + new for c in combinations(held, capacity - len(new))]
    return [sorted(s, key=_TITAN_ORDER.__getitem__) for s in sets]


def titan_options(player: Player, new: tuple[str, ...]) -> list[Move]:
    held = [t for t, _ in player.titans]
    return [
        {"type": "keep_titans", "titans": kept}
        for kept in keep_sets(held, list(new), titan_capacity(player))
    ]


def favour_ready(player: Player, action: str) -> bool:
    """uk «Милість титанів»: the titan of that action, held active side up."""
    return (TITAN_OF_ACTION[action], True) in player.titans


def create_options(state: State, player: Player, orichalcum: int | None = None) -> list[Move]:
    """uk «Створення»: a building from the construction board, a temple, a medallion."""
    island = player.island
    labels = lay(island).labels
    moves: list[Move] = []
    for site in state.sites:
        if site.building:
            moves += [
                {"type": "build", "slot": site.terrain, "building": site.building,
                 "cell": labels[i]}
                for i in build_cells(island, site.terrain)
            ]  # fmt: skip
    if state.temples_left and state.tokens_left:
        moves += [
            {"type": "temple", "cell": labels[d.anchor], "rotation": d.rotation,
             "cells": [labels[i] for i in sorted(d.cells)]}
            for d in temple_diamonds(island)
        ]  # fmt: skip
    have = player.orichalcum if orichalcum is None else orichalcum
    if state.tokens_left and have >= MEDALLION_COST:
        moves.append({"type": "medallion"})
    return moves


def fight_options(player: Player) -> list[Move]:
    """uk «Захоплення істот»: one creature at a time, 0 to 3 hoplites (those left there by
    lost fights count among the 3, ruling); Kronos wins before rolling."""
    island = player.island
    labels = lay(island).labels
    kronos = favour_ready(player, "capture")
    moves: list[Move] = []
    for i in creature_cells(island):
        most = min(MAX_HOPLITES_PER_FIGHT - island.guards[i], player.hoplites)
        moves += [
            {"type": "fight", "cell": labels[i], "hoplites": n, "favour": False}
            for n in range(max(0, most) + 1)
        ]
        if kronos:
            moves.append({"type": "fight", "cell": labels[i], "hoplites": 0, "favour": True})
    return moves


def action_options(
    state: State, player: Player, action: str, extra: bool, fought: bool
) -> list[Move]:
    """uk фаза 3 (optional: "skip"); a bought extra action is performed (a capture may stop
    after its first fight)."""
    if action in ("mine", "recruit"):
        moves: list[Move] = [{"type": action, "favour": False}]
        if favour_ready(player, action):
            moves.append({"type": action, "favour": True})
    elif action == "capture":
        moves = fight_options(player)
    else:
        moves = create_options(state, player)
    if not extra or (action == "capture" and fought):
        moves.append(SKIP)
    return moves


def extras_allowed(player: Player) -> int:
    """uk фаза 4: one extra action; each Forge one more (SOURCE)."""
    return EXTRA_ACTIONS + count(player.island, "forge")


def tier_cost(player: Player, tier: ExtraTier) -> int:
    if tier.pay != "creature" and count(player.island, "statues"):
        return max(1, tier.cost - STATUES_DISCOUNT)
    return tier.cost


def _feasible(state: State, player: Player, action: str, orichalcum: int, builds: bool) -> bool:
    if action == "capture":
        return has_creatures(player.island)
    if action == "create":
        return builds or (state.tokens_left > 0 and orichalcum >= MEDALLION_COST)
    return True


def extra_options(state: State, player: Player, extras: int) -> list[Move]:
    """uk фаза 4: each tier's actions, when the player can pay and the action can be done."""
    if extras >= extras_allowed(player):
        return []
    moves: list[Move] = []
    # A building or a temple can be created whatever the payment; a medallion needs what is
    # left after it.
    builds = any(build_cells(player.island, s.terrain) for s in state.sites if s.building) or (
        bool(state.temples_left and state.tokens_left and temple_diamonds(player.island))
    )
    for tier in EXTRA_TIERS:
        cost = tier_cost(player, tier)
        if tier.pay == "hoplites":
            payers: list[dict[str, str]] = [{}] if player.hoplites >= cost else []
            left = player.orichalcum
        elif tier.pay == "orichalcum":
            payers = [{}] if player.orichalcum >= cost else []
            left = player.orichalcum - cost
        else:
            kinds = sorted(set(player.creatures), key=lambda c: CREATURE[c].strength)
            payers = [{"creature": c} for c in kinds] if len(player.creatures) >= cost else []
            left = player.orichalcum
        for action in tier.actions:
            if payers and _feasible(state, player, action, left, builds):
                moves += [
                    {"type": "extra", "pay": tier.pay, "action": action, **payer}
                    for payer in payers
                ]
    if moves:
        moves.append(SKIP)
    return moves


def discard_options(state: State) -> list[Move]:
    return [
        {"type": "discard_card", "slot": i, "card": offer.card}
        for i, offer in enumerate(state.offers)
    ]


def card_action(card: str) -> str:
    return CARD[card].action
