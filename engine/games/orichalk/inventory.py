"""Every component of a game of Orichalk counted wherever it lies (the contract suite checks
that the counts never change, issue 21): action cards, land tiles, creatures, building
tokens, titans, temple tiles and victory tokens. Hoplites and orichalcum form an open supply
(uk «Решта самородків орихалка та голпітів формує спільний запас») and are not counted."""

from __future__ import annotations

from engine.games.orichalk.state import State


def inventory(state: State) -> dict[str, int]:
    turn = state.turn
    islands = [p.island for p in state.players]
    return {
        "action cards": len(state.deck)
        + len(state.discard)
        + len(state.offers)
        + (1 if turn and turn.card else 0),
        "land tiles": sum(len(stack) for stack in state.stacks)
        + sum(1 for o in state.offers if o.tile)
        + (1 if turn and turn.tile else 0)
        + sum(len({t for t in island.tile if t}) for island in islands),
        "creatures": sum(state.creature_bag)
        + sum(1 for o in state.offers for c in o.creatures if c)
        + (sum(1 for c in turn.creatures if c) if turn else 0)
        + sum(1 for island in islands for c in island.creature if c)
        + sum(len(p.creatures) for p in state.players),
        "building tokens": sum(state.building_bag)
        + sum(1 for site in state.sites if site.building)
        + sum(1 for island in islands for b in island.building if b),
        "titans": len(state.centre) + sum(len(p.titans) for p in state.players),
        "temple tiles": state.temples_left + sum(len(set(i.temple) - {0}) for i in islands),
        "victory tokens": state.tokens_left + sum(len(p.tokens) for p in state.players),
    }
