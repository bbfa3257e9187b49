"""Orichalk's words are translatable (issue 17): every message it marks or makes while
playing is in its catalogs for every language, and the translations use the rulebook's
terms (``rules/orichalk.uk.txt``) and each language's plural forms."""

from __future__ import annotations

import dataclasses
import gettext
import io
import random
import re
from functools import cache
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import engine.games.orichalk as orichalk
from engine.contract import IllegalMove
from engine.games.orichalk import GAME
from engine.games.orichalk.board.options import option_path
from engine.games.orichalk.words import (
    ACTION_NAME,
    BUILDING_NAME,
    CREATURE_NAME,
    TITAN_NAME,
    TITAN_TITLE,
    _,
    hoplites,
    orichalcum,
)
from engine.kit.words import Msg, render
from tests.engine.playout import play_random
from tests.games.catalogs import (
    LANGUAGES,
    assert_catalogs_complete,
    assert_made_messages_translated,
    catalog_path,
    messages_in,
    package_dir,
)

DOMAIN = "orichalk"


@cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The language's catalog as the service would load it (compiled, in memory)."""
    path = catalog_path(package_dir(orichalk), DOMAIN, lang)
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    mo = io.BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    return gettext.GNUTranslations(mo)


AND = {"ru": " и ", "uk": " і ", "es": " y ", "ja": "と"}
OR = {"ru": " или ", "uk": " або ", "es": " o ", "ja": "または"}
COMMA = {"ru": ", ", "uk": ", ", "es": ", ", "ja": "、"}


def in_language(message: Msg, lang: str) -> str:
    """``message`` in ``lang``, lists joined as the language joins them (as the service
    does)."""
    t = translations(lang)

    def listing(items: list[str], style: str) -> str:
        last = (AND if style == "and" else OR)[lang]
        if len(items) <= 1:
            return "".join(items)
        return COMMA[lang].join(items[:-1]) + last + items[-1]

    def translate(m: Msg) -> str:
        n = m.kwargs.get("n", 1)
        if m.plural is not None and m.context is not None:
            return t.npgettext(m.context, m.text, m.plural, n)
        if m.plural is not None:
            return t.ngettext(m.text, m.plural, n)
        if m.context is not None:
            return t.pgettext(m.context, m.text)
        return t.gettext(m.text)

    return render(message, translate, listing=listing)


def _refusals(state: Any, seats: list[str]) -> list[Any]:
    refused = []
    for seat in seats:
        try:
            GAME.decide(state, seat, {"type": "nowhere"}, random.Random(0))
        except IllegalMove as e:
            refused.append(e.args[0])
    return refused


@pytest.fixture(scope="module")
def said() -> dict[str, list[Any]]:
    """What Orichalk says over three complete random games of 2, 3 and 4 players, by kind:
    every event's narration for each seat and spectators, every legal move's label and
    group, the views, the text, the panels and the picture, the refusals, the outcomes (their
    tie-break), the data page's headings."""
    out: dict[str, list[Any]] = {
        "narrations": [],
        "labels": [],
        "groups": [],
        "views": [],
        "boards": [],
        "refusals": [],
        "headings": [],
        "outcomes": [],
    }
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        run = play_random(GAME, players, seed)
        state = None
        for event, after in zip(run.events, run.states, strict=True):
            told = [GAME.narrate(state, event, seat) for seat in (None, *run.seats)]
            out["narrations"] += [t for t in told if t]
            state = after
        for k, decision in enumerate(run.log):
            for move in GAME.legal_moves(decision.state, decision.seat):
                out["labels"].append(GAME.describe(decision.state, move))
                out["groups"].append(option_path(move))
            if k % 9 == 0 or k == len(run.log) - 1:
                out["refusals"] += _refusals(decision.state, run.seats)
                for seat in (None, *run.seats):
                    out["views"].append(GAME.view(decision.state, seat))
        for seat in (None, *run.seats):
            out["views"].append(GAME.view(run.final, seat))
        out["outcomes"] += [GAME.outcome(run.final), *(GAME.standing(s) for s in run.states[::50])]
    for view in out["views"][::3]:
        out["boards"] += [GAME.board.text(view), GAME.board.panels(view)]
        out["boards"].append(GAME.board.picture(view, lambda s, size: len(s) * size * 0.55))
    for options, seats in (({"variant": 1}, ["p1", "p2"]), ({}, ["p1"]), ({}, ["p1", "p1"])):
        with pytest.raises(IllegalMove) as refused:
            GAME.setup(seats, options, random.Random(0))
        out["refusals"].append(refused.value.args[0])
    out["headings"] += [section["title"] for section in GAME.data_page]
    # The refusals every game shares are the engine's words (tests/engine/test_words.py).
    out["refusals"] = [r for r in out["refusals"] if getattr(r, "domain", DOMAIN) == DOMAIN]
    return out


@pytest.fixture(scope="module")
def made(said: dict[str, list[Any]]) -> list[Any]:
    return [value for values in said.values() for value in values]


def test_every_marked_message_is_translated_in_every_language() -> None:
    assert_catalogs_complete(orichalk, DOMAIN)


def test_every_message_made_in_play_is_marked_and_translated(made: list[Any]) -> None:
    assert_made_messages_translated(orichalk, DOMAIN, made)


def test_every_message_made_in_play_renders_in_every_language_with_all_its_values(
    made: list[Any],
) -> None:
    messages = {m for value in made for m in messages_in(value)}
    for lang in LANGUAGES:
        for message in messages:
            words = in_language(message, lang)
            assert "{" not in words and "}" not in words, (lang, message, words)


def test_every_narration_label_group_and_heading_is_one_whole_message(
    said: dict[str, list[Any]],
) -> None:
    for kind in ("narrations", "labels", "headings"):
        assert said[kind] and all(isinstance(v, Msg) for v in said[kind]), kind
    assert all(isinstance(step, Msg) for path in said["groups"] for step in path)
    # Orichalk's own refusals; "That move is not possible now. …" is the engine contract's.
    own = [r for r in said["refusals"] if not r.startswith("That move is not possible now.")]
    assert own and all(isinstance(r, Msg) for r in own)


@pytest.mark.parametrize("lang", ["ru", "uk", "ja"])
def test_a_reader_in_another_script_meets_no_english_word(
    said: dict[str, list[Any]], lang: str
) -> None:
    """Seats ("p2") and spaces ("C4") aside, nothing Orichalk says is left in English."""
    messages = {m for value in said.values() for v in value for m in _outermost(v)}
    english = set()
    for message in messages:
        words = in_language(message, lang)
        english |= {w for w in re.findall(r"[A-Za-z]{2,}", words)}
    assert not english, sorted(english)[:40]


def _outermost(value: Any) -> list[Msg]:
    """The messages a reader reads whole (not those nested in another)."""
    if isinstance(value, Msg):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [m for f in dataclasses.fields(value) for m in _outermost(getattr(value, f.name))]
    if isinstance(value, dict):
        return [m for v in value.values() for m in _outermost(v)]
    if isinstance(value, list | tuple):
        return [m for v in value for m in _outermost(v)]
    return []


def test_ukrainian_uses_the_rulebooks_terms() -> None:
    uk = lambda m: in_language(m, "uk")  # noqa: E731
    assert uk(ACTION_NAME["mine"]) == "Видобути орихалк"
    assert uk(ACTION_NAME["recruit"]) == "Найняти гоплітів"
    assert uk(ACTION_NAME["capture"]) == "Захопити істот"
    assert uk(TITAN_TITLE["theia"]) == "Тея, титан лісів"
    assert uk(TITAN_TITLE["hyperion"]) == "Гіперіон, титан гір"
    assert uk(TITAN_NAME["themis"]) == "Теміс" and uk(TITAN_NAME["kronos"]) == "Кронос"
    assert uk(CREATURE_NAME["cyclops"]) == "Циклоп" and uk(CREATURE_NAME["gorgon"]) == "Горгона"
    assert uk(BUILDING_NAME["training_camp"]) == "Тренувальний табір"
    assert uk(BUILDING_NAME["oratory"]) == "Каплиця"
    assert uk(BUILDING_NAME["mine"]) == "Шахта"
    phase = _("Phase 1: take an action card")
    assert uk(phase) == "Фаза 1: візьміть картку дії"


def test_russian_and_ukrainian_choose_the_plural_form_for_1_3_and_5() -> None:
    ru = [in_language(hoplites(n), "ru") for n in (1, 3, 5, 21)]
    assert ru == ["1 гоплит", "3 гоплита", "5 гоплитов", "21 гоплит"]
    uk = [in_language(hoplites(n), "uk") for n in (1, 3, 5)]
    assert uk == ["1 гопліт", "3 гопліти", "5 гоплітів"]
    nuggets = [in_language(orichalcum(n), "ru") for n in (1, 3, 5)]
    assert nuggets == [
        "1 самородок орихалка",
        "3 самородка орихалка",
        "5 самородков орихалка",
    ]


def test_spanish_and_japanese_render_a_whole_narration_with_its_nested_names() -> None:
    message = _(
        "{seat} captured the {creature} at {cell}",
        seat="p2",
        creature=CREATURE_NAME["hydra"],
        cell="C4",
    )
    assert in_language(message, "es") == "p2 capturó a Hidra en C4"
    assert in_language(message, "ja") == "p2はC4のヒュドラを捕獲しました"
