"""A history's bookkeeping rows name their event in the reader's language (issue 32 §2:
"(turn ended: bookkeeping)", "action chosen" read in English in every language): each game
names the events its narration leaves untold, in its own catalogs."""

from __future__ import annotations

import html
import re

import pytest

from engine import registry
from engine.contract import humanise
from engine.kit.events import Vocabulary
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import play_now
from tests.service.test_history import page

GAMES = ["origin", "orichalk", "origins-first-builders"]
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cy <cy@example.org>"]
ROW = re.compile(r'<tr id="e\d+" class="[^"]*bookkeeping[^"]*">(.*?)</tr>', re.DOTALL)


def _played(settings, name: str, decisions: int) -> str:
    game = registry.get(name)
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, name, PLAYERS[: max(2, game.min_players)]).loaded.row.id
    for _ in range(decisions):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(game.to_act(loaded.state))
            if not acting:
                break
            move = game.bot_move(loaded.state, acting[0])
            play_now(s, game_id, acting[0], move, loaded.turn_seq)
    return game_id


@pytest.mark.parametrize("name", GAMES)
def test_bookkeeping_rows_of_a_history_are_named_in_the_readers_language(client, settings, name):
    game_id = _played(settings, name, 40)
    events = getattr(registry.get(name), "events", None)
    assert isinstance(events, Vocabulary)
    english = {humanise(kind).lower() for kind in events}
    english |= {str(events.name(kind)) for kind in events if events.name(kind)}
    for lang in ("ru", "uk", "es", "ja"):
        shown = page(client, f"/games/{game_id}/history?lang={lang}")
        rows = [html.unescape(re.sub(r"<[^>]+>", " ", row)) for row in ROW.findall(shown)]
        rows = [" ".join(row.split()) for row in rows]
        assert rows, "bookkeeping rows are kept"
        left = sorted({word for row in rows for word in english if word in row})
        assert not left, (lang, left[:5], rows[:3])
