"""Moving every game to another host (issue 30 §3): ``pbem export --all DIR`` writes each
game to a file of its own, signed and with its secrets, and ``pbem import DIR`` on the new
host recreates them all, each under its own id, with identical chains, in one transaction:
the first file that cannot be imported refuses the whole folder, naming the file, and
nothing is written.

A moved game keeps its id, its players' addresses, names and settings, so the links in the
players' mailboxes lead to it on the new host as long as it has the old one's
``SECRET_KEY`` and ``BASE_URL``. Nobody is emailed for the move: each player's last email
still holds their links, and they hear from the new host at the game's next email (a
turn, a reminder when one is due, the end), as they would have from the old one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.audit import checks as audit
from service.audit import importer, signing
from service.errors import BadRequest
from service.store.models import GameRow, InboxRow, OutboxRow

SUFFIX = ".jsonl"


def file_name(row: GameRow) -> str:
    """A game's file in the folder: its id, then what it is (``nga428mn-origin.jsonl``)."""
    return f"{row.id}-{row.game}{SUFFIX}"


@dataclass
class Exported:
    files: list[Path]
    unsent: int
    """Emails this host has not sent yet: they are not in the files."""
    unread: int
    """Replies this host has not read yet: they are not in the files."""


def export_all(session: Session, folder: Path, signer: signing.Signer) -> Exported:
    """Every game of ``session``'s database into ``folder`` (made, or empty), one private
    file per game, readable by its owner alone: each holds the seed and the addresses."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise BadRequest(
            f"{folder} is not an empty folder: export into a new one, so that nothing of "
            "another export is imported with it"
        )
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if session.get_bind().dialect.name == "postgresql":
        # Every file and count of one moment, however long the export takes beside a running
        # service (SQLite's transactions are serialised already).
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
    files = []
    for row in session.scalars(select(GameRow).order_by(GameRow.created_at, GameRow.id)):
        path = folder / file_name(row)
        lines = audit.to_file_lines(session, row.id, with_secrets=True, signer=signer)
        with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as out:
            out.write("\n".join(lines) + "\n")
        files.append(path)
    unsent = session.scalar(
        select(func.count())
        .select_from(OutboxRow)
        .where(OutboxRow.sent_at.is_(None), OutboxRow.skipped.is_(None))
    )
    unread = session.scalar(
        select(func.count()).select_from(InboxRow).where(InboxRow.processed_at.is_(None))
    )
    return Exported(files, unsent or 0, unread or 0)


def exports_in(folder: Path) -> list[Path]:
    """The export files of ``folder``, in order; refused when it holds none."""
    found = sorted(p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file())
    if not found:
        raise BadRequest(f"{folder} holds no export ({SUFFIX} file): nothing to import")
    return found


def import_all(
    session: Session,
    logs: list[tuple[Path, audit.Log]],
    snapshot_every: int,
    acceptance: importer.Acceptance,
) -> Iterator[tuple[Path, importer.Imported]]:
    """Each log as the game it was, under its own id, in the caller's transaction; the
    first that cannot be refuses all, naming its file (the caller rolls back)."""
    seen: dict[str, Path] = {}
    for path, log in logs:
        game_id = log.meta.get("id")
        if isinstance(game_id, str) and game_id in seen:
            raise importer.Refused(
                f"{path.name}: game {game_id} is in {seen[game_id].name} too; a folder holds "
                "each game once"
            )
        if isinstance(game_id, str):
            seen[game_id] = path
    here = set(session.scalars(select(GameRow.id).where(GameRow.id.in_(list(seen)))))
    if here:
        first = min(here, key=lambda game_id: seen[game_id].name)
        more = f" (and {len(here) - 1} more of the folder's)" if len(here) > 1 else ""
        raise importer.Refused(
            f"{seen[first].name}: a game {first} is already here{more}: a moved game keeps "
            "its id, so a folder is imported into a database that holds none of its games"
        )
    for path, log in logs:
        try:
            yield (
                path,
                importer.import_log(
                    session, log, {}, snapshot_every, acceptance=acceptance, moving=True
                ),
            )
        except importer.Refused as exc:
            raise importer.Refused(f"{path.name}: {exc.message}") from exc
