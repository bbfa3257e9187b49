"""A replica for the pages that only read (issue 19, ``DATABASE_READ_URL``): public game
pages, histories, replays and logs come from it, correct when it lags: it shows a game as
it was a moment ago, and a game it does not hold yet comes from the primary, never a 404.
The replica here is a copy of the primary taken at one moment: one that stopped following."""

from __future__ import annotations

import re
from dataclasses import replace

from service import create_app
from service.store.db import engine_for, migrate
from service.store.models import Base
from tests.helpers import play_now
from tests.service.test_eventstore import play


def replica_of(settings, tmp_path) -> str:
    url = f"sqlite:///{tmp_path / 'replica.sqlite3'}"
    migrate(url)
    with engine_for(settings.database_url).connect() as source, engine_for(url).begin() as copy:
        for table in Base.metadata.sorted_tables:
            rows = [dict(row._mapping) for row in source.execute(table.select())]
            if rows:
                copy.execute(table.insert(), rows)
    return url


def steps_shown(page: str) -> int:
    return max(int(n) for n in re.findall(r"/replay/(\d+)", page))


def test_the_history_is_read_from_the_replica_as_it_stood(settings, tmp_path):
    game_id = play(settings, 2)
    lagging = replica_of(settings, tmp_path)
    app = create_app(replace(settings, database_read_url=lagging))
    primary = create_app(settings).test_client()
    before = steps_shown(primary.get(f"/games/{game_id}/history").get_data(as_text=True))
    play_more(settings, game_id, 2)
    now = primary.get(f"/api/games/{game_id}").get_json()["seq"]
    assert now > before
    page = app.test_client().get(f"/games/{game_id}/history")
    assert page.status_code == 200
    assert steps_shown(page.get_data(as_text=True)) == before
    assert app.test_client().get(f"/api/games/{game_id}").get_json()["seq"] == now, (
        "the API, which players act on, reads the primary"
    )


def test_a_game_the_replica_does_not_hold_yet_comes_from_the_primary(settings, tmp_path):
    lagging = replica_of(settings, tmp_path)
    game_id = play(settings, 2)
    client = create_app(replace(settings, database_read_url=lagging)).test_client()
    for page in (f"/games/{game_id}", f"/games/{game_id}/history", f"/games/{game_id}/replay/1"):
        assert client.get(page).status_code == 200, page


def test_a_game_neither_holds_is_still_not_found(settings, tmp_path):
    client = create_app(replace(settings, database_read_url=replica_of(settings, tmp_path)))
    assert client.test_client().get("/games/nosuchgm/history").status_code == 404


def play_more(settings, game_id: str, moves: int) -> None:
    from service.store import eventstore
    from service.store.db import sessions

    for _ in range(moves):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            seat = sorted(loaded.game.to_act(loaded.state))[0]
            move = loaded.game.legal_moves(loaded.state, seat)[0]
            play_now(s, game_id, seat, move, loaded.turn_seq, settings.snapshot_every)
