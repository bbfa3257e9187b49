"""Web Push in the browser (issue 36 §1-2): the service worker (``/sw.js``) and the desk's
"Notify this browser" (``POST /me/push``).

- ``/sw.js`` only shows the notifications our push messages carry and, when one is clicked,
  opens its turn page (of this site only); it has no fetch handler and caches nothing. It
  is served from the site's root so that its scope is the whole site.
- ``/manifest.webmanifest``, linked from the desk: a site added to an iPhone's Home Screen
  as an app (``display: standalone``) may ask for push there (iOS 16.4 and later).
- On ``/me``, ``static/push.js`` asks the browser's permission, subscribes with our VAPID
  public key (:func:`service.notify.vapid.public_key`) and sends the subscription with the
  desk's form (Flask-WTF's CSRF token, as every form of the desk), which keeps it as a push
  channel of the signed-in address (:mod:`service.notify.subscriptions`).
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, redirect, request
from flask.blueprints import BlueprintSetupState
from flask.typing import ResponseReturnValue

from service import words
from service.notify import subscriptions, vapid
from service.web import db, desk, settings
from service.words import _

bp = Blueprint("push", __name__)
WORKER_POLICY = "default-src 'none'; img-src 'self'"
"""The worker's own Content-Security-Policy: it loads nothing but a notification's icon."""


@bp.record_once
def _key_readable(state: BlueprintSetupState) -> None:
    # A VAPID_PRIVATE_KEY that cannot be read stops the start, not the first push. (One
    # derived from SECRET_KEY is as good as that key, which the app checks itself.)
    found = vapid.problem(state.app.extensions["pbem"])
    if found is not None:
        raise vapid.BadVapidKey(found)


@bp.app_context_processor
def _push_key() -> dict[str, object]:
    """``push_key()`` in templates: the applicationServerKey the desk's page subscribes with."""
    return {"push_key": lambda: vapid.public_key(settings())}


@bp.get("/sw.js")
def worker() -> ResponseReturnValue:
    response = current_app.send_static_file("sw.js")
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"  # a new worker is taken at once
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """The web app manifest the desk links to: Safari on an iPhone or iPad takes Web Push
    only from a site added to the Home Screen as an app (``display: standalone``)."""
    response = jsonify(
        {
            "name": words.text(_("Play by email")),
            "short_name": words.text(_("Play by email")),
            "start_url": "/me",
            "scope": "/",
            "display": "standalone",
            "background_color": "#f4f1ea",
            "theme_color": "#2f5d50",
        }
    )
    response.headers["Content-Type"] = "application/manifest+json"
    return response


@bp.post("/me/push")
def subscribe() -> ResponseReturnValue:
    """Keep this browser's subscription as a push channel of the signed-in address."""
    address = desk.signed_in()
    if address is None:
        raise desk.SignedOut()
    subscription = subscriptions.read(settings(), request.form)
    label = subscriptions.browser_label(request.headers.get("User-Agent", ""))
    with db().begin():
        subscriptions.save(db(), address, subscription, label)
    return redirect("/me?saved=push#push", 303)
