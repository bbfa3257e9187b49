"""A board's panels (``engine.kit.panels``) as HTML: one autoescaped Jinja template,
``service/templates/boards/panels.html``, with inline styles for email clients. Every text
of the panels is the game's plain text or a player's own: ``named`` puts each player's
name where the text says their seat, and autoescaping makes both inert."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape
from markupsafe import Markup

from engine.kit.panels import Panels
from service import words
from service.boards.contrast import readable
from service.boards.naming import with_names

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "boards"


@pass_context
def _named(context: Any, text: Any) -> str:
    return with_names(text if isinstance(text, str) else str(text), context.get("names") or {})


@cache
def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        finalize=words.finalize,
    )
    env.filters["named"] = _named
    env.filters["readable"] = readable  # WCAG 2.1 1.4.3: a game's ink on its own fill
    return env


def panels_html(panels: Panels, names: Mapping[str, str] | None = None) -> Markup:
    """The panels as HTML, each seat named by its player."""
    template = _environment().get_template("panels.html")
    return Markup(template.render(panels=panels, names=dict(names or {})))
