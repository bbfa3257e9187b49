"""The web process (DESIGN.md §2): ``create_app()`` builds it; nothing connects at import."""

from __future__ import annotations

from typing import Any

from flask import Flask

from service import dkim_keys, secret_key, words
from service.config import INSTANCE, MAX_BODY, Settings, load_extra_games


def create_app(config: dict[str, Any] | Settings | None = None, *, check_key: bool = True) -> Flask:
    """The Flask app; ``config`` overrides environment settings (lower-case field names).

    Raises :class:`service.secret_key.UnsafeKey` for a key anyone could know (issue 14), and
    :class:`service.dkim_keys.DkimKeyError` for DKIM settings that cannot sign (issue 31),
    unless ``check_key`` is false: only for the ``pbem`` commands, whose app serves no
    request and which check the key themselves when they mail players."""
    settings = config if isinstance(config, Settings) else Settings.from_env(**(config or {}))
    if check_key:
        secret_key.require(settings.secret_key)
        dkim_keys.require(settings)  # issue 31: refused as a bad SECRET_KEY is
    load_extra_games(settings)
    from service.web.strictjson import StrictJSONApp

    app = StrictJSONApp(__name__, instance_path=str(INSTANCE))
    # Every message a page prints, in the page's language (issue 17, service.words).
    app.jinja_options = {**app.jinja_options, "finalize": words.finalize}
    app.config["SECRET_KEY"] = settings.secret_key
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.config["MAX_FORM_MEMORY_SIZE"] = MAX_BODY
    app.extensions["pbem"] = settings
    if settings.proxy_hops:
        from werkzeug.middleware.proxy_fix import ProxyFix

        # Flask's documented way to put middleware around its WSGI app.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=settings.proxy_hops, x_proto=settings.proxy_hops
        )

    from service.web import register

    register(app)
    return app
