"""Record the golden corpus: run by hand, never by the tests.

    .venv/bin/python -m tests.golden.record              # record the games not yet recorded
    .venv/bin/python -m tests.golden.record --only NAME  # just that recipe
    .venv/bin/python -m tests.golden.record --expected   # rewrite every .expected.json

Each recipe plays a complete game through the service itself (create_game, make_move and
the table's own rules, on a throwaway SQLite database), then writes its export (the game is
over, so the seed is in it) and its expected end. Recorded files are kept forever: the
script never overwrites a log. A new game adds a recipe here and records it. Rewriting the
expected ends (``--expected``) is only for a change of view or outcome that was meant and
reviewed: the logs themselves stay as they were.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from engine import Game, Move, registry
from service.audit import checks as audit
from service.play import slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import migrate, sessions
from tests.games.tictactoe import GAME as TICTACTOE
from tests.golden import corpus
from tests.helpers import play_now

PLAYERS = [
    "Ann <ann@example.org>",
    "Bob <bob@example.org>",
    "Cy <cy@example.org>",
    "Di <di@example.org>",
]
Chooser = Callable[[Game, Any, str, random.Random], Move]


def random_move(game: Game, state: Any, seat: str, rng: random.Random) -> Move:
    return rng.choice(game.legal_moves(state, seat))


def bot_move(game: Game, state: Any, seat: str, rng: random.Random) -> Move:
    return game.bot_move(state, seat)


@dataclass(frozen=True)
class Recipe:
    name: str
    game: str
    players: int
    seed: int
    choose: Chooser = random_move
    options: dict[str, Any] = field(default_factory=dict)
    table: bool = False
    """Also a reminder, a nudge and an approved takeback, early in the game."""


RECIPES = (
    Recipe("tictactoe-random", "tictactoe", 2, seed=1),
    Recipe("tictactoe-two-marks-table", "tictactoe", 2, seed=2,
           options={"marks_per_turn": 2}, table=True),
    Recipe("origin-2p-bots", "origin", 2, seed=3, choose=bot_move),
    Recipe("origin-3p-random", "origin", 3, seed=4),
    Recipe("orichalk-2p-bots", "orichalk", 2, seed=5, choose=bot_move),
    Recipe("orichalk-4p-random", "orichalk", 4, seed=6),
    Recipe("ofb-2p-bots", "origins-first-builders", 2, seed=5, choose=bot_move),
    Recipe("ofb-3p-random", "origins-first-builders", 3, seed=6),
    Recipe("ofb-solo-bot", "origins-first-builders", 1, seed=7, choose=bot_move),
    # issue 21: games of the second rulesets (origin-2, ofb-2, orichalk-2).
    Recipe("origin-2-3p-random", "origin", 3, seed=21),
    Recipe("ofb-2-solo-bot", "origins-first-builders", 1, seed=21, choose=bot_move),
    Recipe("orichalk-2-2p-random", "orichalk", 2, seed=21),
)  # fmt: skip


def play(session_of: Callable[[], Session], recipe: Recipe) -> str:
    rng = random.Random(recipe.seed)
    with session_of() as s, s.begin():
        applied = create_game(s, recipe.game, PLAYERS[: recipe.players], recipe.options)
        game_id = applied.loaded.row.id
    decisions = 0
    while True:
        with session_of() as s, s.begin():
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            if not acting:
                return game_id
            seat = rng.choice(acting)
            move = recipe.choose(loaded.game, loaded.state, seat, rng)
            play_now(s, game_id, seat, move, loaded.turn_seq, 50)
        decisions += 1
        if recipe.table and decisions == 2:
            _table_events(session_of, game_id, seat)


def _table_events(session_of: Callable[[], Session], game_id: str, mover: str) -> None:
    """A reminder and a nudge for whoever must act, then ``mover`` takes back its decision
    with the others' approval."""
    with session_of() as s, s.begin():
        loaded = eventstore.load(s, game_id)
        waiting = sorted(loaded.game.to_act(loaded.state))[0]
        slowplay.remind(s, loaded, waiting, eventstore.now())
    with session_of() as s, s.begin():
        others = [x.seat for x in loaded.row.seats if x.seat != waiting]
        slowplay.nudge(s, game_id, others[0], 0, waiting)
    with session_of() as s, s.begin():
        slowplay.request_takeback(s, game_id, mover, 0)
    with session_of() as s, s.begin():
        for seat in [x.seat for x in loaded.row.seats if x.seat != mover]:
            slowplay.answer_takeback(s, game_id, seat, 0, True)


def record(recipe: Recipe, folder: Path) -> Path:
    path = folder / f"{recipe.name}.jsonl"
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/golden.sqlite3"
        migrate(url)
        session_of = sessions(url)
        game_id = play(session_of, recipe)
        with session_of() as s:
            lines = audit.to_file_lines(s, game_id)
    path.write_text("\n".join(lines) + "\n")
    return path


def write_expected(path: Path) -> None:
    log = corpus.read(path)
    report = audit.verify(log)
    if not report.ok or not report.chance_checked:
        raise SystemExit(f"{path.name} does not verify: {report.failures}")
    expected = corpus.final(log)
    corpus.expected_path(path).write_text(json.dumps(expected, indent=2, sort_keys=True) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="record just this recipe")
    parser.add_argument("--expected", action="store_true", help="rewrite the expected ends")
    args = parser.parse_args()
    registry.register(TICTACTOE)
    if args.expected:
        for path in corpus.logs():
            write_expected(path)
            print(f"expected end rewritten: {corpus.expected_path(path).name}")
        return
    for recipe in RECIPES:
        if args.only and recipe.name != args.only:
            continue
        path = corpus.FOLDER / f"{recipe.name}.jsonl"
        if path.exists():
            print(f"kept: {path.name} (recorded games are never overwritten)")
            continue
        record(recipe, corpus.FOLDER)
        write_expected(path)
        print(f"recorded: {path.name} ({path.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
