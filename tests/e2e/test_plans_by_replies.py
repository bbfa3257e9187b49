"""Issue 38 §3: a whole game of each game played by replies alone, where Ann plans ahead by
reply (``plan single`` and every standing answer of the game) and the same game's seed
played again without plans: the emails Ann had to answer in each, written to the report
(docs/plans.md quotes a run). Each planned move is an ordinary move after its
``table.plan_fired``, and the revealed seed checks every move, planned ones included."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine import registry
from service.audit import checks
from service.play.games import create_game
from service.present import codes
from service.store import eventstore
from service.store.db import sessions
from tests.service.replying import codes_of, deliver, reply_message

ANN = "ann@example.org"
STEPS = 1500
SEED = bytes(range(1, 33))
REPORTS = Path(os.environ.get("PBEM_PLANS_REPORTS", "reports"))


def _anns_code(settings, game_id):
    """The code of the move Ann's greedy stand-in would make, None once the game is over."""
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        if loaded.row.over:
            return None
        game, state = loaded.game, loaded.state
        assert game.to_act(state) == {"p1"}, "the bot answered as soon as asked"
        move = game.bot_move(state, "p1")
        numbered = codes.by_key(codes.assign(game.legal_moves(state, "p1"), loaded.row.game))
        return numbered[codes.move_key(move)]


def _play(settings, smtp, work, name, planning):
    """A game of Ann against a stand-in bot, by replies; the replies she sent with a code."""
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, name, ["Ann <ann@example.org>", {"bot": "stand-in"}]).loaded.row.id
    work()
    if planning:
        first = [m for m in smtp.to(ANN) if m["Reply-To"] and codes_of(m)][-1]
        lines = ["plan single", *(f"plan {a.key}" for a in registry.get(name).standing_orders)]
        row, _ = deliver(settings, reply_message(first, "\n".join(lines) + "\n"))
        assert "Plan 1 kept" in json.dumps(row.answer), row.answer
        work()
    for answered in range(STEPS):
        code = _anns_code(settings, game_id)
        if code is None:
            return game_id, answered
        offer = [m for m in smtp.to(ANN) if m["Reply-To"] and codes_of(m)][-1]
        assert code in [c for c, _ in codes_of(offer)], "the newest email asks this decision"
        row, _ = deliver(settings, reply_message(offer, f"{code}\n"))
        assert row.outcome == "applied", row.answer
        work()
    pytest.fail(f"{name} did not end within {STEPS} replies")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["origin", "orichalk", "origins-first-builders"])
def test_planning_ahead_by_reply_spares_emails_and_every_planned_move_verifies(
    settings, smtp, work, monkeypatch, name
):
    monkeypatch.setattr("secrets.token_bytes", lambda n: SEED[:n])  # the games' seed
    _, plain = _play(settings, smtp, work, name, planning=False)
    planned_id, planned = _play(settings, smtp, work, name, planning=True)
    with sessions(settings.database_url)() as s:
        log = checks.from_store(s, planned_id)
    fired = [e for e in log.events if e.type == "table.plan_fired"]
    assert fired, "Ann's plans played some of her decisions"
    report = checks.verify(log)
    assert report.ok and report.chance_checked, report.failures
    with sessions(settings.database_url)() as s:
        decided = [e for e in log.events if e.seat == "p1" and e.move is not None
                   and not e.type.startswith("table.")]  # fmt: skip
    assert len(decided) == planned + len(fired), "each planned move is a reply she did not send"
    REPORTS.mkdir(parents=True, exist_ok=True)
    found = {"game": name, "answered without plans": plain, "answered with plans": planned,
             "planned moves": len(fired), "decisions with plans": len(decided)}  # fmt: skip
    (REPORTS / f"plans-by-replies-{name}.json").write_text(json.dumps(found, sort_keys=True))
