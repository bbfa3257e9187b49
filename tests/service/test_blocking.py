"""The operator blocks an address or a whole domain against abuse (issue 30 §5, ``pbem
block``): no email goes to it (the send path skips its rows and records why), and it is
refused as a new player everywhere one comes in. Every spelling of an address is one: its
case, and its domain in Unicode or in punycode."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from service.cli.commands import main
from service.errors import BadRequest
from service.mail.compose import BLOCKED
from service.play import slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import BlockedRow, GameRow, OutboxRow
from tests.service.test_desk import ask, sign_in_emails


def run(app, *args: str):
    return app.test_cli_runner().invoke(main, list(args))


def new_game(client, *players: str):
    return client.post("/api/games", json={"game": "tictactoe", "players": list(players)})


def test_blocking_a_domain_in_its_own_script_blocks_its_punycode_and_subdomains(app, client):
    done = run(app, "block", "@ПРИМЕР.рф")
    assert done.exit_code == 0 and done.output == "blocked @пример.рф\n"
    for address in ("x@xn--e1afmkfd.xn--p1ai", "Имя@Пример.РФ", "y@mail.xn--e1afmkfd.xn--p1ai"):
        refused = new_game(client, "ann@example.org", address)
        assert refused.status_code == 400, address
        assert refused.get_json()["message"].endswith("cannot be invited here.")
    assert new_game(client, "ann@example.org", "x@example.org").status_code == 201
    listed = run(app, "blocked")
    assert listed.output.startswith("@пример.рф (@xn--e1afmkfd.xn--p1ai)  since ")
    (line,) = run(app, "blocked", "--json").output.splitlines()
    assert json.loads(line)["blocked"] == "@xn--e1afmkfd.xn--p1ai"


def test_a_blocked_address_gets_no_email_and_each_skipped_one_says_why(
    app, client, settings, smtp, work
):
    game_id = new_game(client, "Ann@Example.org", "bob@example.org").get_json()["id"]
    assert run(app, "block", "ANN@example.ORG").exit_code == 0
    work()
    assert [str(m["To"]) for m in smtp.messages] == ["bob@example.org"]
    with sessions(settings.database_url)() as s:
        rows = s.execute(
            select(OutboxRow.seat, OutboxRow.skipped, OutboxRow.sent_at.is_not(None)).where(
                OutboxRow.game_id == game_id
            )
        ).all()
    assert sorted(rows) == [("p1", BLOCKED, False), ("p2", None, True)]
    assert run(app, "unblock", "ann@example.org").exit_code == 0
    smtp.clear()
    assert new_game(client, "Ann@Example.org", "cy@example.org").status_code == 201
    work()
    assert sorted(str(m["To"]) for m in smtp.messages) == ["Ann@example.org", "cy@example.org"]


def test_a_blocked_address_is_refused_as_a_newcomer_and_as_a_sign_in(
    app, client, settings, smtp, work
):
    with sessions(settings.database_url).begin() as s:
        loaded = create_game(s, "tictactoe", ["ann@example.org", "bob@example.org"]).loaded
        (late,) = loaded.game.to_act(loaded.state)
        game_id, voter = loaded.row.id, next(x for x in loaded.table.seats if x != late)
    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), late)
    assert run(app, "block", "@spam.example").exit_code == 0
    assert run(app, "block", "bob@example.org").exit_code == 0
    with sessions(settings.database_url).begin() as s, pytest.raises(BadRequest) as refused:
        slowplay.cast_vote(s, game_id, voter, 0, 1, "replace", ("cy@spam.example", "Cy"))
    assert refused.value.message == "'cy@spam.example' cannot be invited here."
    smtp.clear()
    assert ask(client, "bob@example.org").status_code == 200, "the same answer as for anyone"
    work()
    assert sign_in_emails(smtp, "bob@example.org") == []


def test_the_block_commands_refuse_a_mistake_in_one_line(app):
    not_one = run(app, "block", "not an address")
    assert not_one.exit_code == 1
    assert not_one.output.startswith("Error: 'not an address' is neither an address nor @")
    assert run(app, "block", "@example.org").exit_code == 0
    twice = run(app, "block", "@EXAMPLE.org")
    assert (twice.exit_code, twice.output) == (1, "Error: @example.org is already blocked.\n")
    never = run(app, "unblock", "ann@example.org")
    assert (never.exit_code, never.output) == (1, "Error: ann@example.org is not blocked.\n")


def test_blocking_writes_one_row_per_pattern_and_unblocking_removes_it(app, settings):
    run(app, "block", "Ann@Example.org")
    with sessions(settings.database_url)() as s:
        assert s.scalars(select(BlockedRow.pattern)).all() == ["ann@example.org"]
    run(app, "unblock", "ann@example.org")
    with sessions(settings.database_url)() as s:
        assert s.scalars(select(BlockedRow.pattern)).all() == []


def test_a_blocked_address_is_refused_by_an_import_which_writes_nothing(app, client, tmp_path):
    game_id = new_game(client, "ann@example.org", "bob@spam.example").get_json()["id"]
    path = tmp_path / "game.jsonl"
    path.write_text(run(app, "export", game_id, "--with-secrets").output)
    run(app, "block", "@spam.example")
    refused = run(app, "import", str(path))
    assert refused.exit_code == 1
    assert refused.output == "Error: refused: 'bob@spam.example' cannot be invited here.\n"
    given = run(app, "import", str(path), "--player", "p2=cy@spam.example")
    assert given.output == "Error: refused: 'cy@spam.example' cannot be invited here.\n"
    with sessions(app.extensions["pbem"].database_url)() as s:
        assert s.scalar(select(func.count()).select_from(GameRow)) == 1, "nothing written"
