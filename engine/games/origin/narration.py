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

from collections.abc import Iterable, Sequence

from engine.contract import Event
from engine.games.origin import events as ev
from engine.games.origin.components import CARDS, INDEX, KINDS, WAR_TROPHY_POINTS
from engine.games.origin.names import (
    COLUMN_WORDS,
    commas,
    end_reason,
    pawn_words,
    points,
    quoted,
    semicolons,
    strait_name,
    territory_name,
)
from engine.games.origin.scoring import standing
from engine.games.origin.state import State
from engine.games.origin.words import _, n_, p_
from engine.kit.words import Listing, Msg, Seat

# ---------------------------------------------------------------- words

GAME_END_REASONS: dict[str, Msg] = {
    "every other player has had a last turn": _("every other player has had a last turn"),
    "no player could act for a whole round": _("no player could act for a whole round"),
}


def _and(items: Sequence[str]) -> Listing:
    return Listing(tuple(items), "and")


def _seats(seats: Iterable[str]) -> Listing:
    """Players named in a list ("Ann, Bob and Cy"), each a seat their reader names."""
    return Listing(tuple(Seat(s) for s in seats), "and")


def _name(card: str) -> str:
    """A card's name as the labels write it: objectives in quotes."""
    c = CARDS[card]
    if c.deck == "objective":
        return quoted(c.name)
    # An action or permanent card named among others ("Navigator, Hunter and Control"): some
    # languages set every card's name apart, as they do an objective's.
    return p_("card name", "{name}", name=c.name)


def _card(card: str) -> Msg:
    """ "the action card Hunter", "the objective “3 pawns in Africa”"."""
    c = CARDS[card]
    if c.deck == "objective":
        return _("the objective {card}", card=_name(card))
    if c.deck == "action":
        return _("the action card {card}", card=c.name)
    return _("the permanent card {card}", card=c.name)


_A_CARD: dict[str, Msg] = {
    "action": _("an action card"),
    "permanent": _("a permanent card"),
    "objective": _("an objective card"),
}


def _a_card(deck: str) -> Msg:
    """A card of ``deck`` whose face the reader may not see: "an action card"."""
    return _A_CARD[deck]


def _pawn_on(state: State | None, territory: str) -> Msg | None:
    pawn = state.board[INDEX[territory]] if state is not None else None
    if pawn is None:
        return None
    kind = KINDS[pawn.kind]
    return pawn_words(kind.height, kind.strength, kind.colour)


def _pawn(event: Event) -> Msg:
    return pawn_words(event["height"], event["strength"], event["colour"])


# ---------------------------------------------------------------- setup


def _game_set_up(state: State | None, e: Event, seat: str | None) -> str:
    return n_(
        "A game of Origin began for {seats}, with {n} tribe pawn in the reserve",
        "A game of Origin began for {seats}, with {n} tribe pawns in the reserve",
        n=e["pawns"],
        seats=_seats(e["seats"]),
    )


def _neutral_pawn_placed(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Подготовка к игре»: one of the lowest and weakest pawns, of any colour.
    return _(
        "The neutral {pawn} pawn was set on the Origin territory, {territory}",
        pawn=pawn_words(1, 1, e["colour"]),
        territory=territory_name(e["territory"]),
    )


def _decks_shuffled(state: State | None, e: Event, seat: str | None) -> str:
    return _("The action, permanent and objective decks were shuffled face down")


def _innovations_laid_out(state: State | None, e: Event, seat: str | None) -> str:
    levels = {c: ", ".join(str(level) for level in sorted(e[c])) for c in COLUMN_WORDS}
    return n_(
        "Innovation tiles were laid face up on the reward board (yellow {yellow}; orange "
        "{orange}; purple {purple}; brown {brown}), {n} more face down as the reserve",
        "Innovation tiles were laid face up on the reward board (yellow {yellow}; orange "
        "{orange}; purple {purple}; brown {brown}), {n} more face down as the reserve",
        n=len(e["reserve"]),
        **levels,
    )


def _hunting_tokens_placed(state: State | None, e: Event, seat: str | None) -> str:
    tokens = commas(
        _("{territory} {value}", territory=territory_name(t), value=value)
        for t, value in e["tokens"].items()
    )
    left = len(e.get("returned_to_box", ()))
    if left:
        return n_(
            "Hunting tokens were laid on the green territories: {tokens}; {n} left over went "
            "back to the box",
            "Hunting tokens were laid on the green territories: {tokens}; {n} left over went "
            "back to the box",
            n=left,
            tokens=tokens,
        )
    return _("Hunting tokens were laid on the green territories: {tokens}", tokens=tokens)


def _strait_tokens_placed(state: State | None, e: Event, seat: str | None) -> str:
    tokens: dict[str, int] = e["tokens"]
    if not tokens:
        return ""
    low, high = min(tokens.values()), max(tokens.values())
    best = [
        _("the {strait}", strait=strait_name(s)) for s, value in tokens.items() if value == high
    ]
    if len(best) > 1:
        return _(
            "Strait tokens worth {low} to {high} were laid face up on the {count} straits; "
            "the {high}s lie on {straits}",
            low=low,
            high=high,
            count=len(tokens),
            straits=_and(best),
        )
    return _(
        "Strait tokens worth {low} to {high} were laid face up on the {count} straits; "
        "the {high} lies on {straits}",
        low=low,
        high=high,
        count=len(tokens),
        straits=_and(best),
    )


def _objectives_dealt(state: State | None, e: Event, seat: str | None) -> str:
    hands: dict[str, list[str]] = e["hands"]
    count = max((len(cards) for cards in hands.values()), default=0)
    if seat in hands:
        return n_(
            "Each player was dealt {n} objective card to keep one; {seat} was dealt {cards}",
            "Each player was dealt {n} objective cards to keep one; {seat} was dealt {cards}",
            n=count,
            seat=Seat(seat),
            cards=_and([_name(c) for c in hands[seat]]),
        )
    return n_(
        "Each player was dealt {n} objective card to keep one",
        "Each player was dealt {n} objective cards to keep one",
        n=count,
    )


def _first_player_chosen(state: State | None, e: Event, seat: str | None) -> str:
    # RULINGS: First player
    return _("{seat} was drawn at random to play first", seat=Seat(e["seat"]))


def _objective_kept(state: State | None, e: Event, seat: str | None) -> str:
    if seat == e["seat"]:
        card = CARDS[e["card"]]
        return _(
            "{seat} kept the objective {card} ({points})",
            seat=Seat(seat),
            card=_name(card.id),
            points=points(card.points),
        )
    return _("{seat} kept one of the objectives dealt to them", seat=Seat(e["seat"]))


def _objectives_shuffled(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Подготовка к игре»: «Снова перемешайте колоду карт целей».
    return _("The objectives not kept went back into the objective deck, shuffled face down")


# ---------------------------------------------------------------- turns


def _turn_started(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Конец игры»: once the end is triggered, every other player has one last turn.
    if state is not None and state.last_round:
        return _("{seat} began their last turn", seat=Seat(e["seat"]))
    return ""


def _turn_passed(state: State | None, e: Event, seat: str | None) -> str:
    # RULINGS: No action possible.
    return _("{seat} could neither evolve, migrate nor swap, and passed", seat=Seat(e["seat"]))


def _end_triggered(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Конец игры»: whoever takes the last item triggers the end; the others play once more.
    others = list(e["final_turns"])
    reasons = semicolons(end_reason(r) for r in e["reasons"])
    if len(others) > 1:
        return _(
            "{seat} triggered the end of the game ({reasons}): {others} each play one last turn",
            seat=Seat(e["seat"]),
            reasons=reasons,
            others=_seats(others),
        )
    if others:
        return _(
            "{seat} triggered the end of the game ({reasons}): {other} plays one last turn",
            seat=Seat(e["seat"]),
            reasons=reasons,
            other=Seat(others[0]),
        )
    return _(
        "{seat} triggered the end of the game ({reasons}): nobody plays another turn",
        seat=Seat(e["seat"]),
        reasons=reasons,
    )


def _game_ended(state: State | None, e: Event, seat: str | None) -> str:
    reason = e.get("reason")
    told = GAME_END_REASONS.get(reason, reason) if reason else None
    if state is None:
        return _("The game ended, as {reason}", reason=told) if told else _("The game ended")
    result = standing(state)
    scores, ranking = result["scores"], result["ranking"]
    first = ranking[0]
    top = points(scores[first[0]])
    level = [s for group in ranking[1:] for s in group if scores[s] == scores[first[0]]]
    if told:
        if len(first) > 1:
            return _(
                "The game ended, as {reason}: {seats} share the win with {points}",
                reason=told,
                seats=_seats(first),
                points=top,
            )
        if level:
            # ru «Конец игры»: a tie on points goes to whoever has more cards left in hand.
            return _(
                "The game ended, as {reason}: {seat} won with {points}, ahead of {others} on "
                "cards in hand",
                reason=told,
                seat=Seat(first[0]),
                points=top,
                others=_seats(level),
            )
        return _(
            "The game ended, as {reason}: {seat} won with {points}",
            reason=told,
            seat=Seat(first[0]),
            points=top,
        )
    if len(first) > 1:
        return _(
            "The game ended: {seats} share the win with {points}", seats=_seats(first), points=top
        )
    if level:
        return _(
            "The game ended: {seat} won with {points}, ahead of {others} on cards in hand",
            seat=Seat(first[0]),
            points=top,
            others=_seats(level),
        )
    return _("The game ended: {seat} won with {points}", seat=Seat(first[0]), points=top)


# ---------------------------------------------------------------- the action


def _pawn_placed(state: State | None, e: Event, seat: str | None) -> str:
    return _(
        "{seat} evolved a new {pawn} pawn onto {territory}",
        seat=Seat(e["seat"]),
        pawn=_pawn(e),
        territory=territory_name(e["territory"]),
    )


def _pawn_migrated(state: State | None, e: Event, seat: str | None) -> str:
    pawn = _pawn_on(state, e["from"])
    places = {"origin": territory_name(e["from"]), "destination": territory_name(e["to"])}
    if pawn is None:
        return _(
            "{seat} migrated the pawn from {origin} to {destination}",
            seat=Seat(e["seat"]),
            **places,
        )
    return _(
        "{seat} migrated the {pawn} pawn from {origin} to {destination}",
        seat=Seat(e["seat"]),
        pawn=pawn,
        **places,
    )


def _pawns_swapped(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Обмен»: the weaker pawn takes the place the mover left.
    mine, theirs = _pawn_on(state, e["from"]), _pawn_on(state, e["to"])
    if mine is None or theirs is None:
        return _(
            "{seat}'s pawn took {destination} from {victim}'s pawn, which went to {origin}",
            seat=Seat(e["seat"]),
            victim=Seat(e["victim"]),
            origin=territory_name(e["from"]),
            destination=territory_name(e["to"]),
        )
    return _(
        "{seat}'s {pawn} pawn took {destination} from {victim}'s {other} pawn, which went to "
        "{origin}",
        seat=Seat(e["seat"]),
        pawn=mine,
        victim=Seat(e["victim"]),
        other=theirs,
        origin=territory_name(e["from"]),
        destination=territory_name(e["to"]),
    )


# ---------------------------------------------------------------- rewards


def _hunting_token_taken(state: State | None, e: Event, seat: str | None) -> str:
    return _(
        "{seat} took the hunting token of {territory} ({points})",
        seat=Seat(e["seat"]),
        territory=territory_name(e["territory"]),
        points=points(e["value"]),
    )


def _strait_token_taken(state: State | None, e: Event, seat: str | None) -> str:
    strait, value = strait_name(e["strait"]), points(e["value"])
    if state is not None and state.pending and state.pending[0].kind == "sail":
        return _(
            "{seat} took the token of the {strait} ({points})",
            seat=Seat(e["seat"]),
            strait=strait,
            points=value,
        )
    # ru «Проливы»: villages on both sides of a strait take its token.
    return _(
        "{seat} now holds both sides of the {strait} and took its token ({points})",
        seat=Seat(e["seat"]),
        strait=strait,
        points=value,
    )


def _tile_taken(state: State | None, e: Event, seat: str | None) -> str:
    return _(
        "{seat} took a level-{level} innovation tile from the {column} column",
        seat=Seat(e["seat"]),
        level=e["level"],
        column=COLUMN_WORDS.get(e["column"], e["column"]),
    )


def _tile_revealed(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Фаза награждения»: a taken tile is replaced at once from the face-down reserve.
    return _(
        "A level-{level} tile from the reserve was laid face up in the {column} column",
        level=e["level"],
        column=COLUMN_WORDS.get(e["column"], e["column"]),
    )


def _card_drawn(state: State | None, e: Event, seat: str | None) -> str:
    drawn = _card(e["card"]) if seat == e["seat"] else _a_card(e["deck"])
    return _("{seat} drew {card}", seat=Seat(e["seat"]), card=drawn)


def _cards_drawn(state: State | None, e: Event, seat: str | None) -> str:
    cards: list[str] = e["cards"]
    deck, n = e["deck"], len(cards)
    if seat == e["seat"]:
        names = _and([_name(c) for c in cards])
        if deck == "action":
            return n_(
                "{seat} drew {n} action card to keep one: {cards}",
                "{seat} drew {n} action cards to keep one: {cards}",
                n=n,
                seat=Seat(seat),
                cards=names,
            )
        if deck == "permanent":
            return n_(
                "{seat} drew {n} permanent card to keep one: {cards}",
                "{seat} drew {n} permanent cards to keep one: {cards}",
                n=n,
                seat=Seat(seat),
                cards=names,
            )
        return n_(
            "{seat} drew {n} objective card to keep one: {cards}",
            "{seat} drew {n} objective cards to keep one: {cards}",
            n=n,
            seat=Seat(seat),
            cards=names,
        )
    if deck == "action":
        return n_(
            "{seat} drew {n} action card to keep one",
            "{seat} drew {n} action cards to keep one",
            n=n,
            seat=Seat(e["seat"]),
        )
    if deck == "permanent":
        return n_(
            "{seat} drew {n} permanent card to keep one",
            "{seat} drew {n} permanent cards to keep one",
            n=n,
            seat=Seat(e["seat"]),
        )
    return n_(
        "{seat} drew {n} objective card to keep one",
        "{seat} drew {n} objective cards to keep one",
        n=n,
        seat=Seat(e["seat"]),
    )


def _card_kept(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Фаза награждения»: keep one, the others go under the deck.
    returned: list[str] = e["returned"]
    deck = e["deck"]
    if seat == e["seat"]:
        card = _card(e["card"])
        if not returned:
            return _("{seat} kept {card}", seat=Seat(seat), card=card)
        back = _and([_name(c) for c in returned])
        if deck == "action":
            return _(
                "{seat} kept {card} and put {cards} under the action deck",
                seat=Seat(seat),
                card=card,
                cards=back,
            )
        if deck == "permanent":
            return _(
                "{seat} kept {card} and put {cards} under the permanent deck",
                seat=Seat(seat),
                card=card,
                cards=back,
            )
        return _(
            "{seat} kept {card} and put {cards} under the objective deck",
            seat=Seat(seat),
            card=card,
            cards=back,
        )
    if not returned:
        return _("{seat} kept {card}", seat=Seat(e["seat"]), card=_a_card(deck))
    n, total = len(returned), len(returned) + 1
    if deck == "action":
        return n_(
            "{seat} kept one of the {total} action cards and put the other one under the deck",
            "{seat} kept one of the {total} action cards and put the other {n} under the deck",
            n=n,
            total=total,
            seat=Seat(e["seat"]),
        )
    if deck == "permanent":
        return n_(
            "{seat} kept one of the {total} permanent cards and put the other one under the deck",
            "{seat} kept one of the {total} permanent cards and put the other {n} under the deck",
            n=n,
            total=total,
            seat=Seat(e["seat"]),
        )
    return n_(
        "{seat} kept one of the {total} objective cards and put the other one under the deck",
        "{seat} kept one of the {total} objective cards and put the other {n} under the deck",
        n=n,
        total=total,
        seat=Seat(e["seat"]),
    )


def _objective_returned(state: State | None, e: Event, seat: str | None) -> str:
    # ru «Очень важно!»: over the hand limit, an objective goes under the deck.
    if seat == e["seat"]:
        return _(
            "{seat} held too many objectives and put {card} under the objective deck",
            seat=Seat(e["seat"]),
            card=_name(e["card"]),
        )
    return _(
        "{seat} held too many objectives and put one under the objective deck", seat=Seat(e["seat"])
    )


# ---------------------------------------------------------------- cards


def _card_played(state: State | None, e: Event, seat: str | None) -> str:
    card = CARDS[e["card"]]
    if card.deck == "permanent":
        return _(
            "{seat} laid the permanent card {card} face up", seat=Seat(e["seat"]), card=card.name
        )
    return _("{seat} played the action card {card}", seat=Seat(e["seat"]), card=card.name)


def _objective_completed(state: State | None, e: Event, seat: str | None) -> str:
    card = CARDS[e["card"]]
    return _(
        "{seat} completed the objective {card} (+{points})",
        seat=Seat(e["seat"]),
        card=_name(card.id),
        points=points(e.get("points", card.points)),
    )


def _discard_card_taken(state: State | None, e: Event, seat: str | None) -> str:
    # ru Volcanic eruption: a card from the face-up discard pile.
    return _(
        "{seat} took {card} from the discard pile", seat=Seat(e["seat"]), card=_card(e["card"])
    )


def _strait_token_stolen(state: State | None, e: Event, seat: str | None) -> str:
    return _(
        "{seat} took {victim}'s token of the {strait} ({points})",
        seat=Seat(e["seat"]),
        victim=Seat(e["victim"]),
        strait=strait_name(e["strait"]),
        points=points(e["value"]),
    )


def _card_stolen(state: State | None, e: Event, seat: str | None) -> str:
    # RULINGS: Tribal war (cards): the thief saw the hand, the victim knows what it lost.
    card = CARDS[e["card"]]
    told = _card(card.id) if seat in (e["seat"], e["victim"]) else _a_card(card.deck)
    return _(
        "{seat} took {card} from {victim}'s hand",
        seat=Seat(e["seat"]),
        card=told,
        victim=Seat(e["victim"]),
    )


def _tile_stolen(state: State | None, e: Event, seat: str | None) -> str:
    return _(
        "{seat} took a level-{level} innovation tile from {victim}",
        seat=Seat(e["seat"]),
        level=e["level"],
        victim=Seat(e["victim"]),
    )


def _trophy_taken(state: State | None, e: Event, seat: str | None) -> str:
    return _(
        "{seat} took a {pawn} pawn from the reserve as a war trophy ({points})",
        seat=Seat(e["seat"]),
        pawn=_pawn(e),
        points=points(e.get("points", WAR_TROPHY_POINTS)),
    )


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
    # Issue 32 §2: each is named in the history's rows, in the reader's words.
    bookkeeping={
        ev.TURN_ENDED: p_("event", "turn ended"),
        ev.AWAITING: p_("event", "waiting for a decision"),
        ev.ACTION_CHOSEN: p_("event", "action chosen"),
        ev.REWARD_CHOSEN: p_("event", "reward chosen"),
    },
    names={ev.TURN_STARTED: p_("event", "turn started")},
)
"""What an event did, told to ``seat`` (``None``: a spectator), from the state before it."""
