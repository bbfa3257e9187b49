"""Which requests may change anything (docs/robustness.md, "Forged requests").

Three kinds of POST, each with its standard defence:

- **Forms behind a signed link** (a route with ``<token>`` in its path: act, seat, claim,
  settings, unsubscribe): the link's signed token is secret, made for one seat, and names
  what it may do. A forging site cannot know it, so it is this form's CSRF token, carried
  in the URL instead of a hidden field: the e-mailed links work without cookies. On top,
  a browser request that says it came from another site (``Sec-Fetch-Site``/``Origin``)
  is refused, except the mail client's one-click unsubscribe (RFC 8058), which comes from
  anywhere by design.
- **Every other form** (the new-game form, the desk's forms at ``/me``): Flask-WTF's CSRF
  token, bound to the browser's session cookie (``SameSite=Lax``).
- **The JSON API**: a body sent as ``application/json`` only (415 otherwise). A page on
  another site cannot send that content type without a CORS preflight, which this app
  never grants, and the API reads no cookie.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, request
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import Forbidden, RequestEntityTooLarge, UnsupportedMediaType

from service.config import Settings
from service.words import _

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
JSON_BLUEPRINTS = frozenset({"api"})
UNGUARDED_BLUEPRINTS = frozenset({"bench", "inbound"})
"""The benchmark's baseline (registered only with ``BENCH_ENDPOINTS``) is no form; nor is
``POST /inbound/mime``, a mail provider's call that proves itself with a shared secret
(a bearer token no browser sends on its own) and reads no cookie."""
MAIL_BLUEPRINTS = frozenset({"inbound"})
"""Routes whose body is a received email, taken up to ``INBOUND_MAX_BYTES``."""
ONE_CLICK_UNSUBSCRIBE = frozenset(
    {"unsubscribe.unsubscribe", "never.never", "seat.person_settings"}
)
"""The endpoints an email's ``List-Unsubscribe`` names: a game's (its seat's email), never
email me again (a newcomer's invitation, issue 31 §3), the player's settings (an email of
several games)."""

csrf = CSRFProtect()


class CrossSite(Forbidden):
    description = _(
        "This form was sent from another site. Open the link from your email and use the "
        "buttons on our page."
    )


class NotJSON(UnsupportedMediaType):
    description = "Send the request body as JSON, with the header Content-Type: application/json."


def install(app: Flask, settings: Settings) -> None:
    secure = settings.base_url.startswith("https://")
    app.config.update(
        WTF_CSRF_CHECK_DEFAULT=False,  # checked below, by kind of route
        WTF_CSRF_TIME_LIMIT=None,  # the token lives as long as the browser's session
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=secure,
        SESSION_COOKIE_HTTPONLY=True,
    )
    csrf.init_app(app)
    own = {_origin(settings.base_url)}

    @app.before_request
    def _guard() -> None:
        if request.method in SAFE_METHODS or request.url_rule is None:
            return  # an unknown path or method answers 404/405 by itself
        limit = app.config["MAX_CONTENT_LENGTH"]
        if request.blueprint in MAIL_BLUEPRINTS:
            limit = settings.inbound_max_bytes
        if request.content_length is not None and request.content_length > limit:
            raise RequestEntityTooLarge()  # whether or not the route would read it
        if request.blueprint in UNGUARDED_BLUEPRINTS:
            return
        if request.blueprint in JSON_BLUEPRINTS:
            if not request.is_json:
                raise NotJSON()
            return
        if "token" in request.url_rule.arguments:
            if request.endpoint in ONE_CLICK_UNSUBSCRIBE and one_click():
                return
            if cross_site(own | {_origin(request.host_url)}):
                raise CrossSite()
            return
        csrf.protect()


def one_click() -> bool:
    """Whether the body is the one a mail client POSTs for RFC 8058's one-click unsubscribe."""
    return request.form.get("List-Unsubscribe") == "One-Click"


def cross_site(own: set[str]) -> bool:
    """Whether the browser says this request was made by a page of another site.

    ``Sec-Fetch-Site`` (Fetch Metadata) where the browser sends it, else ``Origin``;
    clients that send neither (a mail client, a script with the link) are no browser
    acting for someone else."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site not in {"same-origin", "none"}
    origin = request.headers.get("Origin")
    return origin is not None and origin not in own


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


__all__ = ["CSRFError", "CrossSite", "NotJSON", "csrf", "install"]
