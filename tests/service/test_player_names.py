"""A player given without a name is "Player 2", their seat's number in the reader's
language, never a part of their address (issue 30 §5: ``spec1.john.smith@example.org`` was
published as ``spec1.john.smith``): on every page, in every email (subject, recipient, body),
in pictures, histories, the API and exports."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.cli.commands import main
from service.store.db import sessions
from service.store.models import SeatRow
from tests.helpers import html_of, text_of

ADDRESS = "spec1.john.smith@example.org"
LOCAL = "spec1.john.smith"


def unnamed_game(client, work, languages=("en", "en")) -> str:
    """Ann (named) and a player given by address alone, each in a language of their own."""
    players = [
        {"email": "ann@example.org", "name": "Ann", "language": languages[0]},
        {"email": ADDRESS, "language": languages[1]},
    ]
    created = client.post("/api/games", json={"game": "origin", "players": players})
    assert created.status_code == 201, created.get_json()
    work()
    return created.get_json()["id"]


def test_the_address_alone_is_stored_with_no_name(client, settings, work):
    game_id = unnamed_game(client, work)
    with sessions(settings.database_url)() as s:
        names = s.scalars(
            select(SeatRow.name).where(SeatRow.game_id == game_id).order_by(SeatRow.position)
        ).all()
    assert names == ["Ann", ""], "no English words stored in its place either"


def test_every_page_and_the_api_show_player_2_and_no_part_of_the_address(
    app, client, settings, work
):
    game_id = unnamed_game(client, work)
    shown = {
        url: client.get(url).get_data(as_text=True)
        for url in (
            f"/games/{game_id}",
            f"/games/{game_id}/history?all=1",
            f"/games/{game_id}/replay/1",
            f"/api/games/{game_id}",
            "/",
        )
    }
    for url, page in shown.items():
        assert LOCAL not in page, url
        assert "Player 2" in page, url
    players = client.get(f"/api/games/{game_id}").get_json()["players"]
    assert [(p["name"], p["left"]) for p in players] == [("Ann", False), ("Player 2", False)]
    board = shown[f"/games/{game_id}/replay/1"]
    assert "<svg" in board and "Player 2" in board.split("<svg", 1)[1], "the picture too"
    export = app.test_cli_runner().invoke(main, ["export", game_id])
    assert export.exit_code == 0 and LOCAL not in export.output
    assert '"names": {"p1": "Ann", "p2": ""}' in export.output, "exported as given: none"


def test_emails_name_the_player_by_their_seat_in_each_readers_language(client, smtp, work):
    unnamed_game(client, work, languages=("uk", "ru"))
    (to_ann,) = smtp.to("ann@example.org")
    (to_them,) = smtp.to(ADDRESS)
    assert str(to_them["To"]) == ADDRESS, "no display name: the address alone"
    for message in (to_ann, to_them):
        whole = message.as_string()
        assert LOCAL not in whole.replace(ADDRESS, ""), "only in their own envelope and To"
    assert "Гравець 2" in str(to_ann["Subject"]) and "Гравець 2" in text_of(to_ann)
    assert "Игрок 2" in str(to_them["Subject"]) and "Здравствуйте, Игрок 2" in text_of(to_them)
    assert "Гравець 2" in html_of(to_ann)


@pytest.mark.parametrize(("lang", "said"), [("uk", "Гравець 2"), ("ja", "プレイヤー2")])
def test_a_page_says_player_2_in_the_language_chosen_for_it(client, work, lang, said):
    game_id = unnamed_game(client, work)
    page = client.get(f"/games/{game_id}?lang={lang}").get_data(as_text=True)
    assert said in page and "Player 2" not in page
