"""Engines speak in message ids with parameters; the words come from the reader's language."""

from __future__ import annotations

import pytest

from engine.kit.words import Listing, Msg, english, markers, placeholders, render

_, n_, p_ = markers("demo")


def test_a_message_is_its_english_source_with_its_values():
    message = _(
        "{seat} migrated the {pawn} to {territory}", seat="p2", pawn="white 2", territory="Kenya"
    )
    assert message.english() == "p2 migrated the white 2 to Kenya"
    assert message.domain == "demo" and message.text == "{seat} migrated the {pawn} to {territory}"


def test_a_message_missing_a_value_for_a_placeholder_is_refused_when_made():
    with pytest.raises(KeyError, match="territory"):
        _("{seat} moved to {territory}", seat="p1")


def test_the_plural_form_is_chosen_by_n():
    assert n_("{n} point", "{n} points", n=1).english() == "1 point"
    assert n_("{n} point", "{n} points", n=3).english() == "3 points"


def test_nested_messages_and_lists_are_rendered_in_the_same_language():
    card = p_("card", "Hunter")
    message = _(
        "{seat} played {card} and took {tokens}",
        seat="p1",
        card=card,
        tokens=Listing(("3", "4", "5")),
    )
    assert message.english() == "p1 played Hunter and took 3, 4 and 5"
    shout = {
        "{seat} played {card} and took {tokens}": "{seat} JOUE {card}, PREND {tokens}",
        "Hunter": "CHASSEUR",
    }
    translated = render(
        message, lambda m: shout.get(m.text, m.text), listing=lambda items, style: " + ".join(items)
    )
    assert translated == "p1 JOUE CHASSEUR, PREND 3 + 4 + 5"


def test_text_that_needs_no_translation_passes_as_it_is():
    assert english(["Ann", ": ", _("{n} left", n=2)]) == "Ann: 2 left"
    assert placeholders("{a} and {b}") == {"a", "b"}
    assert isinstance(_("Hello"), Msg) and str(_("Hello")) == "Hello"


def test_a_message_reads_as_its_english_wherever_text_goes_json_included():
    import json
    import pickle

    message = n_("{seat} scored {n} point", "{seat} scored {n} points", n=2, seat="p1")
    assert message == "p1 scored 2 points" and isinstance(message, str)
    assert json.dumps({"prompt": message}) == '{"prompt": "p1 scored 2 points"}'
    again = pickle.loads(pickle.dumps(message))
    assert isinstance(again, Msg) and again.args == message.args and again == message
    assert type(english(message)) is str


def test_the_refusals_every_game_shares_are_translated_in_every_language():
    """engine/contract.py's words (domain ``engine``): every one in every catalog."""
    from pathlib import Path

    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import read_po

    from tests.games.catalogs import KEYWORDS, LANGUAGES

    root = Path(__file__).resolve().parents[2] / "engine"
    marked = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(root), method_map=[("contract.py", "python")], keywords=KEYWORDS
        )
    }
    assert "That move is not possible now. {prompt}." in marked
    for lang in LANGUAGES:
        with (root / "translations" / lang / "LC_MESSAGES" / "engine.po").open("rb") as f:
            catalog = read_po(f, locale=lang)
        missing = [m for m in marked if not (catalog.get(m) and catalog.get(m).string)]
        assert missing == [], (lang, missing)


def test_a_message_without_values_reads_its_escaped_braces_as_braces():
    # Issue 34 §2 formats a message's English once; one without values is formatted too,
    # or "{{}}" would reach the reader doubled.
    message = _("Options must be a JSON object, for example {{}}.")
    assert message.english() == "Options must be a JSON object, for example {}."
    assert render(message, lambda m: m.text) == "Options must be a JSON object, for example {}."
