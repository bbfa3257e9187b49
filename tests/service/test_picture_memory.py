"""Issue 19: a picture is drawn once per distinct picture, shared by every seat that sees the
very same picture and by the process's next emails; a new picture is drawn over the last
one of its size where they differ. Memory changes how fast a picture is made, never one of
its bytes, and never gives a seat a picture that shows what its own would not."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine import registry
from engine.kit.drawing import Measure
from engine.kit.game import Board as KitBoard
from engine.kit.panels import Panels
from service import words
from service.boards import _drawn, drawing, render
from service.boards.drawing import Circle, Drawing, Line, Polygon, Rect, Text, to_png
from service.boards.kept import Kept

NAMES = {"p1": "田中 花子", "p2": "Олена Коваленко", "p3": "José Núñez", "p4": "Ann Lee"}


@pytest.fixture(autouse=True)
def forgetful() -> Iterator[None]:
    drawing.forget()
    yield
    drawing.forget()


@pytest.fixture
def draws(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many pictures the backend really drew: a counter around its drawing function."""
    counted: list[int] = []
    painted = drawing._painted

    def counting(picture: Drawing) -> bytes:
        counted.append(1)
        return painted(picture)

    monkeypatch.setattr(drawing, "_painted", counting)
    return counted


@pytest.fixture
def patches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many pictures were drawn over the one before rather than whole."""
    counted: list[int] = []
    patched = drawing._patched

    def counting(*args: Any) -> Any:
        canvas = patched(*args)
        if canvas is not None:
            counted.append(1)
        return canvas

    monkeypatch.setattr(drawing, "_patched", counting)
    return counted


def _afresh(picture: Drawing) -> bytes:
    """The picture as a process that has drawn nothing before draws it."""
    drawing.forget()
    return to_png(picture)


def _views(game_name: str, seed: int, moves: int) -> list[dict[str, Any]]:
    """Every seat's view of a game after ``moves`` random moves (seeded: the same each run)."""
    game = registry.get(game_name)
    seats = [f"p{i}" for i in range(1, game.max_players + 1)]
    rng = random.Random(seed)
    state = None
    for event in game.setup(seats, {}, rng):
        state = game.apply(state, event)
    for _ in range(moves):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        move = rng.choice(game.legal_moves(state, acting[0]))
        for event in game.decide(state, acting[0], move, rng):
            state = game.apply(state, event)
    return [game.view(state, seat) for seat in seats]


GAMES = ["orichalk", "origin", "origins-first-builders"]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_board_shown_twice_is_drawn_once_and_given_byte_for_byte(
    game: str, draws: list[int]
) -> None:
    view = _views(game, 3, 6)[0]
    first = render(game, view, "png", NAMES).png
    again = render(game, view, "png", NAMES).png
    assert first is not None and again == first
    assert len(draws) == 1


@pytest.mark.parametrize("game", GAMES)
def test_each_seat_of_a_game_drawn_over_the_last_has_the_bytes_of_a_fresh_drawing(
    game: str, patches: list[int]
) -> None:
    """The seats' pictures differ a little (their own name, their own island first), and a
    game's from one move to the next: each is drawn over the previous one where they
    differ, and must come out as a process's first drawing of it would, byte for byte."""
    pictures = []
    for seed, moves in ((1, 0), (1, 1), (1, 2), (2, 12)):
        for view in _views(game, seed, moves):
            with drawing.naming(NAMES):
                pictures.append(_laid_out(game, view))
    drawing.forget()
    in_a_row = [to_png(picture) for picture in pictures]
    assert patches, "some were drawn over the one before"
    assert [_afresh(picture) for picture in pictures] == in_a_row


def _laid_out(game: str, view: dict[str, Any]) -> Drawing:
    from service.boards import _board, contrast

    lay_out = _board(game).picture
    assert lay_out is not None
    return contrast.legible(lay_out(view, drawing.text_width))


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many pictures were laid out: a counter around the step every layout goes through."""
    from service.boards import contrast

    counted: list[int] = []
    legible = contrast.legible

    def counting(picture: Drawing) -> Drawing:
        counted.append(1)
        return legible(picture)

    monkeypatch.setattr(contrast, "legible", counting)
    return counted


def test_a_view_drawn_before_is_not_even_laid_out_again(
    layouts: list[int], draws: list[int]
) -> None:
    view = _views("origin", 5, 4)[1]
    first = render("origin", view, "png", NAMES).png
    assert render("origin", dict(view), "png", NAMES).png == first
    assert (len(layouts), len(draws)) == (1, 1)


def test_a_view_differing_where_the_picture_does_not_look_is_laid_out_but_not_drawn_again(
    layouts: list[int], draws: list[int]
) -> None:
    """A view with a hidden part the picture does not show has a key of its own (the key
    spells the whole view), and the picture it lays out is the one already drawn."""
    view = _views("origin", 5, 4)[1]
    first = render("origin", view, "png", NAMES).png
    hidden = {**view, "private_note": "a secret the picture does not show"}
    assert render("origin", hidden, "png", NAMES).png == first
    assert (len(layouts), len(draws)) == (2, 1)


def test_a_view_key_tells_messages_apart_by_every_field_and_readers_by_language_and_zone() -> None:
    from engine.kit.words import Msg
    from service.boards.shown import view_key

    def key(message: Msg) -> str | None:
        return view_key("origin", {"prompt": message}, NAMES, drawing.BACKEND)

    plain = Msg("origin", "{n} cards", (("n", 2),))
    assert key(plain) == key(Msg("origin", "{n} cards", (("n", 2),)))
    assert key(plain) != key(Msg("origin", "{n} cards", (("n", 3),)))
    assert key(plain) != key(Msg("origin", "{n} cards", (("n", 2),), plural="{n} card"))
    assert key(plain) != key(Msg("origin", "{n} cards", (("n", 2),), context="hand"))
    english = key(plain)
    with words.speaking("ja"):
        assert key(plain) != english
    with words.speaking("en", "Asia/Tokyo"):
        assert key(plain) != english, "a time in the picture may be told in the reader's zone"


def test_a_picture_given_from_memory_is_byte_identical_to_one_drawn_afresh() -> None:
    picture = Drawing(320, 240, "#d5e8f2", shapes=_shapes(random.Random(1), 12))
    drawn = to_png(picture)
    remembered = to_png(picture)
    assert remembered == drawn == _afresh(picture)


def _hand_board(shows_hand: bool) -> KitBoard:
    """A board whose picture shows the seat's hidden hand, or only the table everyone sees."""

    def picture(view: dict[str, Any], measure: Measure) -> Drawing:
        shapes: list[Any] = [Rect(10, 10, 200, 40, fill="#79bd5c"), Text(20, 30, view["table"])]
        if shows_hand:
            shapes += [Text(20, 80 + 20 * i, card) for i, card in enumerate(view["hand"])]
        return Drawing(240, 160, "#ffffff", shapes=shapes)

    return KitBoard(panels=lambda view: Panels(), text=lambda view: view["table"], picture=picture)


VIEWS = {
    "p1": {"seat": "p1", "table": "Trick 3: 7 of cups", "hand": ["Queen of swords", "2 of coins"]},
    "p2": {"seat": "p2", "table": "Trick 3: 7 of cups", "hand": ["Ace of cups", "9 of wands"]},
}


def test_seats_with_different_hidden_hands_never_share_a_picture_that_shows_hands(
    draws: list[int],
) -> None:
    board = _hand_board(shows_hand=True)
    mine = _drawn(board, VIEWS["p1"], "png", {}).png
    theirs = _drawn(board, VIEWS["p2"], "png", {}).png
    assert mine is not None and theirs is not None and mine != theirs
    assert len(draws) == 2
    assert theirs == _drawn(board, VIEWS["p2"], "png", {}).png
    drawing.forget()
    assert theirs == _drawn(board, VIEWS["p2"], "png", {}).png, "p2's own picture, afresh"


def test_seats_with_different_hidden_hands_share_a_picture_that_shows_no_hand(
    draws: list[int],
) -> None:
    board = _hand_board(shows_hand=False)
    mine = _drawn(board, VIEWS["p1"], "png", {}).png
    theirs = _drawn(board, VIEWS["p2"], "png", {}).png
    assert mine is not None and theirs == mine
    assert len(draws) == 1


def test_a_picture_in_another_language_or_with_other_names_is_another_picture(
    draws: list[int],
) -> None:
    view = _views("origin", 4, 0)[0]
    english = render("origin", view, "png", NAMES).png
    with words.speaking("ru"):
        russian = render("origin", view, "png", NAMES).png
    renamed = render("origin", view, "png", {**NAMES, "p1": "Bob"}).png
    assert len({english, russian, renamed}) == 3
    assert len(draws) == 3


def _shapes(rng: random.Random, count: int) -> list[drawing.Shape]:
    """Shapes of every kind at random, some crossing the picture's edges."""
    colours = ["#2b2b2b", "#f4d03f", "#79bd5c", "#a98bd6", "#ffffff", "#2f5f8a"]
    texts = ["Turn 12 · p2 to play", "田中 花子", "Олена", "José Núñez", "3", "Great Rift"]
    makers: list[Callable[[], drawing.Shape]] = [
        lambda: Rect(rng.uniform(-20, 300), rng.uniform(-20, 220), rng.uniform(5, 90),
                     rng.uniform(5, 60), fill=rng.choice(colours), stroke=rng.choice(colours),
                     width=rng.choice([1, 2.5]), rx=rng.choice([0, 4])),
        lambda: Circle(rng.uniform(-10, 330), rng.uniform(-10, 250), rng.uniform(3, 30),
                       fill=rng.choice(colours), stroke=rng.choice(colours),
                       width=rng.choice([1, 1.5, 3]), dash=rng.choice([None, (4, 3)])),
        lambda: Line(rng.uniform(-20, 340), rng.uniform(-20, 260), rng.uniform(-20, 340),
                     rng.uniform(-20, 260), rng.choice(colours), width=rng.choice([1, 2.2, 5]),
                     dash=rng.choice([None, (5, 4)]), round_caps=rng.random() < 0.5),
        lambda: Polygon(tuple((rng.uniform(-20, 340), rng.uniform(-20, 260))
                              for _ in range(rng.randint(3, 6))),
                        fill=rng.choice(colours), stroke=rng.choice(colours),
                        width=rng.choice([1, 3, 6])),
        lambda: Text(rng.uniform(-10, 330), rng.uniform(-5, 245), rng.choice(texts),
                     size=rng.choice([9, 11, 15, 22]), fill=rng.choice(colours),
                     anchor=rng.choice(["start", "middle", "end"]),
                     halo=rng.choice([None, "#ffffff"]), bold=rng.random() < 0.3),
    ]  # fmt: skip
    return [rng.choice(makers)() for _ in range(count)]


@pytest.mark.parametrize("seed", range(6))
def test_a_picture_drawn_over_another_of_its_size_has_the_bytes_of_a_fresh_drawing(
    seed: int, patches: list[int]
) -> None:
    """Shapes moved, added, removed and recoloured between two pictures of one size, with
    and without a backdrop: each drawn over the one before is the picture drawn afresh."""
    rng = random.Random(seed)
    backdrop = tuple(_shapes(rng, 6)) if seed % 2 else ()
    shapes = _shapes(rng, 40)
    pictures = []
    for _ in range(8):
        shapes = list(shapes)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(shapes))
            change = rng.random()
            if change < 0.4:
                shapes[at] = _shapes(rng, 1)[0]
            elif change < 0.7:
                shapes.insert(at, _shapes(rng, 1)[0])
            else:
                del shapes[at]
        pictures.append(Drawing(320, 240, "#d5e8f2", shapes=shapes, backdrop=backdrop))
    drawing.forget()
    in_a_row = [to_png(picture) for picture in pictures]
    assert patches, "some were drawn over the one before"
    assert [_afresh(picture) for picture in pictures] == in_a_row


def test_kept_pictures_are_bounded_in_bytes_the_least_recently_used_forgotten_first() -> None:
    kept = Kept(limit=10)
    kept.put("a", b"1234")
    kept.put("b", b"5678")
    assert kept.get("a") == b"1234"  # now "b" is the least recently used
    kept.put("c", b"9012")
    assert kept.get("b") is None and kept.get("a") == b"1234" and kept.get("c") == b"9012"
    assert kept.size == 8 <= kept.limit
    kept.put("huge", b"x" * 11)
    assert kept.get("huge") is None and len(kept) == 2
