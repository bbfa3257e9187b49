"""A board's panels become HTML only through the service's autoescaped template: every word
of a game's panels is text, and a seat (a Seat, issue 32 §1) becomes its player's name, escaped."""

from __future__ import annotations

from engine.kit.panels import (
    BREAK,
    Chip,
    Column,
    Panels,
    Para,
    Section,
    Swatch,
    Table,
    Words,
    content,
    plain,
)
from engine.kit.words import Seat, markers
from service.boards.html import panels_html

_, _n, _p = markers("tests")

NAMES = {"p1": "<b id=x>Ann</b>", "p2": "Bob & Co"}


def sample() -> Panels:
    return Panels(
        (
            Para((_("{seat} to play <now>", seat=Seat("p1")),), lead=True),
            Section(
                "Players & scores",
                (
                    Table(
                        columns=(Column(), Column((Seat("p1"),), colour="#d62828", share=40)),
                        rows=(
                            (("Score",), (Words("12", bold=True, tone="big"), BREAK, Seat("p2"))),
                        ),
                        labels=True,
                    ),
                    Para(
                        content(
                            Chip(
                                "3",
                                "#ffffff",
                                shape="die",
                                title=_("{seat}'s <die>", seat=Seat("p2")),
                            ),
                            Swatch("#123456"),
                        )
                    ),
                ),
            ),
        )
    )


def test_every_text_of_the_panels_is_escaped_and_every_seat_named():
    html = str(panels_html(sample(), NAMES))
    assert "&lt;b id=x&gt;Ann&lt;/b&gt; to play &lt;now&gt;" in html
    assert "<b id=x>" not in html and "<now>" not in html
    assert "Bob &amp; Co" in html and "Players &amp; scores" in html
    assert 'title="Bob &amp; Co&#39;s &lt;die&gt;"' in html
    assert ">p1<" not in html and ">p2<" not in html, "no seat is left unnamed"


def test_the_panels_read_as_plain_words_for_tests_and_hovers():
    words = plain(sample())
    assert "p1 to play <now>" in words and "Score | 12\np2" in words
