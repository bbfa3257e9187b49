"""The JSON API: create a game, read its public state."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from service import words
from service.errors import BadRequest, NotFound
from service.links import urls as links
from service.play import opentables, rematch, webhook_urls
from service.play.games import create_game
from service.present import notices, presentation
from service.store import eventstore, people
from service.store.eventstore import Loaded
from service.web import db, enqueue_after_response, limits, settings, tables
from service.words import _

bp = Blueprint("api", __name__, url_prefix="/api")
MOST_OPEN = 5
"""The most seats a new game may leave open (the largest table but its creator's)."""


@bp.post("/games")
def create() -> ResponseReturnValue:
    body = request.get_json()  # strict: an unreadable body is a 400 saying why (strictjson)
    if not isinstance(body, dict):
        raise BadRequest('Send a JSON object: {"game": NAME, "players": [EMAIL, ...]}.')
    if not isinstance(body.get("game"), str):
        raise BadRequest("'game' must name a game.")
    if not isinstance(body.get("language", ""), str):
        raise BadRequest(f"'language' must be one of {', '.join(words.LANGUAGES)}.")
    private_talk_after = body.get("private_talk_after", False)
    if not isinstance(private_talk_after, bool):  # issue 35 §2: never 1, "yes" or null
        raise BadRequest(_("'private_talk_after' must be true or false."))
    seats = body.get("open_seats", 0)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 0 <= seats <= MOST_OPEN:
        raise BadRequest(f"'open_seats' must be a whole number from 0 to {MOST_OPEN}.")
    if not isinstance(body.get("listed", True), bool):
        raise BadRequest("'listed' must be true or false.")
    if "languages" in body and not isinstance(body["languages"], list):
        raise BadRequest("'languages' must be a list of languages.")
    opentables.welcome_languages(body.get("languages"))
    hook = _webhook(body["webhook"]) if "webhook" in body else None
    if seats:
        if hook is not None:
            raise BadRequest(
                _("A table's webhook is set once its game starts, from a player's seat page.")
            )
        return _open_table(body, private_talk_after)
    shown: dict[str, Any] | None = None
    with db().begin():
        applied = create_game(
            db(),
            body["game"],
            body.get("players"),
            body.get("options"),
            body.get("pace"),
            body["language"] if "language" in body else words.language(),
            private_talk_after=private_talk_after,
            effort=settings().bot_effort,
        )
        # Issue 31 §3: refused (and nothing written) past the creator's invitations.
        limits.invited(people.newcomers(db(), [s.email for s in applied.loaded.row.seats]))
        if hook is not None:  # issue 36: the table's webhook, checked as any other
            added = webhook_urls.add(
                db(), settings(), hook[0], hook[1], email=None, game_id=applied.loaded.row.id
            )
            shown = {"kind": added.flavour}
            if added.flavour == "json":
                shown["secret"] = added.secret  # shown once, here
    enqueue_after_response(applied.outbox_ids)
    game_id = applied.loaded.row.id
    answer: dict[str, Any] = {"id": game_id, "url": links.game_url(settings(), game_id)}
    if shown is not None:
        answer["webhook"] = shown
    response = jsonify(answer)
    response.status_code = 201
    response.headers["Location"] = links.game_url(settings(), game_id)
    return response


def _webhook(given: Any) -> tuple[str, str]:
    """The table's webhook asked for (issue 36): a URL, or ``{"url": ..., "kind": ...}``
    (``discord``, ``slack``, ``json``; read from the URL when left out)."""
    if isinstance(given, str):
        return given, webhook_urls.flavour_of(given)
    if isinstance(given, dict) and isinstance(given.get("url"), str):
        kind = given.get("kind", webhook_urls.flavour_of(given["url"]))
        if isinstance(kind, str):
            return given["url"], kind
    raise BadRequest(_("'webhook' must be a URL, or an object with 'url' and 'kind'."))


def _open_table(body: dict[str, Any], private_talk_after: bool) -> ResponseReturnValue:
    """A game with seats left open is an open table (issue 35 §1): its page and the
    creator's invitation links, which only this answer and the creator's email hold."""
    current = settings()
    with db().begin():
        outcome = opentables.open_table(
            db(),
            body["game"],
            body.get("players"),
            body.get("open_seats"),
            body.get("options"),
            body.get("pace"),
            body["language"] if "language" in body else words.language(),
            listed=body.get("listed", True),
            languages=body.get("languages"),
            private_talk_after=private_talk_after,
            wait=timedelta(seconds=current.table_wait),
            per_day=current.open_tables_per_day,
        )
        limits.invited(people.newcomers(db(), [s.email for s in outcome.table.places]))
        answer = tables.api_view(opentables.summary(outcome.table))
    tables.sent_on(outcome)
    answer["invitations"] = [
        links.table_invitation_url(current, outcome.table.id, n) for n in outcome.invitations
    ]
    response = jsonify(answer)
    response.status_code = 201
    response.headers["Location"] = answer["url"]
    return response


@bp.get("/tables")
def open_tables() -> ResponseReturnValue:
    """The listed open tables, newest first, a page at a time (``?before=`` the page's
    ``next``)."""
    raw = request.args.get("before")
    if raw is not None and not (raw.isascii() and raw.isdigit() and len(raw) < 20):
        raise BadRequest("'before' must be the 'next' of the page before.")
    before = int(raw) if raw is not None else None
    with db().begin():
        found = opentables.listing(db(), before, tables.PAGE)
        return jsonify(
            {
                "tables": [tables.api_view(t) for t in found["tables"]],
                "next": found["next"],
            }
        )


@bp.get("/tables/<table_id>")
def open_table(table_id: str) -> ResponseReturnValue:
    with db().begin():
        found = opentables.get(db(), table_id)
        if not found.listed and found.state == opentables.OPEN:
            raise NotFound(_("There is no open table {id}.", id=repr(table_id[:16])))
        return jsonify(tables.api_view(opentables.summary(found)))


@bp.get("/games/<game_id>")
def show(game_id: str) -> ResponseReturnValue:
    # Issue 32 §1: the engine's data (``view``, ``outcome``) as the engine gives it (seats by
    # id, its sentences in their English source, DESIGN.md §3); every sentence of the
    # service's, ``said`` included, names the players, in English unless ``?lang=`` asks
    # for another of our languages (the API reads no cookie, no Accept-Language).
    asked = words.known(request.args.get("lang")) or "en"
    with db().begin(), words.speaking(asked):
        loaded = eventstore.load(db(), game_id)
        game, state = loaded.game, loaded.state
        answer: dict[str, Any] = {
            "game": loaded.row.game,
            "seq": loaded.seq,
            "turn_seq": loaded.turn_seq,
            "to_act": [] if loaded.row.over else sorted(game.to_act(state)),
            "over": loaded.row.over,
            "abandoned": loaded.table.abandoned is not None,
            "closed": loaded.table.closed,
            "resigned": sorted(
                {*loaded.table.resigned, *(loaded.table.abandoned or {}).get("resigned", ())}
            ),
            "asleep": loaded.table.dormant_since is not None,
            **rematch.linked(db(), loaded.row),  # issue 35 §4: the games' ids, or null
        }
        with words.naming(presentation.seat_names(loaded)):
            answer["pace"] = _said(notices.pace(loaded))
            answer["players"] = _said(notices.statuses(loaded))
            answer["said"] = _said(sentences(loaded))
        answer["view"] = game.view(state, None)
        answer["outcome"] = game.outcome(state) or loaded.table.abandoned
        # Issue 37 §3: which seats a bot plays, and at what level.
        answer["bots"] = {s: loaded.table.level(s) for s in loaded.table.bots}
        answer["commitment"] = loaded.row.commitment
        return jsonify(answer)


def sentences(loaded: Loaded) -> dict[str, Any]:
    """The game as sentences a reader reads on its page, players named: who plays now (or
    that the game is over), the view's prompt, and the result once over."""
    view = loaded.game.view(loaded.state, None)
    prompt = view.get("prompt") if isinstance(view, dict) else None
    ended = presentation.outcome(loaded)
    result: list[Any] = []
    if ended is not None and ended["winners"]:
        if ended["tie_break"]:
            result.append(
                _(
                    "Winner: {winners} (tie broken by {tie_break})",
                    winners=ended["together"],
                    tie_break=ended["tie_break"],
                )
            )
        else:
            result.append(_("Winner: {winners}", winners=ended["together"]))
    if ended is not None and ended["resigned"]:
        result.append(_("Resigned: {names}.", names=ended["resigned"]))
    if ended is not None and ended["with_bots"]:
        result.append(_("Played with bots: {names}.", names=ended["with_bots"]))
    return {
        "language": words.language(),
        "title": loaded.game.title,
        "to_play": _("Game over")
        if loaded.row.over
        else _("{whose} to play", whose=presentation.whose_turn(loaded)),
        "prompt": prompt if isinstance(prompt, str) and prompt else None,
        "result": " ".join(str(words.text(r)) for r in result) or None,
    }


def _said(value: Any) -> Any:
    """``value`` with every message in it said in this context's language, seats named."""
    if isinstance(value, str):
        return words.text(value)
    if isinstance(value, dict):
        return {k: _said(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_said(v) for v in value]
    return value
