"""The golden corpus (issue 5, version safety): complete games recorded once, as exported
(``pbem-log/1`` with the seed), each beside what it must always replay to.

``<name>.jsonl`` is the log; ``<name>.expected.json`` holds the final outcome's scores and
ranking and the SHA-256 of the final public view. A change to an engine that alters any of
them for an old game fails the tests: old games must replay to the same end forever.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from engine import registry
from service.audit import checks as audit
from service.store import hashchain
from service.store.upcast import upcast
from service.table import logfold

FOLDER = Path(__file__).resolve().parent


def logs() -> list[Path]:
    return sorted(FOLDER.glob("*.jsonl"))


def read(path: Path) -> audit.Log:
    return audit.from_file_lines(path.read_text().splitlines())


def expected_path(path: Path) -> Path:
    return path.with_name(path.name.removesuffix(".jsonl") + ".expected.json")


def final(log: audit.Log) -> dict[str, Any]:
    """What the log replays to through the current engine."""
    game = registry.get(log.header["game"])
    folded = logfold.fold(
        game,
        log.header["seats"],
        ((e, upcast(game.name, e.schema_version, e.payload)) for e in log.events),
    )
    outcome = game.outcome(folded.state)
    view = game.view(folded.state, None)
    return {
        "game": game.name,
        "ruleset": log.header["ruleset"],
        "events": len(log.events),
        "outcome": None
        if outcome is None
        else {"scores": outcome["scores"], "ranking": outcome["ranking"]},
        "public_view_sha256": hashlib.sha256(hashchain.canonical(view)).hexdigest(),
    }


def covered() -> set[str]:
    """The games the corpus holds at least one game of."""
    return {json.loads(path.read_text().splitlines()[0])["game"] for path in logs()}


def missing(games: set[str]) -> set[str]:
    return games - covered()
