"""The player's desk, ``/me`` (issue 20): an address signs in by a link emailed to it
(signed, short-lived, good once, spent only by a POST), sees every game it plays in any
case of its spelling and no one else's, and signs out here or everywhere."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import func, literal, select

from service.links import tokens
from service.mail import signin as signin_mail
from service.play import signin
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, PersonRow, SeatRow, SignInRow
from tests.fixtures import TEST_KEY, have_played
from tests.helpers import URL, csrf_token, html_of, path, play_now, query_plan, refusal, text_of

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

ANN = "ann@example.org"


def games(settings, *players: list[str]) -> list[str]:
    with sessions(settings.database_url).begin() as s:
        return [create_game(s, "tictactoe", p).loaded.row.id for p in players]


def ask(client, address: str):
    """Fill in ``/me``'s form and send it, as a browser does."""
    token = csrf_token(client.get("/me").get_data(as_text=True))
    return client.post("/me", data={"email": address, "csrf_token": token})


def sign_in_emails(smtp, address: str) -> list:
    return [m for m in smtp.to(address) if "/me/sign-in/" in text_of(m)]


def emailed_link(smtp, address: str) -> str:
    (message,) = sign_in_emails(smtp, address)
    (url,) = [u for u in URL.findall(text_of(message)) if "/me/sign-in/" in u]
    return path(url)


def without_csrf(page: bytes) -> bytes:
    """A page as it reads, less the form's CSRF token (signed anew, with the time, each time)."""
    return re.sub(rb'name="csrf_token" value="[^"]+"', b"", page)


def sign_in(client, smtp, work, address: str = ANN, to: str = ANN) -> str:
    """Ask for a link for ``address``, follow it from the email ``to`` received and press
    Sign in: the link's path."""
    smtp.clear()
    assert ask(client, address).status_code == 200
    work()
    link = emailed_link(smtp, to)
    assert client.post(link).status_code == 303
    return link


def desk(client) -> str:
    page = client.get("/me")
    assert page.status_code == 200
    return page.get_data(as_text=True)


def signed_in(page: str) -> bool:
    return 'action="/me/sign-out"' in page


def test_the_emailed_link_signs_in_once_and_only_by_its_post(client, smtp, work, settings):
    games(settings, [ANN, "bob@example.org"])
    assert ask(client, ANN).status_code == 200
    work()
    link = emailed_link(smtp, ANN)
    shown = client.get(link)  # a mail scanner's visit spends nothing
    assert shown.status_code == 200 and 'method="post"' in shown.get_data(as_text=True)
    assert client.get(link).status_code == 200
    assert not signed_in(desk(client)), "a GET signs no one in"
    assert client.post(link).status_code == 303
    assert signed_in(desk(client))
    again = client.application.test_client().post(link)
    assert again.status_code == 410, "each link works once"
    assert not signed_in(desk(client.application.test_client()))


def test_a_sign_in_link_expires(client, settings):
    games(settings, [ANN, "bob@example.org"])
    made = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    with freeze_time(made):
        link = path(signin_mail.sign_in_url(settings, ANN, "n" * 22))
    with freeze_time(made + timedelta(seconds=settings.sign_in_max_age - 5)):
        assert client.get(link).status_code == 200
    with freeze_time(made + timedelta(seconds=settings.sign_in_max_age + 5)):
        for answer in (client.get(link), client.post(link)):
            assert answer.status_code == 410
            assert (
                "This sign-in link is too old to use: each works for a few minutes. "
                "Ask for a new one." in answer.get_data(as_text=True)
            )
            assert 'href="/me"' in answer.get_data(as_text=True), "the way to a new one"
        assert not signed_in(desk(client))


@pytest.mark.parametrize(("nonce", "status"), [("n" * 32, 200), ("n" * 33, 400)])
def test_a_sign_in_link_of_ours_names_a_nonce_of_at_most_32_characters(
    client, settings, nonce, status
):
    games(settings, [ANN, "bob@example.org"])
    token = tokens.sign_in_token(settings.secret_key, ANN, nonce)
    answer = client.get(f"/me/sign-in/{token}")
    assert answer.status_code == status
    if status == 400:
        assert refusal(answer.get_data(as_text=True)) == str(tokens.INCOMPLETE)


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t[:-2] + ("AA" if t[-2:] != "AA" else "BB"),
        lambda t: tokens.sign_in_token("another-key-long-enough-to-be-a-real-one!", ANN, "n"),
        lambda t: tokens.seat_token(TEST_KEY, "g", "p1"),
    ],
    ids=["its signature altered", "signed with another key", "another kind of link"],
)
def test_a_tampered_sign_in_link_is_refused(client, settings, change):
    games(settings, [ANN, "bob@example.org"])
    token = signin_mail.sign_in_url(settings, ANN, "n" * 22).rsplit("/", 1)[1]
    bad = f"/me/sign-in/{change(token)}"
    assert client.get(bad).status_code == 403
    assert client.post(bad).status_code == 403
    assert not signed_in(desk(client))


def test_the_answer_is_the_same_whether_or_not_the_address_plays_and_only_a_player_is_emailed(
    client, smtp, work, settings
):
    games(settings, [ANN, "bob@example.org"])
    playing = ask(client, ANN)
    stranger = ask(client, "nobody@example.org")
    assert playing.status_code == stranger.status_code == 200
    assert without_csrf(playing.get_data()) == without_csrf(stranger.get_data())
    assert "a link is on its way" in playing.get_data(as_text=True)
    work()
    assert len(sign_in_emails(smtp, ANN)) == 1
    assert sign_in_emails(smtp, "nobody@example.org") == []
    assert not smtp.to("nobody@example.org"), "no email at all for an address that plays not"


def test_the_desk_lists_every_game_of_the_address_in_any_case_and_no_one_elses(
    client, smtp, work, settings
):
    mine = games(
        settings,
        ["Ann <Ann@Example.org>", "bob@example.org"],
        ["cy@example.org", "Ann <ann@example.org>"],
    )
    (theirs,) = games(settings, ["bob@example.org", "cy@example.org"])
    sign_in(client, smtp, work, "ANN@example.ORG")
    page = desk(client)
    for game_id in mine:
        assert f"#{game_id}" in page
    assert f"#{theirs}" not in page
    assert page.count('class="card game"') == 2, "two seats of one address: one desk"


def test_an_address_with_sql_wildcards_signs_in_to_its_own_seats_alone(
    client, smtp, work, settings
):
    # "_" and "%" are letters of an address (RFC 5322 atext), not patterns: "a_n" is not
    # "ann", and "%" is not every address of the domain.
    (wild,) = games(settings, ["a_n@example.org", "%@example.org"])
    (ann,) = games(settings, [ANN, "bob@example.org"])
    have_played(settings.database_url, "a_n@example.org", "%@example.org")
    with sessions(settings.database_url)() as session:
        assert {s.game_id for s in signin.seats_of(session, "A_N@example.org")} == {wild}
        assert [s.email for s in signin.seats_of(session, "%@example.org")] == ["%@example.org"]
    sign_in(client, smtp, work, "a_n@example.org", to="a_n@example.org")
    page = desk(client)
    assert f"#{wild}" in page and f"#{ann}" not in page


def test_the_desk_offers_a_fresh_decision_link_and_the_seat_page(client, smtp, work, settings):
    (game_id,) = games(settings, [ANN, "bob@example.org"])
    sign_in(client, smtp, work)
    page = desk(client)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        acting = "p1" in loaded.game.to_act(loaded.state)
    assert ("/act/" in page) is acting
    assert "/seat/" in page
    answer = client.get(path(next(u for u in URL.findall(page) if "/seat/" in u)))
    assert answer.status_code == 200


def test_signing_out_refuses_the_old_cookie_and_sign_out_everywhere_every_browser(
    app, smtp, work, settings
):
    games(settings, [ANN, "bob@example.org"])
    phone, laptop, copy = app.test_client(), app.test_client(), app.test_client()
    sign_in(phone, smtp, work)
    cookie = phone.get_cookie("session")
    assert cookie is not None
    copy.set_cookie("session", cookie.value)
    assert signed_in(desk(copy)), "the copy stands while the sign-in does"
    token = csrf_token(desk(phone))
    assert phone.post("/me/sign-out", data={"csrf_token": token}).status_code == 303
    assert not signed_in(desk(phone))
    assert not signed_in(desk(copy)), "a cookie kept from before signing out is refused"

    sign_in(phone, smtp, work)
    sign_in(laptop, smtp, work)
    token = csrf_token(desk(laptop))
    answer = laptop.post("/me/sign-out-everywhere", data={"csrf_token": token})
    assert answer.status_code == 303
    assert not signed_in(desk(laptop))
    assert not signed_in(desk(phone)), "every sign-in of the address is revoked"
    sign_in(phone, smtp, work)
    assert signed_in(desk(phone)), "signing in again afterwards works"


def test_a_desk_form_without_its_csrf_token_or_sign_in_is_refused(app, smtp, work, settings):
    (game_id,) = games(settings, [ANN, "bob@example.org"])
    browser = app.test_client()
    assert browser.post("/me", data={"email": ANN}).status_code == 400
    sign_in(browser, smtp, work)
    form = {"language": "uk", "time_zone": "", "game": ""}
    assert browser.post("/me/language", data=form).status_code == 400
    stranger = app.test_client()
    token = csrf_token(stranger.get("/me").get_data(as_text=True))
    assert stranger.post("/me/language", data={**form, "csrf_token": token}).status_code == 403
    with sessions(settings.database_url)() as s:
        languages = s.scalars(select(SeatRow.language).where(SeatRow.game_id == game_id)).all()
    assert set(languages) == {"en"}


def test_used_sign_ins_are_kept_only_as_long_as_a_sign_in_lasts(client, smtp, work, settings):
    games(settings, [ANN, "bob@example.org"])
    with freeze_time(datetime(2026, 1, 1, tzinfo=UTC)):
        sign_in(client, smtp, work)
        kept = client.get_cookie("session").value
    with freeze_time(datetime(2026, 1, 30, tzinfo=UTC)):
        assert signed_in(desk(client))
    with freeze_time(datetime(2026, 3, 1, tzinfo=UTC)):
        assert not signed_in(desk(client)), "a sign-in lasts thirty days"
        replayed = client.application.test_client()
        replayed.set_cookie("session", kept)  # a cookie kept past its expiry
        assert not signed_in(desk(replayed)), "the server ends it, whatever the cookie says"
        sign_in(client, smtp, work)
    with sessions(settings.database_url)() as s:
        assert len(s.scalars(select(SignInRow)).all()) == 1


def test_a_new_game_move_shows_on_the_desk_as_the_last_thing_that_happened(
    client, smtp, work, settings
):
    (game_id,) = games(settings, [ANN, "bob@example.org"])
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        (seat,) = loaded.game.to_act(loaded.state)
        move = loaded.game.legal_moves(loaded.state, seat)[0]
        play_now(s, game_id, seat, move, loaded.turn_seq)
    sign_in(client, smtp, work)
    assert "Latest: " in desk(client)


def play_once(settings, game_id: str) -> None:
    """Whoever must decide in ``game_id`` places a mark in the first free cell."""
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        (seat,) = loaded.game.to_act(loaded.state)
        move = loaded.game.legal_moves(loaded.state, seat)[0]
        play_now(s, game_id, seat, move, loaded.turn_seq)


def until_her_turn(settings, game_id: str, address: str = ANN) -> None:
    """Play on in ``game_id`` until the player at ``address`` must decide again."""
    while True:
        play_once(settings, game_id)
        with sessions(settings.database_url)() as s:
            loaded = eventstore.load(s, game_id)
            acting = loaded.game.to_act(loaded.state)
            if any(r.email.lower() == address for r in loaded.row.seats if r.seat in acting):
                return


def turn_emails(smtp, address: str, game_id: str) -> list:
    """The emails of ``game_id`` sent to ``address``, in any case of its spelling."""
    return [
        m for m in smtp.messages if address.lower() in m["To"].lower() and game_id in m["Subject"]
    ]


def post_form(client, action: str, form: dict[str, str]):
    """Send one of the desk's forms with the page's CSRF token, as a browser does."""
    return client.post(action, data={**form, "csrf_token": csrf_token(desk(client))})


def test_a_language_set_for_one_game_speaks_in_that_games_next_email_only(
    client, smtp, work, settings
):
    one, other = games(settings, [ANN, "bob@example.org"], [ANN, "bob@example.org"])
    sign_in(client, smtp, work)
    form = {"game": one, "language": "uk", "time_zone": "Europe/Kyiv"}
    assert post_form(client, "/me/language", form).status_code == 303
    work()
    smtp.clear()
    for game_id in (one, other):
        until_her_turn(settings, game_id)
    work()
    (in_one,) = turn_emails(smtp, ANN, one)[-1:]
    (in_other,) = turn_emails(smtp, ANN, other)[-1:]
    assert '<html lang="uk">' in html_of(in_one)
    assert '<html lang="en">' in html_of(in_other), "the other game keeps its language"


def test_settings_for_all_games_are_seen_in_every_next_email(client, smtp, work, settings):
    one, other = games(settings, ["Ann@example.org", "bob@example.org"], [ANN, "bob@example.org"])
    sign_in(client, smtp, work)
    form = {"game": "", "language": "es", "time_zone": ""}
    assert post_form(client, "/me/language", form).status_code == 303
    for game_id in (one, other):
        until_her_turn(settings, game_id)
    smtp.clear()
    work()
    for game_id in (one, other):
        (told,) = turn_emails(smtp, ANN, game_id)
        assert '<html lang="es">' in html_of(told), "every game speaks it"
    assert post_form(client, "/me/email", {"notify": "none", "hour": "7"}).status_code == 303
    smtp.clear()
    for game_id in (one, other):
        until_her_turn(settings, game_id)
    work()
    for game_id in (one, other):
        assert turn_emails(smtp, ANN, game_id) == [], "no turn emails, in any game"


def test_the_sign_in_email_speaks_the_language_the_page_was_shown_in(client, smtp, work, settings):
    games(settings, [ANN, "bob@example.org"])
    page = client.get("/me?lang=uk").get_data(as_text=True)
    assert 'action="/me?lang=uk"' in page
    answer = client.post("/me?lang=uk", data={"email": ANN, "csrf_token": csrf_token(page)})
    assert answer.status_code == 200
    work()
    (message,) = sign_in_emails(smtp, ANN)
    assert message["Subject"] == "Ваше посилання для входу до ваших ігор"
    assert "Посилання діє один раз, протягом 30 хвилин." in text_of(message)
    assert '<html lang="uk">' in html_of(message)


def test_the_desk_finds_an_addresss_seats_by_the_index_of_lower_case_addresses(settings):
    query = select(SeatRow.id).where(
        func.lower(SeatRow.email) == func.lower(literal("Ann@Example.org"))
    )
    plan = query_plan(settings.database_url, query)
    assert "ix_seats_email_lower" in plan, plan


def test_a_used_or_expired_link_says_so_on_its_get_and_offers_a_new_one(
    client, smtp, work, settings
):
    games(settings, [ANN, "bob@example.org"])
    link = sign_in(client, smtp, work)
    with freeze_time(datetime.now(UTC) - timedelta(hours=1)):
        old = path(signin_mail.sign_in_url(settings, ANN, "m" * 22))
    for refused in (client.get(link), client.get(old)):
        assert refused.status_code == 410
        assert 'class="button" href="/me"' in refused.get_data(as_text=True), "ask again"


def test_a_sign_in_email_the_relay_refused_is_retried_by_the_queue(client, smtp, work, settings):
    games(settings, [ANN, "bob@example.org"])
    work()  # the invitations
    smtp.clear()
    smtp.fail_next = 1
    assert ask(client, ANN).status_code == 200
    work()
    work()
    assert smtp.refused == 1
    assert len(sign_in_emails(smtp, ANN)) == 1


@pytest.mark.parametrize("base_url", ["https://pbem.test", "http://pbem.test"])
def test_the_sign_in_cookie_is_http_only_lax_and_secure_under_https(smtp, work, settings, base_url):
    from service import create_app
    from tests.fixtures import ServerLikeClient

    games(settings, [ANN, "bob@example.org"])
    app = create_app(replace(settings, base_url=base_url))
    app.test_client_class = ServerLikeClient
    browser = app.test_client()
    assert ask(browser, ANN).status_code == 200
    work()
    answer = browser.post(emailed_link(smtp, ANN))
    assert answer.status_code == 303
    (cookie,) = [c for c in answer.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert ("Secure" in cookie) is base_url.startswith("https://")
    assert "Expires=" in cookie, "it outlives the browser's session, as a sign-in does"


@pytest.mark.parametrize("scope", ["one", "all"])
def test_away_dates_from_the_desk_pause_one_game_or_all(client, smtp, work, settings, scope):
    one, other = games(settings, ["Ann@example.org", "bob@example.org"], [ANN, "cy@example.org"])
    sign_in(client, smtp, work)
    today = datetime.now(UTC).date()
    form = {
        "game": one if scope == "one" else "",
        "first": today.isoformat(),
        "last": (today + timedelta(days=3)).isoformat(),
    }
    assert post_form(client, "/me/away", form).status_code == 303
    with sessions(settings.database_url)() as s:
        away = s.scalars(select(EventRow.game_id).where(EventRow.type == "table.away")).all()
    assert sorted(away) == sorted([one] if scope == "one" else [one, other])


ONE_DAY_LATER = datetime(2026, 3, 3, 7, 0, 30, tzinfo=UTC)


def test_a_digest_chosen_for_one_game_takes_that_game_alone_out_of_the_turn_emails(
    client, smtp, work, settings, tick
):
    with freeze_time(ONE_DAY_LATER - timedelta(hours=22)) as clock:
        one, other = games(settings, [ANN, "bob@example.org"], [ANN, "bob@example.org"])
        sign_in(client, smtp, work)
        form = {"game": one, "notify": "digest", "hour": "7"}
        assert post_form(client, "/me/email", form).status_code == 303
        assert "in the daily digest" in desk(client), "the desk shows the game's own choice"
        smtp.clear()
        for game_id in (one, other):
            until_her_turn(settings, game_id)
        work()
        assert turn_emails(smtp, ANN, one) == [], "the digest game sends no turn email"
        assert turn_emails(smtp, ANN, other), "the other game still emails every turn"
        smtp.clear()
        clock.move_to(ONE_DAY_LATER)
        tick()
    (digest,) = [m for m in smtp.to(ANN) if "digest" in m["Subject"]]
    assert digest["Subject"] == "Your daily digest: 1 game waiting for you"
    assert f"#{one}" in text_of(digest) and f"#{other}" not in text_of(digest)


def test_an_email_style_chosen_for_all_games_replaces_each_games_own(client, smtp, work, settings):
    one, other = games(settings, [ANN, "bob@example.org"], [ANN, "bob@example.org"])
    sign_in(client, smtp, work)
    assert post_form(client, "/me/email", {"game": one, "notify": "none"}).status_code == 303
    assert post_form(client, "/me/email", {"game": "", "notify": "each"}).status_code == 303
    assert "their own choice" not in desk(client)
    with sessions(settings.database_url)() as s:
        assert s.scalars(select(SeatRow.notify).where(SeatRow.email == ANN)).all() == [None, None]
        assert s.get(PersonRow, ANN).next_digest_at is None, "no digest is due for anyone"
    smtp.clear()
    for game_id in (one, other):
        until_her_turn(settings, game_id)
    work()
    assert turn_emails(smtp, ANN, one) and turn_emails(smtp, ANN, other)


def test_an_email_style_for_a_game_not_of_the_address_is_refused_and_changes_nothing(
    client, smtp, work, settings
):
    games(settings, [ANN, "bob@example.org"])
    (theirs,) = games(settings, ["cy@example.org", "bob@example.org"])
    sign_in(client, smtp, work)
    refused = post_form(client, "/me/email", {"game": theirs, "notify": "none"})
    assert refused.status_code == 400
    with sessions(settings.database_url)() as s:
        assert set(s.scalars(select(SeatRow.notify))) == {None}
