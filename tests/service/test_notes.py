"""A player's private notes (issue 35 §3): one per seat of a game, written on the seat page or
by replying ``note ...`` in any language we speak, shown to that seat's player alone (their
seat and turn pages, their turn emails), escaped everywhere, never in the log, the history,
an export or another seat's page, email or API answer; in their own data download only; and
gone when they are forgotten."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from service.audit import checks as audit
from service.links import urls
from service.mail import parsing
from service.play import forgetting, notes, slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, SeatOfferRow
from tests.helpers import html_of, path, play_now, text_of
from tests.service.replying import deliver, reply_message
from tests.service.test_desk import sign_in
from tests.service.test_security import client_for
from tests.workers import test_flood_cap as flood
from tests.workers.test_flood_cap import ANN as FLOODED
from tests.workers.test_flood_cap import (
    START,
    capped,  # noqa: F401 (a fixture: the default hourly cap)
    four_held,
)

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

ANN, BOB = "ann@example.org", "bob@example.org"
HOSTILE = 'Corner first <script>alert("x")</script> & <b>centre</b>'
ESCAPED = (
    "Corner first &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;centre&lt;/b&gt;"
)


def new_game(settings, work) -> tuple[str, str, str]:
    """Ann and Bob play tic-tac-toe, their invitations sent: (game, mover, waiter)."""
    with sessions(settings.database_url).begin() as s:
        loaded = create_game(s, "tictactoe", [f"Ann <{ANN}>", f"Bob <{BOB}>"]).loaded
        (mover,) = loaded.game.to_act(loaded.state)
    work()
    waiter = "p2" if mover == "p1" else "p1"
    return loaded.row.id, mover, waiter


def urls_of(settings, game_id: str, seat: str) -> tuple[str, str]:
    """The seat's page and its turn page, as paths."""
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return (
            path(urls.seat_url(settings, loaded, seat)),
            path(urls.decision_url(settings, loaded, seat)),
        )


def address(seat: str) -> str:
    return ANN if seat == "p1" else BOB


def note_of(settings, game_id: str, seat: str) -> str | None:
    with sessions(settings.database_url)() as s:
        return notes.of(s, game_id, seat)


def save(client, seat_page: str, text: str):
    return client.post(f"{seat_page}/note", data={"note": text})


def play_first(settings, game_id: str, seat: str) -> None:
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        move = loaded.game.legal_moves(loaded.state, seat)[0]
        play_now(s, game_id, seat, move, loaded.turn_seq, 10)


def page(client, where: str) -> str:
    response = client.get(where)
    assert response.status_code == 200, (where, response.status_code)
    return response.get_data(as_text=True)


def test_a_note_saved_on_the_seat_page_shows_on_that_seats_pages_and_turn_email_alone(
    client, settings, smtp, work
):
    game_id, mover, waiter = new_game(settings, work)
    mine, my_turn = urls_of(settings, game_id, mover)
    theirs, their_turn = urls_of(settings, game_id, waiter)
    assert f'action="{mine}/note"' in page(client, mine)
    saved = save(client, mine, HOSTILE)
    assert saved.status_code == 303 and saved.headers["Location"].endswith("?note=saved#note")
    assert note_of(settings, game_id, mover) == HOSTILE
    seat_page = page(client, f"{mine}?note=saved")
    assert ESCAPED in seat_page and "<script>alert" not in seat_page
    turn_page = page(client, my_turn)
    assert ESCAPED in turn_page and "<script>alert" not in turn_page
    # Nobody else's page, nor the game's public page, API, history or log, holds it.
    for elsewhere in (
        theirs,
        their_turn,
        f"{theirs}/history",
        f"{mine}/history",
        f"/games/{game_id}",
        f"/api/games/{game_id}",
        f"/games/{game_id}/history",
        f"/games/{game_id}/replay/1",
        f"{mine}/replay/1",
    ):
        shown = page(client, elsewhere)
        assert "Corner first" not in shown and "centre" not in shown, elsewhere
    with sessions(settings.database_url)() as s:  # the game's export, its secrets and all
        exported = "\n".join(audit.to_file_lines(s, game_id, with_secrets=True))
    assert "Corner first" not in exported
    # The mover plays: the waiter's turn email holds no note; then the waiter plays, and the
    # mover's turn email holds theirs, escaped in its HTML part.
    smtp.clear()
    play_first(settings, game_id, mover)
    work()
    (told,) = smtp.to(address(waiter))
    assert "Corner first" not in text_of(told) and "Corner first" not in html_of(told)
    assert "Your note" not in text_of(told)
    play_first(settings, game_id, waiter)
    work()
    (turn,) = smtp.to(address(mover))
    text, html = text_of(turn).replace("\r\n", "\n"), html_of(turn)
    assert "Your note (only you see it):\n  " + HOSTILE in text
    assert ESCAPED in html and "<script>alert" not in html
    assert "Corner first" not in "".join(
        text_of(m) + html_of(m) for m in smtp.to(address(waiter))
    ), "never the other seat's"


def test_a_turn_email_without_a_note_says_nothing_of_notes(client, settings, smtp, work):
    _game_id, mover, _waiter = new_game(settings, work)
    (invitation,) = smtp.to(address(mover))
    assert "note" not in text_of(invitation).casefold()
    assert 'id="note"' not in html_of(invitation)


def test_saving_an_empty_note_clears_it(client, settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    mine, my_turn = urls_of(settings, game_id, mover)
    save(client, mine, "keep the corners")
    cleared = save(client, mine, "  \r\n \t ")
    assert cleared.headers["Location"].endswith("?note=cleared#note")
    assert note_of(settings, game_id, mover) is None
    assert 'id="note"' not in page(client, my_turn)


def test_a_note_over_the_cap_is_refused_on_the_seat_page_and_the_note_kept_stays(
    client, settings, smtp, work
):
    game_id, mover, _waiter = new_game(settings, work)
    mine, _turn = urls_of(settings, game_id, mover)
    save(client, mine, "short one")
    refused = save(client, mine, "x" * (notes.LONGEST + 1))
    assert refused.status_code == 400
    assert "at most 2000 characters" in refused.get_data(as_text=True)
    assert note_of(settings, game_id, mover) == "short one"
    assert save(client, mine, "y" * notes.LONGEST).status_code == 303
    assert note_of(settings, game_id, mover) == "y" * notes.LONGEST


def test_a_note_refused_on_the_seat_page_is_refused_in_the_seats_language(
    client, settings, smtp, work
):
    game_id, mover, _waiter = new_game(settings, work)
    set_language(settings, game_id, mover, "ru")
    mine, _turn = urls_of(settings, game_id, mover)
    refused = save(client, mine, "x" * (notes.LONGEST + 1))
    assert refused.status_code == 400
    assert "В заметке помещается не больше 2" in refused.get_data(as_text=True)


def test_notes_saved_are_limited_per_client_address(settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    limited = client_for(settings, note_limit="2 per hour")
    mine, _turn = urls_of(settings, game_id, mover)
    answers = [save(limited, mine, f"plan {n}") for n in range(3)]
    assert [a.status_code for a in answers] == [303, 303, 429]
    assert "Too many notes saved from your address (at most 2 per 1 hour)" in answers[2].get_data(
        as_text=True
    )
    assert note_of(settings, game_id, mover) == "plan 1"


def test_a_note_keeps_no_control_or_direction_changing_character(client, settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    mine, _turn = urls_of(settings, game_id, mover)
    save(client, mine, "a\x00b\u202ec\x1b[31md\r\nsecond line\t ")
    assert note_of(settings, game_id, mover) == "abc[31md\nsecond line"


def test_a_seat_form_sent_from_another_site_keeps_no_note(client, settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    mine, _turn = urls_of(settings, game_id, mover)
    forged = client.post(
        f"{mine}/note", data={"note": "forged"}, headers={"Sec-Fetch-Site": "cross-site"}
    )
    assert forged.status_code == 403
    assert note_of(settings, game_id, mover) is None


def test_saving_a_note_records_no_event(client, settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    mine, _turn = urls_of(settings, game_id, mover)
    with sessions(settings.database_url)() as s:
        before = len(s.scalars(select(EventRow).where(EventRow.game_id == game_id)).all())
    save(client, mine, "secret plan")
    with sessions(settings.database_url)() as s:
        after = s.scalars(select(EventRow).where(EventRow.game_id == game_id)).all()
    assert len(after) == before
    assert "secret plan" not in json.dumps([e.payload for e in after])


REPLIES = [
    ("en", "note: take the corner\nthen the centre", "take the corner\nthen the centre",
     "Your note on this game is kept"),
    ("ru", "Заметка: взять угол\nпотом центр", "взять угол\nпотом центр",
     "Ваша заметка к этой игре сохранена"),
    ("uk", "нотатка взяти кут\nпотім центр", "взяти кут\nпотім центр",
     "Вашу нотатку до цієї гри збережено"),
    ("es", "nota: tomar la esquina\nluego el centro", "tomar la esquina\nluego el centro",
     "Tu nota sobre esta partida está guardada"),
    ("ja", "メモ\u3000角を取る\n次に中央", "角を取る\n次に中央", "このゲームのメモを保存しました"),
]  # fmt: skip


def set_language(settings, game_id: str, seat: str, lang: str) -> None:
    with sessions(settings.database_url).begin() as s:
        row = eventstore.load(s, game_id).row
        next(x for x in row.seats if x.seat == seat).language = lang


def latest_turn_email(smtp, to: str):
    return [m for m in smtp.to(to) if m["Reply-To"] and m["Auto-Submitted"] != "auto-replied"][-1]


def answer_to(smtp, to: str):
    return [m for m in smtp.to(to) if m["Auto-Submitted"] == "auto-replied"][-1]


@pytest.mark.parametrize(("lang", "body", "note", "kept"), REPLIES, ids=[r[0] for r in REPLIES])
def test_note_by_reply_in_each_language_keeps_the_rest_of_the_reply_and_the_answer_says_so(
    settings, smtp, work, lang, body, note, kept
):
    game_id, mover, _waiter = new_game(settings, work)
    set_language(settings, game_id, mover, lang)
    invitation = latest_turn_email(smtp, address(mover))
    row, _ids = deliver(settings, reply_message(invitation, body))
    assert row.outcome == "command"
    work()
    assert note_of(settings, game_id, mover) == note
    assert kept in text_of(answer_to(smtp, address(mover)))
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert mover in loaded.game.to_act(loaded.state), "the note's lines played nothing"


def test_a_code_then_a_note_by_reply_plays_the_code_and_keeps_the_note(settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    invitation = latest_turn_email(smtp, address(mover))
    deliver(settings, reply_message(invitation, "1\nnote next time the corner"))
    work()
    assert note_of(settings, game_id, mover) == "next time the corner"
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert mover not in loaded.game.to_act(loaded.state), "the code was played"


def test_note_alone_by_reply_clears_it_and_the_answer_says_so(settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    invitation = latest_turn_email(smtp, address(mover))
    deliver(settings, reply_message(invitation, "note keep calm"))
    assert note_of(settings, game_id, mover) == "keep calm"
    deliver(settings, reply_message(invitation, "Note."))
    work()
    assert note_of(settings, game_id, mover) is None
    assert "Your note on this game is cleared." in text_of(answer_to(smtp, address(mover)))


def test_a_note_by_reply_over_the_cap_is_cut_and_the_answer_says_how_much(settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    invitation = latest_turn_email(smtp, address(mover))
    deliver(settings, reply_message(invitation, "note " + "z" * (notes.LONGEST + 5)))
    work()
    assert note_of(settings, game_id, mover) == "z" * notes.LONGEST
    said = text_of(answer_to(smtp, address(mover)))
    assert "we left out its last 5 characters" in said
    assert "A note holds at most 2000 characters." in said


def test_a_line_is_a_note_only_when_it_begins_with_a_word_for_note():
    assert parsing.note("notebook on the table") is None
    assert parsing.note("I note that") is None
    assert parsing.note("メモ買い物") == "買い物"
    assert parsing.note("My notes : x") == "x"
    assert parsing.parse("note " + "w" * 900) == ("note", "w" * 900)
    assert parsing.parse("status " + "w" * 900) is None


def test_forgetting_a_player_erases_their_notes_and_not_the_others(client, settings, smtp, work):
    game_id, mover, waiter = new_game(settings, work)
    save(client, urls_of(settings, game_id, mover)[0], "mine")
    save(client, urls_of(settings, game_id, waiter)[0], "theirs")
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, address(mover))
    assert note_of(settings, game_id, mover) is None
    assert note_of(settings, game_id, waiter) == "theirs"


def test_a_seat_handed_to_a_newcomer_keeps_nothing_of_its_old_players_note(
    client, settings, smtp, work
):
    game_id, late, voter = new_game(settings, work)
    save(client, urls_of(settings, game_id, late)[0], "the old player's plan")
    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), late)
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, voter, 0, 1, "replace", ("cy@example.org", "Cy"))
    work()
    (offer,) = smtp.to("cy@example.org")
    assert "old player" not in text_of(offer) + html_of(offer), "never to the newcomer"
    with sessions(settings.database_url).begin() as s:
        (offered,) = s.scalars(select(SeatOfferRow).where(SeatOfferRow.game_id == game_id))
        slowplay.claim(s, offered.id)
    work()
    assert note_of(settings, game_id, late) is None
    assert "old player" not in page(client, urls_of(settings, game_id, late)[1])


def test_the_data_download_holds_the_players_own_notes_and_nobody_elses(
    client, settings, smtp, work
):
    game_id, _mover, _waiter = new_game(settings, work)
    save(client, urls_of(settings, game_id, "p1")[0], "Ann's <own> plan")  # Ann is p1
    save(client, urls_of(settings, game_id, "p2")[0], "Bob's plan")
    sign_in(client, smtp, work, ANN, ANN)
    data = json.loads(client.get("/me/data").get_data(as_text=True))
    (note,) = data["notes"]
    assert (note["game"], note["seat"], note["text"]) == (game_id, "p1", "Ann's <own> plan")
    assert note["updated_at"]
    assert "Bob's plan" not in json.dumps(data)


@pytest.mark.usefixtures("capped")
def test_an_email_of_several_games_shows_each_sections_own_note_and_reads_a_lettered_note(
    client, settings, smtp, work
):
    with freeze_time(START) as clock:
        games = four_held(client, settings, work)
        with sessions(settings.database_url).begin() as s:
            for game_id in games:  # Ann holds p2 in each
                notes.keep(s, game_id, "p2", 0, f"<i>plan of {game_id}</i>", cut=False)
        clock.tick(timedelta(hours=1, seconds=1))
        work()
        bundle = smtp.to(FLOODED)[-1]
        found = flood.sections(bundle)
        assert len(found) == 4
        text, html = text_of(bundle), html_of(bundle)
        for game_id in found.values():
            assert f"<i>plan of {game_id}</i>" in text
            assert f"&lt;i&gt;plan of {game_id}&lt;/i&gt;" in html
        assert "<i>plan" not in html
        row, _ids = deliver(settings, reply_message(bundle, "B note: for B alone"))
        assert row.outcome == "command"
        assert note_of(settings, found["B"], "p2") == "for B alone"
        row, _ids = deliver(settings, reply_message(bundle, "note: which game?"))
        assert row.outcome == "refused: no game named"
        assert all(note_of(settings, g, "p2") != "which game?" for g in games)
