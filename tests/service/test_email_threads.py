"""A game's emails read as one conversation everywhere (issue 20): one subject per game
(``Tic-tac-toe #id · Ann, Bob``; an answer to a reply is "Re: " and the same), each email
threaded to its seat's root by In-Reply-To and References; what an email says is its hidden
preheader and its text part's first line. A turn email with a deadline carries it as an
``.ics`` event, escaped as RFC 5545 says."""

from __future__ import annotations

import html
import re
from datetime import UTC
from email.message import EmailMessage

import icalendar
import pytest
from sqlalchemy import select

from engine import registry
from service.mail import compose
from service.play.moves import outbox
from service.store import eventstore
from service.store.db import sessions
from service.store.models import OutboxRow
from service.table import schedule
from tests.helpers import headline, html_of, text_of
from tests.service.recorded_games import email, players_of, record
from tests.service.replying import codes_of, deliver, reply_message

HOSTILE = 'Ann; "the best",\\ me'
"""A name with every character RFC 5545 escapes in a text (``;``, ``,``, ``\\``)."""
PLAYERS = [
    {"email": "ann@example.org", "name": HOSTILE},
    {"email": "bob@example.org", "name": "Bob"},
]
PREHEADER = re.compile(
    r'<body[^>]*>\s*<div id="preheader" style="display:none;[^"]*">([^<]*)</div>'
)


def new_game(client, work) -> str:
    created = client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS})
    assert created.status_code == 201, created.get_data(as_text=True)
    work()
    return created.get_json()["id"]


def acting(settings, game_id: str) -> tuple[str, str] | None:
    """``(seat, address)`` of the seat to decide now, or None once the game is over."""
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        seats = sorted(loaded.game.to_act(loaded.state))
        if loaded.row.over or not seats:
            return None
        return seats[0], next(p.email for p in loaded.row.seats if p.seat == seats[0])


def assert_one_conversation(
    messages: list[EmailMessage], game_id: str, subject: str, domain: str
) -> None:
    """One subject, unique Message-IDs, every email threaded to its seat's root; what each
    says in its preheader, the same as its text part's first line."""
    assert messages
    ids = [str(m["Message-ID"]) for m in messages]
    assert len(set(ids)) == len(ids), "every email has its own Message-ID"
    for message in messages:
        said = str(message["Subject"])
        assert said.removeprefix("Re: ") == subject, said
        seat = message["Message-ID"].strip("<>").split("@")[0].split(".")[1]
        root = f"<{game_id}.{seat}@{domain}>"
        if str(message["Message-ID"]) != root:
            assert root in str(message["In-Reply-To"]) or str(message["References"]).startswith(
                root
            ), message["In-Reply-To"]
            assert str(message["References"]).split()[0] == root
        if said.startswith("Re: "):
            continue  # an answer to a reply says what the reply did, in its body
        found = PREHEADER.search(html_of(message))
        assert found, "the preheader is the body's first element, hidden"
        assert found.group(1).strip() and headline(message) == html.unescape(found.group(1))


def test_every_email_of_a_whole_game_played_by_replies_is_one_conversation(
    client, settings, smtp, work
):
    game_id = new_game(client, work)
    while (now := acting(settings, game_id)) is not None:
        _seat, address = now
        latest = smtp.to(address)[-1]
        code, _label = codes_of(latest)[0]
        deliver(settings, reply_message(latest, f"{code}\n"))
        work()
    messages = list(smtp.messages)
    assert any(headline(m).startswith("Game over after turn") for m in messages)
    assert any(str(m["Subject"]).startswith("Re: ") for m in messages), "answers were sent"
    subject = f"Tic-tac-toe #{game_id} · {HOSTILE}, Bob"
    assert_one_conversation(messages, game_id, subject, settings.mail_domain)
    for message in messages:
        if codes_of(message):
            assert message["Reply-To"] is not None, "a reply to a decision reaches the seat"


@pytest.mark.parametrize("name", sorted(set(registry.GAMES) - {"tictactoe"}))
def test_every_email_of_a_whole_game_of_every_game_has_its_one_subject_and_thread(
    settings, monkeypatch, name
):
    drawn = compose.boards.render
    monkeypatch.setattr(  # the pictures are measured elsewhere; threads need none
        compose.boards,
        "render",
        lambda game, view, picture, names, **shown: drawn(game, view, None, names, **shown),
    )
    people = players_of(name, ["Ann", "Bob, Jr.", "Cy; the third"])
    sent: list[EmailMessage] = []
    with sessions(settings.database_url).begin() as s:

        def written(ids: list[int]) -> None:
            for outbox_id in ids:
                out = email(s, settings, outbox_id)
                assert not isinstance(out, str), out
                sent.append(out.message)

        recorded = record(s, name, people, 3, written=written)
        title = registry.get(name).title
    names = ", ".join(n for _e, n in people.values())
    assert_one_conversation(
        sent, recorded.game_id, f"{title} #{recorded.game_id} · {names}", settings.mail_domain
    )
    assert "Game over" in headline(sent[-1])


def test_a_subject_has_no_line_break_and_cuts_long_names_short(settings):
    people = {
        "p1": ("ann@example.org", "A" * 120),
        "p2": ("bob@example.org", "Bob\r\nBcc: evil@example.org"),
    }
    with sessions(settings.database_url).begin() as s:
        recorded = record(s, "tictactoe", people, 1, upto=0)
        subject = compose.subject(eventstore.load(s, recorded.game_id))
    assert "\r" not in subject and "\n" not in subject
    assert subject == f"Tic-tac-toe #{recorded.game_id} · {'A' * 23}…, Bob Bcc: evil@example.o…"


def calendar_of(message: EmailMessage) -> tuple[str, icalendar.Calendar]:
    (part,) = [p for p in message.walk() if p.get_content_type() == "text/calendar"]
    assert part.get_param("method") == "PUBLISH"
    raw = part.get_content()
    return raw, icalendar.Calendar.from_ical(raw)


def test_a_turn_email_carries_its_deadline_as_an_escaped_calendar_event(
    client, settings, smtp, work
):
    game_id = new_game(client, work)
    seat, address = acting(settings, game_id) or ("", "")
    (turn,) = [m for m in smtp.to(address) if "decide by" in text_of(m)]
    raw, calendar = calendar_of(turn)
    (event,) = calendar.walk("VEVENT")
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        deadline = schedule.deadline(loaded.table, loaded.table.clock(seat))
        # a reminder of the same decision: the same event, a newer version of it
        (reminder_id,) = outbox(s, loaded.row, [seat], "reminder")
        reminder = email(s, settings, reminder_id)
        seqs = s.scalars(select(OutboxRow.id).where(OutboxRow.game_id == game_id)).all()
    assert str(calendar["METHOD"]) == "PUBLISH"
    assert event.decoded("DTSTART") == deadline.astimezone(UTC)
    assert event.decoded("DTSTART").utcoffset().total_seconds() == 0, "in UTC"
    assert str(event["SUMMARY"]) == f"Decide in Tic-tac-toe #{game_id} · {HOSTILE}, Bob"
    assert 'Ann\\; "the best"\\,\\\\ me' in raw, "the name escaped as RFC 5545 says"
    (page,) = re.findall(r"^Your page for this game: (\S+)\r?$", text_of(turn), re.M)
    assert str(event["URL"]) == page and "/act/" in page
    assert not isinstance(reminder, str), reminder
    _raw, again = calendar_of(reminder.message)
    (update,) = again.walk("VEVENT")
    assert str(update["UID"]) == str(event["UID"]), "the reminder updates the same event"
    assert int(update["SEQUENCE"]) > int(event["SEQUENCE"]) and max(seqs) == reminder_id


def test_an_email_without_a_decision_carries_no_calendar_event(client, settings, smtp, work):
    game_id = new_game(client, work)
    _seat, address = acting(settings, game_id) or ("", "")
    (waiting,) = [m for m in smtp.messages if str(m["To"]).split("<")[-1] != f"{address}>"]
    assert [p for p in waiting.walk() if p.get_content_type() == "text/calendar"] == []
