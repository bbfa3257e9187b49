"""Boards say the players' names where the engines say seats: in the text of an email, its
panels and its picture, and on the pages."""

from __future__ import annotations

import re

from engine.games.origin.words import _
from engine.kit.words import Seat
from service.boards.drawing import Drawing, Group, Text, naming, text_width, to_png, to_svg
from service.boards.naming import short_names, with_names
from service.play.games import create_game
from service.store.db import sessions
from tests.helpers import html_of, text_of

NAMES = {"p1": "Ann", "p2": "Bob", "p10": "Tenth"}


def test_a_seat_in_a_message_is_its_players_name_and_no_text_is_searched_for_seats():
    said = _("{seat} to play", seat=Seat("p10"))
    assert with_names(said, NAMES) == "Tenth to play"
    assert with_names(Seat("p2"), NAMES) == "Bob"
    text = "p1 to play; p10 passed"  # plain text names no seat: it is shown as it is
    assert with_names(text, NAMES) == text


def test_a_picture_shows_a_long_name_cut_short_and_keeps_a_seat_with_no_name():
    short = short_names({"p1": "Annabelle Lee-Fitzgerald", "p2": "  "})
    assert short == {"p1": "Annabelle Lee."}


def test_a_long_name_loses_its_closing_aside_before_it_is_cut():
    """Issue 30: a player who left is "Player 2 (left)" in words and "Player 2" where the
    picture has no room for more, in every language, not "Player 2 (lef."."""
    names = {
        "p1": "Player 2 (left)",
        "p2": "Игрок 3 (вне игры)",
        "p3": "Ann (Paris office)",
        "p4": "Annabelle Lee-Fitzgerald (Paris office)",
        "p5": "Ann (Paris)",
    }
    assert short_names(names) == {
        "p1": "Player 2",
        "p2": "Игрок 3",
        "p3": "Ann",
        "p4": "Annabelle Lee.",
        "p5": "Ann (Paris)",
    }


def test_a_picture_drawn_within_naming_measures_and_draws_the_names():
    shapes = [Group((Text(5, 20, _("{seat} to play", seat=Seat("p1"))),), Seat("p2"))]
    picture = Drawing(200, 60, "#ffffff", shapes=shapes)
    with naming(NAMES):
        svg = to_svg(picture)
        assert text_width(Seat("p1"), 12) == text_width("Ann", 12)
        named = to_png(picture)
    assert ">Ann to play</text>" in svg and "<title>Bob</title>" in svg
    assert named != to_png(picture), "the same shapes without names are another picture"


def test_an_email_and_the_game_page_name_the_players_not_their_seats(client, smtp, work, settings):
    players = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cy <cy@example.org>"]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "origin", players).loaded.row.id
    work()
    email = smtp.to("ann@example.org")[0]
    text = text_of(email)
    assert "Your hand (Ann)" in text and "Ann (red, you" in text and "Bob (blue" in text
    assert not re.search(r"\bp[123] \(", text + html_of(email))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert re.search(r">Ann[^<]*</text>", svg) and re.search(r">Bob[^<]*</text>", svg)
    assert not re.search(r">p[123]\b[^<]*</text>", page), "the map names no seat"
