"""Import (issue 5): an exported log becomes a new game here that replays identically and
goes on by email; a file that does not verify is refused, naming the event."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from freezegun import freeze_time
from sqlalchemy import func, select

from engine import registry
from service.audit import checks as audit
from service.audit import importer
from service.cli.commands import main
from service.play.games import create_game
from service.store import eventstore, hashchain, upcast
from service.store.db import sessions
from service.store.models import EVENT_SCHEMA_VERSION, EventRow, GameRow
from tests.golden import corpus
from tests.helpers import option_links, play_now
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
            play_now(s, game_id, seat, move, loaded.turn_seq, settings.snapshot_every)


def imported(app, path, *players: str, allow: tuple[str, ...] = ()) -> dict:
    args = ["import", path, *allow]
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
    assert new["events"] == len(events(settings, original))
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
    assert sorted(m["To"] for m in smtp.messages) == ["ann@example.org", "bob@example.org"]
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


def test_a_file_from_a_newer_server_is_refused_not_read_as_todays_schema(app, settings, tmp_path):
    """An event recorded under a schema this server does not know yet could mean something
    else than today's: the import refuses it, naming the event, and creates nothing."""

    def newer(lines):
        lines[4]["schema_version"] = EVENT_SCHEMA_VERSION + 1

    path = export(app, play(settings, 20), tmp_path, newer)
    before = games(settings)
    result = run(app, "import", path, "--player", "p1=a@x.org", "--player", "p2=b@x.org")
    assert result.exit_code == 1
    assert (
        "The file does not verify: event 4: the engine cannot apply it (ValueError('tictactoe "
        f"events of schema version {EVENT_SCHEMA_VERSION + 1} are newer than this server reads "
        f"(up to {EVENT_SCHEMA_VERSION})'))." in result.output
    ), result.output
    assert games(settings) == before


def test_a_seat_the_game_does_not_have_is_refused(app, settings, tmp_path):
    path = export(app, play(settings, 20), tmp_path)
    result = run(app, "import", path, "--player", "p3=c@x.org")
    assert result.exit_code == 1 and "no seat 'p3'" in result.output
    missing = run(app, "import", path, "--player", "p1=a@x.org")
    assert missing.exit_code == 1
    assert (
        "No address for seat p2: give --player p2='Name <email>' (or import a file exported "
        "with --with-secrets)." in " ".join(missing.output.split())
    )


@pytest.mark.parametrize("path", corpus.logs(), ids=[p.stem for p in corpus.logs()])
def test_every_golden_game_imports_with_the_same_chain_and_end(app, settings, path):
    log = corpus.read(path)
    seats = log.header["seats"]
    # Recorded before exports were signed.
    new = imported(app, path, *(f"{s}={s}@example.net" for s in seats), allow=("--allow-unsigned",))
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


def test_a_private_export_moves_each_players_own_name_with_their_address(app, settings, tmp_path):
    with sessions(settings.database_url).begin() as s:
        players = ["Ann Lee <ann@example.org>", "Bob Ray <bob@example.org>"]
        original = create_game(s, "tictactoe", players).loaded.row.id
    path = tmp_path / "private.jsonl"
    path.write_text(run(app, "export", original, "--with-secrets").output)
    new = imported(app, path)
    with sessions(settings.database_url)() as s:
        seats = [(x.name, x.email) for x in eventstore.get_row(s, new["id"]).seats]
    assert seats == [("Ann Lee", "ann@example.org"), ("Bob Ray", "bob@example.org")]


UNSIGNED_TOO = importer.Acceptance(
    Ed25519PrivateKey.generate().public_key(), "this server's own key", allow_unsigned=True
)
"""Takes the golden corpus's files, recorded before exports were signed."""


def test_import_refuses_a_game_this_server_does_not_serve_and_a_file_without_its_seed(
    settings,
):
    lines = corpus.logs()[0].read_text().splitlines()
    head = json.loads(lines[0])
    unknown = audit.from_file_lines([json.dumps({**head, "game": "chess"}), *lines[1:]])
    seedless = audit.from_file_lines([json.dumps({**head, "seed": None}), *lines[1:]])
    with sessions(settings.database_url).begin() as s:
        with pytest.raises(importer.Refused) as refused:
            importer.import_log(s, unknown, {}, 50, acceptance=UNSIGNED_TOO)
        assert refused.value.message.startswith("This server does not serve 'chess': ")
        with pytest.raises(importer.Refused) as refused:
            importer.import_log(s, seedless, {}, 50, acceptance=UNSIGNED_TOO)
        assert refused.value.message == (
            "The file carries no seed, so the game could not go on with the chance it "
            "committed to. Export it again with --with-secrets."
        )
        other_seed = audit.from_file_lines([json.dumps({**head, "seed": "00" * 32}), *lines[1:]])
        with pytest.raises(importer.Refused) as refused:
            importer.import_log(s, other_seed, {}, 50, acceptance=UNSIGNED_TOO)
        assert refused.value.message == "event 1: the seed does not match the game's commitment."
        unsigned = audit.from_file_lines(lines)
        with pytest.raises(importer.Refused) as refused:
            importer.import_log(
                s, unsigned, {}, 50, acceptance=replace(UNSIGNED_TOO, allow_unsigned=False)
            )
        assert refused.value.message.startswith("The file is not signed: nothing shows where")
        empty = audit.from_file_lines(lines[:1])
        with pytest.raises(importer.Refused) as refused:
            importer.import_log(s, empty, {}, 50, acceptance=UNSIGNED_TOO)
        assert refused.value.message.startswith("The file does not verify: "), "no opening"


def test_import_names_every_failure_of_a_file_that_does_not_verify(settings):
    lines = corpus.logs()[0].read_text().splitlines()
    events = [json.loads(line) for line in lines[1:]]
    for n in (3, 5):
        events[n]["hash"] = "0" * 64
    log = audit.from_file_lines([lines[0], *(json.dumps(e) for e in events)])
    failures = audit.verify(log).failures
    assert len(failures) >= 2
    with sessions(settings.database_url).begin() as s, pytest.raises(importer.Refused) as refused:
        importer.import_log(s, log, {}, 50, acceptance=UNSIGNED_TOO)
    assert refused.value.message == "The file does not verify: " + "; ".join(failures) + "."


def test_an_export_writes_every_line_with_its_keys_in_order(app, settings, tmp_path):
    """Byte-stable files: the same game exports to the same bytes, and two exports diff
    line by line."""
    path = export(app, play(settings, 4), tmp_path)
    for line in path.read_text().splitlines():
        keys = list(json.loads(line))
        assert keys == sorted(keys), line[:80]


def test_an_event_recorded_under_an_older_schema_imports_as_recorded_and_reads_as_today(
    app, settings, tmp_path, monkeypatch
):
    """DESIGN.md §4: stored rows are never rewritten. A file from a server that recorded an
    event under an older schema imports with that event as it was recorded (its version
    kept, so the chain holds) and is read through the game's upcaster, like the original."""

    def renamed(payload):
        payload = dict(payload)
        payload["cell"] = payload.pop("square")
        return payload

    monkeypatch.setitem(upcast.UPCASTERS, ("tictactoe", 0), renamed)
    bystander = play(settings, 3, seed=4)
    original = play(settings, 3)
    with sessions(settings.database_url).begin() as s:
        row = eventstore.get_row(s, original)
        rows = eventstore.events_of(s, original)
        old = next(e for e in rows if e.type == "mark_placed")
        payload = dict(old.payload)
        payload["square"] = payload.pop("cell")
        old.payload, old.schema_version = payload, 0
        prev = rows[0].prev_hash
        for e in rows:  # the chain as that older server made it
            e.prev_hash = prev
            e.hash = prev = hashchain.event_hash(
                prev, e.seq, e.seat, e.recorded_at, e.payload, e.move
            )
        row.head_hash = prev
    eventstore.forget_states()
    path = tmp_path / "older.jsonl"
    path.write_text(run(app, "export", original, "--with-secrets").output)
    new = imported(app, path)
    with sessions(settings.database_url)() as s:
        versions = {
            game: {e.seq: e.schema_version for e in eventstore.events_of(s, game)}
            for game in (new["id"], bystander)
        }
        assert versions[new["id"]] == {
            e.seq: (0 if e.seq == old.seq else EVENT_SCHEMA_VERSION) for e in rows
        } | {max(versions[new["id"]]): EVENT_SCHEMA_VERSION}, "the import's own resumption last"
        assert set(versions[bystander].values()) == {EVENT_SCHEMA_VERSION}
        stored = s.scalar(
            select(EventRow.payload).where(EventRow.game_id == new["id"], EventRow.seq == old.seq)
        )
        assert stored == payload, "kept as recorded"
        before, after = eventstore.load(s, original), eventstore.load(s, new["id"])
        assert after.state == before.state
        assert audit.verify(audit.from_store(s, new["id"])).ok


def test_a_file_from_before_games_kept_their_creation_date_imports_as_created_now(
    app, settings, tmp_path
):
    original = complete_game(settings, "tictactoe")

    def older(lines):
        del lines[0]["created_at"], lines[0]["signature"]

    with freeze_time("2026-05-01 10:00:00"):
        new = imported(
            app,
            export(app, original, tmp_path, edit=older),
            *("p1=a@x.org", "p2=b@x.org"),
            allow=("--allow-unsigned",),
        )
    with sessions(settings.database_url)() as s:
        assert eventstore.get_row(s, new["id"]).created_at == datetime(
            2026, 5, 1, 10, 0, tzinfo=UTC
        )


def test_an_imported_unfinished_game_is_loaded_from_its_resumption_not_its_first_event(
    app, settings, tmp_path
):
    """The import writes a snapshot where the game resumes: however long the log it brought,
    a cold load reads no event of it."""
    from tests.service.test_history_pages import event_rows_loaded, long_game

    original = long_game(settings, eventstore.CATCH_UP + 6)
    path = tmp_path / "long.jsonl"
    path.write_text(run(app, "export", original, "--with-secrets").output)
    new = imported(app, path)
    eventstore.forget_states()
    with sessions(settings.database_url)() as s:
        with event_rows_loaded() as read:
            loaded = eventstore.load(s, new["id"])
        assert loaded.state == eventstore.load_from_start(s, loaded.row, loaded.game).state
    assert read == [], "folded from the snapshot at the resumption, the last event"
