"""A rematch of a finished game (issue 35 §4): offered by the game's last email and its seat
page, proposed by a click or a ``rematch`` reply in any language we speak, confirmed by
every other player by a click or a reply, started once (the same game, options and pace,
the seats' order turned by one) when all confirmed, or after ``REMATCH_WAIT`` with those
who did if the game is played by that many, else lapsed with those who confirmed told.
Both games link to each other; a GET never acts; names are escaped everywhere."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from service.links import urls
from service.play import rematch
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import GameRow, RematchRow
from tests.helpers import html_of, path, play_to_the_end, text_of
from tests.service.replying import deliver, reply_message
from workers.schedule import settle_rematches, tick

pytestmark = pytest.mark.usefixtures("regulars")

ANN, BOB, CY = "ann@example.org", "bob@example.org", "cy@example.org"
HOSTILE = '<script>alert("x")</script>&Ann'
ESCAPED = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&amp;Ann"


def finished(settings, work, game: str = "tictactoe", players=None, pace=None) -> str:
    """A game played to its end (each seat plays its first legal move), its emails sent."""
    players = players or [f"Ann <{ANN}>", f"Bob <{BOB}>"]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, game, players, {}, pace).loaded.row.id
    play_to_the_end(settings.database_url, game_id)
    work()
    return game_id


def seat_page(settings, game_id: str, seat: str) -> str:
    with sessions(settings.database_url)() as s:
        return path(urls.seat_url(settings, eventstore.load(s, game_id), seat))


def games_count(settings) -> int:
    with sessions(settings.database_url)() as s:
        return s.scalar(select(func.count()).select_from(GameRow)) or 0


def rematch_of(settings, game_id: str) -> RematchRow | None:
    with sessions(settings.database_url)() as s:
        found = rematch.of(s, game_id)
        if found is not None:
            found.players  # noqa: B018 (loaded before the session closes)
            s.expunge_all()
        return found


def new_seats(settings, new_game_id: str) -> list[tuple[str, str | None, str]]:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, new_game_id)
        return [(x.seat, x.email, x.name) for x in loaded.row.seats]


def last_email(smtp, to: str):
    return smtp.to(to)[-1]


def test_the_last_email_of_a_finished_game_offers_a_rematch_by_link_and_by_reply(
    settings, smtp, work
):
    game_id = finished(settings, work)
    over = last_email(smtp, ANN)
    text = text_of(over)
    assert "Propose a rematch" in text and "/rematch" in text
    assert "Or reply rematch to this email." in text
    assert over["Reply-To"], "a reply to the last email reaches the seat"
    assert 'id="rematch"' in html_of(over)
    assert rematch_of(settings, game_id) is None, "an email offers; nothing is proposed"


def test_an_unfinished_game_cannot_be_rematched_by_click_or_reply(client, settings, smtp, work):
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "tictactoe", [f"Ann <{ANN}>", f"Bob <{BOB}>"]).loaded.row.id
    work()
    mine = seat_page(settings, game_id, "p1")
    assert 'id="rematch"' not in client.get(mine).get_data(as_text=True)
    refused = client.post(f"{mine}/rematch")
    assert refused.status_code == 400
    assert "The game is not over" in refused.get_data(as_text=True)
    shown = client.get(f"{mine}/rematch")
    assert shown.status_code >= 400 and "The game is not over" in shown.get_data(as_text=True)
    (mover,) = [m for m in smtp.messages if m["Reply-To"]]
    deliver(settings, reply_message(mover, "rematch"))
    work()
    answer = smtp.to(str(mover["To"]).split("<")[-1].rstrip(">"))[-1]
    assert "The game is not over" in text_of(answer)
    assert rematch_of(settings, game_id) is None
    assert games_count(settings) == 1


def test_proposing_and_confirming_by_click_start_one_game_with_the_seats_turned_and_linked(
    client, settings, smtp, work
):
    game_id = finished(settings, work, pace={"days": 5})
    ann, bob = seat_page(settings, game_id, "p1"), seat_page(settings, game_id, "p2")
    assert f'action="{ann}/rematch"' in client.get(ann).get_data(as_text=True)
    # A GET of the rematch page only shows.
    assert "Propose a rematch" in client.get(f"{ann}/rematch").get_data(as_text=True)
    assert rematch_of(settings, game_id) is None
    proposed = client.post(f"{ann}/rematch")
    assert proposed.status_code == 303
    assert "Your rematch is proposed" in client.get(path(proposed.headers["Location"])).get_data(
        as_text=True
    )
    work()
    asked = last_email(smtp, BOB)
    assert "Ann proposes a rematch" in text_of(asked)
    confirm = next(line.strip() for line in text_of(asked).splitlines() if "/rematch" in line)
    # The email's link shows the page; only its button acts.
    shown = client.get(path(confirm))
    assert shown.status_code == 200 and "Confirm the rematch" in shown.get_data(as_text=True)
    assert client.get(path(confirm)).status_code == 200
    assert rematch_of(settings, game_id).new_game_id is None
    assert games_count(settings) == 1
    smtp.clear()
    assert client.post(path(confirm)).status_code == 303
    work()
    new_id = rematch_of(settings, game_id).new_game_id
    assert new_id is not None and games_count(settings) == 2
    assert new_seats(settings, new_id) == [("p1", BOB, "Bob"), ("p2", ANN, "Ann")]
    with sessions(settings.database_url)() as s:
        old, new = eventstore.load(s, game_id), eventstore.load(s, new_id)
        assert (new.row.game, new.row.options) == (old.row.game, old.row.options)
        assert new.table.pace == old.table.pace and new.table.pace.days == 5
    assert smtp.to(ANN) and smtp.to(BOB), "everyone is invited as to any new game"
    invited = smtp.to(ANN)[0]
    assert f"It is the rematch of game #{game_id}: http" in text_of(invited)
    assert f"/games/{game_id}" in html_of(invited)
    # Both games link to each other: pages, seat pages and the API.
    assert f'href="/games/{new_id}"' in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}"' in client.get(f"/games/{new_id}").get_data(as_text=True)
    assert f"/games/{new_id}" in client.get(bob).get_data(as_text=True)
    new_seat = seat_page(settings, new_id, "p1")
    assert f'href="/games/{game_id}"' in client.get(new_seat).get_data(as_text=True)
    assert client.get(f"/api/games/{game_id}").get_json()["rematch"] == new_id
    assert client.get(f"/api/games/{new_id}").get_json()["rematch_of"] == game_id
    # A second confirmation, a second proposal and the wait passing start nothing more.
    client.post(path(confirm))
    client.post(f"{ann}/rematch")
    settle_rematches(settings, now() + timedelta(days=30))
    assert games_count(settings) == 2


REPLIES = [("en", "rematch"), ("ru", "Реванш!"), ("uk", "реванш"), ("es", "Revancha"),
           ("ja", "再戦")]  # fmt: skip


@pytest.mark.parametrize(("lang", "word"), REPLIES, ids=[r[0] for r in REPLIES])
def test_a_rematch_proposed_by_reply_in_each_language_and_confirmed_by_yes_starts(
    settings, smtp, work, lang, word
):
    game_id = finished(settings, work)
    with sessions(settings.database_url).begin() as s:
        eventstore.load(s, game_id).row.seats[0].language = lang
    deliver(settings, reply_message(last_email(smtp, ANN), word))
    work()
    found = rematch_of(settings, game_id)
    assert found is not None and found.proposed_by == "p1"
    asked = last_email(smtp, BOB)
    assert "Ann proposes a rematch" in text_of(asked)
    assert "Or reply to this email: yes or rematch to confirm." in text_of(asked)
    deliver(settings, reply_message(asked, "yes"))
    work()
    new_id = rematch_of(settings, game_id).new_game_id
    assert new_id is not None
    assert "The rematch has started" in text_of(
        [m for m in smtp.to(BOB) if m["Auto-Submitted"] == "auto-replied"][-1]
    )
    assert [e for _s, e, _n in new_seats(settings, new_id)] == [BOB, ANN]


def test_a_rematch_reply_to_the_request_confirms_it_too(settings, smtp, work):
    game_id = finished(settings, work)
    deliver(settings, reply_message(last_email(smtp, BOB), "rematch"))
    work()
    deliver(settings, reply_message(last_email(smtp, ANN), "rematch"))
    work()
    new_id = rematch_of(settings, game_id).new_game_id
    assert new_id is not None and games_count(settings) == 2
    assert [e for _s, e, _n in new_seats(settings, new_id)] == [BOB, ANN]


def test_once_the_wait_passes_with_enough_confirmed_the_rematch_starts_and_the_rest_are_told(
    client, settings, smtp, work, claims
):
    players = [f"Ann <{ANN}>", f"Bob <{BOB}>", f"Cy <{CY}>"]
    game_id = finished(settings, work, claims, players)
    client.post(f"{seat_page(settings, game_id, 'p2')}/rematch")  # Bob proposes
    client.post(f"{seat_page(settings, game_id, 'p3')}/rematch")  # Cy confirms; Ann never
    work()
    assert rematch_of(settings, game_id).new_game_id is None
    assert settle_rematches(settings, now() + timedelta(days=2)) == [], "not due yet"
    settled = settle_rematches(settings, now() + timedelta(days=3, minutes=1))
    assert settled == [game_id]
    assert settle_rematches(settings, now() + timedelta(days=4)) == [], "settled once"
    new_id = rematch_of(settings, game_id).new_game_id
    assert [e for _s, e, _n in new_seats(settings, new_id)] == [CY, BOB]
    assert games_count(settings) == 2
    smtp.clear()
    work()
    (told,) = smtp.to(ANN)  # asked, never confirmed: told it started without her, once
    assert "The rematch started without you" in text_of(told)
    assert f"/games/{new_id}" in text_of(told)


def test_when_the_wait_passes_with_too_few_the_rematch_lapses_and_the_confirmed_are_told(
    client, settings, smtp, work
):
    game_id = finished(settings, work)
    client.post(f"{seat_page(settings, game_id, 'p1')}/rematch")
    work()
    smtp.clear()
    tick(now() + timedelta(days=3, minutes=1))  # the scheduler's tick settles it
    work()
    found = rematch_of(settings, game_id)
    assert found.lapsed and found.new_game_id is None
    assert games_count(settings) == 1
    (told,) = smtp.to(ANN)
    assert "The rematch lapsed" in text_of(told)
    assert not smtp.to(BOB), "only those who confirmed are told"
    page = client.get(seat_page(settings, game_id, "p2")).get_data(as_text=True)
    assert "The rematch lapsed" in page
    late = client.post(f"{seat_page(settings, game_id, 'p2')}/rematch")
    assert late.status_code == 303 and games_count(settings) == 1


def test_a_tampered_or_expired_rematch_link_shows_a_clear_page_and_changes_nothing(
    client, settings, smtp, work
):
    game_id = finished(settings, work)
    token = seat_page(settings, game_id, "p1").rsplit("/", 1)[1]
    flipped = token[:10] + ("A" if token[10] != "A" else "B") + token[11:]
    for response in (
        client.get(f"/seat/{flipped}/rematch"),
        client.post(f"/seat/{flipped}/rematch"),
    ):
        assert response.status_code in {400, 403}
        assert "Nothing was changed" in response.get_data(as_text=True)
    from freezegun import freeze_time

    with freeze_time(now() + timedelta(days=401)):
        expired = client.post(f"/seat/{token}/rematch")
    assert expired.status_code in {400, 403, 410}
    assert rematch_of(settings, game_id) is None


def test_names_are_escaped_on_the_rematch_pages_and_emails(client, settings, smtp, work):
    game_id = finished(settings, work, players=[{"email": ANN, "name": HOSTILE}, f"Bob <{BOB}>"])
    client.post(f"{seat_page(settings, game_id, 'p1')}/rematch")
    work()
    asked = last_email(smtp, BOB)
    assert ESCAPED in html_of(asked) and "<script>alert" not in html_of(asked)
    page = client.get(f"{seat_page(settings, game_id, 'p2')}/rematch").get_data(as_text=True)
    assert ESCAPED in page and "<script>alert" not in page


def test_a_resigned_player_is_neither_asked_nor_may_propose(client, settings, smtp, work):
    from service.play import resigning

    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "tictactoe", [f"Ann <{ANN}>", f"Bob <{BOB}>"]).loaded.row.id
    with sessions(settings.database_url).begin() as s:
        resigning.resign(s, game_id, "p2", 0)  # two seats: it ends the game
    work()
    refused = client.post(f"{seat_page(settings, game_id, 'p2')}/rematch")
    assert refused.status_code >= 400 and "You resigned" in refused.get_data(as_text=True)
    smtp.clear()
    alone = client.post(f"{seat_page(settings, game_id, 'p1')}/rematch")
    assert alone.status_code == 400
    assert "A rematch needs 2 players" in alone.get_data(as_text=True)
    work()
    assert not smtp.to(BOB) and rematch_of(settings, game_id) is None


def test_a_confirmation_that_read_the_rematch_before_it_started_creates_no_second_game(
    client, settings, smtp, work
):
    """Two confirmations at once: the one that read the rematch before the other started it
    (on PostgreSQL, the row lock makes it wait; this is the claim behind it) is rolled back."""
    from service.errors import BadRequest

    game_id = finished(settings, work)
    client.post(f"{seat_page(settings, game_id, 'p1')}/rematch")
    with sessions(settings.database_url)() as s:
        stale = rematch.of(s, game_id)
        assert stale is not None
        stale.players  # noqa: B018
        s.expunge(stale)  # as the slower transaction read it: nobody had started it
    client.post(f"{seat_page(settings, game_id, 'p2')}/rematch")
    assert games_count(settings) == 2
    for p in stale.players:
        p.confirmed_at = now()
    with pytest.raises(BadRequest), sessions(settings.database_url).begin() as s:
        rematch._start(s, eventstore.load(s, game_id), stale, proposed=False)
    assert games_count(settings) == 2


def test_the_player_asked_reads_the_request_and_its_page_in_their_own_language(
    client, settings, smtp, work
):
    game_id = finished(settings, work)
    with sessions(settings.database_url).begin() as s:
        eventstore.load(s, game_id).row.seats[1].language = "ru"
    client.post(f"{seat_page(settings, game_id, 'p1')}/rematch")
    work()
    asked = last_email(smtp, BOB)
    assert "Ann предлагает реванш" in text_of(asked)
    assert "Или ответьте на это письмо: да или реванш — подтвердить." in text_of(asked)
    page = client.get(f"{seat_page(settings, game_id, 'p2')}/rematch").get_data(as_text=True)
    assert '<html lang="ru">' in page and "Подтвердить реванш" in page


def test_a_rematch_form_sent_from_another_site_proposes_nothing(client, settings, smtp, work):
    game_id = finished(settings, work)
    forged = client.post(
        f"{seat_page(settings, game_id, 'p1')}/rematch", headers={"Sec-Fetch-Site": "cross-site"}
    )
    assert forged.status_code == 403
    assert rematch_of(settings, game_id) is None


def test_rematch_buttons_count_against_the_new_game_limit(settings, smtp, work):
    from tests.service.test_security import client_for

    game_id = finished(settings, work)
    limited = client_for(settings, create_limit="2 per hour")
    mine = seat_page(settings, game_id, "p1")
    answers = [limited.post(f"{mine}/rematch").status_code for _ in range(3)]
    assert answers == [303, 303, 429]
    assert limited.get(f"{mine}/rematch").status_code == 200, "the page itself is not limited"
