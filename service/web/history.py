"""History and replay pages (issue 5): the public ones under ``/games/<id>`` for anyone
with the game's address (spectators), a seat's own under ``/seat/<token>``.

What each viewer may read is decided in :mod:`service.audit.history`; these views only choose
the viewer, read the filters and build links.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, redirect, render_template, request
from sqlalchemy.orm import Session

from service import boards
from service.audit import checks as audit
from service.audit import history, signing
from service.audit.history import Entry, Record, Viewer
from service.errors import BadRequest, NotFound
from service.links import tokens
from service.links import urls as links
from service.store import eventstore
from service.store.models import GameRow
from service.web import db, language, reading, settings
from service.words import _

bp = Blueprint("history", __name__)
WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")
SIGNED_NUMBER = re.compile(r"[-+]?[0-9]{1,9}")


@dataclass(frozen=True)
class Place:
    """Where a viewer reads from: the public pages or a seat's signed link."""

    base: str
    """The path the history and replay paths hang from."""
    viewer: Viewer
    public_base: str

    @property
    def is_public(self) -> bool:
        return self.viewer.seat is None


def _public(game_id: str) -> Place:
    base = f"/games/{game_id}"
    return Place(base=base, viewer=history.SPECTATOR, public_base=base)


def _seat(token: str, record: Record, link: tokens.SeatLink) -> Place:
    viewer = record.viewer(link.seat, link.generation)
    return Place(base=f"/seat/{token}", viewer=viewer, public_base=f"/games/{record.row.id}")


def _speak_as(row: GameRow, seat: str) -> None:
    """A seat's page speaks the seat's language (issue 17), whoever holds the link."""
    held = next((s for s in row.seats if s.seat == seat), None)
    if held is not None:
        language.for_seat(held.language, held.time_zone)


def _read_seat(token: str) -> tokens.SeatLink:
    return tokens.read_seat(settings().secret_key, token)


# History.


@bp.get("/games/<game_id>/history")
def public_history(game_id: str):  # type: ignore[no-untyped-def]
    def read(session: Session) -> Any:
        filters = _filters(eventstore.get_row(session, game_id))
        return _history_page(history.load(session, game_id), _public(game_id), *filters)

    return reading(read)


@bp.get("/seat/<token>/history")
def seat_history(token: str):  # type: ignore[no-untyped-def]
    link = _read_seat(token)

    def read(session: Session) -> Any:
        row = eventstore.get_row(session, link.game_id)
        _speak_as(row, link.seat)
        filters = _filters(row)
        record = history.load(session, link.game_id)
        return _history_page(record, _seat(token, record, link), *filters)

    return reading(read)


def _filters(row: GameRow) -> tuple[str | None, int | None, bool, bool]:
    """The history's filters (seat, turn, quiet, everything), read before the log is: a
    filter that cannot be met costs no fold (issue 14)."""
    seat = request.args.get("seat") or None
    if seat is not None and seat not in {s.seat for s in row.seats}:
        raise BadRequest(_("Game {id} has no seat {seat}.", id=str(row.id), seat=repr(seat[:40])))
    turn = _turn_filter(request.args.get("turn"))
    return seat, turn, request.args.get("quiet") == "1", request.args.get("all") == "1"


def story(found: list[Entry], finished: bool) -> set[int]:
    """The seqs a player reads as the game's story (issue 20): the opening as the game
    tells it, each move, and the end once the game is over. The rest (what follows from a
    move, reveals, the table's own rows: votes, reminders, takebacks) stays in the full
    audit view."""
    told = [e for e in found if not e.table and not e.bookkeeping]
    last_move = max((e.seq for e in found if e.decided), default=0)
    return {e.seq for e in told if e.decided or e.turn == 0 or (finished and e.seq > last_move)}


def _history_page(  # type: ignore[no-untyped-def]
    record: Record, place: Place, seat: str | None, turn: int | None, quiet: bool, everything: bool
):
    found = history.entries(record, place.viewer)
    moves = story(found, record.finished)
    shown = [
        e
        for e, payload in zip(found, record.payloads, strict=True)
        if (seat is None or history.concerns(e, payload, seat))
        and (turn is None or e.turn == turn)
        and not (quiet and e.bookkeeping)
        and (everything or e.seq in moves)
    ]
    return render_template(
        "history.html",
        **_common(record, place),
        entries=[_entry(record, place, e) for e in shown],
        total=len(found),
        filters={
            "seat": seat,
            "turn": turn,
            "quiet": quiet,
            "everything": everything,
            "story": len(moves),
            "turns": found[-1].turn if found else 0,
            "bookkeeping": sum(e.bookkeeping for e in found),
        },
    )


def _turn_filter(raw: str | None) -> int | None:
    if raw is None or raw.strip() == "":
        return None
    if not WHOLE_NUMBER.fullmatch(raw.strip()):  # ASCII: int() also reads "١" and "1_0"
        raise BadRequest(_("The turn must be a whole number (0 is the opening)."))
    return int(raw)


def _entry(record: Record, place: Place, entry: Entry) -> dict[str, Any]:
    who = None
    if entry.seat is not None:
        who = (
            _("{name} ({seat}), played by a bot", name=entry.name, seat=entry.seat)
            if entry.by_bot
            else f"{entry.name} ({entry.seat})"
        )
    return {
        "seq": entry.seq,
        "time": entry.recorded_at.strftime("%Y-%m-%d %H:%M:%S"),
        "turn": entry.turn,
        "who": who,
        "text": entry.text,
        "decision": entry.decision,
        "decided": entry.decided,
        "bookkeeping": entry.bookkeeping,
        "table": entry.table,
        "details": entry.details,
        "hash": entry.hash,
        "undone": entry.undone,
        "replay_url": f"{place.base}/replay/{entry.seq}",
    }


# Replay.


@bp.get("/games/<game_id>/replay")
def public_jump(game_id: str):  # type: ignore[no-untyped-def]
    with db().begin():
        row = eventstore.get_row(db(), game_id)
    return _jump(row, f"/games/{game_id}")


@bp.get("/seat/<token>/replay")
def seat_jump(token: str):  # type: ignore[no-untyped-def]
    link = _read_seat(token)
    with db().begin():
        row = eventstore.get_row(db(), link.game_id)
    return _jump(row, f"/seat/{token}")  # the step's page checks the seat's holder


def _jump(row: GameRow, base: str):  # type: ignore[no-untyped-def]
    """``?n=`` from the jump form (clamped to the log), else the newest step: the game row
    knows how long the log is, so nothing is folded."""
    raw = request.args.get("n", "").strip()
    if raw and not SIGNED_NUMBER.fullmatch(raw):
        raise BadRequest(_("Give the number of an event to jump to."))
    step = int(raw) if raw else row.last_seq
    step = min(max(step, 1), max(row.last_seq, 1))
    return redirect(_step_url(base, step, request.args.get("seat")), 303)


@bp.get("/games/<game_id>/replay/<int:step>")
def public_replay(game_id: str, step: int):  # type: ignore[no-untyped-def]
    def read(session: Session) -> Any:
        _check_step(eventstore.get_row(session, game_id), step)
        return _replay_page(history.load(session, game_id), _public(game_id), step)

    return reading(read)


@bp.get("/seat/<token>/replay/<int:step>")
def seat_replay(token: str, step: int):  # type: ignore[no-untyped-def]
    link = _read_seat(token)

    def read(session: Session) -> Any:
        row = eventstore.get_row(session, link.game_id)
        _speak_as(row, link.seat)
        _check_step(row, step)
        record = history.load(session, link.game_id)
        return _replay_page(record, _seat(token, record, link), step)

    return reading(read)


def _check_step(row: GameRow, step: int) -> None:
    """A step outside the log is refused from the game row, before anything is folded."""
    if not 1 <= step <= row.last_seq:
        raise NotFound(
            _(
                "Game {id} has events 1 to {last}; there is no {step}.",
                id=str(row.id),
                last=str(row.last_seq),
                step=str(step),
            )
        )


def _replay_page(record: Record, place: Place, step: int):  # type: ignore[no-untyped-def]
    chosen = request.args.get("seat") if record.finished else None
    seat = record.seat_for_view(place.viewer, step, chosen)
    view = record.board_view(step, seat)
    names = record.holders[step - 1]
    board = boards.context(boards.render(record.row.game, view, "svg", names)) if view else None
    entry = history.entries(record, place.viewer)[step - 1]
    state = record.state_after(step)
    deciding = sorted(record.game.to_act(state)) if state is not None else []
    keep = chosen if seat == chosen else None
    nav = {
        "first": _step_url(place.base, 1, keep) if step > 1 else None,
        "previous": _step_url(place.base, step - 1, keep) if step > 1 else None,
        "next": _step_url(place.base, step + 1, keep) if step < record.last else None,
        "last": _step_url(place.base, record.last, keep) if step < record.last else None,
    }
    views = []
    if record.finished:
        views = [{"seat": None, "label": _("Public view"), "url": _step_url(place.base, step)}] + [
            {"seat": s, "label": f"{names[s]} ({s})", "url": _step_url(place.base, step, s)}
            for s in record.claims
        ]
    base_url = settings().base_url.rstrip("/")
    return render_template(
        "replay.html",
        **_common(record, place),
        step=step,
        entry=_entry(record, place, entry),
        board=board,
        seen_as=_seen_as(seat, names, place),
        deciding=[f"{names.get(s, s)} ({s})" for s in deciding],
        nav=nav,
        views=views,
        current_view=seat,
        share_url=base_url + _step_url(place.base, step, keep),
        public_share_url=base_url + _step_url(place.public_base, step, keep),
    )


def _step_url(base: str, step: int, seat: str | None = None) -> str:
    return f"{base}/replay/{step}" + (f"?{urlencode({'seat': seat})}" if seat else "")


def _seen_as(seat: str | None, names: dict[str, str], place: Place) -> str:
    if seat is None:
        return _("the public view: what a spectator sees")
    if seat == place.viewer.seat:
        return _("your view as {name} ({seat})", name=names.get(seat, seat), seat=seat)
    return _(
        "the view of {name} ({seat}), shown now the game is over",
        name=names.get(seat, seat),
        seat=seat,
    )


def _common(record: Record, place: Place) -> dict[str, Any]:
    row = record.row
    viewer = place.viewer
    you = None
    if viewer.seat is not None:
        you = {"seat": viewer.seat, "name": record.names.get(viewer.seat, viewer.seat)}
    return {
        "game": {
            "id": row.id,
            "title": record.game.title,
            "url": links.game_url(settings(), row.id),
            "finished": record.finished,
            "last": record.last,
        },
        "you": you,
        "public": place.is_public,
        "history_url": f"{place.base}/history",
        "replay_url": f"{place.base}/replay",
        "public_history_url": f"{place.public_base}/history",
        "log_url": f"/games/{row.id}/log.jsonl" if record.finished else None,
        "seats": [{"seat": s, "name": n} for s, n in record.names.items()],
    }


# The log itself, for anyone to verify once nothing in it is secret any more.


@bp.get("/games/<game_id>/log.jsonl")
def log_file(game_id: str):  # type: ignore[no-untyped-def]
    def read(session: Session) -> list[str]:
        # Refused from the game row while the game goes on, before any event is read; an
        # ended game is loaded from its snapshot to tell a finish from an abandonment.
        row = eventstore.get_row(session, game_id)
        if not row.over or not eventstore.load(session, game_id).finished:
            abort(
                403,
                _(
                    "The log is published when the game ends: until then it holds hidden "
                    "cards and the seed that decides what comes next."
                ),
            )
        return audit.to_file_lines(session, game_id, signer=signing.Signer.of(settings()))

    lines = reading(read)
    return Response(
        "\n".join(lines) + "\n",
        mimetype="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'},
    )
