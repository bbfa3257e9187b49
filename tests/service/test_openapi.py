"""The JSON API's OpenAPI description (issue 11): served at ``/api/openapi.json``, true to
the routes, and every request schemathesis generates from it is answered as described,
never with a server error."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest
import schemathesis
from hypothesis import settings as hypothesis_settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from service import create_app
from service.web.openapi import spec
from tests.fixtures import ServerLikeClient

pytestmark = pytest.mark.hostile


class CurrentApp:
    """The WSGI app schemathesis calls: the app of the test running now, built by its
    fixtures on a freshly wiped database. (schemathesis's ``from_fixture`` loader does not
    run under pytest 9, so the schema is loaded once and its app delegates.)"""

    current: Any = None

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        assert self.current is not None, "the api_app fixture sets the app under test"
        return self.current(environ, start_response)


current_app = CurrentApp()
# A received email (POST /inbound/mime) is bytes, sent as either of its media types.
schemathesis.serializer.alias("message/rfc822", "application/octet-stream")
schema = schemathesis.openapi.from_dict(spec())
schema.app = current_app


@pytest.fixture
def api_app(settings):
    """The app, with limits far above what schemathesis sends (a flood is another test),
    and the mail provider's endpoint on (its secret unknown to schemathesis)."""
    app = create_app(
        replace(settings, create_limit="100000/minute", inbound_secret="not-told-to-schemathesis")
    )
    app.test_client_class = ServerLikeClient
    current_app.current = app
    yield app
    current_app.current = None


@schema.parametrize()
@hypothesis_settings(max_examples=max(40, hypothesis_settings.default.max_examples))
def test_every_generated_request_is_answered_as_the_description_says(case, api_app):
    """Positive data may still be refused: JSON Schema cannot say that a game of two
    players needs exactly two different addresses, so 'valid data is accepted' is not
    checked; every other check is (no server error, documented statuses, bodies and
    headers matching their schemas, invalid data refused with a 4xx)."""
    case.call_and_validate(excluded_checks=[positive_data_acceptance])


def test_games_created_then_read_back_by_their_link_answer_as_described(api_app):
    """Stateful: schemathesis follows the description's link from a created game's id to
    reading that game, so the reads see real games, not only unknown ids."""

    class Scenario(schema.as_state_machine()):
        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(response, excluded_checks=[positive_data_acceptance])

    Scenario.run(
        settings=hypothesis_settings(max_examples=15, stateful_step_count=4, deadline=None)
    )


def test_the_description_is_served_and_names_every_json_route(api_app):
    client = api_app.test_client()
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    served = response.get_json()
    assert served == json.loads(json.dumps(spec())), "the description tested is the one served"
    assert served["openapi"].startswith("3.")
    assert "tictactoe" in served["components"]["schemas"]["NewGame"]["properties"]["game"]["enum"]
    routes = set()
    for rule in api_app.url_map.iter_rules():
        if not rule.rule.startswith(("/api/", "/inbound/")):
            continue
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            routes.add((path, method.lower()))
    described = {(path, method) for path, item in served["paths"].items() for method in item}
    assert routes == described


def test_a_created_game_reads_back_as_the_description_says(api_app):
    client = api_app.test_client()
    created = client.post(
        "/api/games", json={"game": "tictactoe", "players": ["ann@example.org", "b@example.org"]}
    )
    assert created.status_code == 201
    game = client.get(f"/api/games/{created.get_json()['id']}")
    operation = schema["/api/games/{game_id}"]["GET"]
    operation.validate_response(game)
    for name in ("seq", "turn_seq", "players", "view", "pace"):
        assert name in game.get_json()
