"""The JSON API: create a game, read its public state."""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from service import words
from service.errors import BadRequest
from service.links import urls as links
from service.play.moves import create_game
from service.present import notices
from service.store import eventstore, people
from service.web import db, enqueue_after_response, limits, settings

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
    with db().begin():
        applied = create_game(
            db(),
            body["game"],
            body.get("players"),
            body.get("options"),
            body.get("pace"),
            body["language"] if "language" in body else words.language(),
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
    # The API speaks English whatever the reader's language (its dates too).
    with db().begin(), words.speaking("en"):
        loaded = eventstore.load(db(), game_id)
        game, state = loaded.game, loaded.state
        return jsonify(
            {
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
                "pace": notices.pace(loaded),
                "players": notices.statuses(loaded),
                "view": game.view(state, None),
                "outcome": game.outcome(state) or loaded.table.abandoned,
                "commitment": loaded.row.commitment,
            }
        )
