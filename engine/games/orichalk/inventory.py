"""Every component of a game of Orichalk counted wherever it lies (the contract suite checks
that the counts never change, issue 21): action cards, land tiles, creatures, building
tokens, titans, temple tiles and victory tokens. Hoplites and orichalcum form an open supply
(uk «Решта самородків орихалка та голпітів формує спільний запас») and are not counted."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.orichalk.state import State


def _action_cards(state: State) -> int:
    held = 1 if state.turn and state.turn.card else 0
    return len(state.deck) + len(state.discard) + len(state.offers) + held


def _land_tiles(state: State) -> int:
    held = 1 if state.turn and state.turn.tile else 0
    offered = sum(1 for o in state.offers if o.tile)
    placed = sum(len({t for t in p.island.tile if t}) for p in state.players)
    return sum(len(stack) for stack in state.stacks) + offered + held + placed


def _creatures(state: State) -> int:
    turn = state.turn
    offered = sum(1 for o in state.offers for c in o.creatures if c)
    riding = sum(1 for c in turn.creatures if c) if turn else 0
    on_islands = sum(1 for p in state.players for c in p.island.creature if c)
    captured = sum(len(p.creatures) for p in state.players)
    return sum(state.creature_bag) + offered + riding + on_islands + captured


def _building_tokens(state: State) -> int:
    on_sites = sum(1 for site in state.sites if site.building)
    built = sum(1 for p in state.players for b in p.island.building if b)
    return sum(state.building_bag) + on_sites + built


_COUNTS: dict[str, Callable[[State], int]] = {
    "action cards": _action_cards,
    "land tiles": _land_tiles,
    "creatures": _creatures,
    "building tokens": _building_tokens,
    "titans": lambda st: len(st.centre) + sum(len(p.titans) for p in st.players),
    "temple tiles": lambda st: (
        st.temples_left + sum(len(set(p.island.temple) - {0}) for p in st.players)
    ),
    "victory tokens": lambda st: st.tokens_left + sum(len(p.tokens) for p in st.players),
}


def inventory(state: State) -> dict[str, int]:
    return {kind: count(state) for kind, count in _COUNTS.items()}
