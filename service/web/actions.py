"""Signed action links (DESIGN.md §5): a GET only shows the decision, a POST applies it."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request
from flask.typing import ResponseReturnValue

from service import boards
from service.errors import BadRequest, Conflict, Expired, Reused, ServiceError, Stale
from service.links import decisions, tokens
from service.links import urls as links
from service.links.decisions import Verdict
from service.play import notes, plans_shown
from service.play.holders import seat_row
from service.play.moves import make_move, resend
from service.present import notices, presentation
from service.store import eventstore, people
from service.store import names as shown_names
from service.store.eventstore import Loaded
from service.store.models import UsedLinkRow
from service.web import db, enqueue_after_response, error_response, language, settings
from service.web.strictjson import Unreadable, parse_field
from service.words import _

bp = Blueprint("actions", __name__)


@bp.get("/act/<token>")
def show(token: str) -> ResponseReturnValue:
    link = _read(token)
    with db().begin():
        loaded = language.held(db(), link.game_id, link.seat, link.generation)
        if db().get(UsedLinkRow, link.digest) is not None:
            return _moved_on(
                Reused(_("You already made this choice with this link.")), loaded, link
            )
        verdict = decisions.judge(loaded, link.seat, link.named)
        if verdict is Verdict.CURRENT:
            return render_template("act.html", **_page(loaded, link))
        if link.move is None and verdict is not Verdict.STALE:
            # The seat's page with nothing to decide (or the game's end): nothing to refuse.
            return render_template("act.html", **_page(loaded, link))
        if link.move is None and link.decision == decisions.NO_DECISION:
            # Made while the seat had nothing to decide ("Gus to play"), this link named no
            # decision that could have gone stale: it leads to the seat's decision as it is
            # now, whose page posts to that decision's own link.
            return redirect(links.decision_url(settings(), loaded, link.seat), 303)
        return _moved_on(Stale(decisions.MESSAGES[verdict]), loaded, link)


@bp.post("/act/<token>")
def apply(token: str) -> ResponseReturnValue:
    link = _read(token)
    move = _chosen_move(link)
    try:
        with db().begin():
            applied = make_move(
                db(),
                link.game_id,
                link.seat,
                link.named,
                move,
                link.digest,
                settings().snapshot_every,
                generation=link.generation,
                unread=True,  # issue 34 §1: the append refuses a stale cached row
            )
    except (Stale, Reused, Conflict) as exc:
        with db().begin():
            return _moved_on(exc, eventstore.load(db(), link.game_id), link)
    enqueue_after_response(applied.outbox_ids)
    loaded = applied.loaded
    return redirect(links.decision_url(settings(), loaded, link.seat), 303)


@bp.post("/act/<token>/resend")
def fresh_link(token: str) -> ResponseReturnValue:
    """An expired or stale link still proves the seat: email a fresh one if it must act."""
    try:
        link = tokens.read_action(settings().secret_key, token, max_age=settings().link_max_age)
    except Expired as exc:
        expired = exc.context.get("link")
        if not isinstance(expired, tokens.ActionLink):
            raise
        link = expired
    with db().begin():
        outbox_id = resend(db(), link.game_id, link.seat, link.generation)
        # Its player pressed the button of an email's link: they act (issue 31 §3).
        people.heard_from(db(), seat_row(eventstore.get_row(db(), link.game_id), link.seat).email)
        if outbox_id is None:
            loaded = eventstore.load(db(), link.game_id)
            language.for_game(loaded.row)
            return render_template(
                "notice.html",
                title=_("Nothing to decide"),
                message=notices.nothing_waiting(db(), loaded, link.seat),
                game_url=links.game_url(settings(), link.game_id),
            )
    enqueue_after_response([outbox_id])
    return render_template(
        "notice.html",
        title=_("A fresh link is on its way"),
        message=_("Check your inbox: we have emailed you a new link for your current decision."),
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
            raise BadRequest(_("Choose one of the options before submitting."))
        return link.move
    try:
        move = parse_field(raw)
    except Unreadable as exc:
        raise BadRequest(
            _(
                "That choice could not be read: it {reason}. Choose one of the options.",
                reason=str(exc),
            )
        ) from exc
    if not isinstance(move, dict):
        raise BadRequest(
            _("That choice could not be read: it is not a JSON object. Choose one of the options.")
        )
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
        "player": {
            "seat": link.seat,
            "colour": presentation.colour(loaded, link.seat),
            "name": shown_names.of_seat(seat_row(loaded.row, link.seat)),
        },
        "players": presentation.players(loaded, link.seat),
        "board": boards.context(
            boards.render(loaded.row.game, view, "svg", presentation.seat_names(loaded))
        ),
        "decision": decision,
        "picture_alt": presentation.picture_alt(
            loaded, link.seat, view, decision["prompt"] if decision["acting"] else None
        ),
        "chosen": chosen,
        "chosen_label": chosen_label,
        "chosen_missing": chosen is not None and chosen_label is None,
        "outcome": presentation.outcome(loaded),
        "token": link.token,
        "unsubscribe_url": links.unsubscribe_url(s, loaded.row.id, link.seat),
        "seat_url": seat_url,
        # Issue 35 §3: the seat's own note, on the page its own signed link shows.
        "note": notes.of(db(), loaded.row.id, link.seat),
        "note_url": seat_url.split("#")[0] + "#note",
        # Issue 38 §1: the seat's own plans ahead, set and cancelled on its seat page.
        "plans_ahead": None
        if loaded.row.over or link.seat in loaded.table.bots
        else plans_shown.waiting(db(), loaded, link.seat),
        "plans_url": seat_url.split("#")[0] + "#plans",
        "bot_plays_me": link.seat in loaded.table.bots,
        "deadline": notices.pace(loaded, link.seat)["deadline"],
        "nothing_waiting": None
        if decision["acting"] or loaded.row.over
        else notices.nothing_waiting(db(), loaded, link.seat),
    }


def _moved_on(exc: ServiceError, loaded: Loaded, link: tokens.ActionLink) -> ResponseReturnValue:
    """Stale or reused: say so, and point the seat at its current decision if it has one,
    or say plainly that nothing waits for it and when it will hear from us."""
    language.for_game(loaded.row)
    current = waiting = None
    if decisions.deciding(loaded, link.seat):
        current = links.decision_url(settings(), loaded, link.seat)
    else:
        waiting = notices.nothing_waiting(db(), loaded, link.seat)
    return error_response(
        exc.status,
        exc.title,
        exc.message,
        current_url=current,
        nothing_waiting=waiting,
        game_url=links.game_url(settings(), loaded.row.id),
    )
