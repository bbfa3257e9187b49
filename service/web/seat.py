"""A seat's page (issue 4): deadlines, votes, nudges, absences, takebacks, waking and
reviving a game, all from the signed seat link every email carries. A GET only shows;
each form POSTs one change and comes back here."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, session
from flask.typing import ResponseReturnValue
from sqlalchemy import select

from engine.kit import plans as orders
from service import words
from service.errors import BadRequest, Illegal, ServiceError, Stale
from service.links import tokens
from service.links import urls as links
from service.mail import digest, newaddress
from service.play import (
    bots,
    channels,
    notes,
    plans,
    plans_shown,
    reach,
    rematch,
    resigning,
    slowplay,
    webhook_urls,
)
from service.play.holders import check_holder, seat_row
from service.play.slowplay import claim
from service.present import notices, presentation
from service.store import eventstore, people
from service.store import names as shown_names
from service.store.eventstore import Loaded
from service.store.models import PersonRow, SeatRow
from service.table import schedule
from service.table.state import CHOICE_LABELS, CHOICES, NUDGE_EVERY, Table
from service.web import db, enqueue_after_response, enqueue_call, language, preferences, settings
from service.web import desk as desk_page
from service.web.guard import one_click
from service.words import _, n_

bp = Blueprint("seat", __name__)


def _link(token: str) -> tokens.SeatLink:
    return tokens.read_seat(settings().secret_key, token)


@bp.get("/seat/<token>")
def show(token: str) -> ResponseReturnValue:
    link = _link(token)
    with db().begin():
        loaded = language.held(db(), link.game_id, link.seat, link.generation)
        return render_template("seat.html", **_page(loaded, link, token))


@bp.post("/seat/<token>/language")
def speak(token: str) -> ResponseReturnValue:
    """The seat's language and time zone (issue 17): its emails and pages from now on."""
    link = _link(token)
    chosen, zone = preferences.language_and_zone(request.form)
    with db().begin():
        loaded = eventstore.load(db(), link.game_id)
        language.for_game(loaded.row)
        check_holder(loaded, link.seat, link.generation)
        preferences.speak([seat_row(loaded.row, link.seat)], chosen, zone)
    return redirect(f"/seat/{token}?lang={chosen}#language", 303)


def _page(loaded: Loaded, link: tokens.SeatLink, token: str) -> dict[str, Any]:
    s, table, seat = settings(), loaded.table, link.seat
    acting = frozenset() if loaded.row.over else loaded.game.to_act(loaded.state)
    players = notices.statuses(loaded)
    nudgeable = _nudgeable(table, players, seat)
    takeback_reason = (
        slowplay.takeback_refusal(db(), loaded, seat)
        if table.last_decision and table.last_decision[0] == seat
        else None
    )
    request_ = table.takeback
    holder = seat_row(loaded.row, seat)
    return {
        "table_hook": _table_hook(loaded),
        "table_hook_secret": _hook_secret_once(loaded.row.id),
        "hook_flavours": desk_page.WEBHOOK_FLAVOURS,
        "hook_saved": request.args.get("webhook") in {"saved", "removed"},
        "unreachable_me": bool(reach.unreachable(db(), [holder.email])),
        # Issue 31 §3: its player never acted on our emails; joining is acting.
        "newcomer": people.newcomer(db(), holder.email),
        "joined": request.args.get("joined") == "1",
        "never_url": links.never_url(s, holder.email) if holder.email else "",
        "address_sent": request.args.get("address") == "sent",
        "token": token,
        "game": {
            "id": loaded.row.id,
            "title": loaded.game.title,
            "url": links.game_url(s, loaded.row.id),
            "over": loaded.row.over,
        },
        "me": {
            "seat": seat,
            "colour": presentation.colour(loaded, seat),
            "name": shown_names.of_seat(seat_row(loaded.row, seat)),
            "language": seat_row(loaded.row, seat).language,
            "time_zone": seat_row(loaded.row, seat).time_zone or "",
        },
        "acting": seat in acting,
        "turn_url": links.decision_url(s, loaded, seat) if seat in acting else None,
        "pace": notices.pace(loaded, seat),
        "players": players,
        "bot_plays_me": seat in table.bots,
        "asleep": table.dormant_since is not None and not loaded.row.over,
        "alone": not table.voters_on(seat),
        # Closed by the host or ended by a resignation: nothing to revive (issue 32).
        "abandoned": table.abandoned is not None and not table.final,
        "can_resign": resigning.refusal(loaded) is None,
        "resign_url": links.resign_url(s, loaded, seat),
        "resigning_follows": resigning.what_follows(loaded, seat),
        "agreed_revive": seat in table.revive,
        "ballot": _ballot(loaded, seat),
        "nudgeable": nudgeable,
        "can_take_back": table.last_decision is not None
        and table.last_decision[0] == seat
        and takeback_reason is None
        and request_ is None,
        "takeback_reason": takeback_reason,
        "takeback_asks": bool(slowplay.approvers(table, seat)),
        "takeback": _takeback(loaded, seat),
        # Issue 35 §3: the seat's own note; this page is reached only by its signed link.
        "note": notes.of(db(), loaded.row.id, seat) or "",
        "note_limit": notes.LONGEST,
        "note_saved": request.args.get("note") in {"saved", "cleared"},
        # Issue 38 §1: the seat's own plans ahead, of its present holder (the link's).
        "plans": plans_shown.page(db(), loaded, seat, link.generation),
        "plans_done": request.args.get("plans"),
        # Issue 35 §4: a finished game offers its players a rematch.
        "rematch": _rematch(loaded, seat, token),
        "rematch_of": rematch.linked(db(), loaded.row)["rematch_of"],
        "settings_url": links.person_url(s, holder.email) if holder.email else "",
        "unsubscribe_url": links.unsubscribe_url(s, loaded.row.id, seat),
    }


def _nudgeable(table: Table, players: list[dict[str, Any]], seat: str) -> list[dict[str, Any]]:
    """The other players whose decision waits and who have a player to nudge, and when
    each may be nudged again (None: now)."""
    moment = eventstore.now()
    nudgeable = []
    for p in players:
        absent = p["seat"] in table.bots or table.has_left(p["seat"])  # nobody to nudge
        if p["to_act"] and p["seat"] != seat and not absent:
            last = table.last_nudged(p["seat"])
            again = None if last is None else last + NUDGE_EVERY
            nudgeable.append(
                {
                    "seat": p["seat"],
                    "name": p["name"],
                    "again": None
                    if again is None or again <= moment
                    else notices.when(table, again),
                }
            )
    return nudgeable


def _ballot(loaded: Loaded, seat: str) -> dict[str, Any] | None:
    """The open vote on a late seat, and the seat's own vote in it."""
    table = loaded.table
    ballot = table.ballot
    closes = schedule.ballot_closes(table)  # None exactly when there is no ballot
    if not (ballot and closes):
        return None
    my_vote = dict(ballot.votes).get(seat)
    return {
        "number": ballot.number,
        "about": shown_names.of_seat(seat_row(loaded.row, ballot.seat)),
        "closes": notices.when(table, closes),
        "mine": my_vote,
        "mine_label": CHOICE_LABELS.get(my_vote, my_vote) if my_vote else None,
        "voter": seat in table.voters(),
        "choices": [{"key": c, "label": CHOICE_LABELS[c]} for c in CHOICES],
        "levels": [(lv, shown_names.level_word(lv)) for lv in bots.LEVELS],
        "preselect": request.args.get("vote"),
    }


def _takeback(loaded: Loaded, seat: str) -> dict[str, Any] | None:
    """The takeback asked for, whose it is, and whether the seat approved it."""
    asked = loaded.table.takeback
    if asked is None:
        return None
    return {
        "by": shown_names.of_seat(seat_row(loaded.row, asked.seat)),
        "mine": asked.seat == seat,
        "approved": seat in asked.approvals,
    }


ACTING = frozenset(
    {
        "seat.speak",
        "seat.vote",
        "seat.nudge",
        "seat.away",
        "seat.simple",
        "seat.takeback",
        "seat.join",
        "seat.note",
        "seat.set_plan",
        "seat.cancel_plan",
        "seat.rematch",
    }
)
"""The seat's forms: each sent is its player acting on an email of ours (issue 31 §3)."""


@bp.after_request
def _sign_of_life(response: Response) -> Response:
    """A form sent from a seat's link and taken is a sign of life from its player, and ends
    a newcomer's wait (:func:`service.store.people.heard_from`). A refused one writes
    nothing; a link of a seat's earlier player, or of one who left, acts for nobody."""
    if request.method != "POST" or request.endpoint not in ACTING or response.status_code >= 400:
        return response
    try:
        link = _link(str((request.view_args or {}).get("token", "")))
        with db().begin():
            loaded = eventstore.load(db(), link.game_id)
            language.for_game(loaded.row)
            holder = seat_row(loaded.row, link.seat)
            if link.generation == loaded.table.generation(link.seat) and holder.left_at is None:
                people.heard_from(db(), holder.email)
    except ServiceError:
        pass  # the form was taken; its seat is gone since
    return response


@bp.post("/seat/<token>/join")
def join(token: str) -> ResponseReturnValue:
    """A newcomer joins the game they were invited to (issue 31 §3): sent, this form is
    their act (:func:`_sign_of_life`), and what was held for them goes."""
    link = _link(token)
    with db().begin():
        check_holder(eventstore.load(db(), link.game_id), link.seat, link.generation)
    return redirect(f"/seat/{token}?joined=1#join", 303)


def _done(token: str, outbox: list[int], anchor: str = "") -> ResponseReturnValue:
    enqueue_after_response(outbox)
    return redirect(f"/seat/{token}" + (f"#{anchor}" if anchor else ""), 303)


BALLOT_NUMBER = re.compile(r"[0-9]{1,9}")


@bp.post("/seat/<token>/note")
def note(token: str) -> ResponseReturnValue:
    """The seat's private note (issue 35 §3): saved as written, an empty one clears it;
    longer than :data:`service.play.notes.LONGEST` is refused and nothing is saved (the
    form's own ``maxlength`` keeps a browser from sending that)."""
    link = _link(token)
    with db().begin():
        language.held(db(), link.game_id, link.seat, link.generation)  # a refusal in its words
        kept = notes.keep(
            db(), link.game_id, link.seat, link.generation, request.form.get("note", ""), cut=False
        )
    done = "saved" if kept.text else "cleared"
    return redirect(f"/seat/{token}?note={done}#note", 303)


PLAN_KINDS = ("standing", "list")
"""The seat page's two plan forms: one of the standing orders offered, or a list."""


@bp.post("/seat/<token>/plans")
def set_plan(token: str) -> ResponseReturnValue:
    """Set a plan ahead (issue 38 §1): a standing order the game offers, by its key, or a
    list of the seat's options, by their canonical keys, found again here among the options
    (the form names moves, it never makes one). A refusal keeps nothing."""
    link = _link(token)
    form = request.form
    with db().begin():
        loaded = language.held(db(), link.game_id, link.seat, link.generation)
        if loaded.row.over:
            raise Stale(_("The game is over."), game_id=link.game_id)
        kind = form.get("kind")
        if kind not in PLAN_KINDS:
            raise BadRequest(_("This plan form is incomplete."))
        if kind == "standing":
            body = plans.body_of(loaded.game, form.get("standing", ""))
            if body is None:
                raise BadRequest(_("This game offers no such plan."))
        else:
            body = _plan_list(loaded, link.seat, form.getlist("choice"))
        plans.set_plan(db(), link.game_id, link.seat, link.generation, body)
    return redirect(f"/seat/{token}?plans=set#plans", 303)


def _plan_list(loaded: Loaded, seat: str, keys: list[str]) -> dict[str, Any]:
    """A list plan's order from the form's choices, in their order, blanks left out."""
    keys = [k for k in keys if k]
    if not keys:
        raise BadRequest(_("Choose at least the first option of your list."))
    if len(keys) > orders.MOST_OPTIONS:
        raise BadRequest(
            n_(
                "A list holds at most {n} option.",
                "A list holds at most {n} options.",
                n=orders.MOST_OPTIONS,
            )
        )
    if len(set(keys)) != len(keys):
        raise BadRequest(_("Choose each option of your list once."))
    moves = plans_shown.chosen(db(), loaded, seat, keys)
    if moves is None:
        raise Illegal(_("Choose the plan's options among those listed."))
    return {"kind": orders.FIRST, "moves": moves}


@bp.post("/seat/<token>/plans/cancel")
def cancel_plan(token: str) -> ResponseReturnValue:
    """Cancel one waiting plan ahead, by its number, or all of them (issue 38 §1)."""
    link = _link(token)
    which = request.form.get("plan", "")
    with db().begin():
        language.held(db(), link.game_id, link.seat, link.generation)
        if which != "all" and not BALLOT_NUMBER.fullmatch(which):
            raise BadRequest(_("Name the plan to cancel by its number, or all of them."))
        number = None if which == "all" else int(which)
        plans.cancel(db(), link.game_id, link.seat, link.generation, number)
    return redirect(f"/seat/{token}?plans=cancelled#plans", 303)


# Issue 36: the table's one webhook, set, replaced or removed by any of its players: a
# setting beside the game, no event of it (nobody is emailed; the page says who may).
HOOK_SECRET = "table_hook_secret"


def _table_hook(loaded: Loaded) -> dict[str, Any] | None:
    for row in channels.of_table(db(), loaded.row.id):
        if row.kind == "webhook" and row.disabled_reason not in (
            channels.REMOVED,
            channels.REPLACED,
        ):
            return {
                "what": channels.label(row),
                "working": row.disabled_at is None,
                "why": None if row.disabled_at is None else channels.reason(row),
            }
    return None


def _hook_secret_once(game_id: str) -> str | None:
    held = session.pop(HOOK_SECRET, None)
    if not isinstance(held, list) or len(held) != 2 or held[0] != game_id:
        return None
    for row in channels.of_table(db(), game_id):
        if row.id == held[1] and row.disabled_at is None:
            return row.secret
    return None


@bp.post("/seat/<token>/webhook")
def table_webhook(token: str) -> ResponseReturnValue:
    """Set the table's webhook (replacing the one it had): posted once per event for all."""
    link = _link(token)
    with db().begin():
        loaded = language.held(db(), link.game_id, link.seat, link.generation)
        if loaded.row.over:
            raise BadRequest(_("The game is over: its table hears of nothing more."))
        added = webhook_urls.add(
            db(), settings(), request.form.get("url", ""), request.form.get("flavour", ""),
            email=None, game_id=link.game_id,
        )  # fmt: skip
        if added.flavour == "json":
            session[HOOK_SECRET] = [link.game_id, added.id]
    return redirect(f"/seat/{token}?webhook=saved#webhook", 303)


@bp.post("/seat/<token>/webhook/remove")
def remove_table_webhook(token: str) -> ResponseReturnValue:
    link = _link(token)
    with db().begin():
        language.held(db(), link.game_id, link.seat, link.generation)
        for row in channels.of_table(db(), link.game_id):
            if row.kind == "webhook":
                channels.disable(db(), row, channels.REMOVED)
    return redirect(f"/seat/{token}?webhook=removed#webhook", 303)


def _rematch(loaded: Loaded, seat: str, token: str) -> dict[str, Any] | None:
    """Where the finished game's rematch stands for ``seat`` (issue 35 §4), None while the
    game goes on."""
    if not loaded.row.over:
        return None
    row = rematch.of(db(), loaded.row.id)
    proposer = None
    if row is not None:
        proposer = shown_names.of_seat(seat_row(loaded.row, row.proposed_by))
    return {
        "url": f"/seat/{token}/rematch",
        "refused": rematch.refusal(db(), loaded, seat),
        "proposed": row is not None,
        "proposer": proposer,
        "mine": row is not None and row.proposed_by == seat,
        "confirmed": row is not None and rematch.confirmed(row, seat),
        "asked": row is not None and any(p.seat == seat for p in row.players),
        "waiting": ", ".join(
            shown_names.of_seat(seat_row(loaded.row, s)) for s in rematch.waiting_for(row)
        )
        if row is not None
        else "",
        "until": notices.when(loaded.table, row.due_at) if row and row.due_at else None,
        "lapsed": row is not None and row.lapsed,
        "game_url": links.game_url(settings(), row.new_game_id)
        if row is not None and row.new_game_id
        else None,
        "game_id": row.new_game_id if row is not None else None,
    }


@bp.get("/seat/<token>/rematch")
def rematch_page(token: str) -> ResponseReturnValue:
    """The rematch of a finished game (issue 35 §4), as the email asking to confirm it links
    it: a GET only shows; its button proposes or confirms."""
    link = _link(token)
    with db().begin():
        loaded = language.held(db(), link.game_id, link.seat, link.generation)
        if not loaded.row.over:
            refused = rematch.refusal(db(), loaded, link.seat)
            raise Stale(refused or "", game_id=link.game_id, seat=link.seat)
        return render_template(
            "rematch.html",
            **_resigning(loaded, link, token),
            rematch=_rematch(loaded, link.seat, token),
            done=request.args.get("done"),
        )


@bp.post("/seat/<token>/rematch")
def rematch_(token: str) -> ResponseReturnValue:
    """Propose a rematch, or confirm the one proposed (issue 35 §4)."""
    link = _link(token)
    with db().begin():
        wanted = rematch.want(db(), settings(), link.game_id, link.seat, link.generation)
    enqueue_after_response(wanted.outbox_ids)
    done = "started" if wanted.started else "proposed" if wanted.proposed else "confirmed"
    return redirect(f"/seat/{token}/rematch?done={done}", 303)


@bp.post("/seat/<token>/vote")
def vote(token: str) -> ResponseReturnValue:
    link = _link(token)
    form = request.form
    ballot = form.get("ballot", "")
    if not BALLOT_NUMBER.fullmatch(ballot):  # ASCII: int() also reads "١" and "1_0"
        raise BadRequest(_("This vote form is incomplete."))
    number = int(ballot)
    newcomer = None
    if form.get("choice") == "replace":
        newcomer = (form.get("email", ""), form.get("name", ""))
    level = form.get("level") or None  # issue 37 §3: the level of the bot voted for
    with db().begin():
        outbox = slowplay.cast_vote(
            db(), link.game_id, link.seat, link.generation, number, form.get("choice", ""),
            newcomer, level,
        )  # fmt: skip
    return _done(token, outbox, "vote")


@bp.post("/seat/<token>/nudge")
def nudge(token: str) -> ResponseReturnValue:
    link = _link(token)
    with db().begin():
        outbox = slowplay.nudge(
            db(), link.game_id, link.seat, link.generation, request.form.get("seat", "")
        )
    return _done(token, outbox, "players")


@bp.post("/seat/<token>/address")
def new_address(token: str) -> ResponseReturnValue:
    """A new address for the player whose emails come back undelivered (issue 31): a link
    confirming it goes there. Only while the seat's address is marked unreachable: the seat
    link is then the one thing its player still holds; otherwise the desk, signed in by a
    link the address received, is the place to change it."""
    link = _link(token)
    with db().begin():
        loaded = eventstore.load(db(), link.game_id)
        language.for_game(loaded.row)
        check_holder(loaded, link.seat, link.generation)
        holder = seat_row(loaded.row, link.seat)
        old = holder.email or ""
        if not reach.unreachable(db(), [old]):
            raise BadRequest(
                _("Our emails reach your address: change it from your desk (My games), signed in.")
            )
        new = reach.new_address(db(), request.form.get("email", ""))
        language.for_seat(holder.language, holder.time_zone)
        speaks = holder.language
    current = settings()
    enqueue_call(lambda: newaddress.enqueue(current, old, new, speaks))
    return redirect(f"/seat/{token}?address=sent#address", 303)


@bp.post("/seat/<token>/away")
def away(token: str) -> ResponseReturnValue:
    link = _link(token)
    first, last = preferences.away_days(request.form)
    with db().begin():
        loaded = eventstore.load(db(), link.game_id)
        language.for_game(loaded.row)
        check_holder(loaded, link.seat, link.generation)
        email = seat_row(loaded.row, link.seat).email
        assert email is not None  # check_holder: the link's seat is held by its address
        outbox = slowplay.declare_away(db(), email, first, last)
    return _done(token, outbox, "away")


@bp.get("/seat/<token>/resign")
def resign_page(token: str) -> ResponseReturnValue:
    """Asks the seat's player to confirm they resign (issue 32); a GET changes nothing."""
    link = _link(token)
    with db().begin():
        loaded = eventstore.load(db(), link.game_id)
        language.for_game(loaded.row)
        check_holder(loaded, link.seat, link.generation)
        refused = resigning.refusal(loaded)
        if refused is not None:
            raise Stale(refused, game_id=link.game_id, seat=link.seat)
        holder = seat_row(loaded.row, link.seat)
        language.for_seat(holder.language, holder.time_zone)
        return render_template(
            "resign.html",
            **_resigning(loaded, link, token),
            follows=resigning.what_follows(loaded, link.seat),
            done=None,
        )


@bp.post("/seat/<token>/resign")
def resign(token: str) -> ResponseReturnValue:
    link = _link(token)
    with db().begin():
        applied = resigning.resign(db(), link.game_id, link.seat, link.generation)
        holder = seat_row(applied.loaded.row, link.seat)
        language.for_seat(holder.language, holder.time_zone)
        page = render_template(
            "resign.html",
            **_resigning(applied.loaded, link, token),
            follows=None,
            done=resigning.done(applied.loaded, link.seat),
        )
    enqueue_after_response(applied.outbox_ids)
    return page


def _resigning(loaded: Loaded, link: tokens.SeatLink, token: str) -> dict[str, Any]:
    return {
        "token": token,
        "game": {
            "id": loaded.row.id,
            "title": loaded.game.title,
            "url": links.game_url(settings(), loaded.row.id),
        },
        "me": {
            "seat": link.seat,
            "colour": presentation.colour(loaded, link.seat),
            "name": shown_names.of_seat(seat_row(loaded.row, link.seat)),
        },
    }


SIMPLE = {
    "back": slowplay.come_back,
    "resume": slowplay.resume,
    "revive": slowplay.agree_revive,
}
"""One-button changes: take the seat back from the bot, wake the game, agree to revive it."""


@bp.post("/seat/<token>/<any(back, resume, revive):action>")
def simple(token: str, action: str) -> ResponseReturnValue:
    link = _link(token)
    with db().begin():
        outbox = SIMPLE[action](db(), link.game_id, link.seat, link.generation)
    return _done(token, outbox)


TAKEBACK_ANSWERS = (None, "approve", "refuse")
"""No answer asks to take back one's own decision; the others approve or refuse it."""


@bp.post("/seat/<token>/takeback")
def takeback(token: str) -> ResponseReturnValue:
    link = _link(token)
    answer = request.form.get("answer")
    if answer not in TAKEBACK_ANSWERS:
        raise BadRequest(_("Answer the takeback request with Approve or Refuse."))
    with db().begin():
        if answer is None:
            outbox = slowplay.request_takeback(db(), link.game_id, link.seat, link.generation)
        else:
            outbox = slowplay.answer_takeback(
                db(), link.game_id, link.seat, link.generation, approve=answer == "approve"
            )
    return _done(token, outbox, "takeback")


@bp.get("/claim/<token>")
def offer(token: str) -> ResponseReturnValue:
    offer_id = tokens.read_claim(settings().secret_key, token, tokens.SEAT_LINK_MAX_AGE)
    with db().begin():
        row = slowplay.offer_row(db(), offer_id)
        loaded = eventstore.load(db(), row.game_id)
        language.for_game(loaded.row)
        return render_template(
            "claim.html",
            token=token,
            name=row.name,
            seat=row.seat,
            game={"id": loaded.row.id, "title": loaded.game.title},
            game_url=links.game_url(settings(), loaded.row.id),
            players=notices.statuses(loaded),
            open=slowplay.still_offered(loaded, row),
        )


@bp.post("/claim/<token>")
def take(token: str) -> ResponseReturnValue:
    offer_id = tokens.read_claim(settings().secret_key, token, tokens.SEAT_LINK_MAX_AGE)
    with db().begin():
        applied = claim(db(), offer_id)
        seat = slowplay.offer_row(db(), offer_id).seat
        target = links.seat_url(settings(), applied.loaded, seat)
    enqueue_after_response(applied.outbox_ids)
    return redirect(target, 303)


@bp.route("/settings/<token>", methods=["GET", "POST"])
def person_settings(token: str) -> ResponseReturnValue:
    email = tokens.read_person(settings().secret_key, token)
    with db().begin():
        seats = db().scalars(select(SeatRow).where(SeatRow.email == email)).all()
        if seats:  # the player's own language, as their digest speaks it
            language.for_seat(digest.language_of(seats))
        if request.method == "POST":
            if not seats and not slowplay.offered_to_address(db(), email):
                # No game of theirs here (a player forgotten since, issue 30): keep nothing.
                raise BadRequest(_("This address plays no game here."))
            if one_click():
                # An email of several games names this page as its one-click unsubscribe
                # (RFC 8058, issue 31 §3): no turn emails, in any game.
                slowplay.set_notify(db(), email, "none")
            else:
                preferences.email_style(db(), [email], request.form)
                if request.form.get("notify") in {"each", "digest"}:
                    people.heard_from(db(), email)  # asking for our email is acting on it
        # Read, never written, by a GET: a link followed keeps nothing of its address.
        person = db().get(PersonRow, email)
        mode = person.notify if person else "each"
        hour = person.digest_hour if person else 7
        zone = slowplay.person_zone(db(), email) or "UTC"
    return render_template(
        "settings.html",
        token=token,
        mode=mode,
        hour=hour,
        zone=words.zone_name(zone),
        saved=request.method == "POST",
    )
