"""Plans are private (issue 38 §1, §3): until a plan plays, nothing another seat or a
spectator reads tells that it exists, nor that one was set, changed or dropped (OGS once
leaked its players' plans through its API). Twin games from one seed are played with the
same moves; in one of them a player keeps setting random plans. Until a plan of theirs
plays a move, the other seat's API answer, the public page and history, and the emails the
other seat is sent are the same in both games, but for the games' ids."""

from __future__ import annotations

import random

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from engine.kit import plans as orders
from service.errors import ServiceError
from service.play import plans
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, OutboxRow
from tests.helpers import play_now

pytestmark = pytest.mark.usefixtures("regulars")

SEED = bytes(range(32))
STEPS = 60


def twins(client, monkeypatch, game: str) -> tuple[str, str]:
    monkeypatch.setattr("secrets.token_bytes", lambda n: SEED[:n])  # the games' seed
    made = []
    for _ in range(2):
        response = client.post(
            "/api/games",
            json={"game": game, "players": ["Ann <ann@example.org>", "Bob <bob@example.org>"]},
        )
        assert response.status_code == 201, response.get_json()
        made.append(response.get_json()["id"])
    return made[0], made[1]


def seen_by_others(client, settings, game_id: str) -> dict[str, object]:
    """What Bob and any spectator read of the game, its id blanked."""
    pages = {
        "api": client.get(f"/api/games/{game_id}").get_data(as_text=True),
        "page": client.get(f"/games/{game_id}").get_data(as_text=True),
        "history": client.get(f"/games/{game_id}/history").get_data(as_text=True),
        "log": client.get(f"/games/{game_id}/log.jsonl").status_code,
    }
    with sessions(settings.database_url)() as s:
        pages["bob"] = sorted(
            (row.seq, row.kind)
            for row in s.scalars(
                select(OutboxRow).where(OutboxRow.game_id == game_id, OutboxRow.seat != "p1")
            )
        )
    return {k: v.replace(game_id, "GAME") if isinstance(v, str) else v for k, v in pages.items()}


def fired(settings, game_id: str) -> bool:
    with sessions(settings.database_url)() as s:
        return bool(
            s.scalars(
                select(EventRow.seq).where(
                    EventRow.game_id == game_id, EventRow.type == "table.plan_fired"
                )
            ).first()
        )


def random_plan(s, game_id: str, rng: random.Random) -> None:
    """Ann sets, or cancels, a plan drawn at random from what she may plan."""
    loaded = eventstore.load(s, game_id)
    game = loaded.game
    choice = rng.random()
    try:
        if choice < 0.2:
            plans.cancel(s, game_id, "p1", 0)
        elif choice < 0.5:
            key = rng.choice([key for key, _ in plans.offers(game, loaded.state, "p1")])
            body = plans.body_of(game, key)
            assert body is not None
            plans.set_plan(s, game_id, "p1", 0, body)
        else:
            options = plans.options(s, loaded, "p1")
            if options:
                picked = rng.sample(options, min(len(options), rng.randint(1, 3)))
                plans.set_plan(s, game_id, "p1", 0, {"kind": orders.FIRST, "moves": picked})
    except ServiceError:
        pass  # a cap, a plan she has, nothing to cancel: refused, nothing kept


@pytest.mark.parametrize(
    ("game", "seed"),
    [("orichalk", 1), ("origin", 2), ("origins-first-builders", 4), ("tictactoe", 3)],
)
def test_until_a_plan_plays_nothing_anyone_else_reads_tells_it_exists(
    client, settings, monkeypatch, game, seed
):
    with freeze_time("2026-11-29 12:00:00"):  # both games' events at one moment, as seen
        _play_twins(client, settings, monkeypatch, game, seed)


def _play_twins(client, settings, monkeypatch, game: str, seed: int) -> None:
    planned, plain = twins(client, monkeypatch, game)
    rng = random.Random(seed)
    for _step in range(STEPS):
        with sessions(settings.database_url).begin() as s:
            random_plan(s, planned, rng)
        if fired(settings, planned):
            return  # public from here on: the log says a plan played
        assert seen_by_others(client, settings, planned) == seen_by_others(client, settings, plain)
        with sessions(settings.database_url).begin() as s:
            now = eventstore.load(s, planned)
            if now.row.over:
                return
            seat = sorted(now.game.to_act(now.state))[0]
            move = rng.choice(now.game.legal_moves(now.state, seat))
            for game_id in (plain, planned):
                at = eventstore.load(s, game_id)
                play_now(s, game_id, seat, move, at.turn_seq)
