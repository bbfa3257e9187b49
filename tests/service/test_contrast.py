"""Colour contrast (issue 20, WCAG 2.1 1.4.3): every text a page or a board picture shows
stands at least 4.5:1 against what it is drawn on. The ratio is computed here from the
definition, not with the service's own helper."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import registry
from service.boards import _board, contrast, drawing, render
from service.boards.html import panels_html
from tests.engine.playout import play_random

TEMPLATES = Path(__file__).resolve().parents[2] / "service" / "templates"
AA = 4.5


def _channel(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def lum(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    r, g, b = (_channel(int(digits[i : i + 2], 16)) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: str, b: str) -> float:
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_ratio_of_this_test_is_wcags_white_on_black_21_and_white_on_777_just_fails():
    assert ratio("#ffffff", "#000000") == pytest.approx(21)
    assert ratio("#ffffff", "#777777") == pytest.approx(4.48, abs=0.01)


PICTURED = [name for name in registry.GAMES if _board(name).picture is not None]


def _moments(name: str) -> list[object]:
    game = registry.get(name)
    played = play_random(game, game.max_players, 7)
    return [*played.states[:: max(1, len(played.states) // 5)], played.final]


@pytest.mark.parametrize("name", PICTURED)
def test_every_text_of_a_board_picture_stands_4_5_to_1_on_what_it_is_drawn_on(name: str):
    """Each text drawn in the SVG a page shows, against the fill under it in the game's own
    display list (the orange die of the issue, the green seat disc, a muted label on a
    tinted panel)."""
    game, board = registry.get(name), _board(name)
    checked = 0
    for state in _moments(name):
        view = game.view(state, None)
        # Its texts fitted in their boxes, as the SVG draws them (a text may take two lines).
        grounds = contrast.pairs(drawing._fitted(board.picture(view, drawing.text_width)))
        svg = render(name, view, "svg").svg or ""
        for (text, ground), ink in zip(grounds, _inks(svg), strict=True):
            checked += 1
            assert ratio(ink, ground) >= AA, (text.text, ink, ground)
    assert checked


def _inks(svg: str) -> list[str]:
    """The ink of each SVG text that has letters, in drawing order."""
    found = re.findall(r'<text [^>]*fill="(#[0-9a-fA-F]{3,6})"[^>]*>([^<]*)</text>', svg)
    return [ink for ink, words in found if words.strip()]


def test_white_on_an_orange_die_is_drawn_in_black_and_a_readable_ink_is_kept():
    assert contrast.readable("#ffffff", "#f08a24") == "#000000"
    assert contrast.readable("#ffffff", "#2f5d50") == "#ffffff"
    assert contrast.readable("#7a6a4f", "#ffffff") == "#7a6a4f"


@pytest.mark.parametrize("ground", ["#2e8b57", "#777777", "#808080", "#3a78c9", "#f2c80f"])
def test_against_any_colour_the_ink_chosen_stands_4_5_to_1(ground: str):
    assert ratio(contrast.readable("#888888", ground), ground) >= AA


CHIP = re.compile(r"background:(#[0-9a-fA-F]{3,6});color:(#[0-9a-fA-F]{3,6})")
INK = re.compile(r"(?<![-\w])color:(#[0-9a-fA-F]{3,6})")


@pytest.mark.parametrize("name", PICTURED)
def test_every_chip_and_word_of_a_boards_panels_stands_4_5_to_1(name: str):
    game, board = registry.get(name), _board(name)
    chips = words = 0
    for state in _moments(name):
        html = str(panels_html(board.panels(game.view(state, None))))
        for fill, ink in CHIP.findall(html):
            chips += 1
            assert ratio(ink, fill) >= AA, (ink, fill)
        for ink in INK.findall(CHIP.sub("", html)):
            words += 1
            assert ratio(ink, "#ffffff") >= AA, ink  # panels are drawn on white
    assert words


def _root_colours() -> dict[str, str]:
    css = (TEMPLATES / "base.html").read_text()
    return dict(re.findall(r"--([a-z]+):(#[0-9a-fA-F]{3,6})", css))


def _css_colour(selector: str) -> str:
    css = (TEMPLATES / "base.html").read_text()
    rule = re.search(re.escape(selector) + r" \{[^}]*?(?<![-\w])color:(#[0-9a-fA-F]{3,6})", css)
    assert rule, selector
    return rule.group(1)


def test_the_pages_colours_stand_4_5_to_1_text_on_paper_cards_buttons_and_history_rows():
    c = _root_colours()
    pairs = [
        (c["ink"], c["paper"]),
        (c["muted"], c["paper"]),
        (c["muted"], "#ffffff"),  # .card
        (c["accent"], "#ffffff"),  # a secondary button
        ("#ffffff", c["accent"]),  # a button
        (c["muted"], "#faf7f0"),  # history: a table's row
        (_css_colour(".field-error"), "#ffffff"),  # the new-game form's messages
    ]
    for ink, ground in pairs:
        assert ratio(ink, ground) >= AA, (ink, ground)
