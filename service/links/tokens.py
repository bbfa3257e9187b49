"""Signed links (DESIGN.md §5), with itsdangerous and the key from ``SECRET_KEY``.

An action link names the game, the seat, the ``turn_seq`` it was made at, the seat's
decision (where it began and a digest of its options, :mod:`service.links.decisions`) and, for a
one-click option, the move. An unsubscribe link names the game and the seat.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from itsdangerous import BadData, BadSignature, SignatureExpired, URLSafeTimedSerializer

from service.errors import BadRequest, Expired, Tampered
from service.links.decisions import NO_DECISION, Named
from service.words import _

ACTION = "pbem.action.v1"
UNSUBSCRIBE = "pbem.unsubscribe.v1"
SEAT = "pbem.seat.v1"
PERSON = "pbem.person.v1"
CLAIM = "pbem.claim.v1"
SIGN_IN = "pbem.signin.v1"
ADDRESS = "pbem.address.v1"
NEVER = "pbem.never.v1"
OPEN_SEAT = "pbem.openseat.v1"
TABLE_INVITATION = "pbem.tableinvitation.v1"
ADDRESS_MAX_AGE = 60 * 60 * 24 * 2
"""Seconds a link confirming a new address works (issue 31): long enough for a mailbox
that is slow to deliver, short enough that an old forwarded email cannot move anyone."""
INCOMPLETE = _("This link is incomplete. Copy the whole link from the email.")
SEAT_LINK_MAX_AGE = 60 * 60 * 24 * 400
"""Seat links manage a seat (vote, nudge, resume, history), never move: they outlive a
game idle for months (issue 4: resume after 200 days with one click)."""


@dataclass(frozen=True)
class ActionLink:
    game_id: str
    seat: str
    seq: int
    move: dict[str, Any] | None
    token: str
    generation: int = 0
    """How many times the seat had been handed over when the link was made."""
    began: int | None = None
    """Where the seat's decision began (None: it had none, or an older link)."""
    decision: str | None = None
    """The digest of the decision's options: ``""`` for a seat with nothing to decide, None
    in a link made before digests (judged by ``seq`` alone)."""

    @property
    def digest(self) -> str:
        return digest(self.token)

    @property
    def named(self) -> Named:
        """The decision the link names; one made before digests names its ``seq`` alone."""
        return Named(self.seq, self.began, NO_DECISION if self.decision is None else self.decision)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _serializer(secret: str, salt: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret, salt=salt)


def action_token(
    secret: str,
    game_id: str,
    seat: str,
    seq: int,
    move: dict[str, Any] | None = None,
    generation: int = 0,
    *,
    began: int | None = None,
    decision: str | None = None,
) -> str:
    body: dict[str, Any] = {"g": game_id, "s": seat, "q": seq}
    if move is not None:
        body["m"] = move
    if generation:
        body["h"] = generation
    if began is not None:
        body["b"] = began
    if decision is not None:
        body["d"] = decision
    return _serializer(secret, ACTION).dumps(body)


def read_action(secret: str, token: str, max_age: int) -> ActionLink:
    """The link's contents; :class:`Expired` still carries them (``.context['link']``)."""
    try:
        body = _read_signed(secret, ACTION, token, max_age)
    except Expired as exc:
        expired = exc.context.get("body")
        link = _link(expired, token) if expired is not None else None
        raise Expired(
            _("This link is too old to use. Ask for a fresh one below."), link=link
        ) from exc
    return _link(body, token)


def _link(body: Any, token: str) -> ActionLink:
    try:
        return ActionLink(
            game_id=_text(body["g"]),
            seat=_text(body["s"]),
            seq=_count(body["q"]),
            move=body.get("m"),
            token=token,
            generation=_count(body.get("h", 0)),
            began=_count(body["b"]) if "b" in body else None,
            decision=_digest(body["d"]) if "d" in body else None,
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadRequest(INCOMPLETE) from exc


def _text(value: Any, limit: int = 320) -> str:
    """A name from a signed body, fit to look up: a short string with no NUL."""
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise TypeError("not a name")
    text = str(value)
    if len(text) > limit or "\x00" in text:
        raise ValueError("not a name")
    return text


def _digest(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 64:
        raise TypeError("not a digest")
    return value


def _count(value: Any) -> int:
    """A number from a signed body (a seq, a generation, a row id): what a database holds."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError("not a number")
    number = int(value) if isinstance(value, int) or len(value) < 12 else -1
    if not 0 <= number < 2**31:
        raise ValueError("out of range")
    return number


def unsubscribe_token(secret: str, game_id: str, seat: str) -> str:
    return _serializer(secret, UNSUBSCRIBE).dumps({"g": game_id, "s": seat})


def read_unsubscribe(secret: str, token: str) -> tuple[str, str]:
    try:
        body = _serializer(secret, UNSUBSCRIBE).loads(token)
        return _text(body["g"]), _text(body["s"])
    except BadSignature as exc:
        raise Tampered(_("This unsubscribe link has been altered.")) from exc
    except (BadData, KeyError, TypeError, ValueError) as exc:
        raise BadRequest(_("This unsubscribe link is incomplete.")) from exc


@dataclass(frozen=True)
class SeatLink:
    game_id: str
    seat: str
    generation: int


def seat_token(secret: str, game_id: str, seat: str, generation: int = 0) -> str:
    return _serializer(secret, SEAT).dumps({"g": game_id, "s": seat, "h": generation})


def read_seat(secret: str, token: str, max_age: int = SEAT_LINK_MAX_AGE) -> SeatLink:
    body = _read_signed(secret, SEAT, token, max_age)
    try:
        return SeatLink(_text(body["g"]), _text(body["s"]), _count(body.get("h", 0)))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadRequest(INCOMPLETE) from exc


def _address_token(secret: str, salt: str, email: str) -> str:
    """A link naming an address alone, for ``salt``'s purpose; it never expires."""
    return _serializer(secret, salt).dumps({"e": email})


def _read_address(secret: str, salt: str, token: str) -> str:
    body = _read_signed(secret, salt, token, None)
    try:
        return _text(body["e"])
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRequest(INCOMPLETE) from exc


def person_token(secret: str, email: str) -> str:
    return _address_token(secret, PERSON, email)


def read_person(secret: str, token: str) -> str:
    return _read_address(secret, PERSON, token)


@dataclass(frozen=True)
class SignIn:
    """A sign-in link to an address's desk (issue 20): good once (its ``nonce`` is recorded
    when used), for ``SIGN_IN_MAX_AGE`` seconds."""

    email: str
    nonce: str
    language: str | None = None
    """The language the link was sent in (issue 32 §2): the pages it opens speak it."""


def sign_in_token(secret: str, email: str, nonce: str, language: str | None = None) -> str:
    body = {"e": email, "n": nonce}
    if language is not None:
        body["l"] = language
    return _serializer(secret, SIGN_IN).dumps(body)


def read_sign_in(secret: str, token: str, max_age: int) -> SignIn:
    try:
        body = _read_signed(secret, SIGN_IN, token, max_age)
    except Expired as exc:
        raise Expired(
            _(
                "This sign-in link is too old to use: each works for a few minutes. "
                "Ask for a new one."
            ),
            desk_url="/me",
        ) from exc
    try:
        said = body.get("l")
        return SignIn(
            _text(body["e"]), _text(body["n"], 32), said if isinstance(said, str) else None
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRequest(INCOMPLETE) from exc


@dataclass(frozen=True)
class NewAddress:
    """A player's request that their games' emails go to ``new`` instead of ``old``
    (issue 31), sent to ``new`` to prove it receives them."""

    old: str
    new: str


def address_token(secret: str, old: str, new: str) -> str:
    return _serializer(secret, ADDRESS).dumps({"o": old, "n": new})


def read_address(secret: str, token: str) -> NewAddress:
    try:
        body = _read_signed(secret, ADDRESS, token, ADDRESS_MAX_AGE)
    except Expired as exc:
        raise Expired(
            _("This link is too old to use: give your new address again for a new one."),
        ) from exc
    try:
        return NewAddress(_text(body["o"]), _text(body["n"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRequest(INCOMPLETE) from exc


def never_token(secret: str, email: str) -> str:
    """The link by which the owner of ``email`` asks never to be emailed again (issue 31
    §3): it never expires, as an email kept for years may be the one they answer."""
    return _address_token(secret, NEVER, email)


def read_never(secret: str, token: str) -> str:
    return _read_address(secret, NEVER, token)


def claim_token(secret: str, offer_id: int) -> str:
    return _serializer(secret, CLAIM).dumps({"o": offer_id})


def read_claim(secret: str, token: str, max_age: int) -> int:
    body = _read_signed(secret, CLAIM, token, max_age)
    try:
        return _count(body["o"])
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRequest(INCOMPLETE) from exc


def open_seat_token(secret: str, seat_id: int) -> str:
    """The link of a seat at an open table (issue 35 §1), emailed to its address only: it
    confirms the seat, and leaves it before the game starts. It never expires (the table
    closes by itself)."""
    return _serializer(secret, OPEN_SEAT).dumps({"o": seat_id})


def read_open_seat(secret: str, token: str) -> int:
    body = _read_signed(secret, OPEN_SEAT, token, None)
    try:
        return _count(body["o"])
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRequest(INCOMPLETE) from exc


def table_invitation_token(secret: str, table_id: str, nonce: str) -> str:
    """A creator's private invitation to an open seat of their table, good once."""
    return _serializer(secret, TABLE_INVITATION).dumps({"t": table_id, "n": nonce})


def read_table_invitation(secret: str, token: str) -> tuple[str, str]:
    body = _read_signed(secret, TABLE_INVITATION, token, None)
    try:
        return _text(body["t"], 16), _text(body["n"], 32)
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRequest(INCOMPLETE) from exc


def _read_signed(secret: str, salt: str, token: str, max_age: int | None) -> Any:
    """The signed body; an expired link's :class:`Expired` still carries it
    (``.context['body']``), since it still proves who it was made for."""
    serializer = _serializer(secret, salt)
    try:
        return serializer.loads(token, max_age=max_age)
    except SignatureExpired as exc:
        body = serializer.load_payload(exc.payload) if exc.payload else None
        raise Expired(_("This link is too old to use."), body=body) from exc
    except BadSignature as exc:
        raise Tampered(
            _(
                "This link has been altered or was not made by this server. "
                "Use the link exactly as it was sent to you."
            )
        ) from exc
    except BadData as exc:
        raise BadRequest(INCOMPLETE) from exc
