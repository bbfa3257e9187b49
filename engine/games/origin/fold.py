"""``apply``: the fold of Origin's events into state. Total; never validates, never draws.
Built from the game's vocabulary (:mod:`.events`): every declared type is handled here, and
an undeclared one raises."""

from __future__ import annotations

from typing import Any, TypeVar

from engine.contract import Event
from engine.games.origin import events as ev
from engine.games.origin.components import (
    CARDS,
    COLUMN_SIZES,
    DECKS,
    INDEX,
    REWARD_COLUMNS,
    STRAIT_INDEX,
    STRAITS,
    TERRITORIES,
    TURN_EFFECT_CARDS,
    kind_index,
    pawn_supply,
)
from engine.games.origin.state import (
    FIRST_RULESET,
    OVER,
    PLAY,
    Pawn,
    Player,
    State,
    Step,
    Turn,
    replace,
)
from engine.kit.frozen import add_at, set_at, with_player, without

T = TypeVar("T")
_COLUMN = {c: i for i, c in enumerate(REWARD_COLUMNS)}
_DECK = {d: i for i, d in enumerate(DECKS)}
_HAND = {"action": "actions", "permanent": "permanents", "objective": "objectives"}


def _game_set_up(event: Event) -> State:
    seats = tuple(event["seats"])
    return State(
        seats=seats,
        players=tuple(Player(seat=s) for s in seats),
        board=(None,) * len(TERRITORIES),
        reserve=pawn_supply(len(seats)),
        hunting=(None,) * len(TERRITORIES),
        straits=(None,) * len(STRAITS),
        columns=((),) * len(REWARD_COLUMNS),
        tile_reserve=(),
        decks=((),) * len(DECKS),
        ruleset=event.get("ruleset", FIRST_RULESET),
    )


# ---------------------------------------------------------------- helpers


def _hand_add(player: Player, card: str) -> dict[str, tuple[str, ...]]:
    field = _HAND[CARDS[card].deck]
    return {field: tuple(sorted((*getattr(player, field), card)))}


def _hand_remove(player: Player, card: str) -> dict[str, tuple[str, ...]]:
    field = _HAND[CARDS[card].deck]
    return {field: without(getattr(player, field), card)}


def _place_tile(player: Player, level: int) -> dict[str, tuple[int, ...]]:
    """ru: «Ограничения для тайлов инновации»: level n goes on a stack topped by n-1."""
    tops = player.tops if level == 1 else add_at(player.tops, level - 2, -1)
    return {"tiles": add_at(player.tiles, level - 1, 1), "tops": add_at(tops, level - 1, 1)}


def _lose_tile(player: Player, level: int) -> dict[str, tuple[int, ...]]:
    tops = add_at(player.tops, level - 1, -1)
    if level > 1:
        tops = add_at(tops, level - 2, 1)
    return {"tiles": add_at(player.tiles, level - 1, -1), "tops": tops}


def _deck_set(state: State, deck: str, cards: tuple[str, ...]) -> State:
    return replace(state, decks=set_at(state.decks, _DECK[deck], cards))


def _turn(state: State, **changes: Any) -> State:
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, **changes))


def _acted(state: State) -> State:
    return _turn(state, acted=True)


# ---------------------------------------------------------------- setup


def _neutral_pawn_placed(state: State, e: Event) -> State:
    kind = kind_index(1, 1, e["colour"])
    i = INDEX[e["territory"]]
    return replace(
        state,
        board=set_at(state.board, i, Pawn(kind, None)),
        reserve=add_at(state.reserve, kind, -1),
    )


def _decks_shuffled(state: State, e: Event) -> State:
    return replace(state, decks=tuple(tuple(e[d]) for d in DECKS))


def _innovations_laid_out(state: State, e: Event) -> State:
    return replace(
        state,
        columns=tuple(tuple(sorted(e[c])) for c in REWARD_COLUMNS),
        tile_reserve=tuple(e["reserve"]),
    )


def _hunting_tokens_placed(state: State, e: Event) -> State:
    hunting = list(state.hunting)
    for territory, value in e["tokens"].items():
        hunting[INDEX[territory]] = value
    return replace(state, hunting=tuple(hunting))


def _strait_tokens_placed(state: State, e: Event) -> State:
    straits = list(state.straits)
    for strait, value in e["tokens"].items():
        straits[STRAIT_INDEX[strait]] = value
    return replace(state, straits=tuple(straits))


def _objectives_dealt(state: State, e: Event) -> State:
    dealt = sum(len(cards) for cards in e["hands"].values())
    state = _deck_set(state, "objective", state.decks[_DECK["objective"]][dealt:])
    for seat, cards in e["hands"].items():
        state = with_player(state, seat, dealt=tuple(cards))
    return state


def _first_player_chosen(state: State, e: Event) -> State:
    return replace(state, first=e["seat"])


def _objective_kept(state: State, e: Event) -> State:
    player = state.player(e["seat"])
    back = tuple(c for c in player.dealt if c != e["card"])
    state = _deck_set(state, "objective", state.decks[_DECK["objective"]] + back)
    return with_player(state, e["seat"], dealt=(), objectives=(e["card"],))


def _objectives_shuffled(state: State, e: Event) -> State:
    return _deck_set(state, "objective", tuple(e["deck"]))


# ---------------------------------------------------------------- turns


def _turn_started(state: State, e: Event) -> State:
    final_turns = state.final_turns
    if state.last_round and final_turns and final_turns[0] == e["seat"]:
        final_turns = final_turns[1:]
    return replace(
        state, phase=PLAY, turn=Turn(seat=e["seat"]), pending=(), final_turns=final_turns
    )


def _turn_ended(state: State, e: Event) -> State:
    acted = state.turn is not None and state.turn.acted
    return replace(state, turn=None, pending=(), passes=0 if acted else state.passes + 1)


def _awaiting(state: State, e: Event) -> State:
    return replace(state, pending=tuple(Step(kind, arg) for kind, arg in e["steps"]))


def _end_triggered(state: State, e: Event) -> State:
    return replace(
        state,
        last_round=True,
        triggered_by=e["seat"],
        end_reasons=tuple(e["reasons"]),
        final_turns=tuple(e["final_turns"]),
    )


def _unchanged(state: State, e: Event) -> State:
    """A choice whose effect the events after it carry: the action chosen (then the steps
    ``awaiting`` lists), the reward chosen (then what it gave), a turn passed (then
    ``turn_ended`` counts the pass)."""
    return state


def _game_ended(state: State, e: Event) -> State:
    return replace(state, phase=OVER, turn=None, pending=(), final_turns=())


# ---------------------------------------------------------------- actions


def _pawn_placed(state: State, e: Event) -> State:
    kind = kind_index(e["height"], e["strength"], e["colour"])
    seat = e["seat"]
    state = replace(
        state,
        board=set_at(state.board, INDEX[e["territory"]], Pawn(kind, seat)),
        reserve=add_at(state.reserve, kind, -1),
    )
    state = with_player(state, seat, villages=state.player(seat).villages - 1)
    return _acted(state)


def _pawn_migrated(state: State, e: Event) -> State:
    a, b = INDEX[e["from"]], INDEX[e["to"]]
    board = set_at(set_at(state.board, b, state.board[a]), a, None)
    return _acted(replace(state, board=board))


def _pawns_swapped(state: State, e: Event) -> State:
    a, b = INDEX[e["from"]], INDEX[e["to"]]
    board = set_at(set_at(state.board, b, state.board[a]), a, state.board[b])
    return _turn(replace(state, board=board), acted=True, victim=e["victim"])


def _hunting_token_taken(state: State, e: Event) -> State:
    i = INDEX[e["territory"]]
    player = state.player(e["seat"])
    state = replace(state, hunting=set_at(state.hunting, i, None))
    return with_player(state, e["seat"], hunting=(*player.hunting, e["value"]))


def _strait_token_taken(state: State, e: Event) -> State:
    i = STRAIT_INDEX[e["strait"]]
    player = state.player(e["seat"])
    state = replace(state, straits=set_at(state.straits, i, None))
    return with_player(state, e["seat"], straits=(*player.straits, (e["strait"], e["value"])))


def _tile_taken(state: State, e: Event) -> State:
    c = _COLUMN[e["column"]]
    column = without(state.columns[c], e["level"])
    state = replace(state, columns=set_at(state.columns, c, column))
    return with_player(state, e["seat"], **_place_tile(state.player(e["seat"]), e["level"]))


def _tile_revealed(state: State, e: Event) -> State:
    c = _COLUMN[e["column"]]
    column = tuple(sorted((*state.columns[c], state.tile_reserve[0])))
    assert len(column) <= COLUMN_SIZES[e["column"]]
    return replace(
        state, columns=set_at(state.columns, c, column), tile_reserve=state.tile_reserve[1:]
    )


def _card_drawn(state: State, e: Event) -> State:
    deck = state.decks[_DECK[e["deck"]]]
    state = _deck_set(state, e["deck"], deck[1:])
    return with_player(state, e["seat"], **_hand_add(state.player(e["seat"]), e["card"]))


def _cards_drawn(state: State, e: Event) -> State:
    deck = state.decks[_DECK[e["deck"]]]
    state = _deck_set(state, e["deck"], deck[len(e["cards"]) :])
    return replace(state, limbo=tuple(e["cards"]))


def _card_kept(state: State, e: Event) -> State:
    deck = state.decks[_DECK[e["deck"]]]
    state = _deck_set(state, e["deck"], deck + tuple(e["returned"]))
    state = replace(state, limbo=())
    return with_player(state, e["seat"], **_hand_add(state.player(e["seat"]), e["card"]))


def _objective_returned(state: State, e: Event) -> State:
    deck = state.decks[_DECK["objective"]]
    state = _deck_set(state, "objective", (*deck, e["card"]))
    return with_player(state, e["seat"], **_hand_remove(state.player(e["seat"]), e["card"]))


def _card_played(state: State, e: Event) -> State:
    card = CARDS[e["card"]]
    player = state.player(e["seat"])
    changes: dict[str, Any] = _hand_remove(player, card.id)
    turn = state.turn
    assert turn is not None
    turn_changes: dict[str, Any] = {"played": turn.played | {card.deck}}
    if card.deck == "action":
        state = replace(state, discard=(*state.discard, card.id))
        if card.id in TURN_EFFECT_CARDS:
            turn_changes["effects"] = turn.effects | {card.id}
    else:
        changes["in_play"] = (*player.in_play, card.id)
    return _turn(with_player(state, e["seat"], **changes), **turn_changes)


def _objective_completed(state: State, e: Event) -> State:
    player = state.player(e["seat"])
    changes = _hand_remove(player, e["card"])
    changes["completed"] = (*player.completed, e["card"])
    turn = state.turn
    assert turn is not None
    return _turn(
        with_player(state, e["seat"], **changes),
        played=turn.played | {"objective"},
        objectives_done=turn.objectives_done + 1,
    )


def _discard_card_taken(state: State, e: Event) -> State:
    state = replace(state, discard=without(state.discard, e["card"]))
    return with_player(state, e["seat"], **_hand_add(state.player(e["seat"]), e["card"]))


def _strait_token_stolen(state: State, e: Event) -> State:
    victim = state.player(e["victim"])
    token = (e["strait"], e["value"])
    i = victim.straits.index(token)
    state = with_player(state, e["victim"], straits=victim.straits[:i] + victim.straits[i + 1 :])
    return with_player(state, e["seat"], straits=(*state.player(e["seat"]).straits, token))


def _card_stolen(state: State, e: Event) -> State:
    state = with_player(state, e["victim"], **_hand_remove(state.player(e["victim"]), e["card"]))
    return with_player(state, e["seat"], **_hand_add(state.player(e["seat"]), e["card"]))


def _tile_stolen(state: State, e: Event) -> State:
    state = with_player(state, e["victim"], **_lose_tile(state.player(e["victim"]), e["level"]))
    return with_player(state, e["seat"], **_place_tile(state.player(e["seat"]), e["level"]))


def _trophy_taken(state: State, e: Event) -> State:
    kind = kind_index(e["height"], e["strength"], e["colour"])
    player = state.player(e["seat"])
    state = replace(state, reserve=add_at(state.reserve, kind, -1))
    return with_player(state, e["seat"], trophies=(*player.trophies, kind))


apply = ev.EVENTS.fold(
    {
        ev.NEUTRAL_PAWN_PLACED: _neutral_pawn_placed,
        ev.DECKS_SHUFFLED: _decks_shuffled,
        ev.INNOVATIONS_LAID_OUT: _innovations_laid_out,
        ev.HUNTING_TOKENS_PLACED: _hunting_tokens_placed,
        ev.STRAIT_TOKENS_PLACED: _strait_tokens_placed,
        ev.OBJECTIVES_DEALT: _objectives_dealt,
        ev.FIRST_PLAYER_CHOSEN: _first_player_chosen,
        ev.OBJECTIVE_KEPT: _objective_kept,
        ev.OBJECTIVES_SHUFFLED: _objectives_shuffled,
        ev.TURN_STARTED: _turn_started,
        ev.TURN_ENDED: _turn_ended,
        ev.TURN_PASSED: _unchanged,
        ev.ACTION_CHOSEN: _unchanged,
        ev.AWAITING: _awaiting,
        ev.END_TRIGGERED: _end_triggered,
        ev.GAME_ENDED: _game_ended,
        ev.PAWN_PLACED: _pawn_placed,
        ev.PAWN_MIGRATED: _pawn_migrated,
        ev.PAWNS_SWAPPED: _pawns_swapped,
        ev.HUNTING_TOKEN_TAKEN: _hunting_token_taken,
        ev.STRAIT_TOKEN_TAKEN: _strait_token_taken,
        ev.REWARD_CHOSEN: _unchanged,
        ev.TILE_TAKEN: _tile_taken,
        ev.TILE_REVEALED: _tile_revealed,
        ev.CARD_DRAWN: _card_drawn,
        ev.CARDS_DRAWN: _cards_drawn,
        ev.CARD_KEPT: _card_kept,
        ev.OBJECTIVE_RETURNED: _objective_returned,
        ev.CARD_PLAYED: _card_played,
        ev.OBJECTIVE_COMPLETED: _objective_completed,
        ev.DISCARD_CARD_TAKEN: _discard_card_taken,
        ev.STRAIT_TOKEN_STOLEN: _strait_token_stolen,
        ev.CARD_STOLEN: _card_stolen,
        ev.TILE_STOLEN: _tile_stolen,
        ev.TROPHY_TAKEN: _trophy_taken,
    },
    opening={ev.GAME_SET_UP: _game_set_up},
)
