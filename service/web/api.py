"""The JSON API: create a game, read its public state."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from service import words
from service.errors import BadRequest
from service.links import urls as links
from service.play import rematch
from service.play.games import create_game
from service.present import notices, presentation
from service.store import eventstore, people
from service.store.eventstore import Loaded
from service.web import db, enqueue_after_response, limits, settings
from service.words import _

bp = Blueprint("api", __name__, url_prefix="/api")


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
    with db().begin():
        applied = create_game(
            db(),
            body["game"],
            body.get("players"),
            body.get("options"),
            body.get("pace"),
            body["language"] if "language" in body else words.language(),
            private_talk_after=private_talk_after,
        )
        # Issue 31 §3: refused (and nothing written) past the creator's invitations.
        limits.invited(people.newcomers(db(), [s.email for s in applied.loaded.row.seats]))
    enqueue_after_response(applied.outbox_ids)
    game_id = applied.loaded.row.id
    response = jsonify({"id": game_id, "url": links.game_url(settings(), game_id)})
    response.status_code = 201
    response.headers["Location"] = links.game_url(settings(), game_id)
    return response


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
