"""A seat in a message is its player's name (issue 32 §1): the engines put seats into their
messages as :class:`engine.kit.words.Seat` values, and the reader's renderer says each as the
name of the player who holds it, in every language, beside any script, escaped in HTML and
raw in text; a name is never looked for in text again, so a name that reads like a seat
("p2") stays what its player wrote."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st
from jinja2 import Environment
from markupsafe import escape

from engine.games.origin.words import _ as origin
from engine.kit.words import Listing, Seat
from service import words
from service.boards.naming import with_names

NAMES = {"p1": "さくら", "p2": "Иван Петров"}
TO_PLAY = {
    "en": "さくら to play",
    "ru": "Ходит さくら",
    "uk": "Ходить さくら",
    "es": "Le toca a さくら",
    "ja": "さくらの手番",
}
"""Origin's "{seat} to play" with p1 held by さくら, as each catalog words it."""


def test_a_seat_is_its_players_name_in_every_language_even_next_to_kana():
    said = origin("{seat} to play", seat=Seat("p1"))
    for lang in words.LANGUAGES:
        assert words.text(said, lang, names=NAMES) == TO_PLAY[lang]
    with words.speaking("ja"), words.naming(NAMES):
        assert words.text(said) == "さくらの手番", "the context's players when none are given"


def test_a_seat_untranslated_reads_as_the_seat_for_logs_and_json_only():
    said = origin("{seat} to play", seat=Seat("p1"))
    assert said == "p1 to play" and said.english() == "p1 to play"
    again = pickle.loads(pickle.dumps(said))
    assert again.args == said.args and isinstance(dict(again.args)["seat"], Seat)


def test_seats_nested_in_lists_and_messages_are_named_and_bound_names_travel_with_them():
    both = Listing((Seat("p1"), Seat("p2")))
    said = origin("{seat} to play", seat=Seat("p2"))
    together = origin("{seat} to play", seat=both)
    assert words.text(together, "ru", names=NAMES) == "Ходит さくら и Иван Петров"
    bound = words.bound({"label": said, "all": [both]}, NAMES)
    with words.speaking("ja"):  # no players in this context: the bound names stand
        assert words.text(bound["label"]) == "Иван Петровの手番"
        assert words.text(origin("{seat} to play", seat=bound["all"][0])) == (
            "さくら、Иван Петровの手番"
        )


names = st.text(st.characters(codec="utf-8"), min_size=1, max_size=30)


@given(first=names, second=names)
def test_a_name_is_put_in_once_raw_in_text_and_escaped_in_html_whatever_it_holds(first, second):
    """A name holding markup, a seat's id ("p2", "p1x") or the other's name is put in as
    it is written, once per seat, never looked for again."""
    players = {"p1": first, "p2": second}
    for lang in words.LANGUAGES:
        said = origin("{seat} to play", seat=Seat("p1"))
        template = words.text(origin("{seat} to play", seat=Seat("p9")), lang)
        assert words.text(said, lang, names=players) == template.replace("p9", first)
    page = Environment(autoescape=True, finalize=words.finalize).from_string("<p>{{ said }}</p>")
    with words.speaking("en"), words.naming(players):
        html = page.render(said=origin("{seat} to play", seat=Seat("p2")))
    assert html == f"<p>{escape(second)} to play</p>"


def test_a_name_that_reads_like_a_seat_is_never_substituted_again():
    swapped = {"p1": "p2", "p2": "p1 and p10"}
    said = origin("{seat} to play", seat=Seat("p1"))
    assert with_names(said, swapped) == "p2 to play"
    assert with_names(origin("{seat} to play", seat=Seat("p2")), swapped) == "p1 and p10 to play"
    assert with_names("p1 to play", swapped) == "p1 to play", "plain text: nothing is searched"
