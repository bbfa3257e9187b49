"""What each seat may see (DESIGN.md §3): the only way information leaves the engine.

Public: the map, pawns, villages, tokens on the map, face-up tiles, every player's tiles,
tokens, permanent cards in play and completed objectives, the action discard pile, counts
of hands and decks. Private to a seat: its own hand, the cards it is choosing among.
Nobody sees deck order, the face-down tile reserve, or another player's hand.
"""

from __future__ import annotations

from typing import Any

from engine.games.origin.components import (
    CARDS,
    CONTINENT,
    DECKS,
    KINDS,
    ORIGIN_INDEX,
    REWARD_COLUMNS,
    STRAITS,
    TERRITORIES,
)
from engine.games.origin.moves import prompt
from engine.games.origin.names import continent_name, end_reason
from engine.games.origin.objectives import hand_limit
from engine.games.origin.rules import to_act
from engine.games.origin.scoring import breakdown
from engine.games.origin.state import OVER, SETUP, Pawn, Player, State


def _card(card: str) -> dict[str, Any]:
    c = CARDS[card]
    info: dict[str, Any] = {"id": c.id, "name": c.name, "kind": c.deck, "text": c.text}
    if c.deck == "permanent":
        info["level"] = c.level
    if c.deck == "objective":
        info["points"] = c.points
    return info


def _pawn(pawn: Pawn | None) -> dict[str, Any] | None:
    if pawn is None:
        return None
    kind = KINDS[pawn.kind]
    return {
        "owner": pawn.owner,
        "neutral": pawn.owner is None,
        "height": kind.height,
        "strength": kind.strength,
        "colour": kind.colour,
    }


def _stacks(player: Player) -> list[list[int]]:
    """The innovation stacks, rebuilt from how many stacks are topped by each level."""
    return [list(range(1, top + 1)) for top in range(5, 0, -1) for _ in range(player.tops[top - 1])]


def _public_player(state: State, player: Player) -> dict[str, Any]:
    points = breakdown(player)
    return {
        "seat": player.seat,
        "villages_left": player.villages,
        "pawns_on_board": sum(1 for p in state.board if p is not None and p.owner == player.seat),
        "hand": {
            "actions": len(player.actions),
            "permanents": len(player.permanents),
            "objectives": len(player.objectives),
        },
        "objective_limit": hand_limit(state, player.seat),
        "permanents_in_play": [_card(c) for c in player.in_play],
        "completed_objectives": [_card(c) for c in player.completed],
        "innovation_tiles": {str(level): n for level, n in enumerate(player.tiles, start=1)},
        "innovation_stacks": _stacks(player),
        "hunting_tokens": list(player.hunting),
        "strait_tokens": [{"strait": s, "value": v} for s, v in player.straits],
        "war_trophies": len(player.trophies),
        "score": sum(points.values()),
        "score_breakdown": points,
    }


def view(state: State, seat: str | None) -> dict[str, Any]:
    me = seat if seat in state.seats else None
    turn = state.turn
    acting = to_act(state)
    result: dict[str, Any] = {
        "game": "origin",
        "you": me,
        "seats": list(state.seats),
        "phase": state.phase,
        "current": turn.seat if turn else None,
        "to_act": sorted(acting),
        "prompt": prompt(state, me),
        "first_player": state.first or None,
        "last_round": state.last_round,
        "end_triggered_by": state.triggered_by,
        "end_reasons": [end_reason(r) for r in state.end_reasons],
        "final_turns_left": list(state.final_turns),
        "over": state.phase == OVER,
        "territories": [
            {
                "id": t.id,
                "name": t.name,
                "continent": continent_name(t.continent),
                "colour": t.colour,
                "origin": i == ORIGIN_INDEX,
                "x": t.x,
                "y": t.y,
                "pawn": _pawn(state.board[i]),
                "village": pawn.owner if (pawn := state.board[i]) is not None else None,
                "hunting_token": state.hunting[i],
            }
            for i, t in enumerate(TERRITORIES)
        ],
        "straits": [
            {
                "id": s.id,
                "name": s.name,
                "between": [s.a, s.b],
                "ends": [list(s.ends[0]), list(s.ends[1])],
                "token": state.straits[i],
            }
            for i, s in enumerate(STRAITS)
        ],
        "reward_board": {
            "columns": {c: list(state.columns[i]) for i, c in enumerate(REWARD_COLUMNS)},
            "face_down_reserve": len(state.tile_reserve),
            "decks": {d: len(state.decks[i]) for i, d in enumerate(DECKS)},
            "action_discard": [_card(c) for c in state.discard],
        },
        "pawn_reserve": [
            {"height": k.height, "strength": k.strength, "colour": k.colour, "count": n}
            for k, n in zip(KINDS, state.reserve, strict=True)
            if n
        ],
        "players": {p.seat: _public_player(state, p) for p in state.players},
        "turn": None,
        "continents": [continent_name(c) for c in sorted(set(CONTINENT))],
    }
    if turn is not None:
        result["turn"] = {
            "seat": turn.seat,
            "acted": turn.acted,
            "cards_played": sorted(turn.played),
            "objectives_completed": turn.objectives_done,
            "effects": sorted(turn.effects),
            "swapped_with": turn.victim,
            "awaiting": [s.kind for s in state.pending],
        }
    if me is not None:
        result["hand"] = _private(state, me)
        result["choosing"] = _choosing(state, me)
    return result


def _private(state: State, seat: str) -> dict[str, Any]:
    player = state.player(seat)
    return {
        "actions": [_card(c) for c in player.actions],
        "permanents": [_card(c) for c in player.permanents],
        "objectives": [_card(c) for c in player.objectives],
    }


def _choosing(state: State, seat: str) -> list[dict[str, Any]]:
    """The cards this seat is choosing among right now, seen only by it."""
    player = state.player(seat)
    if state.phase == SETUP:
        return [_card(c) for c in player.dealt]
    if state.turn is None or state.turn.seat != seat or not state.pending:
        return []
    step = state.pending[0]
    if step.kind == "keep":
        return [_card(c) for c in state.limbo]
    if step.kind == "steal_card":
        # ru Tribal war: «посмотрите карты в руках у игрока … и возьмите одну из них».
        victim = state.player(step.arg)
        return [_card(c) for c in victim.actions + victim.permanents + victim.objectives]
    return []
