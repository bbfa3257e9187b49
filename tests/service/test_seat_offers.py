"""Ballots on a late seat and the seat handed to a newcomer (issue 4), at their edges
(issue 15: mutants of ``cast_vote``, ``close_ballot``, ``claim``, ``offer_row`` and
``bot_play`` that survived): only the newest offer of a seat can be claimed, and each offer
only once, even when a later offer names someone of the same name; the claim is the seat's
own act, told to the others and not to the newcomer; a voter may change the newcomer they
name; the seat goes to the newcomer named first by a voter who still hands it over, in that
game, and the vote that decides it queues the result and the offer at once; a bot plays
for the seat's holder of today; votes and results name their ballot; each refusal is read
whole."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.errors import BadRequest, NotFound, Stale
from service.play import slowplay
from service.play.games import create_game
from service.store import eventstore, names
from service.store.db import sessions
from service.store.models import EventRow, OutboxRow, SeatOfferRow, SeatRow


def late_game(settings) -> tuple[str, str, str]:
    """A new game: its id, the seat that must act (late), the other seat (its voter)."""
    players = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
    with sessions(settings.database_url).begin() as s:
        loaded = create_game(s, "tictactoe", players).loaded
        (late,) = loaded.game.to_act(loaded.state)
        other = next(seat for seat in loaded.table.seats if seat != late)
        return loaded.row.id, late, other


def deadline_passes(settings, game_id: str, late: str) -> int:
    """``late``'s deadline passes and a ballot on its seat opens: the ballot's number."""
    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), late)
        return eventstore.load(s, game_id).table.ballot.number


def hand_over(settings, game_id: str, late: str, voter: str, email: str, name: str) -> int:
    """The late seat's deadline passes and its one voter hands it to ``name <email>``: the
    offer's id."""
    number = deadline_passes(settings, game_id, late)
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, voter, 0, number, "replace", (email, name))
    with sessions(settings.database_url)() as s:
        return s.scalar(
            select(SeatOfferRow.id).where(
                SeatOfferRow.game_id == game_id, SeatOfferRow.ballot == number
            )
        )


def claim(settings, offer_id: int) -> list[int]:
    with sessions(settings.database_url).begin() as s:
        return slowplay.claim(s, offer_id).outbox_ids


def holder(settings, game_id: str, seat: str) -> str:
    with sessions(settings.database_url)() as s:
        return s.scalar(
            select(SeatRow.email).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        )


def refused_claim(settings, offer_id: int, game_id: str) -> None:
    """Claiming ``offer_id`` is refused as no longer offered, naming the game; nothing is
    recorded."""
    with sessions(settings.database_url)() as s:
        before = eventstore.get_row(s, game_id).last_seq
    with pytest.raises(Stale) as refused:
        claim(settings, offer_id)
    assert refused.value.message == "This seat is no longer offered to you."
    assert refused.value.context == {"game_id": game_id}
    with sessions(settings.database_url)() as s:
        assert eventstore.get_row(s, game_id).last_seq == before


def test_an_offer_a_later_vote_replaced_cannot_be_claimed(settings):
    game_id, late, other = late_game(settings)
    first = hand_over(settings, game_id, late, other, "cy@example.org", "Cy")
    second = hand_over(settings, game_id, late, other, "dee@example.org", "Dee")
    refused_claim(settings, first, game_id)
    claim(settings, second)
    assert holder(settings, game_id, late) == "dee@example.org"


def test_a_claimed_offer_cannot_be_claimed_again_even_when_a_namesake_is_offered_the_seat(
    settings,
):
    """The seat is handed on again, to another player of the same name: the first link,
    used once already, does not take it back."""
    game_id, late, other = late_game(settings)
    first = hand_over(settings, game_id, late, other, "cy@example.org", "Cy")
    claim(settings, first)
    hand_over(settings, game_id, late, other, "cy@elsewhere.example", "Cy")
    refused_claim(settings, first, game_id)
    assert holder(settings, game_id, late) == "cy@example.org"


def test_a_claim_is_the_seats_own_act_and_told_to_the_others_not_the_newcomer(settings):
    game_id, late, other = late_game(settings)
    sent = claim(settings, hand_over(settings, game_id, late, other, "cy@example.org", "Cy"))
    with sessions(settings.database_url)() as s:
        claimed = s.scalar(
            select(EventRow).where(
                EventRow.game_id == game_id, EventRow.type == "table.seat_claimed"
            )
        )
        told = s.scalars(
            select(OutboxRow.seat).where(OutboxRow.id.in_(sent), OutboxRow.kind == "seat_claimed")
        ).all()
    assert claimed.seat == late
    assert told == [other]


def test_an_offer_that_does_not_exist_is_a_404_saying_so(settings):
    with sessions(settings.database_url)() as s, pytest.raises(NotFound) as refused:
        slowplay.offer_row(s, 987654)
    assert refused.value.message == "There is no such seat offer."


def test_a_bot_voted_in_for_a_newcomer_who_went_quiet_plays_their_seat(settings):
    """The seat's holder changed with the claim: the bot plays for the holder of today."""
    game_id, late, other = late_game(settings)
    claim(settings, hand_over(settings, game_id, late, other, "cy@example.org", "Cy"))
    number = deadline_passes(settings, game_id, late)
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, other, 0, number, "bot")
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        assert loaded.table.bots == (late,)
        slowplay.bot_play(s, loaded, late, settings.snapshot_every)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert loaded.game.to_act(loaded.state) == {other}, "the bot made the late decision"


def test_a_vote_on_a_ballot_already_decided_is_refused_naming_the_game_and_the_voter(settings):
    game_id, late, other = late_game(settings)
    hand_over(settings, game_id, late, other, "cy@example.org", "Cy")
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale) as refused:
        slowplay.cast_vote(s, game_id, other, 0, 1, "wait")
    assert refused.value.message == "This vote is closed."
    assert refused.value.context == {"game_id": game_id, "seat": other}


def test_a_vote_and_its_result_are_recorded_with_their_ballot_and_no_newcomers_name(settings):
    """The newcomer's name and address stay out of the log, on the offer's row (issue 30:
    a name in the chain could never be forgotten); the offer names the ballot and voter."""
    game_id, late, other = late_game(settings)
    hand_over(settings, game_id, late, other, "cy@example.org", "Cy")
    with sessions(settings.database_url)() as s:
        cast, decided, offered = (
            s.scalar(select(EventRow).where(EventRow.game_id == game_id, EventRow.type == kind))
            for kind in ("table.vote_cast", "table.vote_decided", "table.seat_offered")
        )
    assert (cast.seat, cast.payload) == (
        other,
        {"type": "table.vote_cast", "ballot": 1, "choice": "replace"},
    )
    assert (offered.seat, offered.payload) == (
        None,
        {"type": "table.seat_offered", "seat": late, "ballot": 1, "proposed_by": other},
    )
    assert (decided.seat, decided.payload) == (
        None,
        {
            "type": "table.vote_decided",
            "ballot": 1,
            "seat": late,
            "choice": "replace",
            "answers": 1,
        },
    ), "the table's act, naming its ballot"


def test_a_vote_for_a_choice_not_on_the_ballot_is_refused_naming_those_that_are(settings):
    game_id, late, other = late_game(settings)
    deadline_passes(settings, game_id, late)
    with sessions(settings.database_url).begin() as s, pytest.raises(BadRequest) as refused:
        slowplay.cast_vote(s, game_id, other, 0, 1, "coin toss")
    assert refused.value.message == "Choose one of: wait, bot, replace, end."


def test_a_voter_who_names_another_newcomer_before_the_ballot_closes_changes_their_offer(
    settings, claims
):
    """Three players: p2 names Cy, then Dee, and p3 votes to hand the seat over too. The
    seat goes to the first voter's newcomer as they last named them, on one offer row."""
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, claims, ["a@x.org", "b@x.org", "c@x.org"]).loaded.row.id
    deadline_passes(settings, game_id, "p1")
    for voter, email, name in [
        ("p2", "cy@example.org", "Cy"),
        ("p2", "dee@example.org", "Dee"),
        ("p3", "eve@example.org", "Eve"),
    ]:
        with sessions(settings.database_url).begin() as s:
            slowplay.cast_vote(s, game_id, voter, 0, 1, "replace", (email, name))
    with sessions(settings.database_url)() as s:
        offers = s.execute(
            select(SeatOfferRow.proposed_by, SeatOfferRow.email, SeatOfferRow.name)
            .where(SeatOfferRow.game_id == game_id)
            .order_by(SeatOfferRow.id)
        ).all()
    assert offered(settings, game_id) == "Dee"
    assert offers == [("p2", "dee@example.org", "Dee"), ("p3", "eve@example.org", "Eve")]


def test_a_newcomer_given_without_a_name_has_none_and_is_shown_as_their_seats_player(settings):
    """Issue 30: no part of their address becomes their name; once they take the seat,
    readers see "Player 1" (its number), as for any player given without a name."""
    game_id, late, other = late_game(settings)
    claim(settings, hand_over(settings, game_id, late, other, "cy.north@example.org", ""))
    with sessions(settings.database_url)() as s:
        seat = next(r for r in eventstore.get_row(s, game_id).seats if r.seat == late)
        assert (seat.email, seat.name) == ("cy.north@example.org", "")
        assert names.of_seat(seat) == f"Player {names.number(seat)}"


def table_of(settings, game: str, players: int) -> str:
    """A new game of ``players`` whose seat p1 is late: its id (its ballot is number 1)."""
    emails = [f"{name}@example.org" for name in ("ann", "bob", "cat", "dan")[:players]]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, game, emails).loaded.row.id
    deadline_passes(settings, game_id, "p1")
    return game_id


def vote(settings, game_id: str, voter: str, choice: str, newcomer: str = "") -> list[int]:
    """``voter`` votes on ballot 1; to hand the seat over, to ``newcomer``: the outbox ids."""
    named = (f"{newcomer.lower()}@example.net", newcomer) if newcomer else None
    with sessions(settings.database_url).begin() as s:
        return slowplay.cast_vote(s, game_id, voter, 0, 1, choice, named)


def offered(settings, game_id: str, seat: str = "p1") -> str | None:
    """The name of the newcomer ``seat`` is handed to: the table names the ballot and voter
    of their offer, whose row holds the name (issue 30: no name in the log)."""
    with sessions(settings.database_url)() as s:
        handed = eventstore.load(s, game_id).table.offered_to(seat)
        if handed is None:
            return None
        ballot, voter = handed
        return s.scalar(
            select(SeatOfferRow.name).where(
                SeatOfferRow.game_id == game_id,
                SeatOfferRow.ballot == ballot,
                SeatOfferRow.proposed_by == voter,
            )
        )


def test_the_seat_goes_to_the_newcomer_named_first_not_to_the_first_seats_choice(settings, claims):
    """p3 names Cy before p2 names Eve: the seat is Cy's, though p2 sits before p3."""
    game_id = table_of(settings, claims, 3)
    vote(settings, game_id, "p3", "replace", "Cy")
    vote(settings, game_id, "p2", "replace", "Eve")
    assert offered(settings, game_id) == "Cy"


def test_a_voter_who_no_longer_votes_to_hand_the_seat_over_does_not_choose_the_newcomer(
    settings, claims
):
    """Four players: p2 names Cy, then votes for a bot; p3 and p4 hand the seat over. Cy
    was named first, but by a voter who took it back: the seat goes to p3's newcomer."""
    game_id = table_of(settings, claims, 4)
    vote(settings, game_id, "p2", "replace", "Cy")
    vote(settings, game_id, "p2", "bot")
    vote(settings, game_id, "p3", "replace", "Eve")
    vote(settings, game_id, "p4", "replace", "Fay")
    assert offered(settings, game_id) == "Eve"


def test_each_game_hands_its_seat_to_its_own_newcomer(settings, claims):
    """Two games, each on its first ballot, each voted over by its seat p2: neither game's
    offer is read for the other."""
    first, second = table_of(settings, claims, 2), table_of(settings, claims, 2)
    vote(settings, first, "p2", "replace", "Cy")
    vote(settings, second, "p2", "replace", "Dee")
    assert (offered(settings, first), offered(settings, second)) == ("Cy", "Dee")


def test_the_vote_that_hands_the_seat_over_queues_the_result_for_all_and_the_offer(
    settings, claims
):
    """Every email the closing vote queues is handed back, to be sent at once: the result
    to every seat, and the offer to the seat handed over."""
    game_id = table_of(settings, claims, 2)
    sent = vote(settings, game_id, "p2", "replace", "Cy")
    with sessions(settings.database_url)() as s:
        queued = s.execute(
            select(OutboxRow.id, OutboxRow.kind, OutboxRow.seat).where(
                OutboxRow.game_id == game_id, OutboxRow.kind != "invitation"
            )
        ).all()
    assert sorted((kind, seat) for _, kind, seat in queued) == [
        ("ballot", "p2"),
        ("ballot_result", "p1"),
        ("ballot_result", "p2"),
        ("seat_offer", "p1"),
    ]
    assert sorted(sent) == sorted(i for i, kind, _ in queued if kind != "ballot")


def refused_newcomer(settings, game: str, newcomer: tuple[str, str]) -> str:
    """p2 hands p1's seat over to ``newcomer`` (address, name) and is refused: the refusal's
    words; the seat is offered to nobody."""
    game_id = table_of(settings, game, 2)
    with sessions(settings.database_url).begin() as s, pytest.raises(BadRequest) as refused:
        slowplay.cast_vote(s, game_id, "p2", 0, 1, "replace", newcomer)
    assert offered(settings, game_id) is None
    return refused.value.message


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Cy\r\nBcc: all@example.org", "A name cannot contain line breaks or control characters."),
        (
            "Cy\u202egnirts",
            "A name cannot contain invisible or direction-changing characters "
            "(U+202E RIGHT-TO-LEFT OVERRIDE).",
        ),
    ],
)
def test_a_newcomers_name_that_could_break_a_header_or_pass_for_another_is_refused(
    settings, claims, name, said
):
    """The sentence is the voter's own: it names no player number (the newcomer has none)."""
    assert refused_newcomer(settings, claims, ("cy@example.org", name)) == said


def test_a_newcomers_address_we_cannot_send_to_is_refused_in_the_voters_own_sentence(
    settings, claims
):
    assert refused_newcomer(settings, claims, ("cy at example.org", "Cy")) == (
        "'cy at example.org' is not an email address we can send to: "
        "An email address must have an @-sign."
    )
