"""The web process (DESIGN.md §2): ``create_app()`` builds it; nothing connects at import."""

from __future__ import annotations

from typing import Any

from flask import Flask

from service.config import INSTANCE, Settings, load_extra_games


def create_app(config: dict[str, Any] | Settings | None = None) -> Flask:
    """The Flask app; ``config`` overrides environment settings (lower-case field names)."""
    settings = config if isinstance(config, Settings) else Settings.from_env(**(config or {}))
    load_extra_games(settings)
    app = Flask(__name__, instance_path=str(INSTANCE))
    app.config["SECRET_KEY"] = settings.secret_key
    app.config["MAX_CONTENT_LENGTH"] = 256 * 1024
    app.extensions["pbem"] = settings

    from service.web import register

    register(app)
    return app
