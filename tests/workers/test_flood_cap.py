"""No one is flooded (issue 31 §3): an address is sent at most ``MAIL_HOURLY_CAP`` emails (6
by default) in any hour, over all its games. The others are held, never dropped, and go as
one email when the hour has room: a section per game, each with its decision, its options'
codes (with the game's letter) and their links, in the reader's language, DKIM-signed and
in the ledger as every email. A reply to it plays the game its letter names. Answers to the
player's own replies are never held."""

from __future__ import annotations

import re
import threading
from datetime import datetime, timedelta
from email.message import EmailMessage

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from service.config import Settings
from service.links import bounces
from service.mail import holding
from service.store import eventstore
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import EmailRow, OutboxRow, SeatRow
from tests.helpers import html_of, option_links, path, play_now, text_of
from tests.service.replying import deliver, reply_message
from tests.workers.test_signed_mail import assert_signed_and_aligned
from workers.jobs import send_outbox

pytestmark = pytest.mark.usefixtures("regulars")

ANN = "ann@example.org"
OPPONENTS = [f"{name}@example.org" for name in ("bob", "cy", "dee", "eve", "zoe")]
START = datetime.fromisoformat("2026-03-02T09:00:00+00:00")
CAP = Settings().mail_hourly_cap
SECTION = re.compile(r"^([A-Z]{1,2})\. Tic-tac-toe #([a-z0-9]+) · ", re.M)
CODED = re.compile(r"^\s*\* \[([A-Z]{1,2})([0-9]+[a-z]*)\] ", re.M)


@pytest.fixture
def capped(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The default cap, which the tests' settings raise for the tests of other rules (after
    ``signed``, which sets them all again, when a test asks for both)."""
    monkeypatch.setenv("MAIL_HOURLY_CAP", str(CAP))
    return settings


def five_games(client) -> list[str]:
    """Five games of Ann against another player each."""
    games = []
    for opponent in OPPONENTS:
        players = [f"Opp <{opponent}>", f"Ann <{ANN}>"]
        response = client.post("/api/games", json={"game": "tictactoe", "players": players})
        assert response.status_code == 201, response.get_json()
        games.append(response.get_json()["id"])
    return games


def ann_to_decide(settings: Settings, game_id: str) -> None:
    """The game's players move until Ann is asked to decide by a turn email: her opponent
    once, after Ann herself when the coin gave her the first turn."""
    if to_act(settings, game_id) == {"p2"}:
        play(settings, game_id, "p2")
    play(settings, game_id, "p1")


def play(settings: Settings, game_id: str, seat: str) -> None:
    """``seat`` places a mark in the first free cell, as fast as a server can."""
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        move = loaded.game.legal_moves(loaded.state, seat)[0]
        play_now(s, game_id, seat, move, loaded.turn_seq)


def to_act(settings: Settings, game_id: str) -> frozenset[str]:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return loaded.game.to_act(loaded.state)


def options(settings: Settings, game_id: str, seat: str = "p2") -> int:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return len(loaded.game.legal_moves(loaded.state, seat))


def ledger_times(settings: Settings, address: str) -> list[datetime]:
    with sessions(settings.database_url)() as s:
        return sorted(
            s.scalars(select(EmailRow.created_at).where(EmailRow.address_key == address)).all()
        )


def most_in_an_hour(times: list[datetime]) -> int:
    """The most emails any hour holds (a sliding window starting at each email)."""
    return max(
        (sum(1 for t in times if start <= t < start + timedelta(hours=1)) for start in times),
        default=0,
    )


def sections(message: EmailMessage) -> dict[str, str]:
    """``{letter: game id}`` of an email of several games."""
    return dict(SECTION.findall(text_of(message)))


def four_held(client, settings: Settings, work) -> list[str]:
    """Five fast games: Ann's five invitations and her first turn email pass the cap, her
    four other turn emails of the hour are held. The games."""
    games = five_games(client)
    work()  # five invitations to Ann
    for game_id in games:
        ann_to_decide(settings, game_id)
    work()  # five turn emails to Ann: the sixth email of the hour goes, four are held
    return games


def held_into_one_email(client, settings, smtp, work, clock) -> tuple[list[str], EmailMessage]:
    """Five fast games: Ann's invitations and first turn emails pass the cap; an hour
    later the held ones come as one email. The games, and that email."""
    games = four_held(client, settings, work)
    assert len(smtp.to(ANN)) == CAP
    clock.tick(timedelta(minutes=59))
    work()
    assert len(smtp.to(ANN)) == CAP, "held while the hour has no room"
    clock.tick(timedelta(minutes=1, seconds=1))
    work()
    assert len(smtp.to(ANN)) == CAP + 1, "the held ones, as one email"
    return games, smtp.to(ANN)[-1]


def test_an_address_in_five_fast_games_gets_at_most_the_cap_in_an_hour_and_every_decision(
    signed, capped, client, smtp, work
):
    with freeze_time(START) as clock:
        games, bundle = held_into_one_email(client, capped, smtp, work, clock)
        assert most_in_an_hour(ledger_times(capped, ANN)) == CAP
        # Every decision arrived: each game's turn, one in its own email, the rest here.
        alone = smtp.to(ANN)[CAP - 1]  # after the five invitations, the one turn email
        assert text_of(alone).startswith("Turn ") and option_links(alone)
        (own_game,) = [g for g in games if g in str(alone["Subject"])]
        found = sections(bundle)
        assert sorted(found) == ["A", "B", "C", "D"]
        assert sorted(found.values()) == sorted(g for g in games if g != own_game)
        assert str(bundle["Subject"]) == "Your turn in 4 games"
        text = text_of(bundle)
        assert all(to_act(capped, g) == {"p2"} for g in games), "each waits for Ann"
        coded = CODED.findall(text)
        for letter, game_id in found.items():
            offered = [c for c in coded if c[0] == letter]
            assert len(offered) == options(capped, game_id), "every option, lettered"
        links = [url for _label, url in option_links(bundle)]
        assert len(set(links)) == len(links) == len(coded)
        assert "for example A" in text, "the email says how to reply"
        assert 'id="game-D"' in html_of(bundle)
        # As every email: signed, in the ledger, sent with its own bounce address.
        assert_signed_and_aligned(smtp.raw[-1])
        with sessions(capped.database_url)() as s:
            row = s.scalars(select(EmailRow).where(EmailRow.kind == "bundle")).one()
            carried = s.scalars(select(OutboxRow).where(OutboxRow.bundle_id.is_not(None))).all()
        assert row.sent_at is not None and row.raw is None
        assert smtp.senders[-1] == bounces.address(capped.secret_key, capped.mail_domain, row.id)
        assert len(carried) == 4 and all(r.sent_at is not None for r in carried)
        assert {r.message_id for r in carried} == {row.message_id}
        # A decision made from the bundle's link is the game's own.
        _label, url = option_links(bundle)[0]
        assert client.post(path(url)).status_code in (200, 303)
        assert to_act(capped, found["A"]) == {"p1"}


def test_a_held_email_whose_decision_was_made_is_dropped_and_one_left_goes_as_itself(
    client, capped, smtp, work
):
    with freeze_time(START) as clock:
        four_held(client, capped, work)
        with sessions(capped.database_url)() as s:
            held = s.scalars(select(OutboxRow).where(OutboxRow.held_for == ANN)).all()
        assert len(held) == 4 and all(r.held_until == START + timedelta(hours=1) for r in held)
        for row in held[:3]:  # Ann decides from her seat's page meanwhile
            play(capped, row.game_id, "p2")
        clock.tick(timedelta(hours=1, seconds=1))
        work()
        last = smtp.to(ANN)[-1]
        assert held[3].game_id in str(last["Subject"]), "the one left, as its own email"
        assert len(option_links(last)) == options(capped, held[3].game_id)
        assert "[1]" in text_of(last), "its codes need no letter"
        with sessions(capped.database_url)() as s:
            rows = {r.id: r for r in s.scalars(select(OutboxRow))}
        assert [rows[r.id].skipped for r in held[:3]] == ["decision already made"] * 3
        assert rows[held[3].id].sent_at is not None


def test_a_held_email_waits_again_when_the_hour_filled_meanwhile(client, capped, smtp, work):
    with freeze_time(START) as clock:
        four_held(client, capped, work)
        clock.tick(timedelta(minutes=30))
        # Another game's invitation, later in the hour: held too, behind the others.
        extra = client.post(
            "/api/games",
            json={"game": "tictactoe", "players": [ANN, "bob@example.org"]},
        ).get_json()["id"]
        work()
        with sessions(capped.database_url)() as s:
            waiting = s.scalars(select(OutboxRow).where(OutboxRow.held_for == ANN)).all()
        assert len(waiting) == 5 and extra in {r.game_id for r in waiting}
        clock.tick(timedelta(minutes=30, seconds=1))
        work()
    (bundle,) = smtp.to(ANN)[CAP:]
    assert sorted(sections(bundle).values()) == sorted({r.game_id for r in waiting})
    acting = 4 + (to_act(capped, extra) == {"p1"})  # the coin may give Ann the first turn
    assert str(bundle["Subject"]) == f"Your turn in {acting} games"


def test_an_answer_to_the_players_own_reply_is_never_held(client, capped, smtp, work):
    with freeze_time(START):
        four_held(client, capped, work)
        turn = smtp.to(ANN)[CAP - 1]  # after the five invitations, the one turn email
        deliver(capped, reply_message(turn, "status"))
        work()
    assert "We read your reply" in text_of(smtp.to(ANN)[-1])
    assert len(smtp.to(ANN)) == CAP + 1


def test_a_reply_to_a_bundled_email_plays_the_game_its_letter_names(client, capped, smtp, work):
    with freeze_time(START) as clock:
        games, bundle = held_into_one_email(client, capped, smtp, work, clock)
        found = sections(bundle)
        code = next(c for letter, c in CODED.findall(text_of(bundle)) if letter == "C")
        before = {g: to_act(capped, g) for g in games}
        row, _ids = deliver(capped, reply_message(bundle, f"C{code}"))
        assert row.outcome == "applied"
        assert to_act(capped, found["C"]) == {"p1"}, "game C moved"
        assert all(to_act(capped, g) == before[g] for g in games if g != found["C"])
        work()
        answer = smtp.to(ANN)[-1]
        assert str(answer["Subject"]) == "Re: your reply about 1 game"
        assert answer["In-Reply-To"] and str(answer["Reply-To"]).startswith("games+")
        assert f"> C{code}\r\nPlayed {code}: " in text_of(answer)
        assert sections(answer) == {"C": found["C"]}
        # Codes without a letter name no game: nothing is played, and the answer says how.
        row, _ids = deliver(capped, reply_message(bundle, code))
        assert row.outcome == "refused: no game named"
        assert all(to_act(capped, g) == {"p2"} for g in games if g != found["C"])
        work()
        assert "begin the line with its game's letter" in text_of(smtp.to(ANN)[-1])
        # A letter no section has; then a command for one game.
        row, _ids = deliver(capped, reply_message(bundle, "E1"))
        assert row.outcome == "refused: no game named"
        work()
        assert "That email has no game E." in text_of(smtp.to(ANN)[-1])
        row, _ids = deliver(capped, reply_message(bundle, "b status"))
        assert row.outcome == "command"
        work()
        status = text_of(smtp.to(ANN)[-1])
        assert f"game #{found['B']}." in status and "It is your turn" in status
        # A reply to the answer: its sections are lettered as the email it answered.
        answer_code = CODED.findall(text_of(smtp.to(ANN)[-1]))[0]
        row, _ids = deliver(capped, reply_message(smtp.to(ANN)[-1], "".join(answer_code)))
        assert row.outcome == "applied" and to_act(capped, found["B"]) == {"p1"}


def test_the_held_emails_are_counted_for_metrics(client, capped, smtp, work, monkeypatch):
    monkeypatch.setenv("METRICS_TOKEN", "scrape-token")
    with freeze_time(START):
        four_held(client, capped, work)
    from dataclasses import replace

    from service import create_app

    scraper = create_app(replace(capped, metrics_token="scrape-token")).test_client()
    page = scraper.get("/metrics", headers={"Authorization": "Bearer scrape-token"})
    text = page.get_data(as_text=True)
    assert 'pbem_emails_held{reason="cap"} 4.0' in text
    assert 'pbem_emails_held{reason="newcomer"} 0.0' in text
    assert 'pbem_emails_total{outcome="held"}' in text


def test_a_bundle_the_relay_refused_goes_again_as_the_same_email_once(client, capped, smtp, work):
    with freeze_time(START) as clock:
        four_held(client, capped, work)
        clock.tick(timedelta(hours=1, seconds=1))
        smtp.fail_next = 4  # 451 at DATA, past every retry RQ has (RETRY_INTERVALS: three)
        work()
        assert smtp.refused == 4 and len(smtp.to(ANN)) == CAP
        with sessions(capped.database_url)() as s:
            (composed,) = s.scalars(select(EmailRow).where(EmailRow.kind == "bundle")).all()
        assert composed.raw is not None and composed.sent_at is None, "kept to send again"
        clock.tick(timedelta(minutes=5, seconds=1))  # the claim of its last try runs out
        work()  # the sweep hands it to a job again
    bundle = smtp.to(ANN)[-1]
    assert len(smtp.to(ANN)) == CAP + 1 and len(sections(bundle)) == 4
    with sessions(capped.database_url)() as s:
        (sent,) = s.scalars(select(EmailRow).where(EmailRow.kind == "bundle")).all()
        carried = s.scalars(select(OutboxRow).where(OutboxRow.bundle_id.is_not(None))).all()
    assert sent.id == composed.id and str(bundle["Message-ID"]) == composed.message_id
    assert sent.sent_at is not None and all(r.sent_at is not None for r in carried)
    assert all(r.attempts == 5 for r in carried), "composed once, tried five times"


def test_two_jobs_sending_to_one_address_count_one_after_the_other(
    client, capped, smtp, monkeypatch
):
    """While one job counts and writes an address's email, another waits for it, then
    counts that email too: two cannot both take the hour's last place."""
    monkeypatch.setenv("MAIL_HOURLY_CAP", "1")
    five_games(client)
    with sessions(capped.database_url)() as s:
        waiting = s.scalars(
            select(OutboxRow.id)
            .join(
                SeatRow, (SeatRow.game_id == OutboxRow.game_id) & (SeatRow.seat == OutboxRow.seat)
            )
            .where(SeatRow.email == ANN)
        ).first()
    assert waiting is not None
    with sessions(capped.database_url).begin() as s:
        holding.lock(s, ANN)  # as a job sending to Ann does, from its count to its write
        assert holding.counted(s, ANN, now()) == []
        job = threading.Thread(target=send_outbox, args=(waiting,))
        job.start()
        job.join(1.5)
        assert job.is_alive(), "the second job waits for the first"
        s.add(
            EmailRow(
                kind="turn", address=ANN, address_key=ANN, message_id="<first@pbem.test>",
                raw=b"the first job's email", created_at=now(),
            )
        )  # fmt: skip
    job.join(30)
    with sessions(capped.database_url)() as s:
        row = s.get(OutboxRow, waiting)
        assert row is not None and row.held_for == ANN and row.sent_at is None
    assert smtp.to(ANN) == []
