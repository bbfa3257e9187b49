"""The player's desk, ``/me`` (issue 20): every game of one address, and its settings in one
place, behind a sign-in by email.

- ``POST /me`` answers the same whether or not the address plays here (the form tells no
  one who plays), and only then, after the response, asks a worker to email a link: not
  to an address that never answered its invitation, nor past ``SIGN_IN_ADDRESS_CAP``
  links to one address an hour, whoever asks (issue 31 §3).
- The link (``/me/sign-in/<token>``) is signed, short-lived and good once. Its GET only
  shows a button: mail scanners follow links, and must not spend it or sign in.
- Signed in, the browser holds Flask's signed session cookie (http-only, ``SameSite=Lax``,
  secure under https: :mod:`service.web.guard`) naming the address and when it was issued;
  every request of the desk checks it against the address's "sign out everywhere".
- Every form of the desk carries Flask-WTF's CSRF token (it has no token in its path).
- A player moves every game to a new address (``POST /me/address``), once a link sent to
  it is followed (``/address/<token>``, issue 31).
- A player downloads everything the service holds about their address (``/me/data``) and
  may ask to be forgotten (``/me/forget``: a page that says what it does, then a form to
  confirm), issue 30.
"""

from __future__ import annotations

import json
from typing import Any

from flask import (
    Blueprint,
    Response,
    after_this_request,
    redirect,
    render_template,
    request,
    session,
)
from flask.blueprints import BlueprintSetupState
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import Forbidden

from service import words
from service.errors import BadRequest, NotFound
from service.links import tokens
from service.links import urls as links
from service.mail import holding, newaddress, queue
from service.mail import signin as signin_mail
from service.notify import delivery
from service.play import (
    channels,
    feeds,
    forgetting,
    opentables,
    reach,
    signin,
    slowplay,
    takeout,
    webhook_urls,
)
from service.present import desk
from service.store import eventstore, people
from service.store.models import PersonRow, SeatRow
from service.web import db, enqueue_after_response, enqueue_call, language, preferences, settings
from service.words import _

bp = Blueprint("desk", __name__)
COOKIE_KEY = "desk"
"""Where the signed session holds the sign-in: ``{"e": address, "n": the link's nonce,
"t": when it was issued (ISO 8601)}``; the nonce names its row in ``sign_ins``."""
ALL = ""
"""The scope select's value for "all my games"."""


@bp.record_once
def _lifetime(state: BlueprintSetupState) -> None:
    """The session cookie lasts as long as a sign-in does on the server."""
    state.app.config["PERMANENT_SESSION_LIFETIME"] = signin.LASTS


class SignedOut(Forbidden):
    description = _("You are not signed in, or you were signed out. Ask for a new link.")


def signed_in() -> str | None:
    """The address this browser signed in as, if its sign-in still stands."""
    held = session.get(COOKIE_KEY)
    if not isinstance(held, dict):
        return None
    address, link_nonce = held.get("e"), held.get("n")
    if not isinstance(address, str) or not isinstance(link_nonce, str):
        session.pop(COOKIE_KEY, None)
        return None
    with db().begin():
        if not signin.valid(db(), address, link_nonce):
            session.pop(COOKIE_KEY, None)
            return None
    return address


def _address() -> str:
    """The signed-in address, or 403 for a form sent without a standing sign-in."""
    address = signed_in()
    if address is None:
        raise SignedOut()
    return address


@bp.get("/me")
def show() -> ResponseReturnValue:
    address = signed_in()
    if address is None:
        return render_template("me.html", sent=False, forgotten="forgotten" in request.args)
    with db().begin():
        seats = signin.seats_of(db(), address)
        games = desk.games(settings(), db(), seats)
        person = db().get(PersonRow, seats[0].email) if seats else None
        email = seats[0].email if seats else None  # seats of the address: each has it
        zone = slowplay.person_zone(db(), email) if email is not None else None
        context: dict[str, Any] = {
            "address": address,
            "games": games,
            "tables": _waiting_tables(address),
            "choices": [
                {"id": g["id"], "title": g["title"]} for g in games["playing"] + games["finished"]
            ],
            "mode": person.notify if person else "each",
            "hour": person.digest_hour if person else 7,
            "zone": words.zone_name(zone),
            "speaks": seats[0].language if seats else words.language(),
            "time_zone": (seats[0].time_zone or "") if seats else "",
            "saved": request.args.get("saved") in {"language", "email", "away", "feed"},
            "feed": _feed(address),
            "address_sent": request.args.get("saved") == "address",
            "unreachable": bool(reach.unreachable(db(), [s.email for s in seats[:1]])),
            "styles": {
                "each": _("an email every time it is my turn"),
                "digest": _("in the daily digest"),
                "none": _("no turn emails"),
                "channels": _("on my other channels only"),
            },
            "channels": _channels(address, games),
            "flavours": WEBHOOK_FLAVOURS,
            "secret": _secret_once(address),
            "channel_saved": request.args.get("saved") in {"channel", "test", "removed"},
        }
    return render_template("desk.html", **context)


def _feed(address: str) -> dict[str, str] | None:
    """The address's private Atom feed (issue 36 §1), if it has one: its secret URL."""
    found = feeds.of_address(db(), address)
    return None if found is None else {"url": feeds.url(settings(), found)}


WEBHOOK_FLAVOURS = {
    "discord": _("Discord"),
    "slack": _("Slack (or Matrix through its Slack bridge)"),
    "json": _("Generic JSON, signed (or Matrix through a JSON bridge)"),
}
SECRET_KEY = "channel_secret"
"""Where the session holds the generic JSON webhook just added, to show its secret once."""


def _channels(address: str, games: dict[str, Any]) -> list[dict[str, Any]]:
    """The address's channels as the desk lists them (issue 36): working ones first."""
    titles = {g["id"]: f"{g['title']} #{g['id']}" for g in games["playing"] + games["finished"]}
    shown = []
    for row in channels.of_player(db(), address):
        if row.disabled_reason == channels.REMOVED:
            continue
        shown.append(
            {
                "id": row.id,
                "what": channels.label(row),
                "where": titles.get(row.game_id, f"#{row.game_id}")
                if row.game_id
                else _("All my games"),
                "working": row.disabled_at is None,
                "why": None if row.disabled_at is None else channels.reason(row),
                "testable": row.disabled_at is None and row.kind in delivery.SENDERS,
            }
        )
    return sorted(shown, key=lambda c: not c["working"])


def _secret_once(address: str) -> str | None:
    """The secret of the generic JSON webhook just added, shown once, then never again."""
    channel_id = session.pop(SECRET_KEY, None)
    if not isinstance(channel_id, int):
        return None
    try:
        return channels.owned(db(), channel_id, address).secret
    except NotFound:
        return None


def _waiting_tables(address: str) -> list[dict[str, Any]]:
    """The open tables the address sits at, waiting for players (issue 35 §1): each one's
    page and the seat's own link (to leave it)."""
    current = settings()
    found = []
    for place in opentables.of_address(db(), address):
        table = opentables.get(db(), place.table_id)
        if place.confirmed_at is None or place.left_at is not None or table.state != "open":
            continue
        found.append(
            {
                **opentables.summary(table),
                "table_url": links.table_url(current, table.id),
                "seat_url": links.open_seat_url(current, place.id),
            }
        )
    return found


@bp.post("/me")
def ask() -> ResponseReturnValue:
    """Email a sign-in link to the address if it plays here; answer the same either way."""
    typed = request.form.get("email", "")
    if len(typed) > 320:  # RFC 5321 §4.5.3.1: a local part of 64, "@", a domain of 255
        raise BadRequest(_("An email address is at most 320 characters long."))
    with db().begin():
        address = signin.playing_address(db(), typed.strip())
        if address is not None and (
            people.newcomer(db(), address)
            or holding.links_refusal(db(), settings(), address, eventstore.now()) is not None
        ):
            # Issue 31 §3: never to an address that did not answer its invitation, nor
            # past its hour's links, whoever asks; the job checks again, holding the lock.
            address = None
    if address is not None:
        current, speaks = settings(), words.language()

        @after_this_request
        def _later(response: Response) -> Response:
            response.call_on_close(lambda: signin_mail.enqueue(current, address, speaks))
            return response

    return render_template("me.html", sent=True, forgotten=False)


def _link(token: str) -> tokens.SignIn:
    return tokens.read_sign_in(settings().secret_key, token, settings().sign_in_max_age)


def _speak(link: tokens.SignIn) -> None:
    """The sign-in pages speak the language the link was sent in (issue 32 §2: a Japanese
    email's link opened in English in a browser that sends no language), unless the reader
    switched language on this very request."""
    sent_in = words.known(link.language)
    if sent_in is not None and words.known(request.args.get("lang")) is None:
        words.LANGUAGE.set(sent_in)


@bp.get("/me/sign-in/<token>")
def confirm(token: str) -> ResponseReturnValue:
    link = _link(token)
    _speak(link)
    with db().begin():
        signin.check_unused(db(), link.nonce)
    return render_template("signin.html", token=token, address=link.email)


@bp.post("/me/sign-in/<token>")
def sign_in(token: str) -> ResponseReturnValue:
    link = _link(token)
    _speak(link)
    with db().begin():
        issued = signin.use(db(), link.nonce, link.email)
    session.clear()  # nothing of an earlier sign-in survives into this one
    session[COOKIE_KEY] = {"e": link.email, "n": link.nonce, "t": issued.isoformat()}
    session.permanent = True
    response = redirect("/me", 303)
    sent_in = words.known(link.language)
    if sent_in is not None:  # the desk it opens speaks the link's language too
        language.remember(response, sent_in)
    return response


@bp.post("/me/sign-out")
def sign_out() -> ResponseReturnValue:
    held = session.pop(COOKIE_KEY, None)
    if isinstance(held, dict) and isinstance(held.get("n"), str):
        with db().begin():
            signin.end(db(), held["n"])
    return redirect("/me", 303)


@bp.post("/me/sign-out-everywhere")
def sign_out_everywhere() -> ResponseReturnValue:
    address = _address()
    with db().begin():
        signin.revoke(db(), address)
    session.pop(COOKIE_KEY, None)
    return redirect("/me", 303)


def _scope(seats: list[SeatRow]) -> list[SeatRow]:
    """The seats a settings form applies to: all, or the one game it chose among them."""
    chosen = request.form.get("game", ALL)
    if chosen == ALL:
        return seats
    picked = [s for s in seats if s.game_id == chosen]
    if not picked:
        raise BadRequest(_("Choose one of your games, or all of them."))
    return picked


@bp.post("/me/language")
def speak() -> ResponseReturnValue:
    address = _address()
    chosen, zone = preferences.language_and_zone(request.form)
    with db().begin():
        preferences.speak(_scope(signin.seats_of(db(), address)), chosen, zone)
    return redirect("/me?saved=language#settings", 303)


@bp.post("/me/email")
def email_style() -> ResponseReturnValue:
    address = _address()
    with db().begin():
        seats = signin.seats_of(db(), address)
        only = None if request.form.get("game", ALL) == ALL else _scope(seats)
        emails = sorted({s.email for s in seats if s.email is not None})  # each has the address
        preferences.email_style(db(), emails, request.form, only)
    return redirect("/me?saved=email#settings", 303)


@bp.post("/me/away")
def away() -> ResponseReturnValue:
    address = _address()
    first, last = preferences.away_days(request.form)
    with db().begin():
        seats = signin.seats_of(db(), address)
        only = None if request.form.get("game", ALL) == ALL else _scope(seats)[0].game_id
        outbox: list[int] = []
        for email in sorted({s.email for s in seats if s.email is not None}):
            outbox += slowplay.declare_away(db(), email, first, last, only)
    enqueue_after_response(outbox)
    return redirect("/me?saved=away#settings", 303)


# Issue 36: channels beside email.


@bp.post("/me/channels")
def add_channel() -> ResponseReturnValue:
    """Add a webhook for every game of the player's, or one."""
    address = _address()
    flavour = request.form.get("flavour", "")
    with db().begin():
        seats = signin.seats_of(db(), address)
        game = request.form.get("game", ALL)
        only = None if game == ALL else _scope(seats)[0].game_id
        owner = seats[0].email if seats else address
        added = webhook_urls.add(
            db(), settings(), request.form.get("url", ""), flavour, email=owner or address,
            game_id=only, label=request.form.get("label", "").strip(),
        )  # fmt: skip
        if added.flavour == "json":
            session[SECRET_KEY] = added.id
    return redirect("/me?saved=channel#channels", 303)


@bp.post("/me/channels/<int:channel_id>/test")
def test_channel(channel_id: int) -> ResponseReturnValue:
    """Send a test notification through the same job as the others."""
    address = _address()
    with db().begin():
        row = channels.owned(db(), channel_id, address)
        if row.disabled_at is not None or row.kind not in delivery.SENDERS:
            raise BadRequest(_("This channel is turned off: add it again."))
        notification = delivery.test(db(), row)
    current = settings()
    enqueue_call(lambda: delivery.enqueue(current, [notification]))
    return redirect("/me?saved=test#channels", 303)


@bp.post("/me/channels/<int:channel_id>/remove")
def remove_channel(channel_id: int) -> ResponseReturnValue:
    address = _address()
    with db().begin():
        channels.remove(db(), channel_id, address)
    return redirect("/me?saved=removed#channels", 303)


# Issue 31: a new address, confirmed by a link sent to it.


@bp.post("/me/address")
def new_address() -> ResponseReturnValue:
    """Move every game of the signed-in address to another: a link confirming it goes
    there; nothing moves until it is followed."""
    address = _address()
    with db().begin():
        seats = signin.seats_of(db(), address)
        if not seats:
            raise BadRequest(_("This address plays no game here yet."))
        new = reach.new_address(db(), request.form.get("email", ""))
        old, speaks = seats[0].email or address, seats[0].language
    current = settings()
    enqueue_call(lambda: newaddress.enqueue(current, old, new, speaks))
    return redirect("/me?saved=address#address", 303)


def _new(token: str) -> tokens.NewAddress:
    return tokens.read_address(settings().secret_key, token)


@bp.get("/address/<token>")
def confirm_address(token: str) -> ResponseReturnValue:
    """A GET only asks (mail scanners follow links)."""
    link = _new(token)
    return render_template("address.html", token=token, new=link.new, moved=None)


@bp.post("/address/<token>")
def move_address(token: str) -> ResponseReturnValue:
    """The new address received the link: every game of the old one moves to it (a link
    followed twice moves nothing the second time)."""
    link = _new(token)
    with db().begin():
        moving = bool(signin.seats_of(db(), link.old))
        outbox = reach.move_address(db(), link.old, link.new, eventstore.now())
    enqueue_after_response(outbox)
    return render_template("address.html", token=token, new=link.new, moved=moving)


# Issue 30: a player's own data, and being forgotten.


@bp.get("/me/data")
def download() -> ResponseReturnValue:
    """Everything the service holds about the signed-in address, as a JSON file."""
    address = _address()
    with db().begin():
        document = takeout.everything(db(), settings(), address)
    day = str(document["written_at"])[:10]
    return Response(
        json.dumps(document, ensure_ascii=False, indent=2),
        mimetype="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="pbem-my-data-{day}.json"',
            "Cache-Control": "no-store",
        },
    )


@bp.get("/me/forget")
def forget_page() -> ResponseReturnValue:
    """What forgetting does, and the form that asks for it."""
    address = _address()
    with db().begin():
        seats = signin.seats_of(db(), address)
        games = desk.games(settings(), db(), seats)
    return render_template("forget.html", address=address, games=games)


@bp.post("/me/forget")
def forget() -> ResponseReturnValue:
    """Forget the signed-in address everywhere, then sign this browser out (every other
    one is signed out with it: their sign-ins are gone)."""
    address = _address()
    if request.form.get("understood") != "yes":
        raise BadRequest(_("Tick the box to say you understand that this cannot be undone."))
    with db().begin():
        outbox = forgetting.forget(db(), address)
    session.clear()
    current = settings()

    @after_this_request
    def _drop(response: Response) -> Response:
        response.call_on_close(lambda: queue.drop_jobs_of(current, address))
        return response

    enqueue_after_response(outbox)
    return redirect("/me?forgotten=1", 303)
