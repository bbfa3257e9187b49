"""Issue 32 §1: the API's sentences name the players, never a seat id, in the language
``?lang=`` asks for; its ``view`` and ``outcome`` stay the engine's own data (DESIGN.md §3,
README "Using it"), seats by id as JSON values and keys."""

from __future__ import annotations

import pytest

from service.play import resigning
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import play_now
from tests.service.test_no_seat_ids import SEAT_ID
from tests.whole_games import sentences_of_json

NAMES = {"p1": "さくら", "p2": "Иван Петров"}
TO_PLAY = {"ja": "{name}の番です", "en": "{name} to play", "ru": "Ходит {name}"}


def origin(settings, work) -> str:
    players = [
        {"email": f"api{i}@example.org", "name": name, "language": "ja"}
        for i, name in enumerate(NAMES.values())
    ]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "origin", players).loaded.row.id
    while True:  # past the objectives every player keeps at once: one player to play
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            prompt = loaded.game.view(loaded.state, None)["prompt"]
            if acting and prompt == f"Waiting for {acting[0]}":
                break
            move = loaded.game.bot_move(loaded.state, acting[0])
            play_now(s, game_id, acting[0], move, loaded.turn_seq)
    work()
    return game_id


@pytest.mark.parametrize(("asked", "said"), [("ja", "ja"), ("en", "en"), ("xx", "en"), ("", "en")])
def test_the_apis_sentences_name_the_players_in_the_language_asked(
    client, settings, work, asked, said
):
    game_id = origin(settings, work)
    body = client.get(f"/api/games/{game_id}" + (f"?lang={asked}" if asked else "")).get_json()
    (acting,) = body["to_act"]
    name = NAMES[acting]
    assert body["said"]["language"] == said
    assert body["said"]["to_play"] == TO_PLAY[said].format(name=name)
    assert name in body["said"]["prompt"]
    every = list(sentences_of_json(client.get(f"/api/games/{game_id}?lang={asked}").data))
    assert every and not [s for s in every if SEAT_ID.search(s)]
    assert body["view"]["prompt"] == f"Waiting for {acting}", "the engine's data as it is"
    assert body["outcome"] is None and body["said"]["result"] is None


def test_the_apis_result_names_the_winner_and_who_resigned(client, settings, work):
    game_id = origin(settings, work)
    with sessions(settings.database_url).begin() as s:
        resigning.resign(s, game_id, "p1", 0)
    body = client.get(f"/api/games/{game_id}?lang=ja").get_json()
    assert body["over"] and body["said"]["to_play"] == "ゲーム終了"
    assert body["said"]["result"] == "勝者：Иван Петров 投了：さくら。"
    assert body["outcome"]["ranking"][0] == ["p2"], "ids where the engine's data has them"
    english = client.get(f"/api/games/{game_id}").get_json()["said"]
    assert english["result"] == "Winner: Иван Петров Resigned: さくら."
