"""Issue 35 §5, shown to work: an open table of each of our games, every seat left open,
filled by three strangers who find it on the open tables page, ask for a seat on its page
and confirm by replying to the email that asks them; the game played to its end by replies
(alone, but for the long Origins: First Builders: :data:`REPLY_EVERY`), with talk to the
table in two languages (one of it hostile markup), words to one player alone and a private
note; then a rematch proposed and confirmed by replies. Every email and page read on the
way is checked: hostile talk and names escaped in every HTML part and page, the private
words reaching their one player and never the third seat (its emails, pages, the API, the
published log), the note its own player's alone, and the log verifying, stored and
downloaded."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import pytest
from sqlalchemy import select

from service.audit import checks
from service.cli.commands import main
from service.links import urls
from service.play import opentables, rematch, takeout
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow
from tests.e2e.test_full_game_by_replies import _bot_code, _latest_offer
from tests.helpers import html_of, path, play_now, text_of
from tests.service.replying import deliver, reply_message
from tests.service.test_open_tables import ask, state_of
from tests.whole_games import GAMES, _pages_of

STRANGERS = [  # (address, name, language), in the order they take their seats
    ("ann.e2e@example.net", "Ann", "en"),
    ("olena.e2e@example.net", "Олена", "uk"),
    ("bob.e2e@example.net", '<b>Bob</b>&"x"', "ja"),
]
ANN, OLENA, BOB = (a for a, _n, _l in STRANGERS)
HOSTILE_NAME = STRANGERS[2][1]
RAW_NAME = "<b>Bob</b>"

HOSTILE_TALK = 'say <script>alert(1)</script> & "hi"'
RAW_TALK = "<script>alert(1)"
ESCAPED_TALK = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;hi&#34;"
UKRAINIAN = ("сказати привіт усім", "привіт усім")
JAPANESE = ("言う こんにちは皆さん", "こんにちは皆さん")
SECRET = "secret words"
NOTE = "note: river tiles <i>last</i> zz-notekept"
NOTE_MARK = "zz-notekept"

TALK_AT = {2: "hostile", 4: "japanese", 6: "private", 8: "ukrainian", 10: "note"}
"""At which decision (counted from the game's first) each thing is said by reply."""
PAGES_AT = 12
PAGES_EVERY = 100
"""The pages every player's newest email links to are read once all is said (at decision
``PAGES_AT``), then every ``PAGES_EVERY`` decisions, and at the end: reading them is most
of a long game's time."""
REPLY_EVERY = {"origins-first-builders": 10}
"""A game too long to play in a minute by replies alone (some 550 decisions at three
seats): after the talk and the note, one decision in so many is a reply, the others made as
a link makes them (``_move_by_link``, as ``tests/whole_games.py`` plays between its
replies), their emails sent before the next reply. Every decision by reply took 117 s (a
quiet machine) to 190 s (a loaded one); this, 23 s quiet and 54 s loaded."""
STEPS = 3000


@dataclass
class Seen:
    """Every page read, with the address of the player whose link it is (None: a public
    page), and every API answer and log downloaded."""

    pages: list[tuple[str | None, str, str]] = field(default_factory=list)
    api: list[tuple[str, str]] = field(default_factory=list)


def _seats(settings, game_id: str) -> dict[str, str]:
    """Address -> seat id."""
    with sessions(settings.database_url)() as s:
        return {x.email: x.seat for x in eventstore.load(s, game_id).row.seats}


def _seat_pages(settings, game_id: str) -> dict[str, str]:
    """Address -> its seat page, as a path."""
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return {x.email: path(urls.seat_url(settings, loaded, x.seat)) for x in loaded.row.seats}


def _fetch(client, seen: Seen, reader: str | None, url: str) -> str:
    answer = client.get(url)
    if answer.status_code != 200:
        return ""
    body = answer.get_data(as_text=True)
    if url.startswith("/api/") or url.endswith(".jsonl"):
        seen.api.append((url, body))
    else:
        seen.pages.append((reader, url, body))
    return body


def _read_pages(client, settings, smtp, seen: Seen, game_id: str) -> None:
    """The public pages and API answers, and the pages each player's newest email links to."""
    for url in (
        f"/games/{game_id}",
        f"/games/{game_id}/history?all=1",
        f"/api/games/{game_id}",
        f"/api/games/{game_id}?lang=ja",
    ):
        _fetch(client, seen, None, url)
    for address in _seats(settings, game_id):
        mail = smtp.to(address)
        if mail:
            for url in sorted(_pages_of(mail[-1])):
                _fetch(client, seen, address, url)


def _reply(settings, smtp, address: str, body: str):
    row, _ = deliver(settings, reply_message(_latest_offer(smtp, address), body))
    return row


def _open_and_fill(client, settings, smtp, work, game: str) -> str:
    made = client.post("/api/games", json={"game": game, "players": [], "open_seats": 3})
    assert made.status_code == 201, made.get_data(as_text=True)
    table_id = made.get_json()["id"]
    assert len(made.get_json()["invitations"]) == 3
    work()
    assert not smtp.messages, "an open table of strangers emails nobody at its opening"
    listing = client.get("/tables").get_data(as_text=True)
    link = re.search(rf'href="(/tables/{table_id})"', listing)
    assert link, "the table is on the open tables page"
    for address, name, language in STRANGERS:
        assert client.get(link.group(1)).status_code == 200
        assert ask(client, table_id, address, name, language).status_code == 200
    work()
    for address, _name, _language in STRANGERS:
        assert state_of(settings, table_id) == opentables.OPEN, "the last reply starts it"
        asked = smtp.to(address)[-1]
        assert str(asked["Reply-To"]).startswith("table+")
        row, _ = deliver(settings, reply_message(asked, "yes\n"))
        assert row.outcome == "took the seat", row.outcome
    assert state_of(settings, table_id) == opentables.STARTED
    work()
    assert list(_seats(settings, table_id)) == [ANN, OLENA, BOB], "seated in the order taken"
    return table_id


def _say(settings, smtp, what: str) -> None:
    name_of = {a: n for a, n, _l in STRANGERS}
    bodies = {
        "hostile": (ANN, HOSTILE_TALK),
        "japanese": (BOB, JAPANESE[0]),
        "ukrainian": (OLENA, UKRAINIAN[0]),
        "private": (ANN, f"to {name_of[OLENA]}: {SECRET}"),
        "note": (OLENA, NOTE),
    }
    address, body = bodies[what]
    row = _reply(settings, smtp, address, body + "\n")
    assert row.outcome == "command", (what, row.outcome, row.answer)


def _move_by_link(settings, game_id: str) -> bool:
    """The acting seat's bot move, made as a link's POST makes it; False once the game is
    over (``tests/whole_games.py``'s way between its replies)."""
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        acting = sorted(loaded.game.to_act(loaded.state))
        if loaded.row.over or not acting:
            return False
        move = loaded.game.bot_move(loaded.state, acting[0])
        play_now(s, game_id, acting[0], move, loaded.turn_seq)
    return True


def _play_by_replies(client, settings, smtp, work, game: str, game_id: str, seen: Seen) -> int:
    """The game to its end, each decision a reply with the bot's code to the seat's newest
    email (after the talk, only one in ``REPLY_EVERY[game]``: the others as links make
    them, their emails sent at the next reply); the replies applied."""
    every = REPLY_EVERY.get(game, 1)
    applied = decisions = 0
    pending = dict(TALK_AT)
    read_at = PAGES_AT
    for _ in range(STEPS):
        if decisions in pending:
            _say(settings, smtp, pending.pop(decisions))
            work()
        if decisions > PAGES_AT and decisions % every:
            if not _move_by_link(settings, game_id):
                break
            decisions += 1
            continue
        work()
        seat, address, code = _bot_code(settings, game_id)
        if seat is None:
            break
        row = _reply(settings, smtp, address, f"{code}\n")
        assert row.outcome in ("applied", "refused: code"), (row.outcome, row.answer)
        if row.outcome == "applied":
            applied += 1
            decisions += 1
        work()
        if decisions >= read_at:
            _read_pages(client, settings, smtp, seen, game_id)
            read_at = decisions + PAGES_EVERY
    else:
        pytest.fail(f"game {game_id} did not end within {STEPS} replies")
    work()
    assert not pending, f"the game ended before {pending} was said"
    assert applied >= 10
    return applied


def _rematch(settings, smtp, work, game_id: str) -> str:
    proposal = [m for m in smtp.to(ANN) if "Or reply rematch to this email." in text_of(m)]
    assert proposal, "the last email offers a rematch by reply"
    row, _ = deliver(settings, reply_message(proposal[-1], "rematch\n"))
    assert row.outcome == "command", (row.outcome, row.answer)
    work()
    for address, word in ((OLENA, "так\n"), (BOB, "再戦\n")):
        row, _ = deliver(settings, reply_message(smtp.to(address)[-1], word))
        assert row.outcome == "command", (address, row.outcome, row.answer)
    work()
    with sessions(settings.database_url)() as s:
        found = rematch.of(s, game_id)
        assert found is not None and found.new_game_id is not None
        new_id = found.new_game_id
        new = eventstore.load(s, new_id)
        assert [x.email for x in new.row.seats] == [OLENA, BOB, ANN], "the seats turned by one"
    return new_id


def _said_seqs(settings, game_id: str) -> dict[str, int]:
    with sessions(settings.database_url)() as s:
        rows = s.scalars(
            select(EventRow)
            .where(EventRow.game_id == game_id, EventRow.type == "table.said")
            .order_by(EventRow.seq)
        )
        return {("private" if r.payload.get("to") else f"public{r.seq}"): r.seq for r in rows}


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_an_open_table_of_strangers_plays_talks_and_rematches_by_replies(
    app, client, settings, smtp, work, tmp_path, game
):
    table_id = _open_and_fill(client, settings, smtp, work, game)
    seen = Seen()
    _play_by_replies(client, settings, smtp, work, game, table_id, seen)
    with sessions(settings.database_url)() as s:
        assert eventstore.load(s, table_id).row.over
    # The talk, seat by seat: who said what, to whom.
    seqs = _said_seqs(settings, table_id)
    assert len(seqs) == 4, seqs
    private = seqs["private"]
    seat_of = _seats(settings, table_id)
    # The history shows a page of events, the newest first: each saying's page is read.
    pages = [f"?before={n + 1}" for n in seqs.values()]
    views = ["", *pages, "?all=1", *(f"{p}&all=1" for p in pages)]
    for view in views:
        _fetch(client, seen, None, f"/games/{table_id}/history{view}")
    for n in seqs.values():
        _fetch(client, seen, None, f"/games/{table_id}/replay/{n}")
    for address, page in _seat_pages(settings, table_id).items():
        _fetch(client, seen, address, page)
        for view in views:
            _fetch(client, seen, address, f"{page}/history{view}")
        _fetch(client, seen, address, f"{page}/replay/{private}")
        seat = seat_of[address]
        _fetch(client, seen, None, f"/games/{table_id}/replay/{private}?seat={seat}")
    _read_pages(client, settings, smtp, seen, table_id)
    log = client.get(f"/games/{table_id}/log.jsonl")
    assert log.status_code == 200
    seen.api.append((f"/games/{table_id}/log.jsonl", log.get_data(as_text=True)))

    new_id = _rematch(settings, smtp, work, table_id)
    new_page = client.get(f"/games/{new_id}").get_data(as_text=True)
    assert f'href="/games/{table_id}"' in new_page, "the rematch links to the old game"
    assert client.get(f"/api/games/{new_id}").get_json()["rematch_of"] == table_id
    assert client.get(f"/api/games/{table_id}").get_json()["rematch"] == new_id
    _read_pages(client, settings, smtp, seen, new_id)
    _read_pages(client, settings, smtp, seen, table_id)

    _exports(app, settings, table_id, seen)
    _check_escaping(smtp, seen)
    _check_private_talk(smtp, seen)
    _check_note(smtp, seen)
    _check_public_talk(smtp, seen)
    _check_log(app, settings, table_id, tmp_path, seen)


def _exports(app, settings, game_id: str, seen: Seen) -> None:
    """The game's export (``pbem export``, secrets left out) and the third seat's data
    download (``/me/data``'s document), among the answers read; the other downloads."""
    exported = app.test_cli_runner().invoke(main, ["export", game_id])
    assert exported.exit_code == 0, exported.output
    seen.api.append((f"pbem export {game_id}", exported.stdout))
    with sessions(settings.database_url)() as s:
        third = json.dumps(takeout.everything(s, settings, BOB), default=str)
        speaker = json.dumps(takeout.everything(s, settings, ANN), default=str)
        own = json.dumps(takeout.everything(s, settings, OLENA), default=str)
    seen.api.append((f"/me/data of {BOB}", third))
    assert NOTE_MARK not in speaker and NOTE_MARK in own, "the note: its keeper's download"


def _check_escaping(smtp, seen: Seen) -> None:
    htmls = [(f"email to {m['To']}", html_of(m)) for m in smtp.messages]
    pages = [(url, body) for _seat, url, body in seen.pages]
    for where, markup in htmls + pages:
        assert RAW_TALK not in markup, f"talk unescaped in {where}"
        assert RAW_NAME not in markup, f"a name unescaped in {where}"
    assert any(ESCAPED_TALK in body for _w, body in pages), "the talk is shown, escaped"
    assert any(ESCAPED_TALK in markup for _w, markup in htmls), "and emailed, escaped"
    assert any("&lt;b&gt;Bob&lt;/b&gt;" in body for _w, body in pages)
    for url, body in seen.api:
        lines = body.splitlines() if url.endswith(".jsonl") or url.startswith("pbem ") else [body]
        for line in lines:
            json.loads(line)  # the text is data in JSON, whatever it holds
    api = [json.loads(b) for u, b in seen.api if u.startswith("/api/games/")]
    assert any(HOSTILE_NAME in [p.get("name") for p in answer["players"]] for answer in api), (
        "the name is data"
    )


def _check_private_talk(smtp, seen: Seen) -> None:
    to_third = [text_of(m) + html_of(m) for m in smtp.to(BOB)]
    assert to_third and not any(SECRET in mail for mail in to_third), "the third seat's email"
    assert any(SECRET in text_of(m) for m in smtp.to(OLENA)), "the one player told hears it"
    for reader, url, body in seen.pages:
        if reader in (None, BOB):
            assert SECRET not in body, f"private words on {url} ({reader or 'public'})"
    assert any(SECRET in body for reader, _u, body in seen.pages if reader == OLENA)
    for url, body in seen.api:
        assert SECRET not in body, f"private words in {url}"


def _check_note(smtp, seen: Seen) -> None:
    assert any(NOTE_MARK in text_of(m) for m in smtp.to(OLENA)), "the keeper's emails"
    assert any(
        "&lt;i&gt;last&lt;/i&gt;" in html_of(m) for m in smtp.to(OLENA) if NOTE_MARK in html_of(m)
    )
    for address in (ANN, BOB):
        assert not any(NOTE_MARK in text_of(m) + html_of(m) for m in smtp.to(address))
    for reader, url, body in seen.pages:
        if reader != OLENA:
            assert NOTE_MARK not in body, f"the note on {url} ({reader or 'public'})"
    assert any(NOTE_MARK in body for reader, _u, body in seen.pages if reader == OLENA)
    for url, body in seen.api:
        assert NOTE_MARK not in body, f"the note in {url}"


def _check_public_talk(smtp, seen: Seen) -> None:
    history = [body for reader, url, body in seen.pages if reader is None and "/history" in url]
    for words in (UKRAINIAN[1], JAPANESE[1], ESCAPED_TALK):
        assert any(words in page for page in history), words
    (log,) = [body for url, body in seen.api if url.endswith("log.jsonl")]
    kept = [json.loads(line).get("words", {}).get("text") for line in log.splitlines()[1:]]
    assert {UKRAINIAN[1], JAPANESE[1], HOSTILE_TALK[4:]} <= set(kept), kept
    # Each other player heard what was said to the table, in an email.
    assert any(JAPANESE[1] in text_of(m) for m in smtp.to(ANN))
    assert any(UKRAINIAN[1] in text_of(m) for m in smtp.to(BOB))


def _check_log(app, settings, game_id: str, tmp_path, seen: Seen) -> None:
    with sessions(settings.database_url)() as s:
        log = checks.from_store(s, game_id)
        report = checks.verify(log)
        assert report.ok, report
        assert checks.kept_words(s, game_id, log) == []
    runner = app.test_cli_runner()
    stored = runner.invoke(main, ["verify", game_id])
    assert stored.exit_code == 0, stored.output
    (published,) = [body for url, body in seen.api if url.endswith("log.jsonl")]
    file = tmp_path / f"{game_id}.jsonl"
    file.write_text(published)
    downloaded = runner.invoke(main, ["verify", str(file)])
    assert downloaded.exit_code == 0, downloaded.output
    assert "signature: ok" in downloaded.output and "complete" in downloaded.output
