"""Channels by reply (issue 36 §1): ``webhook <url>`` adds a webhook for all the player's
games (its receiver read from the URL or named), ``channels`` lists them, ``no webhook``
removes them; in every language we speak, answered in the reader's."""

from __future__ import annotations

from dataclasses import replace

import pytest
from freezegun import freeze_time

from service import words
from service.mail import reply_commands
from service.play import channels
from service.play.holders import seat_row
from service.store import eventstore
from service.store.db import sessions
from tests.service.test_reply_commands import ANN, NOW, done, new_game, refused

HOOK = "http://127.0.0.1:9/hook"


def kept(settings):
    with sessions(settings.database_url)() as s:
        return [
            (c.flavour, c.game_id, c.disabled_at is None)
            for c in channels.of_player(s, ANN)
            if c.disabled_reason != channels.REMOVED
        ]


@pytest.mark.parametrize(
    ("lang", "add", "listing", "remove"),
    [
        ("en", "webhook", "channels", "no webhook"),
        ("ru", "вебхук", "мои каналы", "удалить вебхук"),
        ("uk", "вебхук", "канали", "видалити вебхук"),
        ("es", "añadir webhook", "canales", "quitar webhook"),
        ("ja", "ウェブフック", "通知先", "ウェブフック解除"),
    ],
)
def test_a_reply_adds_lists_and_removes_a_webhook_in_every_language(
    settings, lang, add, listing, remove
):
    g = new_game(settings, mover=lang, waiter=lang)
    said = done(settings, g.id, "p1", f"{add} {HOOK}")
    assert kept(settings) == [("json", None, True)], "for all the player's games"
    assert "127.0.0.1" not in said.text, "the answer names the receiver, not the address"
    listed = done(settings, g.id, "p1", listing)
    assert len(listed.text.splitlines()) == 2
    done(settings, g.id, "p1", remove)
    assert kept(settings) == []
    if lang != "en":
        answer = done(settings, g.id, "p1", listing).text
        assert "You have no channel" not in answer, "answered in the reader's language"


def test_a_reply_names_the_receiver_or_it_is_read_from_the_address(settings):
    g = new_game(settings)
    done(settings, g.id, "p1", f"webhook slack {HOOK}")
    assert kept(settings) == [("slack", None, True)]


def test_a_webhook_by_reply_to_a_private_address_is_refused_when_the_setting_is_off(settings):
    g = new_game(settings)
    strict = replace(settings, webhook_allow_private=False)
    with freeze_time(NOW), sessions(settings.database_url).begin() as s:
        holder = seat_row(eventstore.load(s, g.id).row, "p1")
        with words.speaking("en"):
            said = reply_commands.run(s, strict, g.id, "p1", 0, holder.email, f"webhook {HOOK}")
    assert said is not None and not said.ok
    assert "https://" in said.text
    assert kept(settings) == []


def test_a_webhook_without_an_address_is_refused_saying_how(settings):
    g = new_game(settings)
    assert "webhook" in refused(settings, g.id, "p1", "webhook")
