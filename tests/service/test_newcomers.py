"""No one is spammed through us (issue 31 §3). An address that never played is sent an
invitation, not a notice: it says who asked us to write (nobody told us who set the game
up: the names the other seats were given, unchecked), and offers never email me again (a
signed one-click link, List-Unsubscribe, a reply of stop in any of our languages). Then
nothing more goes to it until it acts, but one reminder: the rest is held, and goes as one
email once it does. A suppressed or blocked address is refused as a player wherever one is
named, in the reader's language; invitations to new addresses are capped per creator."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import func, select

from service import create_app
from service.cli.commands import main
from service.config import Settings
from service.errors import BadRequest
from service.links.tokens import read_never
from service.play import forgetting, reach, slowplay, suppression
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import GameRow, OutboxRow, SuppressedRow
from tests.fixtures import TEST_KEY, ServerLikeClient
from tests.helpers import html_of, path, play_now, submit_new_game, text_of
from tests.service.replying import deliver, reply_message
from tests.service.test_desk import ask, sign_in_emails

pytestmark = pytest.mark.usefixtures("regulars")

ANN = "ann@example.org"
STRANGER = "sam@elsewhere.example"
START = datetime.fromisoformat("2026-03-02T09:00:00+00:00")
URL = re.compile(r"https?://\S+")


def new_game(client, *players: str, language: str | None = None) -> str:
    body: dict[str, object] = {"game": "tictactoe", "players": list(players)}
    if language:
        body["language"] = language
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def seat_of(settings: Settings, game_id: str, address: str) -> str:
    with sessions(settings.database_url)() as s:
        row = s.get(GameRow, game_id)
        assert row is not None
        return next(seat.seat for seat in row.seats if seat.email == address)


def play_what_is_due(settings: Settings, game_id: str, seat: str) -> None:
    """``seat`` (Ann) moves when it must, and votes for a bot when a ballot asks her."""
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        if loaded.row.over:
            return
        ballot = loaded.table.ballot
        if ballot is not None and seat in loaded.table.voters():
            if seat not in dict(ballot.votes):
                slowplay.cast_vote(s, game_id, seat, 0, ballot.number, "bot")
            return
        if seat in loaded.game.to_act(loaded.state):
            move = loaded.game.legal_moves(loaded.state, seat)[0]
            play_now(s, game_id, seat, move, loaded.turn_seq)


def held_for(settings: Settings, address: str) -> list[OutboxRow]:
    with sessions(settings.database_url)() as s:
        return list(s.scalars(select(OutboxRow).where(OutboxRow.held_for == address)))


def test_an_ignored_invitation_sends_at_most_two_emails_ever(client, settings, smtp, tick, work):
    with freeze_time(START) as clock:
        game_id = new_game(client, f"Ann <{ANN}>", STRANGER)
        work()
        (invitation,) = smtp.to(STRANGER)
        text = text_of(invitation)
        assert "Someone set up this game here and gave us your address; we do not know who" in text
        assert "named the other players Ann; nobody checks these names" in text
        assert "we send you nothing more, apart from one reminder" in text
        never = str(invitation["List-Unsubscribe"]).strip("<>")
        assert (
            "/never/" in never
            and f"Never email me again (no game here can email you after that): {never}" in text
        )
        assert invitation["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert "/seat/" in text.split("Join the game: ", 1)[1].split()[0]
        assert 'id="first-contact"' in html_of(invitation) and "reply stop" in text
        ann = seat_of(settings, game_id, ANN)
        stranger = seat_of(settings, game_id, STRANGER)
        # Meanwhile: a second game invites them, Ann nudges them, someone asks for a
        # sign-in link to their desk, and the table goes on without them for weeks.
        new_game(client, "Bob <bob@example.org>", STRANGER)
        for _day in range(30):
            play_what_is_due(settings, game_id, ann)
            with sessions(settings.database_url).begin() as s:
                loaded = eventstore.load(s, game_id)
                if (
                    stranger in loaded.game.to_act(loaded.state)
                    and loaded.table.last_nudged(stranger) is None
                ):
                    slowplay.nudge(s, game_id, ann, 0, stranger)
            assert ask(client, STRANGER).status_code == 200
            clock.tick(timedelta(hours=12))
            tick()
        with sessions(settings.database_url)() as s:
            assert eventstore.load(s, game_id).row.over, "the game went on and ended"
    _invitation, second = smtp.to(STRANGER)
    assert "this is the last email we send you until you do" in text_of(second)
    again = str(second["List-Unsubscribe"]).strip("<>")
    assert read_never(TEST_KEY, again.rsplit("/", 1)[1]) == STRANGER, "never, once more"
    assert sign_in_emails(smtp, STRANGER) == []
    waiting = held_for(settings, "sam@elsewhere.example")
    kinds = {r.kind for r in waiting}
    assert {"invitation", "game_over"} <= kinds and all(r.held_until is None for r in waiting)


def test_a_newcomer_who_joins_gets_what_was_held_as_one_email(client, settings, smtp, work):
    first = new_game(client, f"Ann <{ANN}>", STRANGER)
    work()
    others = [new_game(client, "Bob <bob@example.org>", STRANGER) for _ in range(2)]
    work()
    (invitation,) = smtp.to(STRANGER)
    assert len(held_for(settings, "sam@elsewhere.example")) == 2
    join = path(text_of(invitation).split("Join the game: ", 1)[1].split()[0])
    page = client.get(join).get_data(as_text=True)
    assert 'action="/seat/' in page and "/join" in page, "the seat page offers to join"
    assert len(held_for(settings, "sam@elsewhere.example")) == 2, "a GET is no act"
    seat_page = join.split("#")[0]
    assert client.post(seat_page + "/join").status_code == 303
    assert "You joined the game" in client.get(seat_page + "?joined=1").get_data(as_text=True)
    work()
    bundle = smtp.to(STRANGER)[-1]
    text = text_of(bundle)
    assert "Thank you for answering your invitation" in text
    assert all(f"#{g}" in text for g in others) and f"#{first}" not in text
    assert "You are invited to play" in text
    assert held_for(settings, "sam@elsewhere.example") == []
    # From now on, the stranger is a player: each email goes as itself.
    new_game(client, "Cy <cy@example.org>", STRANGER)
    work()
    assert "You have been invited to a game" in text_of(smtp.to(STRANGER)[-1])
    assert "first-contact" not in html_of(smtp.to(STRANGER)[-1])


def test_never_email_me_again_by_link_or_one_click_is_kept_and_can_be_lifted(
    client, settings, smtp, work
):
    new_game(client, f"Ann <{ANN}>", STRANGER)
    new_game(client, "Bob <bob@example.org>", STRANGER)
    work()
    (invitation,) = smtp.to(STRANGER)
    never = path(str(invitation["List-Unsubscribe"]).strip("<>"))
    asked = client.get(never).get_data(as_text=True)
    assert "Should we never email you again" in asked and held_for(settings, STRANGER)
    # The mail client's one click (RFC 8058): no browser's headers, a form body.
    done = client.post(
        never, data="List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert "we will never email you again" in done.get_data(as_text=True)
    with sessions(settings.database_url)() as s:
        kept = s.scalars(select(SuppressedRow.digest)).all()
        skipped = s.scalars(select(OutboxRow.skipped).where(OutboxRow.seat == "p2")).all()
    assert kept == [suppression.digest(STRANGER)] and STRANGER not in kept[0]
    assert held_for(settings, STRANGER) == []
    assert suppression.SUPPRESSED in skipped
    refused = client.post(
        "/api/games", json={"game": "tictactoe", "players": [ANN, "SAM@Elsewhere.example"]}
    )
    assert refused.status_code == 400
    assert refused.get_json()["message"] == (
        "'SAM@elsewhere.example' asked never to receive our emails: it cannot be invited."
    )
    again = client.post(never, data={"again": "1"}).get_data(as_text=True)
    assert "games here may invite you again" in again
    new_game(client, f"Ann <{ANN}>", STRANGER)


def test_a_reply_of_stop_in_the_newcomers_language_asks_never_to_be_emailed(
    client, settings, smtp, work
):
    new_game(client, f"Ann <{ANN}>", STRANGER, language="uk")
    work()
    (invitation,) = smtp.to(STRANGER)
    assert "Або дайте відповідь на цей лист словом «стоп»." in text_of(invitation)
    row, _ids = deliver(settings, reply_message(invitation, "Стоп."))
    assert row.outcome == "command"
    with sessions(settings.database_url)() as s:
        assert suppression.suppressed(s, STRANGER)
    work()
    assert len(smtp.to(STRANGER)) == 1, "not even an answer: they asked for nothing more"
    assert (
        client.post(
            "/api/games", json={"game": "tictactoe", "players": [ANN, STRANGER]}
        ).status_code
        == 400
    )


def test_a_suppressed_address_is_refused_as_a_player_everywhere_in_the_readers_language(
    app, client, settings, smtp, work, tmp_path
):
    exported = new_game(client, f"Ann <{ANN}>", f"Sam <{STRANGER}>")
    path_ = tmp_path / "game.jsonl"
    path_.write_text(
        app.test_cli_runner().invoke(main, ["export", exported, "--with-secrets"]).output
    )
    with sessions(settings.database_url).begin() as s:
        suppression.suppress(s, STRANGER)
    # The new game form, in Russian.
    client.set_cookie("lang", "ru")
    page = submit_new_game(client, {"game": "tictactoe", "player": [ANN, STRANGER]})
    assert page.status_code == 400
    assert "попросил никогда не присылать ему наших писем: пригласить его нельзя" in (
        page.get_data(as_text=True)
    )
    # The API, whose messages are English (a message's text as a string, README's API).
    api = client.post("/api/games", json={"game": "tictactoe", "players": [ANN, STRANGER]})
    assert api.status_code == 400 and api.get_json()["message"] == (
        f"'{STRANGER}' asked never to receive our emails: it cannot be invited."
    )
    # The command line, an import, a seat handed over by vote, a new address.
    cli = app.test_cli_runner().invoke(main, ["create-game", "tictactoe", ANN, STRANGER])
    assert cli.exit_code == 1
    assert cli.output == (
        f"Error: '{STRANGER}' asked never to receive our emails: it cannot be invited.\n"
    )
    imported = app.test_cli_runner().invoke(main, ["import", str(path_)])
    assert imported.exit_code == 1 and "asked never to receive our emails" in imported.output
    voted = new_game(client, ANN, "bob@example.org")
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, voted)
        (late,) = loaded.game.to_act(loaded.state)
        slowplay.open_ballot(s, loaded, late)
    voter = "p1" if late == "p2" else "p2"
    with sessions(settings.database_url).begin() as s, pytest.raises(BadRequest) as vote:
        slowplay.cast_vote(s, voted, voter, 0, 1, "replace", (STRANGER, "Sam"))
    assert "asked never to receive our emails" in vote.value.message
    with sessions(settings.database_url).begin() as s, pytest.raises(BadRequest) as moved:
        reach.new_address(s, STRANGER.upper())
    assert "asked never to receive our emails" in moved.value.message
    with sessions(settings.database_url)() as s:
        assert s.scalar(select(func.count()).select_from(GameRow)) == 2, "nothing written"


def test_invitations_to_new_addresses_are_capped_per_creator_a_day(settings):
    defaults = Settings()
    app = create_app(
        replace(settings, invite_limit=defaults.invite_limit, create_limit="100 per minute")
    )
    app.test_client_class = ServerLikeClient
    mine = app.test_client()
    for i in range(10):  # 20 new addresses: the default of a day
        players = [f"new{i}a@elsewhere.example", f"new{i}b@elsewhere.example"]
        assert (
            mine.post("/api/games", json={"game": "tictactoe", "players": players}).status_code
            == 201
        )
    with sessions(settings.database_url)() as s:
        before = s.scalar(select(func.count()).select_from(GameRow))
    over = mine.post(
        "/api/games", json={"game": "tictactoe", "players": [ANN, "one.more@elsewhere.example"]}
    )
    assert over.status_code == 429 and int(over.headers["Retry-After"]) > 0
    assert over.get_json()["message"].startswith(
        "Too many invitations to new addresses from your address (at most 20 per 1 day)."
    )
    with sessions(settings.database_url)() as s:
        assert s.scalar(select(func.count()).select_from(GameRow)) == before, "nothing written"
    known = mine.post("/api/games", json={"game": "tictactoe", "players": [ANN, "bob@example.org"]})
    assert known.status_code == 201, "players who played here are no invitation to count"
    form = submit_new_game(
        mine, {"game": "tictactoe", "player": [ANN, "one.more@elsewhere.example"]}
    )
    assert form.status_code == 429 and "Too many invitations to new addresses" in form.get_data(
        as_text=True
    )
    theirs = app.test_client()
    theirs.environ_base["REMOTE_ADDR"] = "203.0.113.7"
    created = theirs.post(
        "/api/games", json={"game": "tictactoe", "players": [ANN, "one.more@elsewhere.example"]}
    )
    assert created.status_code == 201, "another creator counts their own"


def test_forgetting_a_player_keeps_their_wish_never_to_be_emailed_and_no_address(settings):
    with sessions(settings.database_url).begin() as s:
        create_game(s, "tictactoe", [ANN, "bob@example.org"])
        suppression.suppress(s, ANN)
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, ANN)
    with sessions(settings.database_url)() as s:
        assert suppression.suppressed(s, "ANN@example.org")
        assert s.scalars(select(SuppressedRow.digest)).all() == [suppression.digest(ANN)]
