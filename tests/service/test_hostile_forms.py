"""Hostile input in every form field and query parameter (issue 14, part 3).

Each field gets hostile values (huge numbers, NUL, lone surrogates and bytes that are not
UTF-8, very long strings, JSON arrays where a word is expected, JSON nested deeply or
naming a key twice, the field repeated) and must answer exactly as documented: the field's
4xx with the page saying what was wrong, and **nothing written** (every row of every table
compared, so the game's log, its ``last_seq`` and the outbox among them), or, for the few
fields documented as lenient, the usual page. A 5xx, an error in the log, a refusal that
wrote something or a page that does not say why all fail.

Values are sent percent-encoded by hand (``%ED%A0%80`` is a lone surrogate in UTF-8: no
Python string can be encoded to it), so each request carries exactly the bytes an attacker
would send.
"""

from __future__ import annotations

import html
import json
import logging
import mailbox
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from email.message import EmailMessage
from functools import cached_property
from typing import Any
from urllib.parse import quote_plus

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.config import Settings
from service.links import tokens
from service.web import strictjson
from tests.helpers import csrf_token
from tests.service.hostile import contents, new_game, overdue_game, roomy_client, turn_link

pytestmark = pytest.mark.hostile
FORM = "application/x-www-form-urlencoded"


def encoded(text: str) -> bytes:
    return quote_plus(text).encode("ascii")


def twice(pairs: dict[str, int]) -> bytes:
    """A JSON object naming its first key twice."""
    body = json.dumps(pairs)
    key = json.dumps(next(iter(pairs)))
    return encoded(body[:-1] + f", {key}: 0}}")


HOSTILE_TEXT = [
    "9" * 5000,
    "-" + "9" * 40,
    "18446744073709551616",
    "1e999",
    "-1e999",
    "1" + "0" * 400,
    "NaN",
    "Infinity",
    "\x00",
    "1\x00",
    "2026-03-02\x00",
    '["p1"]',
    "[]",
    "[1, 2]",
    '{"type": "place", "type": "place"}',
    '"\\ud800"',
    '{"x": "\\udfff"}',
    "\u0663",  # ARABIC-INDIC DIGIT THREE: int() reads it
    "\u00b2",  # SUPERSCRIPT TWO: str.isdigit() says yes
    "\uff11\uff12",  # FULLWIDTH 12
    "1_0",  # int() reads it as 10
]
NOT_UTF8 = [b"%ED%A0%80", b"a%ED%B0%80b", b"%C0%80", b"%FF%FE", b"%00"]
"""A lone surrogate, an overlong NUL and bytes no UTF-8 text has, as a client sends them."""

hostile = st.one_of(
    st.sampled_from(HOSTILE_TEXT).map(encoded),
    st.sampled_from(NOT_UTF8),
    st.integers(20, 5000).map(lambda n: encoded("9" * n)),
    st.tuples(st.text(max_size=20), st.text(max_size=20)).map(
        lambda t: encoded(t[0] + "\x00" + t[1])
    ),
    st.integers(20_000, 60_000).map(lambda n: b"a" * n),
    st.integers(33, 5000).map(lambda n: encoded("[" * n + "]" * n)),
    st.lists(st.text(max_size=8), max_size=4).map(lambda xs: encoded(json.dumps(xs))),
    st.dictionaries(st.text(max_size=5), st.integers(), min_size=1, max_size=3).map(twice),
)
controls = st.tuples(
    st.text(max_size=20), st.sampled_from(["\x00", "\r", "\n", "\x1b", "\x7f", "\u2028"])
).map(lambda t: encoded(t[0] + t[1]))
"""What a name may not hold (an email header would break): it is refused, not trimmed."""


class Scene:
    """The games and links the fields are attacked through, built once per test (refused
    requests change nothing, so every example meets the same scene)."""

    def __init__(self, settings: Settings, client: Any, work: Callable[[], None]) -> None:
        self.settings, self.client, self.work = settings, client, work
        self.secret = settings.secret_key
        self.game_id = new_game(client)
        _, self.act = turn_link(settings, self.game_id)
        deciding = client.get(f"/api/games/{self.game_id}").get_json()["to_act"][0]
        self.waiting = "p2" if deciding == "p1" else "p1"

    def seat(self, seat: str, game_id: str | None = None) -> str:
        return f"/seat/{tokens.seat_token(self.secret, game_id or self.game_id, seat)}"

    @cached_property
    def csrf(self) -> str:
        return csrf_token(self.client.get("/").get_data(as_text=True))

    @cached_property
    def person(self) -> str:
        return f"/settings/{tokens.person_token(self.secret, 'ann@example.org')}"

    @cached_property
    def unsubscribe(self) -> str:
        return f"/unsubscribe/{tokens.unsubscribe_token(self.secret, self.game_id, 'p1')}"

    @cached_property
    def voter(self) -> str:
        """The seat page of a player asked to vote: the other player let a deadline pass."""
        game_id, voter = overdue_game(self.client, self.settings, self.work)
        page = self.seat(voter, game_id)
        assert 'name="ballot" value="1"' in self.client.get(page).get_data(as_text=True)
        return page

    @cached_property
    def answerer(self) -> str:
        """The seat page of a player asked to approve the other's takeback."""
        game_id = new_game(self.client)
        seat, link = turn_link(self.settings, game_id, move={"type": "place", "cell": 4})
        assert self.client.post(link).status_code == 303
        assert self.client.post(self.seat(seat, game_id) + "/takeback").status_code == 303
        return self.seat("p2" if seat == "p1" else "p1", game_id)

    @cached_property
    def mailbox(self) -> str:
        box = mailbox.Maildir(self.settings.mailbox_dir, create=True)
        message = EmailMessage()
        message["To"], message["Subject"] = "ann@example.org", "Your turn"
        message.set_content("Play on.")
        box.add(message)
        return "/mailbox/"


@dataclass(frozen=True)
class Field:
    """One field of one form or page, and what a hostile value in it must answer."""

    label: str
    name: str
    path: Callable[[Scene], str]
    status: int
    says: str
    """A pattern the page must show: the message saying what was wrong."""
    method: str = "POST"
    base: Callable[[Scene], dict[str, str]] = lambda scene: {}
    """The other fields, valid, so the hostile one is what is refused."""
    values: st.SearchStrategy[bytes] = field(default=hostile)
    writes: bool = False
    """Documented to act on any value (one-click unsubscribe)."""


def new_game_form(scene: Scene) -> dict[str, str]:
    return {"csrf_token": scene.csrf, "game": "tictactoe"}


PLAYERS = [("player", "ann@example.org"), ("player", "bob@example.org")]
TOMORROW = (datetime.now() + timedelta(days=1)).date().isoformat()
REPLACE = {"ballot": "1", "choice": "replace"}

FIELDS = [
    Field("act move", "move", lambda s: s.act, 400, r"That choice could not be read: it "),
    Field(
        "new game options",
        "options",
        lambda s: "/games",
        400,
        r"Options must be a JSON object, for example \{\}",
        base=new_game_form,
    ),
    Field("new game name", "game", lambda s: "/games", 404, r"Unknown game ", base=new_game_form),
    Field("new game player", "player", lambda s: "/games", 400, r"Player \d: ", base=new_game_form),
    *(
        Field(
            f"new game {name}",
            name,
            lambda s: "/games",
            400,
            rf"Pace: {name.replace('_', ' ')} must be a whole number\.",
            base=new_game_form,
        )
        for name in ("days", "remind_after_hours", "remind_every_hours")
    ),
    Field(
        "new game time zone",
        "timezone",
        lambda s: "/games",
        400,
        r"Unknown time zone ['\"]",
        base=new_game_form,
    ),
    Field(
        "settings digest hour",
        "hour",
        lambda s: s.person,
        400,
        r"The digest hour runs from 0 to 23 \(UTC\)\.",
        base=lambda s: {"notify": "digest"},
    ),
    Field(
        "settings notify",
        "notify",
        lambda s: s.person,
        400,
        r"Choose one of: each, digest, none, channels\.",
    ),
    Field(
        "vote ballot",
        "ballot",
        lambda s: s.seat("p1") + "/vote",
        400,
        r"This vote form is incomplete\.",
        base=lambda s: {"choice": "wait"},
    ),
    Field(
        "vote choice",
        "choice",
        lambda s: s.voter + "/vote",
        400,
        r"Choose one of: wait, bot, replace, end\.",
        base=lambda s: {"ballot": "1"},
    ),
    Field(
        "vote newcomer's address",
        "email",
        lambda s: s.voter + "/vote",
        400,
        r"is not an email address we can send to",
        base=lambda s: {**REPLACE, "name": "Cy"},
    ),
    Field(
        "vote newcomer's name",
        "name",
        lambda s: s.voter + "/vote",
        400,
        r"A name cannot contain line breaks or control characters\.",
        base=lambda s: {**REPLACE, "email": "cy@example.org"},
        values=controls,
    ),
    Field(
        "nudge seat",
        "seat",
        lambda s: s.seat(s.waiting) + "/nudge",
        404,
        r"Game \w+ has no seat ['\"]",
    ),
    Field(
        "away first day",
        "first",
        lambda s: s.seat("p1") + "/away",
        400,
        r"Give the first and last days away as dates\.",
        base=lambda s: {"last": TOMORROW},
    ),
    Field(
        "away last day",
        "last",
        lambda s: s.seat("p1") + "/away",
        400,
        r"Give the first and last days away as dates\.",
        base=lambda s: {"first": TOMORROW},
    ),
    Field(
        "takeback answer",
        "answer",
        lambda s: s.answerer + "/takeback",
        400,
        r"Answer the takeback request with Approve or Refuse\.",
    ),
    Field(
        "plan form kind",
        "kind",
        lambda s: s.seat("p1") + "/plans",
        400,
        r"This plan form is incomplete\.",
        base=lambda s: {"standing": "single"},
    ),
    Field(
        "plan standing order",
        "standing",
        lambda s: s.seat("p1") + "/plans",
        400,
        r"This game offers no such plan\.",
        base=lambda s: {"kind": "standing"},
    ),
    Field(
        "plan list choice",
        "choice",
        lambda s: s.seat("p1") + "/plans",
        422,
        r"Choose the plan's options among those listed\.",
        base=lambda s: {"kind": "list"},
    ),
    Field(
        "plan to cancel",
        "plan",
        lambda s: s.seat("p1") + "/plans/cancel",
        400,
        r"Name the plan to cancel by its number, or all of them\.",
    ),
    Field(
        "unsubscribe resubscribe",
        "resubscribe",
        lambda s: s.unsubscribe,
        200,
        r"Done: you will get no more email about this game\.",
        writes=True,
    ),
    *(
        Field(
            f"{where} history page",
            "before",
            path,
            400,
            r"A page of the history starts before an event: give its number\.",
            method="GET",
        )
        for where, path in (
            ("public", lambda s: f"/games/{s.game_id}/history"),
            ("seat", lambda s: s.seat("p1") + "/history"),
        )
    ),
    *(
        Field(
            f"{where} history turn",
            "turn",
            path,
            400,
            r"The turn must be a whole number \(0 is the opening\)\.",
            method="GET",
        )
        for where, path in (
            ("public", lambda s: f"/games/{s.game_id}/history"),
            ("seat", lambda s: s.seat("p1") + "/history"),
        )
    ),
    *(
        Field(
            f"{where} history seat", "seat", path, 400, r"Game \w+ has no seat ['\"]", method="GET"
        )
        for where, path in (
            ("public", lambda s: f"/games/{s.game_id}/history"),
            ("seat", lambda s: s.seat("p1") + "/history"),
        )
    ),
    *(
        Field(
            f"{where} replay jump",
            "n",
            path,
            400,
            r"Give the number of an event to jump to\.",
            method="GET",
        )
        for where, path in (
            ("public", lambda s: f"/games/{s.game_id}/replay"),
            ("seat", lambda s: s.seat("p1") + "/replay"),
        )
    ),
    Field(
        "history everything (lenient)",
        "all",
        lambda s: f"/games/{s.game_id}/history",
        200,
        r"<h1>History</h1>",
        method="GET",
    ),
    Field(
        "new game declared option (tic-tac-toe marks per turn)",
        "opt.tictactoe.marks_per_turn",
        lambda s: "/games",
        400,
        r"Choose one of the values listed\.|Tic-tac-toe is played by 2 players",
        base=lambda s: {**new_game_form(s), "player": "ann@example.org"},
    ),
    Field(
        "home page of games (lenient)",
        "before",
        lambda s: "/",
        200,
        r"Watch a game",
        method="GET",
    ),
    Field(
        "history quiet (lenient)",
        "quiet",
        lambda s: f"/games/{s.game_id}/history",
        200,
        r"<h1>History</h1>",
        method="GET",
    ),
    Field(
        "replay view (lenient)",
        "seat",
        lambda s: f"/games/{s.game_id}/replay/1",
        200,
        r"<h1>Event 1 of ",
        method="GET",
    ),
    Field(
        "game page created (lenient)",
        "created",
        lambda s: f"/games/{s.game_id}",
        200,
        r"to play</h1>",
        method="GET",
    ),
    Field(
        "seat page vote (lenient)",
        "vote",
        lambda s: s.seat("p1"),
        200,
        r"<h1>Your seat</h1>",
        method="GET",
    ),
    Field(
        "mailbox filter (lenient)",
        "to",
        lambda s: s.mailbox,
        200,
        r"<h1>Mailbox</h1>",
        method="GET",
    ),
]


@pytest.fixture
def scene(settings, work, tmp_path, caplog):
    settings = replace(settings, mailbox_dir=str(tmp_path / "mail"))
    caplog.set_level(logging.WARNING)
    return Scene(settings, roomy_client(settings), work)


def attack(scene: Scene, spec: Field, value: bytes, repeated: bool, caplog: Any) -> None:
    """Send ``value`` in ``spec``'s field (then, if ``repeated``, a harmless second copy of
    the field: the first one counts) and check the answer against the documented one."""
    others = {k: v for k, v in spec.base(scene).items() if k != spec.name}
    base = b"&".join(encoded(k) + b"=" + encoded(v) for k, v in others.items())
    if spec.label.startswith("new game"):
        base += b"".join(b"&" + encoded(k) + b"=" + encoded(v) for k, v in PLAYERS)
    name = encoded(spec.name)
    fields = b"&".join(filter(None, [base, name + b"=" + value]))
    if repeated:
        fields += b"&" + name + b"=1"
    path = spec.path(scene)
    before = contents(scene.settings)
    if spec.method == "GET":
        response = scene.client.get(path, query_string=fields.decode("ascii"))
    else:
        response = scene.client.post(path, data=fields, content_type=FORM)
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == spec.status, (spec.label, value[:80], page[:600])
    assert re.search(spec.says, page), (spec.label, value[:80], page[:600])
    if path == "/games":
        assert 'name="options"' in page, "the new-game form again, as it was filled in"
    if not spec.writes:
        assert contents(scene.settings) == before, f"{spec.label}: a refused request wrote"
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors


@pytest.mark.parametrize("spec", FIELDS, ids=[f.label for f in FIELDS])
@given(data=st.data(), repeated=st.booleans())
def test_every_form_field_and_query_parameter_answers_hostile_input_as_documented(
    scene, caplog, spec, data, repeated
):
    attack(scene, spec, data.draw(spec.values), repeated, caplog)


def test_every_field_the_app_reads_is_attacked_above():
    """A new form field must join FIELDS: the names read by the views are listed here."""
    attacked = {f.name for f in FIELDS}
    read = {"move", "options", "game", "player", "days", "remind_after_hours"}
    read |= {"remind_every_hours", "timezone", "hour", "notify", "ballot", "choice", "email"}
    read |= {"name", "seat", "first", "last", "answer", "resubscribe", "turn", "n", "quiet"}
    read |= {"created", "vote", "to", "all", "opt.tictactoe.marks_per_turn", "before"}
    read |= {"kind", "standing", "plan"}  # issue 38: the seat page's plans ahead
    assert read <= attacked, read - attacked


# --- the same strict JSON everywhere ----------------------------------------------------

REFUSED_JSON = {
    "33 deep": ("[" * 33 + "]" * 33, f"is nested more than {strictjson.MAX_DEPTH} levels deep"),
    "5000 deep": ("[" * 5000 + "]" * 5000, f"is nested more than {strictjson.MAX_DEPTH} levels"),
    "5000 digits": ("1" * 5000, f"holds an integer longer than {strictjson.MAX_INT_DIGITS} digits"),
    "21 digits": ('{"x": -123456789012345678901}', "holds an integer longer than"),
    "1e999": ('{"x": 1e999}', "holds a number too large to read"),
    "NaN": ('{"x": NaN}', "holds NaN, which is not a JSON number"),
    "-Infinity": ('{"x": -Infinity}', "holds -Infinity, which is not a JSON number"),
    "a key twice": ('{"type": "place", "type": "place"}', "names 'type' twice in one object"),
    "lone surrogate": ('{"x": "\\ud800"}', "holds a lone surrogate"),
    "lone surrogate key": ('{"\\udfff": 1}', "holds a lone surrogate"),
    "cut short": ('{"x": 1', "is not JSON ("),
}


@pytest.mark.parametrize(("text", "reason"), REFUSED_JSON.values(), ids=REFUSED_JSON.keys())
def test_the_api_the_move_and_the_options_refuse_the_same_json_saying_why(
    scene, caplog, text, reason
):
    """One reader (``service/web/strictjson.py``) for the API's body and every JSON field."""
    before = contents(scene.settings)
    api = scene.client.post("/api/games", data=text, content_type="application/json")
    assert api.status_code == 400
    assert reason in api.get_json()["message"], api.get_json()
    move = scene.client.post(scene.act, data={"move": text})
    assert move.status_code == 400
    assert f"That choice could not be read: it {reason}" in html.unescape(move.get_data(True))
    options = scene.client.post(
        "/games", data={**new_game_form(scene), "player": [p for _, p in PLAYERS], "options": text}
    )
    assert options.status_code == 400
    assert reason in html.unescape(options.get_data(as_text=True))
    assert contents(scene.settings) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


EXPLAINED = {
    "move": "That choice could not be read",
    "options": "Options must be a JSON object, for example {}",
}


@pytest.mark.parametrize("target", ["move", "options"])
def test_a_json_field_nested_50000_deep_or_sent_raw_is_a_400_not_a_server_error(scene, target):
    """The issue's reports, byte for byte: brackets sent raw in the form body (a browser
    would encode them; ``curl --data`` does not), too long for any JSON field."""
    path = scene.act if target == "move" else "/games"
    base = b"" if target == "move" else b"game=tictactoe&player=a@x.org&player=b@x.org&"
    if target == "options":
        base += b"csrf_token=" + scene.csrf.encode() + b"&"
    before = contents(scene.settings)
    for raw in (b"[" * 50_000 + b"]" * 50_000, b"1" * 5000):
        body = base + target.encode() + b"=" + raw
        response = scene.client.post(path, data=body, content_type=FORM)
        assert response.status_code == 400, raw[:10]
        page = html.unescape(response.get_data(as_text=True))
        assert EXPLAINED[target] in page, raw[:10]
    assert contents(scene.settings) == before


def test_json_that_is_strict_enough_is_read_as_before():
    value = strictjson.parse('{"a": [1, -2, 3.5, "\\ud83d\\ude00", null, true], "b": {}}')
    assert value == {"a": [1, -2, 3.5, "\U0001f600", None, True], "b": {}}
    deepest = "[" * strictjson.MAX_DEPTH + "]" * strictjson.MAX_DEPTH
    assert strictjson.parse(deepest) is not None
    assert strictjson.parse(str(2**63 - 1)) == 2**63 - 1


def test_the_browser_session_still_reads_its_cookie_through_the_strict_reader(scene):
    """Flask's session is tagged JSON read by the app's JSON provider: the CSRF token of
    the new-game form lives in it, so a created game proves the session was read back."""
    response = scene.client.post(
        "/games", data={**new_game_form(scene), "player": [p for _, p in PLAYERS]}
    )
    assert response.status_code == 303


# --- what the mailbox stores is hostile too ---------------------------------------------


def test_the_mailbox_lists_and_shows_a_stored_message_whatever_its_headers_say(scene):
    """The embedded SMTP server stores whatever anyone sends it."""
    box = mailbox.Maildir(scene.settings.mailbox_dir, create=True)
    dates = [b"not a date", b"Mon, 99 Foo 99999 99:99:99 +9999", b"\x00", b"\xff\xfe"]
    dates += [b"Mon, 2 Mar 2026 09:00:00 -0000", b"Mon, 2 Mar 2026 09:00:00 +0100"]
    for date in dates:
        headers = b"To: =?utf-8?b?7aCA?= <x@y>, , \x00\r\n"
        headers += b"Subject: \x00 =?x-unknown?q?zz?= \xed\xa0\x80\r\nDate: " + date + b"\r\n"
        box.add(headers + b"Content-Type: text/plain; charset=x-nonesuch\r\n\r\nbody \xff\r\n")
    index = scene.client.get("/mailbox/")
    assert index.status_code == 200
    keys = re.findall(r'href="/mailbox/([^"?]+)"', index.get_data(as_text=True))
    assert len(keys) == len(dates)
    for key in keys:
        assert scene.client.get(f"/mailbox/{key}").status_code == 200


@given(key=hostile)
def test_a_mailbox_key_of_any_shape_is_a_404_saying_so(scene, key):
    scene.mailbox  # noqa: B018 (the mailbox exists)
    response = scene.client.get("/mailbox/" + key.decode("ascii"))
    assert response.status_code == 404
    assert re.search(r"No such message|not found", response.get_data(as_text=True))


@pytest.mark.parametrize("length", [255, 256, 10_000])
def test_a_time_zone_name_of_any_length_is_an_unknown_zone_in_the_form_and_the_api(scene, length):
    zone = "x" * length
    before = contents(scene.settings)
    body = {"game": "tictactoe", "players": [p for _, p in PLAYERS], "pace": {"timezone": zone}}
    api = scene.client.post("/api/games", json=body)
    assert api.status_code == 400
    assert api.get_json()["message"] == f"Unknown time zone {zone[:40]!r}."
    form = {**new_game_form(scene), "player": body["players"], "timezone": zone}
    page = scene.client.post("/games", data=form)
    assert page.status_code == 400 and "Unknown time zone" in page.get_data(as_text=True)
    assert contents(scene.settings) == before
