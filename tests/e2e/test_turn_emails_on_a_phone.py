"""Turn emails on a phone (issue 20), measured in Debian's Chromium at 375 px: the decision
comes first, so the first choice of every game's turn email is within the first 900 px, and
no email's HTML part passes 102 KB (Gmail clips a longer one). Each game is measured at its
longest: a seeded random game, at the decision with the most options and at its last one."""

from __future__ import annotations

import base64

import pytest
from sqlalchemy import select

from engine import registry
from service.store.db import sessions
from service.store.models import OutboxRow
from tests.e2e import chromium
from tests.helpers import html_of, text_of
from tests.service.recorded_games import email, players_of, record

pytestmark = chromium.MARKS
PHONE = {"width": 375, "height": 740}
FOLD = 900
GMAIL_CLIPS = 102 * 1024
SEED = 7
NAMES = [
    "Annabelle-Marguerite de la Tour d'Auvergne",
    "Bartholomew Fitzwilliam-Montgomery III",
    "Чеслава Вишневецька-Заболотна",
    "渡辺 久美子 (Watanabe Kumiko)",
]
"""Long names (they are in the story, the panels and the picture) in several scripts."""


def moments(name: str) -> dict[str, int]:
    """Decisions made before each measured email: the one with the most options, the last."""
    game = registry.get(name)
    run = record_run(name)
    counts = [len(game.legal_moves(d.state, d.seat)) for d in run.log]
    return {
        "most options": max(range(len(counts)), key=counts.__getitem__),
        "last decision": len(counts) - 1,
    }


def record_run(name: str):
    from tests.engine.playout import play_random

    return play_random(registry.get(name), len(players_of(name, NAMES)), SEED)


def turn_email(settings, name: str, decisions: int):
    """The email that offers the decision after ``decisions`` decisions of the seeded game."""
    with sessions(settings.database_url).begin() as s:
        recorded = record(s, name, players_of(name, NAMES), SEED, upto=decisions)
        seat = recorded.run.log[decisions].seat
        newest = s.scalar(
            select(OutboxRow.id)
            .where(
                OutboxRow.game_id == recorded.game_id,
                OutboxRow.seat == seat,
                OutboxRow.kind.in_(("invitation", "turn")),
            )
            .order_by(OutboxRow.id.desc())
            .limit(1)
        )
        out = email(s, settings, newest)
        assert not isinstance(out, str), out
        return out.message


def with_pictures_inline(message) -> str:
    """The HTML part with each ``cid:`` picture as a ``data:`` URI, as a mail client shows it."""
    document = html_of(message)
    for part in message.walk():
        cid = part["Content-ID"]
        if cid and part.get_content_type() == "image/png":
            data = base64.b64encode(part.get_content()).decode()
            document = document.replace(f"cid:{cid[1:-1]}", f"data:image/png;base64,{data}")
    return document


@pytest.fixture(scope="module")
def phone():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = chromium.launch(p)
        page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True)
        page.route("**/*", lambda route: route.abort())  # an email loads nothing remote
        yield page
        browser.close()


@pytest.mark.parametrize("name", sorted(registry.GAMES))
def test_every_games_turn_email_shows_its_first_choice_within_900_px_and_is_not_clipped(
    settings, phone, name
):
    for moment, decisions in moments(name).items():
        message = turn_email(settings, name, decisions)
        html_part = message.get_body(preferencelist=("html",))
        size = len(html_part.get_content().encode())
        assert size < GMAIL_CLIPS, f"{name}, {moment}: the HTML part is {size} bytes"
        phone.set_content(with_pictures_inline(message), wait_until="load")
        first = phone.locator(".choice").first
        top = first.evaluate("e => e.getBoundingClientRect().top + window.scrollY")
        assert top < FOLD, f"{name}, {moment}: the first choice is at {top:.0f} px"
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1, f"{name}, {moment}: {width} px wide on a phone"
        picture = phone.locator("img")
        if picture.count():
            box = picture.first.bounding_box()
            assert box and box["width"] <= PHONE["width"], "the picture fits the phone"
            natural = picture.first.evaluate("e => e.naturalWidth")
            assert natural >= 375, f"{name}: a {natural} px picture is blurred on a phone"
            below = picture.first.evaluate("e => e.getBoundingClientRect().top + window.scrollY")
            assert below > top, "the picture comes after the decision"
        # the text part reads in the same order: what changed, the decision, the board
        text = text_of(message)
        assert text.index("Please decide by") < text.index("Your page for this game")
