"""Origin's events told in one sentence each, as one reader may read them (engine contract
``narrate``): the history page and the turn email's "Since your last turn" read the log
through it.

Like :mod:`.view`, a sentence tells a reader only what lies face up for them: a card drawn,
kept, returned or taken into someone else's hand is told by its kind ("p2 drew an action
card"); its name only to the seat that holds it (and, for a card taken by Tribal war, to the
player it was taken from). Deck order, the face-down tile reserve and the hunting token put
back in the box are never told. Events that only keep the engine's books (whose turn it is,
the steps a turn is waiting for, a choice whose effect the next events tell) read as "".
"""

from __future__ import annotations

from engine.contract import Event
from engine.games.origin import events as ev
from engine.games.origin.components import (
    CARDS,
    INDEX,
    KINDS,
    REWARD_COLUMNS,
    STRAIT_INDEX,
    STRAITS,
    TERRITORIES,
    WAR_TROPHY_POINTS,
)
from engine.games.origin.moves import pawn_words
from engine.games.origin.scoring import standing
from engine.games.origin.state import State

_ARTICLE = {"action": "an", "permanent": "a", "objective": "an"}


# ---------------------------------------------------------------- words


def _and(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _territory(territory: str) -> str:
    return TERRITORIES[INDEX[territory]].name


def _strait(strait: str) -> str:
    return STRAITS[STRAIT_INDEX[strait]].name


def _points(n: int) -> str:
    return f"{n} point{'s' * (n != 1)}"


def _name(card: str) -> str:
    """A card's name as the labels write it: objectives in quotes."""
    c = CARDS[card]
    return f"“{c.name}”" if c.deck == "objective" else c.name


def _card(card: str) -> str:
    """ "the action card Hunter", "the objective “3 pawns in Africa”"."""
    c = CARDS[card]
    if c.deck == "objective":
        return f"the objective {_name(card)}"
    return f"the {c.deck} card {c.name}"


def _a_card(deck: str) -> str:
    """A card of ``deck`` whose face the reader may not see: "an action card"."""
    return f"{_ARTICLE[deck]} {deck} card"


def _pawn_on(state: State | None, territory: str) -> str:
    pawn = state.board[INDEX[territory]] if state is not None else None
    if pawn is None:
        return "pawn"
    kind = KINDS[pawn.kind]
    return pawn_words(kind.height, kind.strength, kind.colour)


def _pawn(event: Event) -> str:
    return pawn_words(event["height"], event["strength"], event["colour"])


# ---------------------------------------------------------------- setup


def _game_set_up(state: State | None, e: Event, seat: str | None) -> str:
    seats, pawns = _and(list(e["seats"])), e["pawns"]
    return f"A game of Origin began for {seats}, with {pawns} tribe pawns in the reserve"


def _neutral_pawn_placed(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Подготовка к игре»: one of the lowest and weakest pawns, of any colour.
    words = pawn_words(1, 1, e["colour"])
    return f"The neutral {words} was set on the Origin territory, {_territory(e['territory'])}"


def _decks_shuffled(state: State | None, e: Event, seat: str | None) -> str:
    return "The action, permanent and objective decks were shuffled face down"


def _innovations_laid_out(state: State | None, e: Event, seat: str | None) -> str:
    columns = "; ".join(
        f"{c} {', '.join(str(level) for level in sorted(e[c]))}" for c in REWARD_COLUMNS
    )
    return (
        f"Innovation tiles were laid face up on the reward board ({columns}), "
        f"{len(e['reserve'])} more face down as the reserve"
    )


def _hunting_tokens_placed(state: State | None, e: Event, seat: str | None) -> str:
    tokens = ", ".join(f"{_territory(t)} {value}" for t, value in e["tokens"].items())
    left = len(e.get("returned_to_box", ()))
    box = f"; {left} left over went back to the box" if left else ""
    return f"Hunting tokens were laid on the green territories: {tokens}{box}"


def _strait_tokens_placed(state: State | None, e: Event, seat: str | None) -> str:
    tokens: dict[str, int] = e["tokens"]
    if not tokens:
        return ""
    low, high = min(tokens.values()), max(tokens.values())
    best = [f"the {_strait(s)}" for s, value in tokens.items() if value == high]
    where = f"the {high}s lie on" if len(best) > 1 else f"the {high} lies on"
    return (
        f"Strait tokens worth {low} to {high} were laid face up on the {len(tokens)} straits; "
        f"{where} {_and(best)}"
    )


def _objectives_dealt(state: State | None, e: Event, seat: str | None) -> str:
    hands: dict[str, list[str]] = e["hands"]
    count = max((len(cards) for cards in hands.values()), default=0)
    told = f"Each player was dealt {count} objective cards to keep one"
    if seat in hands:
        return f"{told}; {seat} was dealt {_and([_name(c) for c in hands[seat]])}"
    return told


def _first_player_chosen(state: State | None, e: Event, seat: str | None) -> str:
    return f"{e['seat']} was drawn at random to play first"  # RULINGS: First player


def _objective_kept(state: State | None, e: Event, seat: str | None) -> str:
    if seat == e["seat"]:
        card = CARDS[e["card"]]
        return f"{seat} kept the objective {_name(card.id)} ({_points(card.points)})"
    return f"{e['seat']} kept one of the objectives dealt to them"


def _objectives_shuffled(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Подготовка к игре»: «Снова перемешайте колоду карт целей».
    return "The objectives not kept went back into the objective deck, shuffled face down"


# ---------------------------------------------------------------- turns


def _turn_started(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Конец игры»: once the end is triggered, every other player has one last turn.
    if state is not None and state.last_round:
        return f"{e['seat']} began their last turn"
    return ""


def _turn_passed(state: State | None, e: Event, seat: str | None) -> str:
    # RULINGS: No action possible.
    return f"{e['seat']} could neither evolve, migrate nor swap, and passed"


def _end_triggered(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Конец игры»: whoever takes the last item triggers the end; the others play once more.
    others = list(e["final_turns"])
    if len(others) > 1:
        last = f"{_and(others)} each play one last turn"
    elif others:
        last = f"{others[0]} plays one last turn"
    else:
        last = "nobody plays another turn"
    return f"{e['seat']} triggered the end of the game ({'; '.join(e['reasons'])}): {last}"


def _game_ended(state: State | None, e: Event, seat: str | None) -> str:
    reason = e.get("reason")
    ended = f"The game ended, as {reason}" if reason else "The game ended"
    if state is None:
        return ended
    result = standing(state)
    scores, ranking = result["scores"], result["ranking"]
    first = ranking[0]
    top = scores[first[0]]
    if len(first) > 1:
        return f"{ended}: {_and(first)} share the win with {_points(top)}"
    won = f"{ended}: {first[0]} won with {_points(top)}"
    level = [s for group in ranking[1:] for s in group if scores[s] == top]
    if level:
        # ru «Конец игры»: a tie on points goes to whoever has more cards left in hand.
        return f"{won}, ahead of {_and(level)} on cards in hand"
    return won


# ---------------------------------------------------------------- the action


def _pawn_placed(state: State | None, e: Event, seat: str | None) -> str:
    return f"{e['seat']} evolved a new {_pawn(e)} onto {_territory(e['territory'])}"


def _pawn_migrated(state: State | None, e: Event, seat: str | None) -> str:
    pawn = _pawn_on(state, e["from"])
    return f"{e['seat']} migrated the {pawn} from {_territory(e['from'])} to {_territory(e['to'])}"


def _pawns_swapped(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Обмен»: the weaker pawn takes the place the mover left.
    mine, theirs = _pawn_on(state, e["from"]), _pawn_on(state, e["to"])
    return (
        f"{e['seat']}'s {mine} took {_territory(e['to'])} from {e['victim']}'s {theirs}, "
        f"which went to {_territory(e['from'])}"
    )


# ---------------------------------------------------------------- rewards


def _hunting_token_taken(state: State | None, e: Event, seat: str | None) -> str:
    where = _territory(e["territory"])
    return f"{e['seat']} took the hunting token of {where} ({_points(e['value'])})"


def _strait_token_taken(state: State | None, e: Event, seat: str | None) -> str:
    strait, value = _strait(e["strait"]), _points(e["value"])
    if state is not None and state.pending and state.pending[0].kind == "sail":
        return f"{e['seat']} took the token of the {strait} ({value})"
    # ru «Проливы»: villages on both sides of a strait take its token.
    return f"{e['seat']} now holds both sides of the {strait} and took its token ({value})"


def _tile_taken(state: State | None, e: Event, seat: str | None) -> str:
    return f"{e['seat']} took a level-{e['level']} innovation tile from the {e['column']} column"


def _tile_revealed(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Фаза награждения»: a taken tile is replaced at once from the face-down reserve.
    return (
        f"A level-{e['level']} tile from the reserve was laid face up in the {e['column']} column"
    )


def _card_drawn(state: State | None, e: Event, seat: str | None) -> str:
    drawn = _card(e["card"]) if seat == e["seat"] else _a_card(e["deck"])
    return f"{e['seat']} drew {drawn}"


def _cards_drawn(state: State | None, e: Event, seat: str | None) -> str:
    cards: list[str] = e["cards"]
    told = f"{e['seat']} drew {len(cards)} {e['deck']} cards to keep one"
    if seat == e["seat"]:
        return f"{told}: {_and([_name(c) for c in cards])}"
    return told


def _card_kept(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Фаза награждения»: keep one, the others go under the deck.
    returned: list[str] = e["returned"]
    deck = e["deck"]
    if seat == e["seat"]:
        back = f" and put {_and([_name(c) for c in returned])} under the {deck} deck"
        return f"{seat} kept {_card(e['card'])}{back if returned else ''}"
    if not returned:
        return f"{e['seat']} kept {_a_card(deck)}"
    others = "the other one" if len(returned) == 1 else f"the other {len(returned)}"
    return (
        f"{e['seat']} kept one of the {len(returned) + 1} {deck} cards "
        f"and put {others} under the deck"
    )


def _objective_returned(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Очень важно!»: over the hand limit, an objective goes under the deck.
    card = _name(e["card"]) if seat == e["seat"] else "one"
    return f"{e['seat']} held too many objectives and put {card} under the objective deck"


# ---------------------------------------------------------------- cards


def _card_played(state: State | None, e: Event, seat: str | None) -> str:
    card = CARDS[e["card"]]
    if card.deck == "permanent":
        return f"{e['seat']} laid the permanent card {card.name} face up"
    return f"{e['seat']} played the action card {card.name}"


def _objective_completed(state: State | None, e: Event, seat: str | None) -> str:
    card = CARDS[e["card"]]
    points = e.get("points", card.points)
    return f"{e['seat']} completed the objective {_name(card.id)} (+{_points(points)})"


def _discard_card_taken(state: State | None, e: Event, seat: str | None) -> str:
    # ru Volcanic eruption: a card from the face-up discard pile.
    return f"{e['seat']} took {_card(e['card'])} from the discard pile"


def _strait_token_stolen(state: State | None, e: Event, seat: str | None) -> str:
    strait = _strait(e["strait"])
    return f"{e['seat']} took {e['victim']}'s token of the {strait} ({_points(e['value'])})"


def _card_stolen(state: State | None, e: Event, seat: str | None) -> str:
    # RULINGS: Tribal war (cards): the thief saw the hand, the victim knows what it lost.
    card = CARDS[e["card"]]
    told = _card(card.id) if seat in (e["seat"], e["victim"]) else _a_card(card.deck)
    return f"{e['seat']} took {told} from {e['victim']}'s hand"


def _tile_stolen(state: State | None, e: Event, seat: str | None) -> str:
    return f"{e['seat']} took a level-{e['level']} innovation tile from {e['victim']}"


def _trophy_taken(state: State | None, e: Event, seat: str | None) -> str:
    points = _points(e.get("points", WAR_TROPHY_POINTS))
    return f"{e['seat']} took a {_pawn(e)} from the reserve as a war trophy ({points})"


narrate = ev.EVENTS.narration(
    {
        ev.GAME_SET_UP: _game_set_up,
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
        ev.TURN_PASSED: _turn_passed,
        ev.END_TRIGGERED: _end_triggered,
        ev.GAME_ENDED: _game_ended,
        ev.PAWN_PLACED: _pawn_placed,
        ev.PAWN_MIGRATED: _pawn_migrated,
        ev.PAWNS_SWAPPED: _pawns_swapped,
        ev.HUNTING_TOKEN_TAKEN: _hunting_token_taken,
        ev.STRAIT_TOKEN_TAKEN: _strait_token_taken,
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
    # The turn's end, the steps awaited, and the choices whose effect the next events tell
    # (the action, then the pawn placed or moved; the reward, then what it gave).
    bookkeeping={ev.TURN_ENDED, ev.AWAITING, ev.ACTION_CHOSEN, ev.REWARD_CHOSEN},
)
"""What an event did, told to ``seat`` (``None``: a spectator), from the state before it."""
