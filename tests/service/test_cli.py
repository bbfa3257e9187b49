"""The ``pbem`` command: create-game, replay, verify, export (issue 2 §9)."""

from __future__ import annotations

import json

from sqlalchemy import delete

from service.cli.commands import main
from service.store.db import sessions
from service.store.models import EventRow
from tests.service.test_eventstore import play


def run(app, *args):
    return app.test_cli_runner().invoke(main, list(args), catch_exceptions=False)


def test_create_game_prints_the_id_and_mails_the_players(app, smtp, work):
    result = run(app, "create-game", "tictactoe", "ann@example.org", "bob@example.org")
    assert result.exit_code == 0, result.output
    created = json.loads(result.output)
    assert created["url"].endswith(created["id"])
    work()
    assert len(smtp.messages) == 2


def test_replay_prints_the_state_after_each_event(app, settings):
    game_id = play(settings, 3)
    lines = [json.loads(x) for x in run(app, "replay", game_id).output.splitlines()]
    assert [x["seq"] for x in lines] == list(range(1, len(lines) + 1))
    assert lines[0]["event"]["type"] == "game_set_up"
    public = [json.loads(x) for x in run(app, "replay", game_id, "--public").output.splitlines()]
    assert public[-1]["state"]["board"].count("") == 6


def test_verify_passes_a_sound_game_and_names_the_event_that_breaks(app, settings):
    game_id = play(settings, 5)
    ok = run(app, "verify", game_id)
    assert ok.exit_code == 0 and "hash chain intact" in ok.output
    with sessions(settings.database_url).begin() as s:
        s.execute(delete(EventRow).where(EventRow.game_id == game_id, EventRow.seq == 4))
    broken = run(app, "verify", game_id)
    assert broken.exit_code == 1
    assert "event 4" in broken.output


def test_export_writes_a_header_then_every_event_as_json_lines(app, settings):
    game_id = play(settings, 4)
    lines = [json.loads(x) for x in run(app, "export", game_id).output.splitlines()]
    header, events = lines[0], lines[1:]
    assert header["game"] == "tictactoe" and header["ruleset"] == "tictactoe-1"
    assert header["seats"] == ["p1", "p2"] and len(header["commitment"]) == 64
    assert header["seed"] is None, "the seed stays secret until the game ends"
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert all(e["hash"] and e["payload"]["type"] == e["type"] for e in events)
    assert [e["move"] for e in events if e["move"]] == [
        {"type": "place", "cell": e["payload"]["cell"]}
        for e in events
        if e["type"] == "mark_placed"
    ]


def test_a_finished_games_export_reveals_its_seed(app, settings):
    game_id = play(settings, 20)
    header = json.loads(run(app, "export", game_id).output.splitlines()[0])
    assert header["seed"] and len(header["seed"]) == 64
