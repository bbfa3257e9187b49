"""Signed action links (DESIGN.md §5): a GET only shows the decision, a POST applies it."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, redirect, render_template, request

from service import boards, eventstore, links, notices, presentation, tokens
from service.errors import BadRequest, Expired, Reused, ServiceError, Stale
from service.eventstore import Loaded
from service.models import UsedLinkRow
from service.play import check_holder, make_move, resend, seat_row
from service.web import db, enqueue_after_response, error_response, settings

bp = Blueprint("actions", __name__)


@bp.get("/act/<token>")
def show(token: str):  # type: ignore[no-untyped-def]
    link = _read(token)
    with db().begin():
        loaded = eventstore.load(db(), link.game_id)
        check_holder(loaded, link.seat, link.generation)
        if db().get(UsedLinkRow, link.digest) is not None:
            return _moved_on(Reused("You already made this choice with this link."), loaded, link)
        acting = link.seat in loaded.game.to_act(loaded.state)
        if link.seq != loaded.turn_seq and (acting or link.move is not None):
            return _moved_on(Stale("The game has moved on since this link was sent."), loaded, link)
        return render_template("act.html", **_page(loaded, link))


@bp.post("/act/<token>")
def apply(token: str):  # type: ignore[no-untyped-def]
    link = _read(token)
    move = _chosen_move(link)
    try:
        with db().begin():
            applied = make_move(
                db(),
                link.game_id,
                link.seat,
                link.seq,
                move,
                link.digest,
                settings().snapshot_every,
                generation=link.generation,
            )
    except (Stale, Reused) as exc:
        with db().begin():
            return _moved_on(exc, eventstore.load(db(), link.game_id), link)
    enqueue_after_response(applied.outbox_ids)
    loaded = applied.loaded
    return redirect(links.decision_url(settings(), loaded, link.seat), 303)


@bp.post("/act/<token>/resend")
def fresh_link(token: str):  # type: ignore[no-untyped-def]
    """An expired or stale link still proves the seat: email a fresh one if it must act."""
    try:
        link = tokens.read_action(settings().secret_key, token, max_age=settings().link_max_age)
    except Expired as exc:
        link = exc.context.get("link")  # type: ignore[assignment]
        if link is None:
            raise
    with db().begin():
        outbox_id = resend(db(), link.game_id, link.seat, link.generation)
    if outbox_id is None:
        return render_template(
            "notice.html",
            title="Nothing to decide",
            message="You have no decision to make in this game right now. "
            "We will email you when you do.",
            game_url=links.game_url(settings(), link.game_id),
        )
    enqueue_after_response([outbox_id])
    return render_template(
        "notice.html",
        title="A fresh link is on its way",
        message="Check your inbox: we have emailed you a new link for your current decision.",
        game_url=links.game_url(settings(), link.game_id),
    )


def _read(token: str) -> tokens.ActionLink:
    try:
        return tokens.read_action(settings().secret_key, token, max_age=settings().link_max_age)
    except Expired as exc:
        raise Expired(exc.message, resend_token=token) from exc


def _chosen_move(link: tokens.ActionLink) -> dict[str, Any]:
    raw = request.form.get("move")
    if raw is None:
        if link.move is None:
            raise BadRequest("Choose one of the options before submitting.")
        return link.move
    try:
        move = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise BadRequest("That choice could not be read. Choose one of the options.") from exc
    if not isinstance(move, dict):
        raise BadRequest("That choice could not be read. Choose one of the options.")
    return move


def _page(loaded: Loaded, link: tokens.ActionLink) -> dict[str, Any]:
    s = settings()
    view = loaded.game.view(loaded.state, link.seat)
    chosen = presentation.move_key(link.move) if link.move is not None else None
    decision = presentation.decision(s, loaded, link.seat, view, with_links=False)
    chosen_label = next((o["label"] for o in decision["options"] if o["key"] == chosen), None)
    seat_url = links.seat_url(s, loaded, link.seat)
    return {
        "game": presentation.game_info(s, loaded),
        "player": {"seat": link.seat, "name": seat_row(loaded.row, link.seat).name},
        "players": presentation.players(loaded, link.seat),
        "whose_turn": presentation.whose_turn(loaded, link.seat),
        "board": boards.context(
            boards.render(loaded.row.game, view, "svg", presentation.seat_names(loaded))
        ),
        "decision": decision,
        "chosen": chosen,
        "chosen_label": chosen_label,
        "chosen_missing": chosen is not None and chosen_label is None,
        "outcome": presentation.outcome(loaded),
        "token": link.token,
        "unsubscribe_url": links.unsubscribe_url(s, loaded.row.id, link.seat),
        "seat_url": seat_url,
        "bot_plays_me": link.seat in loaded.table.bots,
        "deadline": notices.pace(loaded, link.seat)["deadline"],
    }


def _moved_on(exc: ServiceError, loaded: Loaded, link: tokens.ActionLink):  # type: ignore[no-untyped-def]
    """Stale or reused: say so, and point the seat at its current decision if it has one."""
    current = None
    if link.seat in loaded.game.to_act(loaded.state):
        current = links.decision_url(settings(), loaded, link.seat)
    return error_response(
        exc.status,
        exc.title,
        exc.message,
        current_url=current,
        game_url=links.game_url(settings(), loaded.row.id),
    )
