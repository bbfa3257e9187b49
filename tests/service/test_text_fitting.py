"""A text of a picture stays in the box its layout gives it, whatever the language and the
names in it (issue 32 §6): drawn smaller first, then in lines, then cut with "…", measured
with the font that draws it."""

from __future__ import annotations

import pytest

from engine.kit.drawing import Drawing, Fit, Text
from engine.kit.words import Seat
from service import words
from service.boards import drawing
from service.boards.drawing import drawn_texts
from service.boards.fitting import fit_lines, wrapped


def _drawn(*texts: Text, width: int = 300) -> list[drawing.Drawn]:
    return drawn_texts(Drawing(width, 200, "#ffffff", shapes=list(texts)))


def _inside(drawn: drawing.Drawn) -> bool:
    assert drawn.box is not None
    return drawn.box[0] - 0.5 <= drawn.span[0] and drawn.span[1] <= drawn.box[1] + 0.5


def test_a_text_that_fits_its_box_is_drawn_as_the_layout_says() -> None:
    (drawn,) = _drawn(Text(10, 20, "Camp", size=12, anchor="start", fit=Fit(100)))
    assert (drawn.text, drawn.size) == ("Camp", 12)


def test_a_text_a_little_too_wide_is_drawn_smaller_on_one_line() -> None:
    text = "Campo de entrenamiento"
    wide = drawing.text_width(text, 12)
    (drawn,) = _drawn(Text(100, 20, text, size=12, fit=Fit(wide * 0.9)))
    assert drawn.text == text and drawn.size < 12 and _inside(drawn)


def test_a_text_much_too_wide_is_cut_into_lines_between_its_words() -> None:
    text = "Тренувальний табір"
    word = drawing.text_width("Тренувальний", 12)
    drawn = _drawn(Text(100, 50, text, size=12, fit=Fit(word + 2, lines=2)))
    assert [d.text for d in drawn] == ["Тренувальний", "табір"]
    assert all(_inside(d) for d in drawn)
    assert drawn[0].ink[3] <= drawn[1].ink[1], "the second line is below the first"


def test_japanese_is_cut_between_letters_never_before_a_long_vowel_mark() -> None:
    text = "クイーンズランド"
    lines = wrapped(text, 12, drawing.text_width("クイ", 12) + 1, drawing.text_width)
    assert "".join(lines) == text and len(lines) > 1
    assert not any(line.startswith("ー") for line in lines)


def test_what_fits_in_no_line_of_the_box_ends_in_an_ellipsis_inside_it() -> None:
    text = "Олена Коваленко-Шевчук против существа Гидра"
    drawn = _drawn(Text(300, 20, text, size=12, anchor="end", fit=Fit(80)))
    assert len(drawn) == 1 and drawn[0].text.endswith("…") and _inside(drawn[0])


@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
def test_a_players_name_is_measured_once_put_in_and_the_message_in_the_readers_language(
    lang: str,
) -> None:
    with words.speaking(lang), drawing.naming({"p2": "Олена Коваленко"}):
        (drawn,) = _drawn(Text(0, 20, Seat("p2"), size=14, anchor="start", fit=Fit(60)))
    assert drawn.text.startswith("Олена") and _inside(drawn)


def test_fitting_a_fitted_picture_again_changes_nothing() -> None:
    text = Text(100, 50, "Campo de entrenamiento", size=12, fit=Fit(70, lines=2))
    lines, size = fit_lines(text.text, text.size, Fit(70, lines=2), drawing.text_width)
    again = [
        d.text
        for d in _drawn(*(Text(100, 50, line, size=size, fit=Fit(70, 1, size)) for line in lines))
    ]
    assert again == lines


def test_the_svg_draws_the_lines_the_png_draws() -> None:
    picture = Drawing(
        300,
        100,
        "#ffffff",
        shapes=[Text(100, 50, "Тренувальний табір", size=12, fit=Fit(90, lines=2))],
    )
    svg = drawing.to_svg(picture)
    assert "Тренувальний</text>" in svg and "табір</text>" in svg
