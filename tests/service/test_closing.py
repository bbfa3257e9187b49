"""The operator ends a game (issue 30 §5, ``pbem close GAME``): a ``table.closed`` event in
its log with a history line in every language, an email to every player through the
outbox, and the game over for good; a finished game is refused, in one line."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from service.cli.commands import main
from service.errors import Stale
from service.play import slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow
from tests.helpers import text_of
from tests.service.test_import import complete_game

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")


def run(app, *args: str):
    return app.test_cli_runner().invoke(main, list(args))


def game(settings) -> str:
    with sessions(settings.database_url).begin() as s:
        players = ["Ann <ann@example.org>", {"email": "bob@example.org", "language": "ru"}]
        return create_game(s, "origin", players).loaded.row.id


def test_closing_a_game_records_it_tells_every_player_and_ends_it_for_good(
    app, client, settings, smtp, work
):
    game_id = game(settings)
    work()
    smtp.clear()
    done = run(app, "close", game_id)
    assert done.exit_code == 0, done.output
    said = json.loads(done.output)
    assert (said["closed"], said["told"]) == (game_id, 2)
    work()
    assert sorted(text_of(m).splitlines()[0] for m in smtp.messages) == [
        "The host closed this game",
        "Администратор сервера закрыл эту игру",
    ], "each in the player's language"
    with sessions(settings.database_url)() as s:
        last = s.scalars(
            select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq.desc())
        ).first()
        loaded = eventstore.load(s, game_id)
    assert (last.type, last.seat, set(last.payload)) == ("table.closed", None, {"type", "standing"})
    assert loaded.row.over and loaded.table.closed
    assert client.get(f"/api/games/{game_id}").get_json()["closed"] is True
    for lang, line in [
        ("en", "The host closed the game: it ended as it stood"),
        ("ru", "Администратор сервера закрыл игру: она окончена с текущим счётом"),
        ("uk", "Адміністратор сервера закрив гру: її завершено з поточним рахунком"),
        ("es", "El administrador del servidor cerró la partida: terminó tal como estaba"),
        ("ja", "サーバーの管理者がゲームを終了しました：その時点の状態で終了です"),
    ]:
        history = client.get(f"/games/{game_id}/history?all=1&lang={lang}").get_data(as_text=True)
        assert line in history, lang
    verified = run(app, "verify", game_id)
    assert verified.exit_code == 0, verified.output
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale) as refused:
        slowplay.agree_revive(s, game_id, "p1", 0)
    assert refused.value.message == "The host closed this game: it cannot go on."


def test_a_finished_or_closed_game_or_none_at_all_is_refused_in_one_line(app, settings):
    finished = complete_game(settings, "tictactoe")
    refused = run(app, "close", finished)
    assert (refused.exit_code, refused.output) == (
        1,
        f"Error: Game {finished} is finished: there is nothing to close.\n",
    )
    closed = game(settings)
    assert run(app, "close", closed).exit_code == 0
    again = run(app, "close", closed)
    assert (again.exit_code, again.output) == (1, f"Error: Game {closed} is closed already.\n")
    unknown = run(app, "close", "nosuchgm")
    assert (unknown.exit_code, unknown.output) == (1, "Error: There is no game 'nosuchgm'.\n")


def test_a_game_abandoned_by_its_players_may_be_closed_so_it_is_never_revived(app, settings):
    game_id = game(settings)
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        standing = loaded.game.standing(loaded.state)
        eventstore.record(s, loaded, [{"type": "table.abandoned", "standing": standing}], None)
    assert run(app, "close", game_id).exit_code == 0
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale):
        slowplay.agree_revive(s, game_id, "p1", 0)
