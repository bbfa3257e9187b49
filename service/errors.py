"""What can go wrong with a request, each with its HTTP status and a sentence for people."""

from __future__ import annotations

from service.words import _


class ServiceError(Exception):
    status = 400
    title = _("Bad request")

    def __init__(self, message: str, *, retry_after: int | None = None, **context: object) -> None:
        super().__init__(message)
        self.message = message
        self.context = context
        self.retry_after = retry_after
        """Seconds until the same request may succeed (the ``Retry-After`` header)."""


class BadRequest(ServiceError):
    status, title = 400, _("Bad request")


class Tampered(ServiceError):
    status, title = 403, _("This link is not valid")


class Replaced(ServiceError):
    status, title = 403, _("This seat has a new player")


class Left(ServiceError):
    """A link of a player who asked to be forgotten (issue 30): it acts and shows no more."""

    status, title = 410, _("This player left the game")


class Resigned(ServiceError):
    """A link or reply of a player who resigned while the game goes on (issue 32): they act
    no more in it."""

    status, title = 410, _("You resigned from this game")


class NotFound(ServiceError):
    status, title = 404, _("Not found")


class Stale(ServiceError):
    status, title = 409, _("The game has moved on")


class Reused(ServiceError):
    status, title = 409, _("This choice was already made")


class Conflict(ServiceError):
    status, title = 409, _("Someone else moved first")


class Expired(ServiceError):
    status, title = 410, _("This link has expired")


class Illegal(ServiceError):
    status, title = 422, _("That move is not allowed")


class TooSoon(ServiceError):
    status, title = 429, _("Not yet")


class TooMany(ServiceError):
    """A limit of what one client may ask for (issue 31 §3: invitations to new addresses)."""

    status, title = 429, _("Too many requests")
