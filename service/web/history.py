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
from flask.typing import ResponseReturnValue
from sqlalchemy.orm import Session

from service import boards, words
from service.audit import checks as audit
from service.audit import history, signing
from service.audit.history import Entry, Record, Viewer
from service.errors import BadRequest, NotFound
from service.links import tokens
from service.links import urls as links
from service.play import talk
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

PAGE = 50
"""Events on a page of the history. The first page holds the newest: a page reads its own
events from the newest snapshot before them, so it costs the same at any length (issue 19)."""


@dataclass(frozen=True)
class Query:
    """The history's filters and the page of the log they ask for."""

    seat: str | None
    turn: int | None
    quiet: bool
    everything: bool
    low: int
    high: int
    """The events the turn filter allows (all of them without one)."""
    first: int
    last: int
    """This page's events."""

    def url(self, base: str, before: int | None) -> str:
        """This query's page of the events before ``before`` (the newest page: None)."""
        args: dict[str, Any] = {}
        if self.everything:
            args["all"] = "1"
        if self.seat is not None:
            args["seat"] = self.seat
        if self.turn is not None:
            args["turn"] = str(self.turn)
        if self.quiet:
            args["quiet"] = "1"
        if before is not None:
            args["before"] = str(before)
        return f"{base}/history" + (f"?{urlencode(args)}" if args else "")

    def older(self, base: str) -> str | None:
        return self.url(base, self.first) if self.first > self.low else None

    def newer(self, base: str) -> str | None:
        if self.last >= self.high:
            return None
        before = self.last + PAGE + 1
        return self.url(base, before if before <= self.high else None)


@bp.get("/games/<game_id>/history")
def public_history(game_id: str) -> ResponseReturnValue:
    def read(session: Session) -> ResponseReturnValue:
        query = _query(session, eventstore.get_row(session, game_id))
        record = history.load(session, game_id, query.first, query.last)
        return _history_page(session, record, _public(game_id), query)

    return reading(read)


@bp.get("/seat/<token>/history")
def seat_history(token: str) -> ResponseReturnValue:
    link = _read_seat(token)

    def read(session: Session) -> ResponseReturnValue:
        row = eventstore.get_row(session, link.game_id)
        _speak_as(row, link.seat)
        query = _query(session, row)
        record = history.load(session, link.game_id, query.first, query.last)
        return _history_page(session, record, _seat(token, record, link), query)

    return reading(read)


def _query(session: Session, row: GameRow) -> Query:
    """The history's filters (seat, turn, quiet, everything) and page (``before``), read before
    the log is: a filter that cannot be met costs no fold (issue 14)."""
    seat = request.args.get("seat") or None
    if seat is not None and seat not in {s.seat for s in row.seats}:
        raise BadRequest(_("Game {id} has no seat {seat}.", id=str(row.id), seat=repr(seat[:40])))
    turn = _turn_filter(request.args.get("turn"))
    before = _before(request.args.get("before"))
    low, high = (1, row.last_seq) if turn is None else _turn_events(session, row, turn)
    last = high if before is None else min(high, before - 1)
    return Query(
        seat=seat,
        turn=turn,
        quiet=request.args.get("quiet") == "1",
        everything=request.args.get("all") == "1",
        low=low,
        high=high,
        first=max(low, last - PAGE + 1),
        last=last,
    )


def _before(raw: str | None) -> int | None:
    if raw is None or raw.strip() == "":
        return None
    if not WHOLE_NUMBER.fullmatch(raw.strip()):
        raise BadRequest(_("A page of the history starts before an event: give its number."))
    return int(raw)


def _turn_events(session: Session, row: GameRow, turn: int) -> tuple[int, int]:
    """The first and last event of ``turn`` (first > last: no such turn). Turns are counted
    from the seats of the rows that open decisions (two columns, no payload is read)."""
    starts: list[int] = []
    turn_of = None
    for seq, seat in eventstore.deciders(session, row.id):
        if seat is not None and seat != turn_of:
            starts.append(seq)
            turn_of = seat
    bounds = [1, *starts, row.last_seq + 1]
    if turn + 1 >= len(bounds):
        return 1, 0
    return bounds[turn], bounds[turn + 1] - 1


def story(found: list[Entry], finished: bool, last_move: int) -> set[int]:
    """The seqs a player reads as the game's story (issue 20): the opening as the game
    tells it, each move, and the end once the game is over (the events after the last move,
    ``last_move``). The rest (what follows from a move, reveals, the table's own rows: votes,
    reminders, takebacks) stays in the full audit view; what the players said to the table
    (issue 35 §2) is part of the story."""
    told = [e for e in found if not e.table and not e.bookkeeping]
    moves = {e.seq for e in told if e.decided or e.turn == 0 or (finished and e.seq > last_move)}
    return moves | {e.seq for e in found if e.talk}


def _history_page(
    session: Session, record: Record, place: Place, query: Query
) -> ResponseReturnValue:
    language.for_game(record.row)
    found = history.entries(record, place.viewer)
    last_move = eventstore.last_decision_seq(session, record.row.id) if record.finished else 0
    moves = story(found, record.finished, last_move)
    seat, turn = query.seat, query.turn
    before = query.last + 1 if query.last < query.high else None
    # Issue 35 §2: the seat's present player reads none of the talk of those they muted.
    viewer = place.viewer
    muted = (
        talk.muted(session, record.row.id, viewer.seat)
        if viewer.seat is not None and viewer.last_seq is None
        else set()
    )
    shown = [
        e
        for e, payload in zip(found, record.payloads, strict=True)
        if not e.hidden
        and not (e.talk and e.seat in muted)
        and (seat is None or history.concerns(e, payload, seat))
        and (turn is None or e.turn == turn)
        and not (query.quiet and e.bookkeeping)
        and (query.everything or e.seq in moves)
    ]
    return render_template(
        "history.html",
        **_common(record, place),
        entries=[_entry(record, place, e) for e in shown],
        total=record.last,
        page={
            "first": query.first,
            "last": query.last,
            "older": query.older(place.base),
            "newer": query.newer(place.base),
            "newest": query.url(place.base, None) if query.newer(place.base) else None,
            # The other view of the same events (the filters are left behind, as "Show all").
            "story": _view_url(place.base, False, before),
            "everything": _view_url(place.base, True, before),
        },
        filters={
            "seat": seat,
            "turn": turn,
            "quiet": query.quiet,
            "everything": query.everything,
            "story": len(moves),
            "turns": record.turns,
            "bookkeeping": sum(e.bookkeeping for e in found),
        },
    )


def _view_url(base: str, everything: bool, before: int | None) -> str:
    args = {"all": "1"} if everything else {}
    if before is not None:
        args["before"] = str(before)
    return f"{base}/history" + (f"?{urlencode(args)}" if args else "")


def _turn_filter(raw: str | None) -> int | None:
    if raw is None or raw.strip() == "":
        return None
    if not WHOLE_NUMBER.fullmatch(raw.strip()):  # ASCII: int() also reads "١" and "1_0"
        raise BadRequest(_("The turn must be a whole number (0 is the opening)."))
    return int(raw)


def _entry(record: Record, place: Place, entry: Entry) -> dict[str, Any]:
    who = None
    if entry.seat is not None:
        colour = boards.seat_colours(record.row.game, list(record.names)).get(entry.seat, "")
        who = (
            _("{name} ({colour}), played by a bot", name=entry.name, colour=colour)
            if entry.by_bot
            else _("{name} ({colour}) (planned)", name=entry.name, colour=colour)
            if entry.planned
            else _("{name} ({colour})", name=entry.name, colour=colour)
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
def public_jump(game_id: str) -> ResponseReturnValue:
    with db().begin():
        row = eventstore.get_row(db(), game_id)
    return _jump(row, f"/games/{game_id}")


@bp.get("/seat/<token>/replay")
def seat_jump(token: str) -> ResponseReturnValue:
    link = _read_seat(token)
    with db().begin():
        row = eventstore.get_row(db(), link.game_id)
    return _jump(row, f"/seat/{token}")  # the step's page checks the seat's holder


def _jump(row: GameRow, base: str) -> ResponseReturnValue:
    """``?n=`` from the jump form (clamped to the log), else the newest step: the game row
    knows how long the log is, so nothing is folded."""
    raw = request.args.get("n", "").strip()
    if raw and not SIGNED_NUMBER.fullmatch(raw):
        raise BadRequest(_("Give the number of an event to jump to."))
    step = int(raw) if raw else row.last_seq
    step = min(max(step, 1), max(row.last_seq, 1))
    return redirect(_step_url(base, step, request.args.get("seat")), 303)


@bp.get("/games/<game_id>/replay/<int:step>")
def public_replay(game_id: str, step: int) -> ResponseReturnValue:
    def read(session: Session) -> ResponseReturnValue:
        _check_step(eventstore.get_row(session, game_id), step)
        return _replay_page(history.load(session, game_id, step, step), _public(game_id), step)

    return reading(read)


@bp.get("/seat/<token>/replay/<int:step>")
def seat_replay(token: str, step: int) -> ResponseReturnValue:
    link = _read_seat(token)

    def read(session: Session) -> ResponseReturnValue:
        row = eventstore.get_row(session, link.game_id)
        _speak_as(row, link.seat)
        _check_step(row, step)
        record = history.load(session, link.game_id, step, step)
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


def _replay_page(record: Record, place: Place, step: int) -> ResponseReturnValue:
    chosen = request.args.get("seat") if record.finished else None
    seat = record.seat_for_view(place.viewer, step, chosen)
    view = record.board_view(step, seat)
    names = record.names_at(step)
    words.PLAYERS.set(names)
    board = boards.context(boards.render(record.row.game, view, "svg", names)) if view else None
    (entry,) = history.entries(record, place.viewer)
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
        seen_as=_seen_as(seat, names, place, record.row.game),
        deciding=[f"{names.get(s, s)} ({s})" for s in deciding],
        nav=nav,
        views=views,
        current_view=seat,
        share_url=base_url + _step_url(place.base, step, keep),
        history_step_url=_history_at(place.base, step, record.last),
        public_share_url=base_url + _step_url(place.public_base, step, keep),
    )


def _history_at(base: str, step: int, last: int) -> str:
    """The history's page with ``step`` in its middle, every row shown."""
    before = min(step + PAGE // 2, last) + 1
    return f"{base}/history?{urlencode({'all': '1', 'before': str(before)})}#e{step}"


def _step_url(base: str, step: int, seat: str | None = None) -> str:
    return f"{base}/replay/{step}" + (f"?{urlencode({'seat': seat})}" if seat else "")


def _seen_as(seat: str | None, names: dict[str, str], place: Place, game: str) -> str:
    if seat is None:
        return _("the public view: what a spectator sees")
    colour = boards.seat_colours(game, list(names)).get(seat, "")
    if seat == place.viewer.seat:
        return _("your view as {name} ({colour})", name=names.get(seat, seat), colour=colour)
    return _(
        "the view of {name} ({colour}), shown now the game is over",
        name=names.get(seat, seat),
        colour=colour,
    )


def _common(record: Record, place: Place) -> dict[str, Any]:
    row = record.row
    colours = boards.seat_colours(row.game, list(record.names))
    viewer = place.viewer
    you = None
    if viewer.seat is not None:
        you = {
            "seat": viewer.seat,
            "colour": colours.get(viewer.seat, ""),
            "name": record.names.get(viewer.seat, viewer.seat),
        }
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
        "seats": [{"seat": s, "name": n, "colour": colours[s]} for s, n in record.names.items()],
    }


# The log itself, for anyone to verify once nothing in it is secret any more.


@bp.get("/games/<game_id>/log.jsonl")
def log_file(game_id: str) -> ResponseReturnValue:
    def read(session: Session) -> list[str]:
        # Refused from the game row while the game goes on, before any event is read; an
        # abandoned game from its newest abandonment and revival, before anything is folded.
        # Only then is the game loaded, to be sure it ended by its rules.
        row = eventstore.get_row(session, game_id)
        if (
            not row.over
            or eventstore.abandoned(session, game_id)
            or not eventstore.load(session, game_id).finished
        ):
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
