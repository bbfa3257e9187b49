"""Names and addresses in every script reach the inbox intact (issue 17): a subject or a
display name in Cyrillic, Japanese or accented Latin keeps its spaces when a mail client
decodes it as RFC 2047 says (the space between two encoded words is not text), and an
internationalised address is accepted and delivered (IDNA domain on the envelope, SMTPUTF8
for a local part in another script)."""

from __future__ import annotations

import re
from email.header import decode_header, make_header

import pytest

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

NAMES = ["田中 花子", "Олена Коваленко", "José Núñez"]


def header(raw: bytes, name: str) -> str:
    """Header ``name`` of a raw message, unfolded and decoded strictly, as a mail client
    reads it."""
    head = raw.split(b"\r\n\r\n", 1)[0].decode("utf-8")
    unfolded = re.sub(r"\r\n[ \t]", " ", head)
    (value,) = [
        line.split(": ", 1)[1] for line in unfolded.split("\r\n") if line.startswith(f"{name}: ")
    ]
    return str(make_header(decode_header(value)))


@pytest.mark.parametrize("game", ["origin", "orichalk", "origins-first-builders"])
def test_every_subject_and_display_name_keeps_its_spaces_in_a_mail_client(client, smtp, work, game):
    players = [f"{name} <p{i}@example.org>" for i, name in enumerate(NAMES)]
    response = client.post("/api/games", json={"game": game, "players": players[:3]})
    if response.status_code == 400:  # a two-player-only game: the first two
        response = client.post("/api/games", json={"game": game, "players": players[:2]})
    assert response.status_code == 201, response.get_data(as_text=True)
    work()
    assert smtp.raw
    for raw in smtp.raw:
        to, subject = header(raw, "To"), header(raw, "Subject")
        assert any(to.startswith(f"{name} <") for name in NAMES), to
        for name in NAMES:  # a name in the subject is whole, or not there at all
            assert name.replace(" ", "") not in subject, subject


@pytest.mark.parametrize("name", [f"{name} {name}" for name in NAMES])
def test_a_subject_naming_a_player_keeps_every_space_of_the_name(client, smtp, work, name):
    """The game's subject names its players (issue 20), a long name cut short: what it shows
    of each name is the name's own beginning, every space kept."""
    for prefix in ("", "A longer name, " * 3):
        smtp.clear()
        players = [f"{prefix}{name} <{seat}@example.org>" for seat in ("first", "second")]
        response = client.post("/api/games", json={"game": "tictactoe", "players": players})
        assert response.status_code == 201
        game_id = response.get_json()["id"]
        work()
        subjects = {header(raw, "Subject") for raw in smtp.raw}
        assert len(subjects) == 1, subjects
        (subject,) = subjects
        title, names = subject.split(" · ", 1)
        assert title == f"Tic-tac-toe #{game_id}"
        shown = names.removesuffix("…").split(", ")[0].removesuffix("…")
        assert len(shown) >= 8 and f"{prefix}{name}".startswith(shown), subject


def test_internationalised_addresses_are_accepted_and_delivered(client, smtp, work):
    players = ["Имя <имя@пример.рф>", "Jörg <jörg@bücher.de>"]
    response = client.post("/api/games", json={"game": "tictactoe", "players": players})
    assert response.status_code == 201, response.get_data(as_text=True)
    seats = client.get(f"/api/games/{response.get_json()['id']}").get_json()["players"]
    assert sorted(p["name"] for p in seats) == ["Jörg", "Имя"]
    work()
    envelopes = {tuple(rcpts): options for rcpts, options in smtp.envelopes}
    assert ("jörg@xn--bcher-kva.de",) in envelopes, "the domain in punycode"
    assert "SMTPUTF8" in envelopes[("имя@xn--e1afmkfd.xn--p1ai",)], "a local part in Cyrillic"


@pytest.mark.parametrize(
    "address", ["a@b", "ann@localhost", "x..y@example.org", "ann@exa mple.org", "@example.org"]
)
def test_an_address_nobody_can_send_to_is_still_refused(client, address):
    players = [f"Ann <{address}>", "Bob <bob@example.org>"]
    response = client.post("/api/games", json={"game": "tictactoe", "players": players})
    assert response.status_code == 400
    assert "is not an email address we can send to" in response.get_json()["message"]
