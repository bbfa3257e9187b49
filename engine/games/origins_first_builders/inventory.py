"""Every component of a game of Origins: First Builders counted wherever it lies (the contract
suite checks that the counts never change, issue 21): citizen dice, speaker dice and building
tiles. Resources, points and tokens come from open supplies and are not counted."""

from __future__ import annotations

from engine.games.origins_first_builders.state import START_CITY, State


def inventory(state: State) -> dict[str, int]:
    players = state.players
    return {
        # ru «Жители»: in the supply, the citizen row, the draft, a player's bases, a power
        # centre, or the advisor track.
        "citizen dice": sum(state.dice_supply)
        + sum(1 for d in state.citizen_row if d is not None)
        + len(state.pool)
        + sum(len(p.citizens) + len(p.centres) + len(p.advisors) for p in players),
        # ru «Ораторы»: in the speaker row, in a contact zone, or held by a player.
        "speaker dice": len(state.speaker_row)
        + len(state.zone_speakers)
        + sum(len(p.speakers) for p in players),
        # the stacks, the building row, bought and waiting to be placed, a city (face up or
        # a farm) or beside the board (Construction Site)
        "buildings": sum(len(s) for s in state.stacks)
        + sum(1 for b in state.building_row if b)
        + sum(1 for step in state.pending if step.kind == "place")
        + sum(len(p.city) - len(START_CITY) + len(p.reserved) for p in players),
    }
