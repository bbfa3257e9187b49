"""Plans ahead by reply (issue 38 §1): ``plan`` alone lists a seat's plans and what it may
plan, ``plan single``, ``plan KEY`` and ``plan 3 1`` set one as the seat page does,
``cancel plan N`` and ``cancel plans`` stop them, in every language we speak; refusals say
why and keep nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.mail import parsing
from service.store.db import sessions
from service.store.models import PlanRow
from tests.service.test_reply_commands import done, new_game, play, refused

pytestmark = pytest.mark.usefixtures("regulars")


def kept(settings, game_id) -> list[PlanRow]:
    with sessions(settings.database_url)() as s:
        return list(
            s.scalars(select(PlanRow).where(PlanRow.game_id == game_id).order_by(PlanRow.number))
        )


@pytest.mark.parametrize(
    ("lang", "line", "cancel"),
    [("en", "plan single", "cancel plan 1"), ("ru", "план единственный", "отменить план 1"),
     ("uk", "план єдиний", "скасувати план 1"), ("es", "plan única", "cancelar plan 1"),
     ("ja", "予定 一択", "予定取消 1")],
)  # fmt: skip
def test_a_standing_order_is_set_and_cancelled_by_reply_in_every_language(
    settings, lang, line, cancel
):
    g = new_game(settings, mover=lang, waiter=lang)
    said = done(settings, g.id, g.waiter, line)
    assert "1" in said.text
    (row,) = kept(settings, g.id)
    assert (row.seat, row.body, row.live) == (g.waiter, {"kind": "single"}, True)
    done(settings, g.id, g.waiter, cancel)
    (row,) = kept(settings, g.id)
    assert (row.live, row.reason) == (False, "cancelled")


def test_plan_alone_lists_the_plans_and_what_may_be_planned_with_the_options_seen_last(settings):
    g = new_game(settings)
    play(settings, g.id, g.mover, 4)
    # The mover waits now: the options it may list are those of its newest decision.
    said = done(settings, g.id, g.mover, "plan")
    assert "You have no plan waiting." in said.text
    assert "plan single: When I have a single legal option, play it" in said.text
    assert "The options of your last decision:" in said.text
    done(settings, g.id, g.mover, "plan 1 3")
    (row,) = kept(settings, g.id)
    assert row.body["kind"] == "first" and len(row.body["moves"]) == 2
    listed = done(settings, g.id, g.mover, "plans").text
    assert "Your plans:" in listed and "1. At my next decision, the first legal of:" in listed


def test_a_plan_naming_no_option_a_word_it_does_not_know_or_too_many_is_refused(settings):
    g = new_game(settings)
    assert "codes of your options" in refused(settings, g.id, g.mover, "plan to win")
    assert "names no single option" in refused(settings, g.id, g.mover, "plan 99")
    for line in ("plan 1", "plan 2", "plan 3", "plan 4", "plan 5"):
        done(settings, g.id, g.mover, line)
    assert "At most 5 plans" in refused(settings, g.id, g.mover, "plan single")
    assert "already have this plan" in refused(settings, g.id, g.mover, "plan 1")
    done(settings, g.id, g.mover, "cancel plans")
    assert all(not r.live for r in kept(settings, g.id))
    assert "No plan of yours" in refused(settings, g.id, g.mover, "cancel plans")
    assert "a plan's number" in refused(settings, g.id, g.mover, "cancel plan two")


def test_plan_words_are_commands_and_cancel_plan_is_not_read_as_a_plan():
    assert parsing.parse("plan 3 1") == ("plan", "3 1")
    assert parsing.parse("Cancel plan 2") == ("no_plan", "2")
    assert parsing.parse("отменить планы") == ("no_plan", "")
    assert parsing.parse("予定取消") == ("no_plan", "")
