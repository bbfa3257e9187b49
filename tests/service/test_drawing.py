"""The PNG backend's memory (rendered texts, backdrops, whole pictures) changes how fast a
picture is drawn, never a pixel of it."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from service.boards import drawing
from service.boards.drawing import Circle, Drawing, Group, Line, Polygon, Rect, Text, to_png, to_svg


def _shapes(shift: float = 0.0) -> list[drawing.Shape]:
    return [
        Rect(10 + shift, 10, 120, 60, fill="#f4d03f", stroke="#2b2b2b", width=2, rx=6),
        Circle(200, 80 + shift, 30, fill="#79bd5c", stroke="#1e1e1e", width=1.5, dash=(4, 3)),
        Line(0, 150, 300, 150 + shift, "#2f5f8a", width=2.2, dash=(5, 4), round_caps=True),
        Polygon(((40, 190), (90, 170 + shift), (120, 220)), fill="#a98bd6", stroke="#000000"),
        Group((Text(150, 120, "Great Rift Valley", size=11, fill="#2b2b2b", halo="#ffffff"),)),
        Text(12.3 + shift, 18.7, "Turn 12 · p2 to play", size=15, fill="#000000", bold=True),
    ]


def _pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _same(a: bytes, b: bytes) -> bool:
    return ImageChops.difference(_pixels(a), _pixels(b)).getbbox() is None


def _afresh(picture: Drawing) -> bytes:
    """The picture drawn with every memory of the backend emptied first."""
    drawing.forget()
    return to_png(picture)


def test_a_text_drawn_again_from_memory_has_the_pixels_of_a_text_rendered_afresh():
    first = _afresh(Drawing(320, 240, "#d5e8f2", shapes=_shapes(0.25)))
    drawing._PNGS.clear()  # the fonts keep their rendered texts
    drawing._CANVASES.clear()
    again = to_png(Drawing(320, 240, "#d5e8f2", shapes=_shapes(0.25)))
    assert first == again


def test_a_backdrop_draws_the_pixels_of_the_same_shapes_drawn_first():
    shapes = _shapes()
    inline = _afresh(Drawing(320, 240, "#d5e8f2", shapes=shapes))
    under = _afresh(Drawing(320, 240, "#d5e8f2", shapes=shapes[3:], backdrop=tuple(shapes[:3])))
    assert _same(inline, under)
    remembered = to_png(Drawing(320, 240, "#d5e8f2", shapes=shapes[3:], backdrop=tuple(shapes[:3])))
    assert _same(inline, remembered)


def test_a_backdrop_is_drawn_under_the_shapes_in_the_svg_too():
    shapes = _shapes()
    svg = to_svg(Drawing(320, 240, "#d5e8f2", shapes=shapes[3:], backdrop=tuple(shapes[:3])))
    assert svg == to_svg(Drawing(320, 240, "#d5e8f2", shapes=shapes))


def test_a_picture_remembered_is_never_given_for_a_different_picture():
    one = to_png(Drawing(320, 240, "#d5e8f2", shapes=_shapes(0.0)))
    other = to_png(Drawing(320, 240, "#d5e8f2", shapes=_shapes(7.0)))
    assert not _same(one, other)
    assert _same(one, _afresh(Drawing(320, 240, "#d5e8f2", shapes=_shapes(0.0))))


def test_a_shape_holding_a_list_is_drawn_afresh_rather_than_refused():
    listed = Polygon([(40, 190), (90, 170), (120, 220)], fill="#a98bd6")
    png = to_png(Drawing(320, 240, "#d5e8f2", shapes=[*_shapes(), listed]))
    assert _pixels(png).size == (320, 240)


def test_only_a_backdrop_is_kept_not_the_plain_background_of_every_size():
    drawing._backdrop.cache_clear()
    for height in (200, 240, 280):
        to_png(Drawing(320, height, "#d5e8f2", shapes=_shapes()))
    assert drawing._backdrop.cache_info().currsize == 0


def test_a_thick_edged_polygon_has_the_pixels_pillow_gives_it_even_across_the_border():
    rng = random.Random(5)
    for _ in range(60):
        points = [(rng.uniform(-40, 360), rng.uniform(-40, 280)) for _ in range(rng.randint(3, 7))]
        width = rng.randint(2, 9)
        pillow = Image.new("RGB", (320, 240), "#d5e8f2")
        ImageDraw.Draw(pillow).polygon(points, fill="#a98bd6", outline="#2b2b2b", width=width)
        ours = Image.new("RGB", (320, 240), "#d5e8f2")
        drawing._thick_polygon(ours, points, "#a98bd6", "#2b2b2b", width)
        assert ImageChops.difference(pillow, ours).getbbox() is None, (points, width)


NAMES_IN_THEIR_SCRIPTS = ["田中 花子", "Олена Коваленко", "José Núñez", "Ґрицько Їжак", "김민준"]


@pytest.mark.parametrize("name", NAMES_IN_THEIR_SCRIPTS)
def test_every_letter_of_a_name_in_any_script_has_a_glyph_of_its_own(name: str) -> None:
    """Issue 17: no transliteration, no "?" and no missing-glyph box: the bundled font draws
    each letter, and no two different letters alike."""
    drawn = {}
    for ch in set(name) - {" "}:
        face = drawing._face(ch)
        drawn[ch] = drawing._drawn(face, ch)
        assert drawn[ch] != drawing._drawn(face, "\ue000"), f"{ch!r} is the missing-glyph box"
        assert any(drawn[ch]), f"{ch!r} is not drawn at all"
    assert len(set(drawn.values())) == len(drawn), "each letter is drawn as itself"


@pytest.mark.parametrize("name", NAMES_IN_THEIR_SCRIPTS)
def test_a_name_is_drawn_in_the_picture_where_its_text_stands(name: str) -> None:
    blank = Drawing(320, 60, "#ffffff", shapes=[])
    named = Drawing(
        320, 60, "#ffffff", shapes=[Text(10, 30, name, size=18, fill="#000000", anchor="start")]
    )
    before = Image.open(io.BytesIO(to_png(blank))).convert("L")
    after = Image.open(io.BytesIO(to_png(named))).convert("L")
    ink = ImageChops.difference(before, after).point(lambda p: 255 if p > 96 else 0)
    box = ink.getbbox()
    assert box is not None
    x0, _, x1, _ = box
    assert x0 >= 8 and x1 - x0 >= 0.8 * drawing.text_width(name, 18), "the whole name is inked"
    inked = ink.crop(box).histogram()[255]
    assert inked >= 12 * len(name.replace(" ", "")), "every letter leaves ink"
