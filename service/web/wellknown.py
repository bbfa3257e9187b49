"""``/.well-known/pbem-key``: the public key that signs this server's exports (issue 14 §5),
for ``pbem verify --key-url`` and anyone else checking a file against this server."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify
from flask.blueprints import BlueprintSetupState
from flask.typing import ResponseReturnValue

from service.audit import signing
from service.web import settings

bp = Blueprint("wellknown", __name__)


@bp.record_once
def _key_readable(state: BlueprintSetupState) -> None:
    # A SIGNING_KEY that cannot be read stops the start, not the first export. (A key
    # derived from SECRET_KEY is as good as that key, which the app checks itself.)
    given = state.app.extensions["pbem"].signing_key
    if given.strip():
        signing.parse_private_key(given)


@bp.get(signing.WELL_KNOWN)
def pbem_key() -> ResponseReturnValue:
    try:
        document = signing.published(settings())
    except signing.BadKey as exc:
        abort(503, f"This server has no key to sign its exports with: {exc}.")
    response = jsonify(document)
    # A public document: any page may read it (to check a file in the browser), any cache
    # may keep it for a while.
    response.headers["Access-Control-Allow-Origin"] = "*"
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response
