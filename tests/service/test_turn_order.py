"""Issue 32 §1: an invitation says when its reader plays. Every game here draws its first
player at setup (Origin: ja 「スタートプレイヤーがランダムに決定され」; Orichalk: uk «У випадковий
спосіб визначте першого гравця»; Origins: First Builders, a ruling), and the invitation is
sent after setup, so it says the order drawn (the log's ``first_player_chosen``, then play
passes clockwise in seat order), by name, in the reader's language: never a guess from seat
numbers, never a seat id."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.play.games import create_game
from service.store.db import sessions
from service.store.models import EventRow
from tests.helpers import html_of, text_of

GAMES = ("origin", "origins-first-builders", "orichalk")
PLACES = {
    "en": ("You play first.", "You play second.", "You play third."),
    "ja": ("あなたの手番は1番目です。", "あなたの手番は2番目です。", "あなたの手番は3番目です。"),
    "ru": (
        "Ваша очередь хода — первая.",
        "Ваша очередь хода — вторая.",
        "Ваша очередь хода — третья.",
    ),
}
ORDER = {
    "en": "Turn order: {order}.",
    "ja": "手番の順番：{order}。",
    "ru": "Порядок ходов: {order}.",
}
NAMES = ("さくら", "Иван Петров", "<b>Ann</b>")


@pytest.mark.parametrize("language", PLACES)
@pytest.mark.parametrize("game", GAMES)
def test_an_invitation_says_when_its_reader_plays_as_the_setup_drew_it(
    settings, smtp, work, game, language
):
    players = [
        {"email": f"order{i}@example.org", "name": name, "language": language}
        for i, name in enumerate(NAMES)
    ]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, game, players).loaded.row.id
        drawn = s.scalars(
            select(EventRow.payload).where(
                EventRow.game_id == game_id, EventRow.type == "first_player_chosen"
            )
        ).one()["seat"]
    work()
    seats = ["p1", "p2", "p3"]
    first = seats.index(drawn)
    order = seats[first:] + seats[:first]
    named = " → ".join(NAMES[seats.index(s)] for s in order)
    for i, player in enumerate(players):
        (invitation,) = smtp.to(player["email"])
        text = text_of(invitation)
        place = PLACES[language][order.index(seats[i])]
        said = f"{place} {ORDER[language].format(order=named)}"
        assert said in [line.strip() for line in text.splitlines()], text
        html = html_of(invitation)
        assert place in html and "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann</b>" not in html
