"""Reading emails back and following their links, as a player would."""

from __future__ import annotations

import html
import itertools
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

URL = re.compile(r"https?://[^\s<>\"']+")


def text_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None, "every email has a plain-text part"
    return part.get_content()


def html_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("html",))
    assert part is not None, "every email has an HTML part"
    return part.get_content()


def headline(message: EmailMessage) -> str:
    """What an email says in a few words (issue 20): the first line of its text part, the
    same words as its HTML part's hidden preheader. The subject names only the game."""
    return text_of(message).splitlines()[0]


CODED = re.compile(r"^\[[0-9a-z]+\] ")


def option_links(message: EmailMessage) -> list[tuple[str, str]]:
    """``[(label, url)]`` of the one-click options in an email's text part."""
    lines = text_of(message).splitlines()
    found = []
    for label_line, url_line in itertools.pairwise(lines):
        if label_line.startswith("  * ") and URL.fullmatch(url_line.strip()):
            # "  * [3b] label": the option's reply code first (issue 18)
            label = CODED.sub("", label_line[4:], count=1).strip()
            found.append((label, url_line.strip()))
    return found


def path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def act_token(url: str) -> str:
    return urlsplit(url).path.split("/act/", 1)[1].split("/")[0]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(_NoRedirect)


def http(
    method: str, url: str, form: dict[str, str] | None = None, json_body: object = None
) -> tuple[int, dict[str, str], str]:
    """One real HTTP request, redirects not followed: ``(status, headers, body)``."""
    data, headers = None, {}
    if json_body is not None:
        data, headers = json.dumps(json_body).encode(), {"Content-Type": "application/json"}
    elif form is not None or method == "POST":
        data = urllib.parse.urlencode(form or {}).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with _opener.open(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read().decode()


def csrf_token(page: str) -> str:
    """The CSRF token of the form on ``page`` (the new-game form carries one)."""
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found, "the page has a form with a CSRF token"
    return found.group(1)


def refusal(page: str) -> str:
    """The sentence an error page gives (its ``role="alert"`` paragraph), as a reader sees it."""
    found = re.search(r'<p class="error" role="alert">(.*?)</p>', page, re.S)
    assert found, "the page is an error page"
    return " ".join(html.unescape(found.group(1)).split())


def submit_new_game(client, form: dict[str, object]):
    """Fill in the home page's new-game form and send it, as a browser does."""
    token = csrf_token(client.get("/").get_data(as_text=True))
    return client.post("/games", data={**form, "csrf_token": token})


def page_options(page: str) -> list[str]:
    """The moves offered by the buttons of a decision page."""
    return [html.unescape(v) for v in re.findall(r'name="move" value="([^"]+)"', page)]


def create_over_http(
    base: str, game: str, players: list[str], options: dict[str, object] | None = None
) -> str:
    status, _, body = http(
        "POST",
        f"{base}/api/games",
        json_body={"game": game, "players": players, "options": options or {}},
    )
    assert status == 201, body
    return json.loads(body)["id"]


def public_state(base: str, game_id: str) -> dict[str, object]:
    return json.loads(http("GET", f"{base}/api/games/{game_id}")[2])


def rest_of_turn(url: str, page: str, choose) -> int:
    """Take every decision the page offers in turn (a turn of several decisions is one
    visit, no email in between); returns how many were made."""
    made = 0
    while page_options(page) and "Nothing to decide" not in page:
        status, headers, answer = http("POST", url, form={"move": choose(page_options(page))})
        assert status == 303, answer
        made += 1
        url = headers["Location"]
        status, _, page = http("GET", url)
        assert status == 200, page
    return made


def query_plan(database_url: str, query: Any) -> str:
    """How the database would run ``query``: PostgreSQL's EXPLAIN with sequential scans
    discouraged (a small test table would otherwise be scanned whatever its indexes), or
    SQLite's EXPLAIN QUERY PLAN."""
    from sqlalchemy import text

    from service.store.db import engine_for

    engine = engine_for(database_url)
    with engine.connect() as conn:
        compiled = str(query.compile(engine, compile_kwargs={"literal_binds": True}))
        if engine.dialect.name == "postgresql":
            conn.execute(text("SET enable_seqscan = off"))
            return "\n".join(r[0] for r in conn.execute(text(f"EXPLAIN {compiled}")))
        rows = conn.execute(text(f"EXPLAIN QUERY PLAN {compiled}"))
        return "\n".join(str(r[-1]) for r in rows)


def play_now(session, game_id: str, seat: str, move, turn_seq: int, *args, **kwargs):
    """``seat``'s ``move`` in the decision it has now (named by the game's ``turn_seq``, as a
    bot's move is), with no link: how a test plays on (:func:`service.play.moves.make_move`,
    whose further arguments follow)."""
    from service.links.decisions import Named
    from service.play.moves import make_move

    return make_move(session, game_id, seat, Named.by_turn(turn_seq), move, None, *args, **kwargs)


def play_to_the_end(database_url: str, game_id: str) -> None:
    """Each seat to act plays its first legal move until the game is over."""
    from service.store import eventstore
    from service.store.db import sessions

    while True:
        with sessions(database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            if loaded.row.over:
                return
            seat = sorted(loaded.game.to_act(loaded.state))[0]
            move = loaded.game.legal_moves(loaded.state, seat)[0]
            play_now(s, game_id, seat, move, loaded.turn_seq, 10)
