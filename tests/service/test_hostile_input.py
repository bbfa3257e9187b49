"""Hostile input (issue 11): random bytes, truncated and re-signed links, bodies of every
shape and size, at every form and JSON endpoint. Each gets a clear page or JSON error
with a 4xx status, never a server error, and a refused request writes nothing.

Property-based with hypothesis; the ``ci`` profile in ``tests/conftest.py`` bounds the
examples (``HYPOTHESIS_PROFILE=deep`` searches longer).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from freezegun import freeze_time
from hypothesis import given
from hypothesis import strategies as st
from itsdangerous import URLSafeTimedSerializer

from service.config import MAX_BODY
from service.errors import BadRequest, Expired, Illegal, ServiceError, Tampered
from service.links import tokens
from service.store import eventstore
from service.store.db import sessions
from service.store.models import UsedLinkRow
from tests.helpers import act_token, csrf_token, play_now, refusal
from tests.service.hostile import ledger, new_game, roomy_client, turn_link

pytestmark = pytest.mark.hostile
SECRET = "test-secret-key"
ALTERED = (
    "This link has been altered or was not made by this server. "
    "Use the link exactly as it was sent to you."
)
text = st.text(max_size=200)
nasty = st.text(
    alphabet=st.sampled_from(list("\r\n\t\x00\x0b\x85\u2028\u2029<>\"',;:=?@ .%{}[]\\/aZ0é😀")),
    max_size=60,
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=4),
    max_leaves=12,
)
edges = st.sampled_from([0, -1, 2**31, 2**63, -(2**63) - 1, 10**40, True, 1.5, "\x00", "1" * 30])
numbers = st.integers() | edges
seats = st.sampled_from(["p1", "p2", "p3", "p9", "", "p1\x00"]) | text | numbers


@pytest.fixture
def hostile(settings, caplog):
    """A client of an app with generous rate limits (these tests are about input, not
    floods), a game to attack, and a check that every answer is a clean refusal."""
    client = roomy_client(settings)
    game_id = new_game(client)
    caplog.set_level(logging.WARNING)

    class Hostile:
        def __init__(self) -> None:
            self.client, self.game_id, self.settings = client, game_id, settings

        def send(self, method: str, url: str, **kwargs: Any):
            before = ledger(settings)
            response = self.client.open(url, method=method, **kwargs)
            assert response.status_code < 500, (url, response.get_data(as_text=True)[:500])
            if response.status_code >= 400:
                assert ledger(settings) == before, f"a refused {method} {url} wrote nothing"
                if url.startswith("/api/"):
                    body = response.get_json()
                    assert set(body) >= {"error", "message"}, body
                elif method != "HEAD":
                    assert "<h1>" in response.get_data(as_text=True), "a page saying what happened"
            errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
            assert not errors, [r.getMessage() for r in errors]
            return response

    return Hostile()


# --- token parsing ----------------------------------------------------------------------

READERS = {
    "action": lambda t: tokens.read_action(SECRET, t, max_age=3600),
    "seat": lambda t: tokens.read_seat(SECRET, t),
    "unsubscribe": lambda t: tokens.read_unsubscribe(SECRET, t),
    "person": lambda t: tokens.read_person(SECRET, t),
    "claim": lambda t: tokens.read_claim(SECRET, t, max_age=3600),
}
SALTS = {
    "action": tokens.ACTION,
    "seat": tokens.SEAT,
    "unsubscribe": tokens.UNSUBSCRIBE,
    "person": tokens.PERSON,
    "claim": tokens.CLAIM,
}


def ours(salt: str, body: Any) -> str:
    """A token signed with our key, for ``salt``'s use, over any ``body``."""
    return URLSafeTimedSerializer(SECRET, salt=salt).dumps(body)


def refused_as_incomplete(read: Callable[[str], object], token: str) -> None:
    """``read(token)`` refuses the link as incomplete, in the whole sentence a reader sees."""
    with pytest.raises(BadRequest) as refused:
        read(token)
    assert refused.value.message == tokens.INCOMPLETE


def refused_with_4xx(reader, token: str) -> int:
    try:
        reader(token)
    except ServiceError as exc:
        assert 400 <= exc.status < 500
        return exc.status
    return 0


@given(kind=st.sampled_from(sorted(READERS)), token=st.text(max_size=300) | st.binary().map(repr))
def test_any_text_as_a_token_is_read_or_refused_with_a_4xx(kind, token):
    refused_with_4xx(READERS[kind], token)


@given(kind=st.sampled_from(sorted(READERS)), body=json_values, cut=st.integers(min_value=0))
def test_a_truncated_token_is_always_refused(kind, body, cut):
    token = ours(SALTS[kind], body)
    assert refused_with_4xx(READERS[kind], token[: cut % len(token)]) in {400, 403}


@given(kind=st.sampled_from(sorted(READERS)), body=json_values, key=st.text(min_size=1))
def test_a_token_signed_with_another_key_or_for_another_use_is_refused_as_tampered(kind, body, key):
    if key != SECRET:
        forged = URLSafeTimedSerializer(key, salt=SALTS[kind]).dumps(body)
        assert refused_with_4xx(READERS[kind], forged) == 403
    for other in set(SALTS) - {kind}:
        elsewhere = ours(SALTS[other], body)
        assert refused_with_4xx(READERS[kind], elsewhere) == 403


@given(kind=st.sampled_from(sorted(READERS)), body=json_values)
def test_a_token_of_ours_over_any_body_is_read_or_refused_with_a_4xx(kind, body):
    token = ours(SALTS[kind], body)
    refused_with_4xx(READERS[kind], token)


@pytest.mark.parametrize("body", [{}, {"o": "seven"}, {"o": -1}, ["o", 1]])
def test_a_claim_link_of_ours_without_an_offer_number_says_it_is_incomplete(body):
    token = ours(tokens.CLAIM, body)
    refused_as_incomplete(lambda t: tokens.read_claim(SECRET, t, max_age=3600), token)


@pytest.mark.parametrize("decision", [7, ["a" * 8], {"d": 1}, "a" * 65, None])
def test_an_action_link_of_ours_whose_decision_is_no_digest_says_it_is_incomplete(decision):
    """A decision digest is a string of at most 64 characters (a SHA-256's hex)."""
    body = {"g": "game1234", "s": "p1", "q": 3, "d": decision}
    token = ours(tokens.ACTION, body)
    refused_as_incomplete(lambda t: tokens.read_action(SECRET, t, max_age=3600), token)


@pytest.mark.parametrize("seq", [True, False, "000000000001", "1" * 12, 2**31, -1, "-1", 1.0])
def test_an_action_link_of_ours_whose_number_is_no_count_says_it_is_incomplete(seq):
    """A count is a whole number below 2**31, or its digits (fewer than 12 of them, so a
    long string is never parsed); a boolean is not one."""
    token = ours(tokens.ACTION, {"g": "g1", "s": "p1", "q": seq})
    refused_as_incomplete(lambda t: tokens.read_action(SECRET, t, max_age=3600), token)


@pytest.mark.parametrize(
    ("seq", "read"), [(0, 0), ("17", 17), ("00000000017", 17), (2**31 - 1, 2**31 - 1)]
)
def test_an_action_link_s_number_is_read_from_an_integer_or_its_digits(seq, read):
    token = ours(tokens.ACTION, {"g": "g1", "s": "p1", "q": seq})
    assert tokens.read_action(SECRET, token, max_age=3600).seq == read


def test_an_action_link_s_decision_digest_of_64_characters_is_read():
    token = tokens.action_token(SECRET, "game1234", "p1", 3, decision="f" * 64)
    assert tokens.read_action(SECRET, token, max_age=3600).decision == "f" * 64


@pytest.mark.parametrize(
    ("page", "salt", "status", "sentence"),
    [
        ("unsubscribe", tokens.UNSUBSCRIBE, 403, "This unsubscribe link has been altered."),
        ("unsubscribe", tokens.UNSUBSCRIBE, 400, "This unsubscribe link is incomplete."),
        ("settings", tokens.PERSON, 400, tokens.INCOMPLETE),
        ("settings", tokens.PERSON, 403, ALTERED),
        ("seat", tokens.SEAT, 400, tokens.INCOMPLETE),
        ("seat", tokens.SEAT, 403, ALTERED),
    ],
)
def test_an_altered_or_incomplete_signed_page_link_is_refused_saying_which(
    client, settings, page, salt, status, sentence
):
    """A link signed with another key is altered; one of ours that names no game, seat or
    address is incomplete. The page says which, in the reader's words, and writes nothing."""
    key = "another-key" if status == 403 else settings.secret_key
    token = URLSafeTimedSerializer(key, salt=salt).dumps({"x": 1})
    before = ledger(settings)
    response = client.get(f"/{page}/{token}")
    assert response.status_code == status
    assert refusal(response.get_data(as_text=True)) == sentence
    assert ledger(settings) == before


def test_a_seat_link_made_before_seat_generations_is_read_as_the_first_holders():
    """Seat links made by an earlier release carry no generation ("h"): they stand for the
    seat's first holder."""
    token = ours(tokens.SEAT, {"g": "game1234", "s": "p2"})
    assert tokens.read_seat(SECRET, token) == tokens.SeatLink("game1234", "p2", 0)


@pytest.mark.parametrize("body", [{}, {"g": "game1234"}, {"g": "game1234", "s": "p2", "h": "x"}])
def test_a_seat_link_of_ours_without_its_game_seat_or_holder_says_it_is_incomplete(body):
    token = ours(tokens.SEAT, body)
    refused_as_incomplete(lambda t: tokens.read_seat(SECRET, t), token)


def test_a_seat_link_lasts_400_days_and_not_a_second_longer():
    made = datetime(2026, 3, 2, 9, 0, 0)
    with freeze_time(made):
        token = tokens.seat_token(SECRET, "game1234", "p2", 3)
    with freeze_time(made + timedelta(days=400)):
        assert tokens.read_seat(SECRET, token) == tokens.SeatLink("game1234", "p2", 3)
    with freeze_time(made + timedelta(days=400, seconds=2)), pytest.raises(Expired):
        tokens.read_seat(SECRET, token)


@pytest.mark.parametrize("seat", [True, ["p2"], {"p": 2}, 2.0, None, "p\x002", "p" * 321])
def test_a_seat_link_of_ours_naming_no_seat_says_it_is_incomplete(seat):
    """A name in a signed body is a string or a whole number, of at most 320 characters
    and no NUL: what a database can look up."""
    token = ours(tokens.SEAT, {"g": "g1", "s": seat})
    refused_as_incomplete(lambda t: tokens.read_seat(SECRET, t), token)


def test_a_link_signed_with_our_key_over_a_body_that_is_not_json_says_it_is_incomplete():
    serializer = URLSafeTimedSerializer(SECRET, salt=tokens.SEAT)
    token = serializer.make_signer(tokens.SEAT).sign(b"not.base64!json").decode()
    refused_as_incomplete(lambda t: tokens.read_seat(SECRET, t), token)


@pytest.mark.parametrize(("seat", "read"), [(2, "2"), ("p" * 320, "p" * 320), ("é😀", "é😀")])
def test_a_seat_link_s_name_is_read_from_a_string_or_a_number(seat, read):
    token = ours(tokens.SEAT, {"g": "g1", "s": seat})
    assert tokens.read_seat(SECRET, token).seat == read


def test_a_seat_link_older_than_400_days_is_a_410_that_says_it_is_too_old(client, settings):
    with freeze_time("2026-01-01 12:00:00") as clock:
        game_id = new_game(client)
        token = tokens.seat_token(settings.secret_key, game_id, "p1")
        clock.tick(timedelta(days=400, seconds=2))
        response = client.get(f"/seat/{token}")
    assert response.status_code == 410
    assert refusal(response.get_data(as_text=True)) == "This link is too old to use."


def test_a_settings_link_reads_back_the_address_it_was_made_for_and_no_other_link_passes():
    token = tokens.person_token(SECRET, "Ann.Example@example.org")
    assert tokens.read_person(SECRET, token) == "Ann.Example@example.org"
    for other in (tokens.seat_token(SECRET, "g1", "p1"), tokens.claim_token(SECRET, 3)):
        with pytest.raises(Tampered):
            tokens.read_person(SECRET, other)


def test_a_claim_link_older_than_its_age_is_expired_and_one_younger_is_read():
    made = datetime(2026, 3, 2, 9, 0, 0)
    with freeze_time(made):
        token = tokens.claim_token(SECRET, 7)
    with freeze_time(made + timedelta(seconds=3600)):
        assert tokens.read_claim(SECRET, token, max_age=3600) == 7
    with freeze_time(made + timedelta(seconds=3602)), pytest.raises(Expired):
        tokens.read_claim(SECRET, token, max_age=3600)


# --- signed links over HTTP -------------------------------------------------------------


def bodies(game_id: str) -> st.SearchStrategy[Any]:
    """What an attacker could get signed if they held our key's output for other data:
    bodies naming another game or seat, of every type, or no object at all."""
    games = (
        st.sampled_from([game_id, "nosuchgm", game_id + "\x00", "../" + game_id]) | text | numbers
    )
    return json_values | st.fixed_dictionaries(
        {"g": games, "s": seats, "q": numbers | text},
        optional={"m": json_values, "h": numbers | text, "e": text | edges, "o": numbers},
    )


FORM_FIELDS = ["move", "seat", "ballot", "choice", "email", "name", "first", "last"]
FORM_FIELDS += ["answer", "notify", "hour", "resubscribe", "List-Unsubscribe"]
forms = st.dictionaries(st.sampled_from(FORM_FIELDS) | text, nasty | text, max_size=6)


@given(data=st.data())
def test_a_signed_action_link_naming_anything_is_shown_applied_or_refused_cleanly(hostile, data):
    body = data.draw(bodies(hostile.game_id))
    token = ours(tokens.ACTION, body)
    hostile.send("GET", f"/act/{token}")
    hostile.send("POST", f"/act/{token}", data=data.draw(forms))
    hostile.send("POST", f"/act/{token}/resend")


SEAT_ACTIONS = ["", "/vote", "/nudge", "/away", "/back", "/resume", "/revive", "/takeback"]
SEAT_ACTIONS += ["/history", "/replay", "/replay/1"]


@given(data=st.data())
def test_a_signed_seat_link_naming_anything_is_shown_applied_or_refused_cleanly(hostile, data):
    body = data.draw(bodies(hostile.game_id))
    token = ours(tokens.SEAT, body)
    action = data.draw(st.sampled_from(SEAT_ACTIONS))
    method = "GET" if action in {"", "/history", "/replay", "/replay/1"} else "POST"
    hostile.send(method, f"/seat/{token}{action}", data=data.draw(forms))


@given(data=st.data())
def test_every_other_signed_link_naming_anything_is_answered_cleanly(hostile, data):
    kind, route = data.draw(
        st.sampled_from(
            [
                (tokens.UNSUBSCRIBE, "unsubscribe"),
                (tokens.PERSON, "settings"),
                (tokens.CLAIM, "claim"),
            ]
        )
    )
    token = ours(kind, data.draw(bodies(hostile.game_id)))
    hostile.send("GET", f"/{route}/{token}")
    hostile.send("POST", f"/{route}/{token}", data=data.draw(forms))


@given(seat=st.sampled_from(["p1", "p2"]), form=forms, action=st.sampled_from(SEAT_ACTIONS))
def test_the_real_seats_forms_filled_with_anything_are_applied_or_refused_cleanly(
    hostile, seat, form, action
):
    token = tokens.seat_token(SECRET, hostile.game_id, seat)
    method = "GET" if action in {"", "/history", "/replay", "/replay/1"} else "POST"
    hostile.send(method, f"/seat/{token}{action}", data=form)


@given(move=json_values | text, one_click=st.booleans())
def test_any_move_posted_to_a_real_decision_is_applied_or_refused_cleanly(hostile, move, one_click):
    link_move = move if one_click and not isinstance(move, str) else None
    _, link = turn_link(hostile.settings, hostile.game_id, move=link_move)
    form = {} if one_click else {"move": move if isinstance(move, str) else json.dumps(move)}
    hostile.send("POST", link, data=form)


@given(path=st.text(min_size=1, max_size=100), method=st.sampled_from(["GET", "POST", "HEAD"]))
def test_random_paths_and_tokens_are_answered_with_a_4xx(hostile, path, method):
    for prefix in ("/act/", "/seat/", "/claim/", "/settings/", "/unsubscribe/", "/games/"):
        response = hostile.send(method, prefix + path.replace("?", "%3F").replace("#", "%23"))
        assert response.status_code < 500


# --- the JSON API and the new-game form -------------------------------------------------


@given(body=json_values)
def test_any_json_value_sent_to_create_a_game_is_a_game_or_a_json_4xx(hostile, body):
    hostile.send("POST", "/api/games", json=body)


@given(
    game=st.sampled_from(["tictactoe", "origin", "nosuch"]) | text,
    players=st.lists(json_values | nasty, max_size=6),
    options=json_values,
    pace=json_values,
)
def test_a_new_game_of_any_shape_is_created_or_refused_with_a_json_4xx(
    hostile, game, players, options, pace
):
    body = {"game": game, "players": players, "options": options, "pace": pace}
    hostile.send("POST", "/api/games", json=body)


@given(
    raw=st.binary(max_size=500),
    content_type=st.sampled_from(
        ["application/json", "application/json; charset=latin-1", "text/plain", "", "image/png"]
    ),
)
def test_random_bytes_of_any_content_type_are_refused_with_a_json_4xx(hostile, raw, content_type):
    response = hostile.send("POST", "/api/games", data=raw, content_type=content_type)
    assert response.status_code in {400, 404, 415, 201}


@given(
    form=st.dictionaries(
        st.sampled_from(
            [
                "game",
                "player",
                "options",
                "days",
                "remind_after_hours",
                "remind_every_hours",
                "timezone",
            ]
        )
        | text,
        nasty | text,
        max_size=7,
    )
)
def test_the_new_game_form_filled_with_anything_is_a_game_or_the_form_with_a_message(hostile, form):
    token = csrf_token(hostile.client.get("/").get_data(as_text=True))
    hostile.send("POST", "/games", data={**form, "csrf_token": token})


@given(
    query=st.dictionaries(st.sampled_from(["seat", "turn", "n", "to", "vote"]), text, max_size=3)
)
def test_pages_with_any_query_are_shown_or_refused_cleanly(hostile, query):
    game_id = hostile.game_id
    for page in (f"/games/{game_id}", f"/games/{game_id}/history", f"/games/{game_id}/replay"):
        hostile.send("GET", page, query_string=query)
    hostile.send("GET", f"/games/{game_id}/replay/1", query_string=query)


def test_a_body_nested_too_deeply_to_read_is_a_400(hostile):
    deep = "[" * 100_000 + "]" * 100_000
    response = hostile.send("POST", "/api/games", data=deep, content_type="application/json")
    assert response.status_code == 400


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_numbers_that_json_does_not_have_are_a_400(hostile, constant):
    body = '{"game": "tictactoe", "players": ["a@x.org", "b@x.org"], "options": {"x": %s}}'
    response = hostile.send(
        "POST", "/api/games", data=body % constant, content_type="application/json"
    )
    assert response.status_code == 400


def test_a_body_too_large_is_a_413_at_every_post_route(hostile):
    seat = tokens.seat_token(SECRET, hostile.game_id, "p1")
    _, act = turn_link(hostile.settings, hostile.game_id)
    huge = "x" * (MAX_BODY + 1)
    routes = ["/games", act, f"{act}/resend", f"/seat/{seat}/vote", f"/seat/{seat}/nudge"]
    for route in routes:
        response = hostile.send("POST", route, data={"move": huge, "seat": huge})
        assert response.status_code == 413, route
    payload = json.dumps({"game": "tictactoe", "players": [huge]})
    api = hostile.send("POST", "/api/games", data=payload, content_type="application/json")
    assert api.status_code == 413
    assert api.get_json()["error"] == "Request Entity Too Large"


def test_a_huge_list_of_players_is_refused_quickly(hostile):
    body = {"game": "tictactoe", "players": [" " * 400 + "<" for _ in range(500)]}
    assert hostile.send("POST", "/api/games", json=body).status_code == 400


@given(
    content_type=st.sampled_from(
        ["application/json", "text/plain", "application/xml", "multipart/form-data", ""]
    ),
    raw=st.binary(max_size=300),
)
def test_a_form_sent_with_any_content_type_is_applied_or_refused_cleanly(
    hostile, content_type, raw
):
    _, page = turn_link(hostile.settings, hostile.game_id)
    response = hostile.send("POST", page, data=raw, content_type=content_type)
    assert response.status_code == 400, "a decision page's form without a chosen option"
    seat = tokens.seat_token(SECRET, hostile.game_id, "p1")
    hostile.send("POST", f"/seat/{seat}/vote", data=raw, content_type=content_type)
    token = csrf_token(hostile.client.get("/").get_data(as_text=True))
    refused = hostile.send("POST", "/games", data=raw, content_type=content_type)
    assert refused.status_code == 400 and token, "no form, no CSRF token: nothing created"


@pytest.mark.parametrize("move", [["place", 4], "place", None, 4])
def test_a_move_that_is_not_an_object_is_refused_as_illegal_and_writes_nothing(
    client, settings, move
):
    """The move path's own guard (DESIGN.md §2: a move is an object): whatever a caller
    hands it, a value of another shape is an illegal move, said in words, not a crash."""

    game_id = new_game(client)
    before = ledger(settings)
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        with pytest.raises(Illegal) as refused:
            play_now(s, game_id, seat, move, loaded.turn_seq)
    assert refused.value.message == "Choose one of the options listed."
    assert ledger(settings) == before


def test_an_illegal_move_asked_for_json_names_its_game_and_seat(client, settings):
    """A JSON client is told which game and seat refused the move, beside why."""
    game_id = new_game(client)
    seat, link = turn_link(settings, game_id)
    before = ledger(settings)
    refused = client.post(
        link,
        data={"move": json.dumps({"type": "place", "cell": 99})},
        headers={"Accept": "application/json"},
    )
    assert refused.status_code == 422, refused.get_data(as_text=True)
    body = refused.get_json()
    assert (body["game_id"], body["seat"]) == (game_id, seat)
    assert body["error"] == "That move is not allowed" and body["message"]
    assert ledger(settings) == before


def test_a_link_another_request_used_meanwhile_is_refused_as_used_with_the_whole_sentence(
    client, settings
):
    """The used-link row is the last guard: should another request have used this very
    link while this one decided, its insert fails and the move is refused as reused."""

    game_id = new_game(client)
    _, link = turn_link(settings, game_id, {"type": "place", "cell": 4})
    used = tokens.read_action(settings.secret_key, act_token(link), max_age=None)
    with sessions(settings.database_url).begin() as s:
        s.add(UsedLinkRow(digest=used.digest, game_id=game_id, seq=0, used_at=datetime.now(UTC)))
    before = ledger(settings)
    refused = client.post(link)
    assert refused.status_code == 409
    said = refused.get_data(as_text=True)
    assert re.search(r">\s*You already made this choice with this link.\s*<", said), said
    assert ledger(settings) == before


def test_a_signed_link_for_a_seat_the_game_does_not_have_is_a_404_that_names_both(client, settings):
    """Signed by us, so not tampered with: a link made for a seat no longer (or never) in
    its game says which game and which seat, and writes nothing."""
    game_id = new_game(client)
    with_seq = client.get(f"/api/games/{game_id}").get_json()["turn_seq"]
    token = tokens.action_token(
        settings.secret_key, game_id, "p9", with_seq, {"type": "place", "cell": 4}
    )
    before = ledger(settings)
    refused = client.post(f"/act/{token}", headers={"Accept": "application/json"})
    assert refused.status_code == 404
    assert refused.get_json()["message"] == f"Game {game_id} has no seat 'p9'."
    assert ledger(settings) == before


@pytest.mark.parametrize("seat", ["p9", "q" * 60])
def test_an_unsubscribe_link_for_a_seat_the_game_does_not_have_is_a_404_naming_both(
    client, settings, seat
):
    game_id = new_game(client)
    token = tokens.unsubscribe_token(settings.secret_key, game_id, seat)
    refused = client.get(f"/unsubscribe/{token}")
    assert refused.status_code == 404
    assert refusal(refused.get_data(as_text=True)) == f"Game {game_id} has no seat {seat[:40]!r}."


def test_a_link_made_for_an_earlier_holder_of_a_seat_asked_in_json_is_a_403_naming_both(
    client, settings
):
    """A seat handed over raises its generation: the old holder's signed links act no more,
    and a JSON client is told which game and which seat."""
    game_id = new_game(client)
    state = client.get(f"/api/games/{game_id}").get_json()
    seat = state["to_act"][0]
    token = tokens.action_token(
        settings.secret_key, game_id, seat, state["turn_seq"], {"type": "place", "cell": 4}, 1
    )
    before = ledger(settings)
    refused = client.post(f"/act/{token}", headers={"Accept": "application/json"})
    assert refused.status_code == 403
    body = refused.get_json()
    assert (body["game_id"], body["seat"]) == (game_id, seat)
    assert body["error"] == "This seat has a new player"
    assert body["message"] == (
        "This seat was handed to another player after the others' vote. "
        "You can still follow the game and its history."
    )
    assert ledger(settings) == before
