"""What can go wrong with a request, each with its HTTP status and a sentence for people."""

from __future__ import annotations


class ServiceError(Exception):
    status = 400
    title = "Bad request"

    def __init__(self, message: str, *, retry_after: int | None = None, **context: object) -> None:
        super().__init__(message)
        self.message = message
        self.context = context
        self.retry_after = retry_after
        """Seconds until the same request may succeed (the ``Retry-After`` header)."""


class BadRequest(ServiceError):
    status, title = 400, "Bad request"


class Tampered(ServiceError):
    status, title = 403, "This link is not valid"


class Replaced(ServiceError):
    status, title = 403, "This seat has a new player"


class NotFound(ServiceError):
    status, title = 404, "Not found"


class Stale(ServiceError):
    status, title = 409, "The game has moved on"


class Reused(ServiceError):
    status, title = 409, "This choice was already made"


class Conflict(ServiceError):
    status, title = 409, "Someone else moved first"


class Expired(ServiceError):
    status, title = 410, "This link has expired"


class Illegal(ServiceError):
    status, title = 422, "That move is not allowed"


class TooSoon(ServiceError):
    status, title = 429, "Not yet"
