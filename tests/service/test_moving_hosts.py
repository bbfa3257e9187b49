"""Moving to another host (issue 30 §3): ``pbem export --all DIR`` writes every game, signed
and with its secrets, one file per game; ``pbem import DIR`` on the new host's empty database
recreates them all under their own ids, chains identical, with their players' settings, and
emails nobody: the links in the players' mailboxes lead to the same games there. The first
bad file refuses the whole folder, naming it, and nothing is written."""

from __future__ import annotations

import json
import shutil
import stat
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from service import create_app
from service.audit import checks as audit
from service.cli.commands import main
from service.links import tokens
from service.play import slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import GameRow, OutboxRow, PersonRow, SeatRow
from tests.fixtures import ServerLikeClient
from tests.helpers import option_links, play_now
from tests.service.hostile import contents, overdue_game
from tests.service.test_eventstore import play
from tests.service.test_import import FIELDS

GAME_FIELDS: tuple[str, ...]
SEAT_FIELDS: tuple[str, ...]
GAME_FIELDS = ("game", "ruleset", "options", "seed", "commitment", "created_at", "last_seq")
GAME_FIELDS += ("head_hash", "over", "due_at", "private_talk_after")
SEAT_FIELDS = ("seat", "position", "email", "name", "language", "time_zone", "notify")
SEAT_FIELDS += ("muted_at", "bot")


def run(app, *args):
    return app.test_cli_runner().invoke(main, [str(a) for a in args])


def every_kind_of_game(client, settings, work) -> dict[str, str]:
    """On the old host: a game going on whose players chose their settings, one of each
    other game under way, one finished, one abandoned by its players' vote; every email
    sent."""
    game_id, voter = overdue_game(client, settings, work)
    seat = f"/seat/{tokens.seat_token(settings.secret_key, game_id, voter)}"
    assert client.post(f"{seat}/vote", data={"ballot": "1", "choice": "end"}).status_code == 303
    games = {"abandoned": game_id, "finished": play(settings, 20, seed=3)}
    with sessions(settings.database_url).begin() as s:
        plain = ["cy@example.org", "di@example.org"]  # no settings: each turn is emailed
        games["plain"] = create_game(s, "tictactoe", plain).loaded.row.id
    with sessions(settings.database_url).begin() as s:
        people = [
            {
                "email": "ann@example.org",
                "name": "Ann",
                "language": "uk",
                "time_zone": "Europe/Kyiv",
            },
            {"email": "bob@example.org", "name": "Bob", "language": "ja"},
        ]
        games["settled"] = create_game(s, "tictactoe", people).loaded.row.id
    with sessions(settings.database_url).begin() as s:  # issue 37: a bot's seat moves too
        botted = ["eve@example.org", {"bot": "casual"}]
        games["with_bot"] = create_game(s, "tictactoe", botted, effort=5).loaded.row.id
    with sessions(settings.database_url).begin() as s:
        row = eventstore.get_row(s, games["settled"])
        ann, bob = row.seats
        slowplay.set_notify(s, "ann@example.org", "none", seats=[ann])
        slowplay.set_notify(s, "bob@example.org", "digest", digest_hour=20)
        bob.muted_at = datetime(2026, 11, 20, 8, 30, tzinfo=UTC)
    for name in ("origin", "orichalk", "origins-first-builders"):
        with sessions(settings.database_url).begin() as s:
            players = [f"{name}.{n}@example.org" for n in ("ann", "bob")]
            games[name] = create_game(s, name, players).loaded.row.id
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, games[name])
            seat = sorted(loaded.game.to_act(loaded.state))[0]
            move = loaded.game.legal_moves(loaded.state, seat)[0]
            play_now(s, games[name], seat, move, loaded.turn_seq, settings.snapshot_every)
    work()
    return games


def held(url: str, game_ids: list[str]) -> dict[str, tuple]:
    """Everything the move must keep of each game: its row, seats, events and players."""
    with sessions(url)() as s:
        out = {}
        for game_id in game_ids:
            row = s.get(GameRow, game_id)
            assert row is not None, game_id
            seats = [tuple(getattr(x, f) for f in SEAT_FIELDS) for x in row.seats]
            emails = [x.email for x in row.seats]
            people = s.scalars(select(PersonRow).where(PersonRow.email.in_(emails)))
            styles = sorted((p.email, p.notify, p.digest_hour) for p in people)
            events = [
                tuple(getattr(e, f) for f in FIELDS) for e in eventstore.events_of(s, game_id)
            ]
            out[game_id] = (tuple(getattr(row, f) for f in GAME_FIELDS), seats, styles, events)
        return out


@pytest.fixture
def moved(app, client, settings, work, tmp_path, new_database):
    """The old host's games, its export folder, and the new host's app on a database of
    its own (the same SECRET_KEY and BASE_URL)."""
    games = every_kind_of_game(client, settings, work)
    folder = tmp_path / "move"
    exported = run(app, "export", "--all", folder)
    assert exported.exit_code == 0, exported.output
    url = new_database("new_host")
    there = create_app(replace(settings, database_url=url))
    assert run(there, "init-db").exit_code == 0
    return games, folder, there


def test_every_game_moves_with_its_id_chain_and_players_settings_and_nobody_is_emailed(
    app, settings, moved
):
    games, folder, there = moved
    files = sorted(p.name for p in folder.iterdir())
    with sessions(settings.database_url)() as s:
        kinds = {g: s.get(GameRow, g).game for g in games.values()}
    assert files == sorted(f"{g}-{kind}.jsonl" for g, kind in kinds.items())
    result = run(there, "import", folder)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert sorted(line["id"] for line in lines) == sorted(games.values())
    assert {line["signature"] for line in lines} == {"ok"}, "signed by the key it moved with"
    assert result.stderr.startswith(f"moved {len(games)} games from {folder}, each under its own")
    new_url = there.extensions["pbem"].database_url
    assert held(new_url, list(games.values())) == held(settings.database_url, list(games.values()))
    with sessions(new_url)() as s:
        assert s.scalars(select(OutboxRow)).all() == [], "nobody is emailed for the move"
        bob = s.get(PersonRow, "bob@example.org")
        assert bob is not None and bob.next_digest_at is not None, "his digest goes on"
        for game_id in games.values():
            assert audit.verify(audit.from_store(s, game_id)).ok, game_id
        assert eventstore.load(s, games["abandoned"]).table.abandoned is not None
        assert eventstore.load(s, games["finished"]).row.over


def test_an_emailed_link_plays_on_the_new_host_and_the_next_email_comes_from_it(
    settings, smtp, moved, work, monkeypatch
):
    games, folder, there = moved
    assert run(there, "import", folder).exit_code == 0
    plain = games["plain"]
    (turn,) = [m for m in smtp.messages if f"#{plain}" in str(m["Subject"]) and option_links(m)]
    _, url = option_links(turn)[0]
    smtp.clear()
    there.test_client_class = ServerLikeClient
    answer = there.test_client().post(url.replace(settings.base_url, ""))
    assert answer.status_code == 303, answer.get_data(as_text=True)
    new_url = there.extensions["pbem"].database_url
    monkeypatch.setenv("DATABASE_URL", new_url)
    work()
    with sessions(new_url)() as s:
        moved_on = eventstore.get_row(s, plain).last_seq
        sent = s.scalars(select(OutboxRow).where(OutboxRow.sent_at.is_not(None))).all()
        rows = [(r.id, r.kind, r.skipped, r.last_error) for r in s.scalars(select(OutboxRow))]
    with sessions(settings.database_url)() as s:
        assert eventstore.get_row(s, plain).last_seq < moved_on, "it moved on the new host only"
    assert [(r.game_id, r.kind) for r in sent] == [(plain, "turn")], rows
    assert len(smtp.messages) == 1, "the next turn's email, from the new host"


def test_the_files_are_private_and_each_carries_its_games_secrets(moved):
    _, folder, _ = moved
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for path in folder.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
        head = json.loads(path.read_text().splitlines()[0])
        assert head["seed"] and head["emails"] and head["settings"] and head["signature"]


def tampered(path: Path) -> None:
    lines = path.read_text().splitlines()
    event = json.loads(lines[3])
    event["payload"]["forged"] = True
    lines[3] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n")


def test_a_bad_file_refuses_the_whole_folder_naming_it_and_nothing_is_written(moved, settings):
    games, folder, there = moved
    middle = sorted(folder.iterdir())[len(games) // 2]
    tampered(middle)
    before = contents(there.extensions["pbem"])
    result = run(there, "import", folder)
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"Error: refused, and nothing was imported: {middle.name}: The file does not verify: "
        "event 3: its contents do not match its hash"
    ), result.stderr
    assert contents(there.extensions["pbem"]) == before


def test_a_folder_is_refused_where_a_game_of_it_already_is(app, moved, settings):
    games, folder, _ = moved
    before = contents(settings)
    result = run(app, "import", folder)
    assert result.exit_code == 1
    first = sorted(folder.iterdir())[0].name
    assert result.stderr == (
        f"Error: refused, and nothing was imported: {first}: a game {first.split('-')[0]} is "
        f"already here (and {len(games) - 1} more of the folder's): a moved game keeps its "
        "id, so a folder is imported into a database that holds none of its games\n"
    )
    assert contents(settings) == before


def test_a_folder_holding_one_game_twice_is_refused(moved):
    _, folder, there = moved
    first = sorted(folder.iterdir())[0]
    shutil.copy(first, folder / f"copy-{first.name}")
    before = contents(there.extensions["pbem"])
    result = run(there, "import", folder)
    assert result.exit_code == 1 and "a folder holds each game once" in result.stderr
    assert contents(there.extensions["pbem"]) == before


def test_a_folder_from_a_host_with_another_key_needs_that_key(moved, settings, tmp_path):
    _, folder, there = moved
    elsewhere = create_app(
        replace(there.extensions["pbem"], secret_key="a-new-key-for-the-new-host-Lm4Qz8Rt2Wv6Yb0")
    )
    refused = run(elsewhere, "import", folder)
    assert refused.exit_code == 1 and "is signed by another key" in refused.stderr
    old_key = app_key(settings)
    taken = run(elsewhere, "import", folder, "--key", old_key)
    assert taken.exit_code == 0, taken.output


def app_key(settings) -> str:
    return create_app(settings).test_client().get("/.well-known/pbem-key").get_json()["public_key"]


def test_export_all_refuses_a_folder_that_is_not_empty_and_warns_of_what_it_leaves(
    app, settings, tmp_path
):
    full = tmp_path / "full"
    full.mkdir()
    (full / "old.jsonl").write_text("{}\n")
    refused = run(app, "export", "--all", full)
    assert refused.exit_code == 1
    assert refused.stderr == (
        f"Error: {full} is not an empty folder: export into a new one, so that nothing of "
        "another export is imported with it\n"
    )
    play(settings, 2)  # its emails are not sent
    with sessions(settings.database_url)() as s:
        unsent = len(s.scalars(select(OutboxRow)).all())
    result = run(app, "export", "--all", tmp_path / "new")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[-1].startswith(
        f"warning: {unsent} emails not yet sent and 0 replies not yet read stay in this host's "
        "database: they are not in the files."
    )


def test_export_all_and_import_of_a_folder_say_how_to_be_used(app, settings, tmp_path):
    both = run(app, "export", "abc", "--all", tmp_path / "x")
    neither = run(app, "export")
    for result in (both, neither):
        assert result.exit_code == 2 and "give a GAME_ID, or --all DIR" in result.output
    play(settings, 20)
    assert run(app, "export", "--all", tmp_path / "f").exit_code == 0
    given = run(app, "import", tmp_path / "f", "--player", "p1=a@x.org")
    assert given.exit_code == 2 and "a folder's games keep their players" in given.output


def test_the_seats_settings_move_with_a_single_private_export_too(app, settings, tmp_path):
    with sessions(settings.database_url).begin() as s:
        people = [{"email": "ann@example.org", "language": "es"}, "bob@example.org"]
        game_id = create_game(s, "tictactoe", people).loaded.row.id
    path = tmp_path / "one.jsonl"
    path.write_text(run(app, "export", game_id, "--with-secrets").stdout)
    new = run(app, "import", path)
    assert new.exit_code == 0, new.output
    new_id = json.loads(new.stdout.splitlines()[-1])["id"]
    with sessions(settings.database_url)() as s:
        seats = s.scalars(select(SeatRow).where(SeatRow.game_id == new_id)).all()
        assert [(x.email, x.language) for x in seats] == [
            ("ann@example.org", "es"),
            ("bob@example.org", "en"),
        ]


@pytest.mark.parametrize(
    ("settings_of_p1", "says"),
    [
        ({"language": "xx"}, "seat p1's language is not one of en, ru, uk, es, ja: 'xx'"),
        ({"time_zone": "Mars/Olympus"}, "seat p1's time zone: 'Mars/Olympus' is not a time zone"),
        ({"notify": "always"}, "seat p1's email style is not one of each, digest, none, channels"),
        ({"muted_at": "yesterday"}, "seat p1's muted_at is not a moment with its zone"),
        ({"person": {"notify": "each", "digest_hour": 24}}, "seat p1's player's email style"),
        ("nonsense", "seat p1's settings are not an object"),
    ],
)
def test_a_players_settings_edited_into_nonsense_refuse_the_file(
    app, settings, tmp_path, settings_of_p1, says
):
    game_id = play(settings, 2)
    lines = run(app, "export", game_id, "--with-secrets").stdout.splitlines()
    head = json.loads(lines[0])
    head["settings"]["p1"] = settings_of_p1
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    before = contents(settings)
    result = run(app, "import", path)
    assert result.exit_code == 1
    assert f"Error: refused: The file's {says}" in result.stderr, result.stderr
    assert contents(settings) == before


def test_a_move_to_a_host_at_another_address_warns_that_the_links_lead_to_the_old_one(
    moved, settings
):
    _, folder, there = moved
    elsewhere = create_app(replace(there.extensions["pbem"], base_url="https://new.example"))
    result = run(elsewhere, "import", folder)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[-1] == (
        f"warning: the files were exported by {settings.base_url}, and this host's BASE_URL is "
        "https://new.example: the links in players' mailboxes lead there, not here, unless "
        "that address now leads to this host"
    )


def test_a_folder_of_unsigned_files_moves_only_when_allowed_and_each_is_named(moved):
    _, folder, there = moved
    for path in folder.iterdir():
        lines = path.read_text().splitlines()
        head = json.loads(lines[0])
        del head["signature"]
        path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    first = sorted(folder.iterdir())[0].name
    refused = run(there, "import", folder)
    assert refused.exit_code == 1
    assert refused.stderr.startswith(
        f"Error: refused, and nothing was imported: {first}: The file is not signed"
    )
    taken = run(there, "import", folder, "--allow-unsigned")
    assert taken.exit_code == 0, taken.output
    named = [line.split(": ")[0] for line in taken.stderr.splitlines()[:-1]]
    assert named == sorted(p.name for p in folder.iterdir())
