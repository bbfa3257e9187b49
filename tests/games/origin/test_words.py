"""Origin's words are translatable (issue 17): every message its code marks is translated in
every language we serve, every message it makes while playing is marked, and the Russian
reads with the rulebook's terms (``rules/origin.ru.txt``) and its three plural forms."""

from __future__ import annotations

import dataclasses
import gettext
import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

import engine.games.origin as origin
from engine import IllegalMove
from engine.games.origin import GAME
from engine.games.origin.board import BOARD
from engine.games.origin.components import CARDS
from engine.games.origin.names import a_pawn, points
from engine.games.origin.narration import narrate
from engine.kit.words import Msg, render
from tests.engine.playout import play_random
from tests.games.catalogs import assert_catalogs_complete, assert_made_messages_translated

PLAYOUTS = ((2, 1), (3, 2), (4, 3))
"""(players, seed) of the random games whose words are gathered."""
VIEW_EVERY = 15
"""Views, panels, pictures and texts are gathered every this many states (and at the end)."""


def _measure(text: str, size: float) -> float:
    return len(text) * size * 0.6


def _parts(value: Any) -> Iterator[Any]:
    """A board's data (panels, drawings: dataclasses) as the plain values it holds."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _parts(getattr(value, f.name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _parts(item)
    elif isinstance(value, str):
        yield value


def _shown(view: dict[str, Any]) -> list[Any]:
    """Everything a seat reads of a view: the view itself, its panels, its picture's shapes
    and titles, and the text of emails."""
    drawing = BOARD.picture(view, _measure) if BOARD.picture else None
    return [view, list(_parts(BOARD.panels(view))), list(_parts(drawing)), BOARD.text(view)]


def _refusals(state: Any, seats: list[str]) -> list[str]:
    """What a player is told when Origin refuses a move made out of turn (the kit's own
    refusals, ``engine.contract.listed_move``, are not Origin's words)."""
    told = []
    waiting = state.phase != "over" and GAME.to_act(state)
    for seat in seats:
        if not waiting or seat in waiting:
            continue
        try:
            GAME.decide(state, seat, {"type": "nonsense"}, random.Random(0))
        except IllegalMove as refusal:
            told.append(refusal.args[0])
    return told


@cache
def _made() -> tuple[Any, ...]:
    made: list[Any] = []
    for players, seed in PLAYOUTS:
        run = play_random(GAME, players, seed)
        readers: list[str | None] = [*run.seats, None]
        before = None
        for i, (event, state) in enumerate(zip(run.events, run.states, strict=True)):
            made += [narrate(before, event, reader) for reader in readers]
            if i % VIEW_EVERY == 0 or state is run.final:
                for reader in readers:
                    made += _shown(GAME.view(state, reader))
                made += _refusals(state, run.seats)
            before = state
        made.append(GAME.outcome(run.final))
        for decision in run.log:
            moves = GAME.legal_moves(decision.state, decision.seat)
            made += [GAME.describe(decision.state, m) for m in moves]
            # Issue 32 §2: the groups the options are listed under, by code.
            made += [list(BOARD.option_path(m)) for m in moves if BOARD.option_path]
    for seats, options in ((["p1"], {}), (["p1", "p2"], {"variant": 1}), (["p1", "p1"], {})):
        with pytest.raises(IllegalMove) as refused:
            GAME.setup(seats, options, random.Random(0))
        made.append(refused.value.args[0])
    return tuple(made)


def test_every_message_origin_marks_is_translated_in_every_language():
    assert_catalogs_complete(origin, "origin")


def test_every_message_made_in_whole_games_is_marked_and_translated():
    assert_made_messages_translated(origin, "origin", _made())


def test_what_players_read_in_whole_games_is_made_of_messages_not_english_text():
    """Narrations, labels, prompts and refusals reach the service as messages, so it can
    put them in the reader's language."""
    made = _made()
    words = [m for m in made if isinstance(m, str) and m and not isinstance(m, Msg)]
    assert not words, f"plain text where a message belongs: {words[:10]}"


# ---------------------------------------------------------------- the Russian catalog


@cache
def _catalog(lang: str) -> Catalog:
    path = Path(origin.__file__).parent / "translations" / lang / "LC_MESSAGES" / "origin.po"
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain="origin")


def _translator(lang: str) -> Callable[[Msg], str]:
    catalog = _catalog(lang)
    form = gettext.c2py(catalog.plural_expr)

    def translate(message: Msg) -> str:
        entry = catalog.get(message.text, context=message.context)
        assert entry is not None, f"{message.text!r} is not in the {lang} catalog"
        if message.plural is not None:
            return entry.string[form(message.kwargs["n"])]
        assert isinstance(entry.string, str)
        return entry.string

    return translate


def _ru(message: Msg) -> str:
    return render(message, _translator("ru"))


def test_the_russian_names_cards_as_the_russian_rulebook_does():
    # ru «Описания карт»: Hunter – Охотник, Great shaman – Великий шаман, Navigator –
    # Мореплаватель, Observation kit – Набор для слежения, War trophies – Военные трофеи.
    expected = {
        "hunter": "Охотник",
        "great_shaman": "Великий шаман",
        "navigator": "Мореплаватель",
        "observation_kit": "Набор для слежения",
        "war_trophies": "Военные трофеи",
        "volcanic_eruption": "Извержение вулкана",
    }
    for card, name in expected.items():
        assert _ru(CARDS[card].name) == name


def test_a_russian_narration_uses_the_rulebooks_terms_for_cards_tokens_and_tiles():
    played = narrate(None, {"type": "card_played", "seat": "p1", "card": "hunter"}, None)
    assert "Охотник" in _ru(played) and "карту действия" in _ru(played)
    hunted = narrate(
        None,
        {"type": "hunting_token_taken", "seat": "p2", "territory": "congo", "value": 5},
        None,
    )
    assert "жетон охоты" in _ru(hunted) and "5 очков" in _ru(hunted)
    tile = narrate(
        None,
        {"type": "tile_taken", "seat": "p1", "level": 2, "column": "purple"},
        None,
    )
    assert "тайл инноваций" in _ru(tile) and "сиренев" in _ru(tile)


def test_a_russian_plural_takes_the_form_of_one_of_a_few_and_of_many():
    assert [_ru(points(n)) for n in (1, 3, 5)] == ["1 очко", "3 очка", "5 очков"]
    assert [_ru(points(n)) for n in (21, 22, 11)] == ["21 очко", "22 очка", "11 очков"]


def test_a_pawn_reads_in_russian_by_its_height_strength_and_colour():
    # ru «Фишки племени»: скорость (= высота), сила (= ширина) и цвет.
    assert _ru(a_pawn(1, 1, "white")) == "фишка (низкая, тонкая, белая)"
