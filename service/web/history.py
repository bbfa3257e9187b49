"""History and replay pages (issue 5): the public ones under ``/games/<id>`` for anyone
with the game's address (spectators), a seat's own under ``/seat/<token>``.

What each viewer may read is decided in :mod:`service.history`; these views only choose
the viewer, read the filters and build links.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, redirect, render_template, request

from service import audit, boards, history, links, tokens
from service.errors import BadRequest, NotFound
from service.history import Entry, Record, Viewer
from service.web import db, settings

bp = Blueprint("history", __name__)


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


def _read_seat(token: str) -> tokens.SeatLink:
    return tokens.read_seat(settings().secret_key, token)


# History.


@bp.get("/games/<game_id>/history")
def public_history(game_id: str):  # type: ignore[no-untyped-def]
    with db().begin():
        record = history.load(db(), game_id)
    return _history_page(record, _public(game_id))


@bp.get("/seat/<token>/history")
def seat_history(token: str):  # type: ignore[no-untyped-def]
    link = _read_seat(token)
    with db().begin():
        record = history.load(db(), link.game_id)
    return _history_page(record, _seat(token, record, link))


def _history_page(record: Record, place: Place):  # type: ignore[no-untyped-def]
    seat = request.args.get("seat") or None
    if seat is not None and seat not in record.claims:
        raise BadRequest(f"Game {record.row.id} has no seat {seat!r}.")
    turn = _turn_filter(request.args.get("turn"))
    quiet = request.args.get("quiet") == "1"
    found = history.entries(record, place.viewer)
    shown = [
        e
        for e, payload in zip(found, record.payloads, strict=True)
        if (seat is None or history.concerns(e, payload, seat))
        and (turn is None or e.turn == turn)
        and not (quiet and e.bookkeeping)
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
            "turns": found[-1].turn if found else 0,
            "bookkeeping": sum(e.bookkeeping for e in found),
        },
    )


def _turn_filter(raw: str | None) -> int | None:
    if raw is None or raw.strip() == "":
        return None
    try:
        turn = int(raw)
    except ValueError as exc:
        raise BadRequest("The turn must be a whole number (0 is the opening).") from exc
    if turn < 0:
        raise BadRequest("The turn must be a whole number (0 is the opening).")
    return turn


def _entry(record: Record, place: Place, entry: Entry) -> dict[str, Any]:
    who = None
    if entry.seat is not None:
        who = f"{entry.name} ({entry.seat})" + (", played by a bot" if entry.by_bot else "")
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
        record = history.load(db(), game_id)
    return _jump(record, _public(game_id))


@bp.get("/seat/<token>/replay")
def seat_jump(token: str):  # type: ignore[no-untyped-def]
    link = _read_seat(token)
    with db().begin():
        record = history.load(db(), link.game_id)
    return _jump(record, _seat(token, record, link))


def _jump(record: Record, place: Place):  # type: ignore[no-untyped-def]
    """``?n=`` from the jump form (clamped to the log), else the newest step."""
    raw = request.args.get("n", "").strip()
    try:
        step = int(raw) if raw else record.last
    except ValueError as exc:
        raise BadRequest("Give the number of an event to jump to.") from exc
    step = min(max(step, 1), max(record.last, 1))
    return redirect(_step_url(place.base, step, request.args.get("seat")), 303)


@bp.get("/games/<game_id>/replay/<int:step>")
def public_replay(game_id: str, step: int):  # type: ignore[no-untyped-def]
    with db().begin():
        record = history.load(db(), game_id)
        return _replay_page(record, _public(game_id), step)


@bp.get("/seat/<token>/replay/<int:step>")
def seat_replay(token: str, step: int):  # type: ignore[no-untyped-def]
    link = _read_seat(token)
    with db().begin():
        record = history.load(db(), link.game_id)
        return _replay_page(record, _seat(token, record, link), step)


def _replay_page(record: Record, place: Place, step: int):  # type: ignore[no-untyped-def]
    if not 1 <= step <= record.last:
        raise NotFound(f"Game {record.row.id} has events 1 to {record.last}; there is no {step}.")
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
        views = [{"seat": None, "label": "Public view", "url": _step_url(place.base, step)}] + [
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
        return "the public view: what a spectator sees"
    if seat == place.viewer.seat:
        return f"your view as {names.get(seat, seat)} ({seat})"
    return f"the view of {names.get(seat, seat)} ({seat}), shown now the game is over"


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
    with db().begin():
        record = history.load(db(), game_id)
        if not record.finished:
            abort(
                403,
                "The log is published when the game ends: until then it holds hidden cards "
                "and the seed that decides what comes next.",
            )
        lines = audit.to_file_lines(db(), game_id)
    return Response(
        "\n".join(lines) + "\n",
        mimetype="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'},
    )
