"""Import (issue 5): an exported log becomes a new game here that replays identically and
goes on by email; a file that does not verify is refused, naming the event."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import func, select

from engine import registry
from service.audit import checks as audit
from service.cli.commands import main
from service.play.moves import create_game, make_move
from service.store import eventstore
from service.store.db import sessions
from service.store.models import GameRow
from tests.golden import corpus
from tests.helpers import option_links
from tests.service.test_eventstore import play
from tests.service.test_verify import HEADER_EDITS, export

FIELDS = ("seq", "seat", "recorded_at", "type", "payload", "move", "prev_hash", "hash")


def run(app, *args):
    return app.test_cli_runner().invoke(main, [str(a) for a in args])


def complete_game(settings, name: str, seed: int = 5) -> str:
    """A game of ``name`` played to its end through the service, choosing at random."""
    game = registry.get(name)
    players = [f"player{i}@example.org" for i in range(1, game.min_players + 1)]
    rng = random.Random(seed)
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, name, players).loaded.row.id
    while True:
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            if not acting:
                return game_id
            seat = rng.choice(acting)
            move = rng.choice(loaded.game.legal_moves(loaded.state, seat))
            make_move(s, game_id, seat, loaded.turn_seq, move, None, settings.snapshot_every)


def imported(app, path, *players: str) -> dict:
    args = ["import", path]
    for p in players:
        args += ["--player", p]
    result = run(app, *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output.splitlines()[-1])


def events(settings, game_id: str) -> list[tuple]:
    with sessions(settings.database_url)() as s:
        return [tuple(getattr(e, f) for f in FIELDS) for e in eventstore.events_of(s, game_id)]


def games(settings) -> int:
    with sessions(settings.database_url)() as s:
        return s.scalar(select(func.count()).select_from(GameRow))


@pytest.mark.parametrize("name", sorted(registry.GAMES))
def test_an_exported_game_imports_as_a_new_game_that_replays_identically(
    app, settings, tmp_path, name
):
    original = complete_game(settings, name)
    seats = [f"p{i}" for i in range(1, registry.get(name).min_players + 1)]
    new = imported(
        app, export(app, original, tmp_path), *(f"{s}=New {s} <{s}@new.example.org>" for s in seats)
    )
    assert new["id"] != original and new["imported_from"] == original
    assert events(settings, new["id"]) == events(settings, original), "same events, same hashes"
    with sessions(settings.database_url)() as s:
        before, after = eventstore.load(s, original), eventstore.load(s, new["id"])
        assert after.state == before.state and after.row.over
        assert after.row.created_at == before.row.created_at, "its day of birth moves with it"
        assert after.game.outcome(after.state) == before.game.outcome(before.state)
        assert audit.verify(audit.from_store(s, new["id"])).ok
        assert [(x.seat, x.email) for x in after.row.seats] == [
            (seat, f"{seat}@new.example.org") for seat in seats
        ]
    assert new["invited"] == 0, "a finished game has nobody to invite"


def test_an_unfinished_game_moves_with_its_secrets_and_goes_on_by_email(
    app, client, settings, smtp, work, tmp_path
):
    original = play(settings, 3)
    path = tmp_path / "moving.jsonl"
    result = run(app, "export", original, "--with-secrets")
    head = json.loads(result.output.splitlines()[0])
    assert head["seed"] and head["emails"] == {"p1": "ann@example.org", "p2": "bob@example.org"}
    path.write_text(result.output)
    work()
    smtp.clear()
    new = imported(app, path)
    assert new["invited"] == 2
    moved = events(settings, new["id"])
    assert moved[: len(events(settings, original))] == events(settings, original)
    assert moved[-1][3] == "table.resumed" and moved[-1][4]["imported_from"] == original
    work()
    assert sorted(m["To"] for m in smtp.messages) == [
        "ann <ann@example.org>",
        "bob <bob@example.org>",
    ]
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, new["id"])
        (seat,) = loaded.game.to_act(loaded.state)
        seq = loaded.seq
    address = {"p1": "ann@example.org", "p2": "bob@example.org"}[seat]
    (invitation,) = smtp.to(address)
    label, url = option_links(invitation)[0]
    assert "/act/" in url and label
    answer = client.post(url.replace(settings.base_url, ""))
    assert answer.status_code == 303, answer.get_data(as_text=True)
    with sessions(settings.database_url)() as s:
        assert eventstore.load(s, new["id"]).seq > seq, "the game went on here"
        assert audit.verify(audit.from_store(s, new["id"])).ok


def test_an_unfinished_game_exported_without_its_seed_is_refused(app, settings, tmp_path):
    path = export(app, play(settings, 3), tmp_path)
    before = games(settings)
    result = run(app, "import", path, "--player", "p1=a@x.org", "--player", "p2=b@x.org")
    assert result.exit_code == 1
    assert "no seed" in result.output and "--with-secrets" in result.output
    assert games(settings) == before


@pytest.mark.parametrize(
    ("edit", "event"),
    [
        (lambda lines: lines[5]["payload"].update(extra=1), 5),
        (lambda lines: lines.pop(4), 4),
    ],
    ids=["a changed payload", "a removed event"],
)
def test_a_tampered_file_is_refused_naming_the_event_and_nothing_is_created(
    app, settings, tmp_path, edit, event
):
    original = play(settings, 20)
    path = export(app, original, tmp_path, edit)
    before = games(settings)
    result = run(app, "import", path, "--player", "p1=a@x.org", "--player", "p2=b@x.org")
    assert result.exit_code == 1
    assert "does not verify" in result.output and f"event {event}" in result.output
    assert games(settings) == before


def test_a_seat_the_game_does_not_have_is_refused(app, settings, tmp_path):
    path = export(app, play(settings, 20), tmp_path)
    result = run(app, "import", path, "--player", "p3=c@x.org")
    assert result.exit_code == 1 and "no seat 'p3'" in result.output
    missing = run(app, "import", path, "--player", "p1=a@x.org")
    assert missing.exit_code == 1 and "No address for seat p2" in missing.output


@pytest.mark.parametrize("path", corpus.logs(), ids=[p.stem for p in corpus.logs()])
def test_every_golden_game_imports_with_the_same_chain_and_end(app, settings, path):
    log = corpus.read(path)
    seats = log.header["seats"]
    new = imported(app, path, *(f"{s}={s}@example.net" for s in seats))
    moved = events(settings, new["id"])
    assert [e[-1] for e in moved] == [e.hash for e in log.events]
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, new["id"])
        final = loaded.game.outcome(loaded.state)
    expected = json.loads(corpus.expected_path(path).read_text())["outcome"]
    assert {"scores": final["scores"], "ranking": final["ranking"]} == expected


@pytest.mark.parametrize("field", sorted(HEADER_EDITS))
def test_a_file_whose_header_was_edited_is_refused_and_nothing_is_created(
    app, settings, tmp_path, field
):
    path = export(app, play(settings, 20), tmp_path, lambda lines: HEADER_EDITS[field](lines[0]))
    before = games(settings)
    result = run(app, "import", path, "--player", "p1=a@x.org", "--player", "p2=b@x.org")
    assert result.exit_code == 1, result.output
    assert "event 1" in result.output, result.output
    assert games(settings) == before


def test_a_player_given_by_address_alone_keeps_the_name_the_file_gives_the_seat(
    app, settings, tmp_path
):
    original = complete_game(settings, "tictactoe")
    with sessions(settings.database_url)() as s:
        names = [seat.name for seat in eventstore.get_row(s, original).seats]
    new = imported(
        app, export(app, original, tmp_path), "p1=new1@example.org", "p2=Zoe <new2@example.org>"
    )
    with sessions(settings.database_url)() as s:
        seats = [(x.email, x.name) for x in eventstore.get_row(s, new["id"]).seats]
    assert seats == [("new1@example.org", names[0]), ("new2@example.org", "Zoe")]
