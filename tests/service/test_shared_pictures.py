"""One picture per board state for every seat (issue 34 §2): an email shows the table's
picture (the spectator's view of the state, the players named), so every seat reading the
same language gets the same drawing, and no seat's hidden information is in it; what the
seat's own picture told only that seat ("(you)", "you are ...", its own island drawn
large) is said in the email's HTML beside the picture."""

from __future__ import annotations

import html
import re
from email.message import EmailMessage

import pytest

from engine.games.orichalk.board.words import focus_seat
from engine.games.origin import GAME as ORIGIN
from service import boards, words
from service.boards import drawing
from service.present import presentation
from service.store import eventstore
from service.store.db import sessions
from service.store.eventstore import Loaded
from tests.games.origin.helpers import deck as deck_of
from tests.games.origin.helpers import new_game, turn_of, with_deck, with_player
from tests.helpers import html_of, play_now

PLAYERS = {"p1": "ann@example.org", "p2": "bob@example.org", "p3": "cy@example.org"}
SEAT_OF = {address: seat for seat, address in PLAYERS.items()}
GAMES = ["origin", "orichalk", "origins-first-builders"]
YOURS = re.compile(r'<p id="yours"[^>]*>(.*?)</p>', re.S)
NAMES = {"p1": "Ann", "p2": "Bob", "p3": "Cy"}


def _new(client, game: str) -> str:
    body = {"game": game, "players": list(PLAYERS.values())}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def _load(settings, game_id: str) -> Loaded:
    with sessions(settings.database_url)() as s:
        return eventstore.load(s, game_id)


def _png(message: EmailMessage) -> bytes:
    (part,) = [p for p in message.walk() if p.get_content_type() == "image/png"]
    payload = part.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload


def _seat(message: EmailMessage) -> str:
    return SEAT_OF[message["To"].split("<")[-1].strip(">")]


def _table_picture(loaded: Loaded) -> bytes:
    """The spectator's picture of the state, drawn afresh (nothing remembered)."""
    drawing.forget()
    view = loaded.game.view(loaded.state, None)
    board = boards.render(loaded.row.game, view, "png", presentation.seat_names(loaded))
    assert board.png is not None
    return board.png


def _yours(message: EmailMessage) -> str:
    found = YOURS.findall(html_of(message))
    assert len(found) == 1, "the per-seat words stand once beside the picture"
    return html.unescape(re.sub(r"<br>", "\n", found[0]))


def _bot_moves(settings, game_id: str) -> None:
    """The first seat deciding plays its bot's move."""
    with sessions(settings.database_url).begin() as s:
        before = eventstore.load(s, game_id)
        seat = sorted(before.game.to_act(before.state))[0]
        move = before.game.bot_move(before.state, seat)
        play_now(
            s, game_id, seat, move, before.turn_seq, settings.snapshot_every,
            generation=before.table.generation(seat),
        )  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_emailed_about_one_board_state_gets_the_same_png_which_is_the_tables(
    client, smtp, work, settings, game
):
    game_id = _new(client, game)
    work()
    batches = emails = 0
    for _ in range(12):
        loaded = _load(settings, game_id)  # as the emails were written: nobody moved since
        if smtp.messages:
            pictures = {_png(m) for m in smtp.messages}
            assert pictures == {_table_picture(loaded)}, "one picture, the table's"
            batches += len({_seat(m) for m in smtp.messages}) > 1
            emails += len(smtp.messages)
        smtp.clear()
        _bot_moves(settings, game_id)
        work()
    assert batches >= 1 and emails > len(PLAYERS), "states emailed to several seats, and more"


@pytest.mark.parametrize("game", GAMES)
def test_each_seats_email_says_beside_the_picture_which_player_and_colour_it_is(
    client, smtp, work, settings, game
):
    game_id = _new(client, game)
    work()
    loaded = _load(settings, game_id)
    names = presentation.seat_names(loaded)
    colours = boards.seat_colours(game, list(PLAYERS))
    assert {_seat(m) for m in smtp.messages} == set(PLAYERS)
    for message in smtp.messages:
        seat = _seat(message)
        said = _yours(message)
        colour = words.text(colours[seat])
        assert f"On the board you are {names[seat]}; your colour is {colour}." in said
        for other in set(PLAYERS) - {seat}:
            assert f"you are {names[other]}" not in said
    assert len({_png(m) for m in smtp.messages}) == 1


def test_an_orichalk_seat_whose_island_the_table_draws_small_is_told_its_island_in_words(
    client, smtp, work, settings
):
    game_id = _new(client, "orichalk")
    work()
    loaded = _load(settings, game_id)
    table = loaded.game.view(loaded.state, None)
    large = focus_seat(table)
    told = {}
    for message in smtp.messages:
        told[_seat(message)] = _yours(message)
    island = {s: table["players"][s]["island"]["name"] for s in PLAYERS}
    for seat, said in told.items():
        if seat == large:
            assert "Your island" not in said, "the table draws this seat's island large"
        else:
            assert "Your island and supply, drawn small in the picture:" in said
            # Every seat chooses its island's side at once: its two sides, in words.
            assert f"Your island · {island[seat]}: choose a side" in said
            assert "Easier side · " in said and "Harder side · " in said
            assert "creatures captured: none; 0 mines, 0 camps" in said
    assert set(told) - {large}


def _email_picture(state, seat: str) -> bytes | None:
    """The picture ``seat``'s email about ``state`` shows, drawn afresh as the email draws
    it: the seat's board, its picture the table's."""
    drawing.forget()
    view, table = ORIGIN.view(state, seat), ORIGIN.view(state, None)
    board = boards.render("origin", view, "png", NAMES, panels_with_picture=False, table=table)
    return board.png


def _other_hand(state):
    """``state`` with p1 holding other hidden cards, as many of each kind, taken from the
    top of their decks (the cards p1 held go back under them): nothing public differs."""
    p1 = state.player("p1")
    changes = {}
    for kind, held in (("objective", p1.objectives), ("action", p1.actions)):
        pile = deck_of(state, kind)
        state = with_deck(state, kind, [*pile[len(held) :], *held])
        changes[f"{kind}s"] = tuple(pile[: len(held)])
    return with_player(state, "p1", **changes)


def test_a_seats_hidden_hand_never_changes_the_picture_any_seats_email_shows():
    state = turn_of(new_game(3, seed=10), "p1")
    other = _other_hand(state)
    assert ORIGIN.view(state, "p1") != ORIGIN.view(other, "p1"), "p1's hand differs"
    assert ORIGIN.view(state, "p2") == ORIGIN.view(other, "p2"), "only p1's hidden hand"
    pictures = {_email_picture(s, seat) for s in (state, other) for seat in ("p1", "p2", "p3")}
    assert len(pictures) == 1 and None not in pictures
    (shared,) = pictures
    with_names = boards.render("origin", ORIGIN.view(state, None), "png", NAMES).png
    assert shared == with_names, "the spectator's picture, which holds no hand"


def test_the_seats_own_picture_differed_by_seat_and_the_emails_no_longer_does():
    """What the shared picture replaces: each seat's own picture marked it ("(you)")."""
    state = turn_of(new_game(3, seed=10), "p1")
    drawing.forget()
    own = {
        seat: boards.render("origin", ORIGIN.view(state, seat), "png", NAMES).png
        for seat in ("p1", "p2", "p3")
    }
    assert len(set(own.values())) == 3
    assert len({_email_picture(state, seat) for seat in own}) == 1
