"""The public pages: home with the new-game form, and each game's page."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from sqlalchemy.orm import Session

from service import boards, words
from service.errors import BadRequest, NotFound, ServiceError
from service.links import urls as links
from service.mail import keywords
from service.mail.queue import connection
from service.play import opentables, rematch, webhook_urls
from service.play.games import create_game, zones
from service.present import presentation
from service.store import eventstore, people
from service.store.db import schema_state
from service.web import (
    db,
    enqueue_after_response,
    language,
    limits,
    newgame,
    reading,
    settings,
    tables,
    watching,
)
from service.words import _

bp = Blueprint("pages", __name__)


@bp.get("/")
def home() -> ResponseReturnValue:
    return _home({}, None)


@bp.post("/games")
def create() -> ResponseReturnValue:
    form = request.form
    filled = newgame.read(form)
    if filled.errors:
        return _home(form, _("Please correct the fields marked below."), filled.errors), 400
    if filled.open_seats:
        if filled.webhook:
            error = _("A table's webhook is set once its game starts, from a player's seat page.")
            return _home(form, error, {newgame.WEBHOOK: error}), 400
        return _open_table(form, filled)
    try:
        with db().begin():
            language = form.get("language") or words.language()
            applied = create_game(
                db(),
                filled.game,
                filled.players,
                filled.options,
                filled.pace,
                language,
                private_talk_after=filled.private_talk_after,
                effort=settings().bot_effort,
            )
            # Issue 31 §3: refused (and nothing written) past the creator's invitations.
            limits.invited(people.newcomers(db(), [s.email for s in applied.loaded.row.seats]))
            if filled.webhook:  # issue 36: the table's webhook, checked as any other
                if filled.webhook_kind not in ("discord", "slack"):
                    raise BadRequest(_("Unknown kind of channel."))
                webhook_urls.add(
                    db(), settings(), filled.webhook, filled.webhook_kind, email=None,
                    game_id=applied.loaded.row.id,
                )  # fmt: skip
    except ServiceError as exc:  # an unknown game (404) too: the form again, saying so
        return _home(form, exc.message), exc.status
    enqueue_after_response(applied.outbox_ids)
    return redirect(url_for("pages.game", game_id=applied.loaded.row.id, created=1), 303)


def _open_table(form: Any, filled: newgame.Reading) -> ResponseReturnValue:
    """The form with seats left open makes an open table (issue 35 §1), not a game yet: the
    creator's page then shows its invitation links."""
    current = settings()
    try:
        with db().begin():
            outcome = opentables.open_table(
                db(),
                filled.game,
                filled.players,
                filled.open_seats,
                filled.options,
                filled.pace,
                form.get("language") or words.language(),
                listed=filled.listed,
                languages=filled.languages,
                private_talk_after=filled.private_talk_after,
                wait=timedelta(seconds=current.table_wait),
                per_day=current.open_tables_per_day,
            )
            # Issue 31 §3: the named players are emailed, as a game's are.
            limits.invited(people.newcomers(db(), [s.email for s in outcome.table.places]))
            page = tables.created_page(outcome)
    except ServiceError as exc:
        return _home(form, exc.message), exc.status
    tables.sent_on(outcome)
    return page, 201


def _home(form: Mapping[str, str], error: str | None, errors: dict[str, Any] | None = None) -> str:
    """The home page: the games to watch, newest first, then the new-game form (as the
    player filled it in, each wrong field saying why)."""
    errors = errors or {}
    before = _before(request.args.get("before"))
    with db().begin():
        watch = watching.newest(db(), before, WATCH_PAGE)
    return render_template(
        "home.html",
        games=newgame.games(form, errors),
        watch=watch,
        pace=newgame.pace_fields(form, errors),
        talk=newgame.talk_fields(form, errors),
        webhook=newgame.webhook_fields(form, errors),
        players=newgame.player_values(form),
        bot_choices=newgame.bot_choices(),
        form=form,
        error=error,
        errors=errors,
        zones=zones(),
    )


WATCH_PAGE = 20
"""Games listed per page of the home page."""


def _before(raw: str | None) -> int | None:
    """Where a page of games starts; anything but a seat id: the newest games."""
    return int(raw) if raw and WHOLE_NUMBER.fullmatch(raw) else None


def home_with_error(form: Mapping[str, str], error: str) -> str:
    """The new-game form again, as the player filled it in, saying what went wrong."""
    return _home(form, error)


WHOLE_NUMBER = re.compile(r"[0-9]{1,12}")


@bp.get("/games/<game_id>")
def game(game_id: str) -> ResponseReturnValue:
    return reading(lambda session: _game_page(session, game_id))


def _game_page(session: Session, game_id: str) -> ResponseReturnValue:
    loaded = eventstore.load(session, game_id)
    language.for_game(loaded.row)
    view = loaded.game.view(loaded.state, None)
    context = {
        "game": presentation.game_info(settings(), loaded),
        "players": presentation.players(loaded),
        "whose_turn": presentation.whose_turn(loaded),
        "board": boards.context(
            boards.render(loaded.row.game, view, "svg", presentation.seat_names(loaded))
        ),
        "picture_alt": presentation.picture_alt(loaded, None, view),
        "outcome": presentation.outcome(loaded),
        "created": request.args.get("created") == "1",
        "has_data": presentation.game_data(loaded.row.game) is not None,
        "linked": rematch.linked(session, loaded.row),  # issue 35 §4
        "audit": {
            "history_url": f"/games/{game_id}/history",
            "replay_url": f"/games/{game_id}/replay",
            "spectator_url": links.game_url(settings(), game_id),
            "log_url": f"/games/{game_id}/log.jsonl" if loaded.finished else None,
        },
    }
    return render_template("game.html", **context)


@bp.get("/games/<name>/data")
def data(name: str) -> ResponseReturnValue:
    """The component data and its provenance; provisional values flagged for correction."""
    info = presentation.game_data(name)
    if info is None:
        raise NotFound(_("There is no data page for {name}.", name=repr(name)))
    return render_template(
        "data.html", **info, plan_word=keywords.word("plan"), single_word=keywords.single_word()
    )


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    """The process is alive (issue 19): nothing is asked of the database or Redis."""
    return {"ok": True}


@bp.get("/readyz")
def readyz() -> ResponseReturnValue:
    """Ready to serve (issue 19): the database answers with the newest schema, and Redis
    answers. 503 naming what is not, without saying where anything lives."""
    checks: dict[str, str] = {}
    current = settings()
    try:
        revision, head = schema_state(current.database_url)
        checks["database"] = "ok"
        checks["migrations"] = "ok" if revision == head else f"at {revision}, newest {head}"
    except Exception as exc:  # any driver's error: not ready, and why in one word
        checks["database"] = f"unreachable ({type(exc).__name__})"
    if current.redis_url:
        try:
            connection(current.redis_url).ping()
            checks["redis"] = "ok"
        except Exception as exc:
            checks["redis"] = f"unreachable ({type(exc).__name__})"
    ready = all(v == "ok" for v in checks.values())
    return {"ok": ready, **checks}, 200 if ready else 503
