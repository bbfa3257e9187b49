"""Origins: First Builders' words are translatable (issue 17, DESIGN.md §10.9): every text a
player reads is a message of the game's domain, every message is in the catalogs of every
language we serve, and the Russian catalog speaks the rulebook's terms."""

from __future__ import annotations

import dataclasses
import gettext
import random
from functools import cache
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

import engine.games.origins_first_builders as package
from engine import IllegalMove
from engine.games.origins_first_builders import GAME, words
from engine.games.origins_first_builders.board.shapes import titled
from engine.games.origins_first_builders.components import BUILDING, ZODIAC_CARD
from engine.games.origins_first_builders.state import State
from engine.kit.drawing import Text
from engine.kit.words import Msg, render
from tests.engine.playout import Playout, play_random
from tests.games.catalogs import (
    assert_catalogs_complete,
    assert_made_messages_translated,
    catalog_path,
    package_dir,
)
from tests.games.origins_first_builders.helpers import new_game

DOMAIN = "origins-first-builders"


def _measure(text: str, size: float) -> float:
    return len(text) * size * 0.55


def _data(value: Any) -> Any:
    """Panels and pictures as plain containers, their messages kept, so that every message
    inside them can be found."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {k: _data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_data(v) for v in value]
    return value


@cache
def _playouts() -> tuple[Playout, ...]:
    return tuple(
        play_random(GAME, players, seed) for players, seed in ((1, 3), (2, 5), (3, 7), (4, 11))
    )


def _seen_by_everyone(state: State) -> list[Any]:
    made: list[Any] = []
    for seat in (None, *state.seats):
        view = GAME.view(state, seat)
        made += [
            view,
            GAME.board.text(view),
            _data(GAME.board.panels(view)),
            _data(GAME.board.picture(view, _measure)),
        ]
    return made


def _made_in_play() -> list[Any]:
    """Every event's narration for every seat and a spectator, every legal move's label and
    group, views, text, panels and pictures along the way, refusals and the outcome."""
    made: list[Any] = []
    for run in _playouts():
        state = None
        for i, event in enumerate(run.events):
            made += [GAME.narrate(state, event, seat) for seat in (None, *run.seats)]
            state = run.states[i]
        for k, decision in enumerate(run.log):
            for move in GAME.legal_moves(decision.state, decision.seat):
                made += [
                    GAME.describe(decision.state, move),
                    GAME.board.option_path(move),
                ]
            if k % 25 == 0:
                made += _seen_by_everyone(decision.state)
                made += _refusals(decision.state, decision.seat, run.seats)
        made += _seen_by_everyone(run.final)
        made.append(GAME.outcome(run.final))
    for seats, options in (
        (["p1"], {"variant": 1}),
        ([f"p{i}" for i in range(6)], {}),
        (["p1", "p1"], {}),
    ):
        try:
            GAME.setup(seats, options, random.Random(0))
        except IllegalMove as refusal:
            made.append(refusal.args[0])
    made.append([section["title"] for section in GAME.data_page])
    return made


def _refusals(state: State, acting: str, seats: list[str]) -> list[Any]:
    """What a seat that is not deciding is told when it moves (the kit's own refusals,
    ``engine.contract.listed_move``, are not this game's words)."""
    told = []
    for seat in seats:
        if seat == acting:
            continue
        try:
            GAME.decide(state, seat, {"type": "pass"}, random.Random(0))
        except IllegalMove as refusal:
            told.append(refusal.args[0])
    return told


def test_every_message_the_code_marks_is_translated_in_every_language():
    assert_catalogs_complete(package, DOMAIN)


def test_every_message_made_while_playing_is_marked_and_translated():
    assert_made_messages_translated(package, DOMAIN, _made_in_play())


def test_every_narration_every_move_label_and_its_groups_are_messages():
    for run in _playouts():
        state = None
        for i, event in enumerate(run.events):
            told = GAME.narrate(state, event, None)
            assert told == "" or isinstance(told, Msg), (event["type"], told)
            state = run.states[i]
        for decision in run.log[:300]:
            for move in GAME.legal_moves(decision.state, decision.seat):
                label = GAME.describe(decision.state, move)
                assert isinstance(label, Msg), (move, label)
                groups = GAME.board.option_path(move)
                assert all(isinstance(group, Msg) for group in groups), (move, groups)


def test_every_line_of_the_board_in_words_is_a_message_or_empty():
    state = new_game(3, seed=2)
    for seat in (None, "p1"):
        for line in GAME.board.text(GAME.view(state, seat)):
            assert line == "" or isinstance(line, Msg), line


def test_a_picture_text_stays_a_message_its_box_fitted_by_the_service():
    heading = words._("Contact zones")
    drawn = titled(_measure, 0, 0, 1000, heading, words._("Temples"))[0]
    assert isinstance(drawn, Text) and drawn.text == heading and isinstance(drawn.text, Msg)
    assert drawn.fit is not None


# ---------------------------------------------------------------- Russian, the rulebook's language


@cache
def _catalog(lang: str) -> Catalog:
    with catalog_path(package_dir(package), DOMAIN, lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _translate(lang: str):
    catalog = _catalog(lang)
    form = gettext.c2py(catalog.plural_expr)

    def translate(message: Msg) -> str:
        entry = catalog.get(message.text, context=message.context)
        assert entry is not None, message.text
        if isinstance(entry.string, tuple):
            return entry.string[form(message.kwargs["n"])]
        assert isinstance(entry.string, str)
        return entry.string

    return translate


def _ru(message: Msg) -> str:
    return render(message, _translate("ru"))


def test_russian_names_buildings_zodiac_cards_and_actions_as_the_rulebook_does():
    assert _ru(BUILDING["quarry"].name) == "Каменоломня"
    assert _ru(BUILDING["veterans"].name) == "Ветеранская община"
    assert _ru(ZODIAC_CARD["sagittarius"].name) == "Стрелец"
    state = new_game(2, seed=1)
    visit = next(m for m in GAME.legal_moves(state, "p1") if m["type"] == "visit")
    assert _ru(GAME.describe(state, visit)).startswith("Посетить зону контакта")
    assert _ru(GAME.view(state, "p1")["prompt"]).startswith("Выберите действие: посетить зону")


def test_russian_narration_uses_the_rulebook_words_for_war_and_superiority():
    moved = GAME.narrate(
        new_game(2, seed=1),
        {"type": "war_moved", "seat": "p1", "spaces": 2, "to": 4, "tokens": 1},
        None,
    )
    assert _ru(moved) == (
        "p1 продвигается на 2 по шкале войны, до клетки 4, и пересекает рубеж: "
        "1 жетон превосходства"
    )


def test_a_russian_plural_takes_the_form_of_one_of_a_few_and_of_many():
    assert [_ru(words.amount("stone", n)) for n in (1, 3, 5)] == [
        "1 камень",
        "3 камня",
        "5 камней",
    ]
    assert [_ru(words.amount("gold", n)) for n in (1, 3, 5, 21)] == [
        "1 золото",
        "3 золота",
        "5 золота",
        "21 золото",
    ]


def test_ukrainian_has_three_plural_forms_and_japanese_one():
    uk = _translate("uk")
    ja = _translate("ja")
    assert [render(words.amount("stone", n), uk) for n in (1, 3, 5)] == [
        "1 камінь",
        "3 камені",
        "5 каменів",
    ]
    assert render(words.amount("stone", 5), ja) == "石5"
