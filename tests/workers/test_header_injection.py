"""Header injection (issue 11): whatever names and addresses a client sends, no CR or LF
reaches an email header. Checked on the bytes the test SMTP server received."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from email.utils import getaddresses

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from service import create_app
from service.errors import BadRequest
from service.mail.smtp import envelope
from service.play.games import BLANKS, BREAKS, INVISIBLE, check_email, person_name
from tests.fixtures import ServerLikeClient
from tests.service.hostile import ledger

pytestmark = pytest.mark.hostile
HEADERS = {
    "from",
    "to",
    "subject",
    "date",
    "message-id",
    "in-reply-to",
    "references",
    "reply-to",
    "list-id",
    "list-unsubscribe",
    "list-unsubscribe-post",
    "auto-submitted",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
}
"""Every header our emails have: anything else in a received message was injected."""

breaks = st.sampled_from(["\r", "\n", "\r\n", "\x85", "\u2028", "\u2029", "\x0b", "\x0c", "\x00"])
specials = st.text(alphabet=st.sampled_from(list("Ann Bob,;:<>\"'()[]\\@=?._-éß漢😀")), max_size=40)


def header_lines(raw: bytes) -> list[tuple[str, str]]:
    """The unfolded header fields of a message as sent, ``(name, value)``."""
    head = raw.split(b"\r\n\r\n", 1)[0] if b"\r\n\r\n" in raw else raw.split(b"\n\n", 1)[0]
    fields: list[list[str]] = []
    for line in re.split(rb"\r?\n", head):
        text = line.decode("ascii")  # headers on the wire are ASCII (RFC 2047 words)
        if text[:1] in {" ", "\t"}:
            fields[-1][1] += text
        else:
            name, _, value = text.partition(":")
            fields.append([name, value])
    return [(name, value) for name, value in fields]


@pytest.fixture
def api(settings):
    app = create_app(replace(settings, create_limit="10000/minute"))
    app.test_client_class = ServerLikeClient
    return app.test_client()


@given(before=specials, line_break=breaks, after=specials, form=st.sampled_from(["dict", "text"]))
def test_a_name_with_a_line_break_is_refused_with_a_400_and_nothing_written(
    api, settings, before, line_break, after, form
):
    assume(before.strip() and after.strip())  # breaks around a name are trimmed away
    name = before + line_break + after
    player = (
        {"email": "ann@example.org", "name": name}
        if form == "dict"
        else f"{name} <ann@example.org>"
    )
    written = ledger(settings)
    response = api.post(
        "/api/games", json={"game": "tictactoe", "players": [player, "bob@example.org"]}
    )
    assert response.status_code == 400
    assert response.get_json()["error"] == "Bad request"
    assert ledger(settings) == written


@given(email=st.text(max_size=40).map(lambda s: s + "@example.org") | specials, line=breaks)
def test_an_address_with_a_line_break_space_or_control_character_is_refused(api, email, line):
    """Any script is welcome (issue 17: ``имя@пример.рф``), but nothing that could end a
    header or hide in one; on the envelope the domain is punycode."""
    for candidate in (email, email.replace("@", line + "@", 1), email + line + "Bcc: x@y.org"):
        try:
            accepted = check_email(candidate)
        except BadRequest:
            continue
        assert accepted.isprintable() and not any(c.isspace() for c in accepted), accepted
        assert envelope(accepted).rpartition("@")[2].isascii()


@given(name=st.text(max_size=200))
def test_a_display_name_is_refused_or_free_of_every_line_break_and_control(name):
    try:
        cleaned = person_name(name)
    except BadRequest:
        refused = BREAKS | INVISIBLE
        assert any(unicodedata.category(c) in refused or c in BLANKS for c in name)
        return
    assert len(cleaned) <= 120
    assert bool(cleaned) == bool(name.split()), "blank only when nothing but spaces was given"
    assert not any(unicodedata.category(c) in BREAKS | INVISIBLE for c in cleaned)


@given(ann=specials, bob=specials)
def test_names_with_any_punctuation_reach_the_emails_only_as_their_own_display_names(
    api, regulars, smtp, work, ann, bob
):
    assume(ann.strip() and bob.strip())
    smtp.clear()
    players = [
        {"email": "ann@example.org", "name": ann},
        {"email": "bob@example.org", "name": bob},
    ]
    response = api.post("/api/games", json={"game": "tictactoe", "players": players})
    assert response.status_code == 201, response.get_json()
    work()
    assert len(smtp.raw) == 2
    expected = {
        "ann@example.org": " ".join(ann.split())[:120],
        "bob@example.org": " ".join(bob.split())[:120],
    }
    for raw, message in zip(smtp.raw, smtp.messages, strict=True):
        fields = header_lines(raw)
        assert {name.lower() for name, _ in fields} <= HEADERS, fields
        assert [name.lower() for name, _ in fields].count("to") == 1
        assert not any("\r" in value or "\n" in value for _, value in fields)
        (name, address), *others = getaddresses([str(message["To"])])
        assert not others, message["To"]
        # RFC 2047 drops the space between two encoded words, which Python's folding of a
        # long non-ASCII name may leave there: the name is the same but for such spaces.
        assert expected[address].replace(" ", "") == name.replace(" ", "")
