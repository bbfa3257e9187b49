"""A game is called by one name in each language, its catalog's (issue 32 §2: "Origin",
"Orichalk" stayed English in subjects, pages, invitations and the desk while the game's own
sentences said «Истоки», 「オリジン」, «Орихалк»): the subject, every email, the game's pages
and the desk use the title the game's catalog gives in the reader's language."""

from __future__ import annotations

import html
import re

import pytest

from engine import registry
from service import words
from tests.helpers import html_of, text_of
from tests.service.test_desk import desk, sign_in

pytestmark = pytest.mark.usefixtures("regulars")

GAMES = ["origin", "orichalk", "origins-first-builders"]
LANGUAGES = ["ru", "uk", "es", "ja"]
TAG = re.compile(r"<[^>]+>")


def _plain(markup: str) -> str:
    return html.unescape(TAG.sub(" ", markup))


@pytest.mark.parametrize("name", GAMES)
def test_a_game_is_called_by_its_catalogs_title_in_every_email_page_and_the_desk(
    client, smtp, work, name
):
    game = registry.get(name)
    english = str(game.title)
    players = [
        {"email": f"p{i}@example.org", "name": f"Player {i}", "language": lang}
        for i, lang in enumerate(LANGUAGES[: game.max_players])
    ]
    response = client.post("/api/games", json={"game": name, "players": players})
    assert response.status_code == 201, response.get_data(as_text=True)
    game_id = response.get_json()["id"]
    work()
    mail = {p["email"]: smtp.to(p["email"]) for p in players}
    renamed = 0
    for player in players:
        lang = player["language"]
        title = words.text(game.title, lang)
        assert mail[player["email"]]
        for message in mail[player["email"]]:
            subject = str(message["Subject"])
            assert subject.startswith(f"{title} #{game_id}"), subject
            for shown in (text_of(message), _plain(html_of(message))):
                assert title in shown
                if title != english:
                    assert not _as_title(english, shown), (lang, _as_title(english, shown))
        page = _plain(client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True))
        assert title in page
        mine = _plain(desk_of(client, smtp, work, player["email"], lang))
        assert f"{title} #{game_id}" in mine
        if title != english:
            renamed += 1
            assert not _as_title(english, page + mine), lang
    if name != "origins-first-builders":  # kept in English but in Russian (the catalogs)
        assert renamed >= 2


def _as_title(english: str, text: str) -> list[str]:
    """Where ``english`` stands as the game's name: before its number, in quotes or
    brackets ("Origin" is also the name of a territory the Russian rulebook keeps)."""
    marks = (f"{english} #", f"«{english}»", f"「{english}」", f"『{english}』", f"{english}（")
    return [m for m in marks if m in text]


def desk_of(client, smtp, work, address: str, lang: str) -> str:
    client.get(f"/me?lang={lang}")
    sign_in(client, smtp, work, address, address)
    return desk(client)
