"""A player's name is their own text, never markup (issue 14, part 1): on every page, in
every part of every email and in every API answer, a name full of tags reads as those
characters and does nothing. And a name cannot hide behind invisible characters."""

from __future__ import annotations

import json
from email.headerregistry import Address
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest

from engine import registry
from tests.helpers import URL, html_of, page_options, path, text_of
from tests.service.hostile import ledger, turn_link

pytestmark = pytest.mark.hostile

HOSTILE = [
    "<b id=x>\"'&</b>",
    "<a href=//evil.test/ data-pwn>click</a>",
    '<meta http-equiv=refresh content="0;url=//evil.test/">',
    '<form method=post><button name=move value=\'{"type":"evolve"}\' '
    "style=position:fixed;inset:0;opacity:0 data-pwn>x</button></form>",
]
"""Names that, spliced into a page as markup, would add an element, follow a link, redirect
a spectator, or make a victim's click a move they did not choose."""


class Elements(HTMLParser):
    """Every start tag of a document, with its attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    handle_startendtag = handle_starttag


def assert_inert(document: str, where: str) -> None:
    """No element a hostile name would have made exists in ``document``, and the names'
    tags appear only escaped."""
    parser = Elements()
    parser.feed(document)
    for tag, attrs in parser.tags:
        assert attrs.get("id") != "x", f"{where}: a name became <{tag} id=x>"
        assert "data-pwn" not in attrs, f"{where}: a name became an element <{tag}>"
        assert "evil.test" not in (attrs.get("href") or ""), f"{where}: a name became a link"
        assert tag != "meta" or "http-equiv" not in attrs, f"{where}: a name redirects"
    for raw in (
        "<b id=x>",
        "<a href=//evil.test/",
        "<meta http-equiv",
        "<button name=move value='",
    ):
        assert raw not in document, f"{where}: {raw!r} unescaped"
    # srcdoc frames hold a document of their own, escaped once more: read that one too
    for tag, attrs in parser.tags:
        if tag == "iframe" and attrs.get("srcdoc"):
            assert_inert(attrs["srcdoc"] or "", f"{where} (frame)")


def players_for(game_name: str) -> list[dict[str, str]]:
    game = registry.get(game_name)
    count = max(game.min_players, min(game.max_players, 3))
    names = HOSTILE[:count] if count > 1 else HOSTILE[:1]
    return [{"email": f"p{i}@example.org", "name": n} for i, n in enumerate(names, 1)]


def play(client, settings, game_id: str, decisions: int) -> int:
    """Take up to ``decisions`` decisions from the deciding seats' links, first option each."""
    made = 0
    while made < decisions:
        state = client.get(f"/api/games/{game_id}").get_json()
        if state["over"] or not state["to_act"]:
            break
        _, link = turn_link(settings, game_id)
        page = client.get(link).get_data(as_text=True)
        options = page_options(page)
        if not options:
            break
        answer = client.post(link, data={"move": options[0]})
        assert answer.status_code == 303, answer.get_data(as_text=True)
        made += 1
    return made


def urls_of(message) -> set[str]:
    return set(URL.findall(text_of(message))) | set(URL.findall(html_of(message)))


@pytest.mark.parametrize("game_name", sorted(registry.GAMES))
def test_names_full_of_markup_appear_only_escaped_on_every_surface(
    game_name, client, smtp, work, settings
):
    players = players_for(game_name)
    created = client.post("/api/games", json={"game": game_name, "players": players, "options": {}})
    assert created.status_code == 201, created.get_data(as_text=True)
    game_id = created.get_json()["id"]
    work()
    assert play(client, settings, game_id, 6) > 0
    work()

    # every email: the HTML part is inert, the text part and the headers keep the name as
    # the player wrote it
    assert smtp.messages
    by_address = {p["email"]: p["name"] for p in players}
    links: set[str] = set()
    for message in smtp.messages:
        (to,) = message["To"].addresses
        assert isinstance(to, Address) and to.display_name == by_address[to.addr_spec]
        assert_inert(html_of(message), f"email {message['Subject']!r}")
        links |= urls_of(message)

    # every page the emails lead to, and the public ones
    step_count = client.get(f"/api/games/{game_id}").get_json()["seq"]
    pages = {path(u) for u in links if urlsplit(u).netloc == urlsplit(settings.base_url).netloc}
    pages |= {
        "/",
        f"/games/{game_id}",
        f"/games/{game_id}/history",
        *(f"/games/{game_id}/replay/{n}" for n in range(1, step_count + 1)),
    }
    pages |= {p + "/history" for p in pages if p.startswith("/seat/") and p.count("/") == 2}
    shown = ""
    for page in sorted(pages):
        response = client.get(page)
        assert response.status_code < 500, page
        body = response.get_data(as_text=True)
        if response.mimetype == "text/html":
            assert_inert(body, page)
            shown += body
    assert "&lt;b id=x&gt;" in shown, "the pages do show the names, escaped"

    # the API gives the names back as the players wrote them, as JSON
    answer = client.get(f"/api/games/{game_id}")
    assert answer.mimetype == "application/json"
    names = [p["name"] for p in answer.get_json()["players"]]
    assert names == [p["name"] for p in players]


@pytest.mark.parametrize(
    "hidden",
    ["\u202e", "\u202a", "\u2066", "\u2069", "\u200b", "\u200d", "\ufeff", "\u2060", "\u3164"],
)
def test_a_name_with_an_invisible_or_direction_changing_character_is_refused(
    hidden, client, settings
):
    before = ledger(settings)
    players = [
        {"email": "ann@example.org", "name": f"Ann{hidden}nnA"},
        {"email": "bob@example.org", "name": "Bob"},
    ]
    answer = client.post("/api/games", json={"game": "tictactoe", "players": players})
    assert answer.status_code == 400
    message = answer.get_json()["message"]
    assert "invisible or direction-changing" in message
    assert f"U+{ord(hidden):04X}" in message
    assert ledger(settings) == before, "a refused game writes nothing"


def test_names_in_every_script_with_accents_and_spaces_are_welcome(client):
    players = [
        {"email": "hanako@example.org", "name": "田中 花子"},
        {"email": "olena@example.org", "name": "Олена Коваленко"},
        {"email": "jose@example.org", "name": "José Núñez"},
    ]
    answer = client.post("/api/games", json={"game": "origin", "players": players})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    shown = client.get(f"/api/games/{answer.get_json()['id']}").get_json()["players"]
    assert [p["name"] for p in shown] == ["田中 花子", "Олена Коваленко", "José Núñez"]


def test_the_json_of_a_game_never_turns_a_name_into_html(client):
    players = [{"email": "a@example.org", "name": HOSTILE[0]}, "b@example.org"]
    answer = client.post("/api/games", json={"game": "tictactoe", "players": players})
    game = client.get(f"/api/games/{answer.get_json()['id']}")
    assert game.headers["Content-Type"].startswith("application/json")
    assert json.loads(game.get_data(as_text=True))["players"][0]["name"] == HOSTILE[0]


def test_the_demo_mailbox_shows_an_email_in_a_sandbox_that_runs_nothing(settings, tmp_path):
    import mailbox
    from dataclasses import replace
    from email.message import EmailMessage

    from service import create_app

    box = mailbox.Maildir(str(tmp_path / "mail"), create=True)
    message = EmailMessage()
    message["Subject"] = "<b id=x>subject</b>"
    message["To"] = "ann@example.org"
    message.set_content("plain <b id=x>")
    message.add_alternative(
        "<p>hi</p><script>alert(1)</script><a href=//evil.test/ data-pwn>x</a>", subtype="html"
    )
    key = box.add(message)
    client = create_app(replace(settings, mailbox_dir=str(tmp_path / "mail"))).test_client()

    listing = client.get("/mailbox/").get_data(as_text=True)
    assert "&lt;b id=x&gt;subject" in listing and "<b id=x>" not in listing
    page = client.get(f"/mailbox/{key}").get_data(as_text=True)
    parser = Elements()
    parser.feed(page)
    frames = [attrs for tag, attrs in parser.tags if tag == "iframe"]
    assert len(frames) == 1
    sandbox = (frames[0].get("sandbox") or "").split()
    assert "allow-scripts" not in sandbox and "allow-same-origin" not in sandbox
    assert "<script>alert(1)</script>" in (frames[0].get("srcdoc") or "")
    outside = [(tag, attrs) for tag, attrs in parser.tags if tag != "iframe"]
    live = [t for t, a in outside if "data-pwn" in a or a.get("id") == "x"]
    assert not live and not [a for t, a in outside if t == "script" and "nonce" not in a]
