"""The JSON API described in OpenAPI 3 at ``/api/openapi.json``.

Kept true to the code by the tests: every ``/api`` route is described here, and
schemathesis sends requests generated from this description to the app and checks every
answer against it.
"""

from __future__ import annotations

import copy
from typing import Any

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from engine import registry
from engine.catalogue import CATALOGUE
from service.config import MAX_BODY
from service.play import bots
from service.words import LANGUAGES

bp = Blueprint("openapi", __name__, url_prefix="/api")

ERROR = {"$ref": "#/components/schemas/Error"}
EMAIL = {"type": "string", "format": "idn-email", "maxLength": 254}
LANGUAGE = {
    "type": "string",
    "enum": list(LANGUAGES),
    "description": "What the player's emails and pages speak.",
}


def _error(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": ERROR}}}


RATE_LIMITED = {
    **_error("Too many requests from this address; nothing was changed."),
    "headers": {
        "Retry-After": {
            "description": "Seconds until a request may succeed.",
            "schema": {"type": "integer", "minimum": 0},
        }
    },
}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error", "message"],
        "properties": {
            "error": {"type": "string", "description": "A short title."},
            "message": {"type": "string", "description": "What happened, for a person."},
        },
    },
    "Player": {
        "oneOf": [
            {
                "type": "string",
                "description": "An address, or a name and address: 'Ann <ann@example.org>'.",
                "maxLength": 440,
            },
            {
                "type": "object",
                "required": ["email"],
                "properties": {
                    "email": EMAIL,
                    "name": {"type": "string", "description": "Cut to 120 characters."},
                    "language": LANGUAGE,
                    "time_zone": {
                        "type": "string",
                        "description": "The player's IANA time zone, for dates and deadlines.",
                        "example": "Europe/Kyiv",
                    },
                },
            },
            {
                "type": "object",
                "required": ["bot"],
                "additionalProperties": False,
                "description": "A seat a bot holds (issue 37 §3): no address, no emails; it "
                "plays as soon as its turn comes. A game needs at least one person.",
                "properties": {
                    "bot": {"type": "string", "enum": list(bots.LEVELS)},
                    "language": LANGUAGE,
                    "time_zone": {"type": "string"},
                },
            },
        ]
    },
    "Pace": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "days": {"type": "integer", "minimum": 1, "maximum": 60, "default": 3},
            "remind_after_hours": {
                "type": "integer",
                "minimum": 1,
                "maximum": 1440,
                "default": 24,
            },
            "remind_every_hours": {
                "type": "integer",
                "minimum": 1,
                "maximum": 1440,
                "default": 24,
            },
            "timezone": {"type": "string", "default": "UTC", "example": "Europe/Paris"},
        },
    },
    "NewGame": {
        "type": "object",
        "required": ["game", "players"],
        "example": {
            "players": ["Ann <ann@example.org>", {"email": "bob@example.org", "name": "Bob"}],
            "pace": {"days": 3, "timezone": "Europe/Paris"},
        },
        "properties": {
            "game": {
                "type": "string",
                "description": "A registered game's name.",
            },
            "language": {
                **LANGUAGE,
                "description": "The invitations' language where a player has none of their "
                "own; by default the request's Accept-Language.",
            },
            "players": {
                "type": "array",
                "minItems": 1,
                "items": {"$ref": "#/components/schemas/Player"},
                "description": "One per seat, in seat order (p1, p2, ...); every address differs.",
            },
            "options": {
                "type": "object",
                "nullable": True,
                "description": "The game's own options (null or absent: none).",
            },
            "pace": {
                "allOf": [{"$ref": "#/components/schemas/Pace"}],
                "nullable": True,
                "description": "Null or absent: the defaults.",
            },
            "private_talk_after": {
                "type": "boolean",
                "default": False,
                "description": "The table's choice, made once (issue 35 §2): the finished "
                "game's published log (/games/{id}/log.jsonl) carries the words players said "
                "to one player alone too. Absent or false: they stay private even after the "
                "game; words to the whole table are published either way.",
            },
            "webhook": {
                "oneOf": [
                    {"type": "string", "format": "uri"},
                    {
                        "type": "object",
                        "required": ["url"],
                        "properties": {
                            "url": {"type": "string", "format": "uri"},
                            "kind": {"type": "string", "enum": ["discord", "slack", "json"]},
                        },
                    },
                ],
                "description": "The table's webhook (issue 36, docs/channels.md): each turn, "
                "the game's start and its end posted once for all the seats. https only; "
                "its kind read from the URL when left out. A generic JSON webhook's secret "
                "is in the answer, once. Not for a game with open seats.",
            },
            "open_seats": {
                "type": "integer",
                "minimum": 0,
                "maximum": 5,
                "default": 0,
                "description": (
                    "Seats left open for players nobody named yet (issue 35 §1): the answer "
                    "is then an open table, not a game. It is listed on /tables (unless "
                    "'listed' is false), anyone takes a seat by following the link we email "
                    "to the address they give, and the game starts, under the table's id, "
                    "when the last seat is taken. 'players' are seated at once, the first "
                    "being the table's creator."
                ),
            },
            "listed": {
                "type": "boolean",
                "default": True,
                "description": "An open table shown on the open tables page; false: only "
                "its invitation links seat anyone.",
            },
            "languages": {
                "type": "array",
                "items": LANGUAGE,
                "description": "The languages an open table welcomes, as its listing says; "
                "absent or empty: every language we speak.",
            },
        },
    },
    "OpenTable": {
        "type": "object",
        "required": [
            "id",
            "url",
            "game",
            "title",
            "players",
            "seats",
            "seats_left",
            "days",
            "languages",
            "created_at",
            "closes_at",
            "state",
            "listed",
        ],
        "properties": {
            "id": {"type": "string", "description": "Its game's id too, once it starts."},
            "url": {"type": "string", "format": "uri", "description": "The table's page."},
            "game": {"type": "string"},
            "title": {"type": "string"},
            "players": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The names of those seated, in seat order ('' for none "
                "given). Never an address.",
            },
            "seats": {"type": "integer"},
            "seats_left": {"type": "integer"},
            "days": {"type": "integer", "description": "Days per decision."},
            "languages": {"type": "array", "items": LANGUAGE},
            "created_at": {"type": "string", "format": "date-time"},
            "closes_at": {"type": "string", "format": "date-time", "nullable": True},
            "state": {"type": "string", "enum": ["open", "started", "closed"]},
            "listed": {"type": "boolean"},
            "invitations": {
                "type": "array",
                "items": {"type": "string", "format": "uri"},
                "description": "Only in the answer that opens the table: one link per open "
                "seat, each seating one player once, whether the table is listed or not.",
            },
        },
    },
    "Created": {
        "type": "object",
        "required": ["id", "url"],
        "properties": {
            "id": {"type": "string"},
            "url": {"type": "string", "format": "uri", "description": "The public game page."},
        },
    },
    "PlayerStatus": {
        "type": "object",
        "required": [
            "seat",
            "name",
            "left",
            "unreachable",
            "to_act",
            "decision_seq",
            "deadline",
            "notes",
        ],
        "properties": {
            "seat": {"type": "string"},
            "name": {
                "type": "string",
                "description": (
                    "The name the player gave, else 'Player N' (their seat's number); "
                    "'Player N (left)' once they asked to be forgotten. Never their address."
                ),
            },
            "left": {
                "type": "boolean",
                "description": "The seat's player left the game and asked to be forgotten.",
            },
            "unreachable": {
                "type": "boolean",
                "description": (
                    "Our emails to the seat's player come back undelivered: they may not see "
                    "their turns, until they give an address that receives them."
                ),
            },
            "to_act": {"type": "boolean"},
            "decision_seq": {
                "type": "integer",
                "nullable": True,
                "description": (
                    "The turn_seq at which this seat's current decision began (null: it has "
                    "none). Its links stay valid while this is unchanged and its options are "
                    "the same, whatever the other seats do."
                ),
            },
            "deadline": {"type": "string", "nullable": True},
            "notes": {"type": "array", "items": {"type": "string"}},
        },
    },
    "GameState": {
        "type": "object",
        "required": [
            "game",
            "seq",
            "turn_seq",
            "to_act",
            "over",
            "abandoned",
            "closed",
            "resigned",
            "asleep",
            "rematch",
            "rematch_of",
            "pace",
            "players",
            "said",
            "view",
            "outcome",
            "commitment",
            "bots",
        ],
        "properties": {
            "game": {"type": "string"},
            "seq": {"type": "integer", "minimum": 1, "description": "Events in the log."},
            "turn_seq": {
                "type": "integer",
                "minimum": 1,
                "description": (
                    "The newest event that changed the game. A decision's links made now "
                    "name it; each seat's own decision is its players' decision_seq."
                ),
            },
            "to_act": {"type": "array", "items": {"type": "string"}},
            "over": {"type": "boolean"},
            "abandoned": {"type": "boolean"},
            "closed": {
                "type": "boolean",
                "description": "The host closed the game: it ended as it stood, for good.",
            },
            "resigned": {
                "type": "array",
                "items": {"type": "string"},
                "description": (
                    "Seats whose player resigned. In a game of two seats that ends it, for "
                    "good: the other player wins (outcome.resigned names the seat); with more "
                    "seats the game goes on and the seat is the table's absent-seat rules'."
                ),
            },
            "asleep": {"type": "boolean"},
            "rematch": {
                "type": "string",
                "nullable": True,
                "description": "The id of the game this finished game's rematch started.",
            },
            "rematch_of": {
                "type": "string",
                "nullable": True,
                "description": "The id of the finished game this game is the rematch of.",
            },
            "pace": {
                "type": "object",
                "required": ["summary", "days", "timezone", "deadline"],
                "properties": {
                    "summary": {"type": "string"},
                    "days": {"type": "integer"},
                    "timezone": {"type": "string"},
                    "deadline": {"type": "string", "nullable": True},
                },
            },
            "players": {"type": "array", "items": {"$ref": "#/components/schemas/PlayerStatus"}},
            "said": {
                "type": "object",
                "required": ["language", "title", "to_play", "prompt", "result"],
                "description": (
                    "The game in sentences, as its page says it: the players by name (never "
                    "a seat id), in the language lang= asks for (English by default)."
                ),
                "properties": {
                    "language": {"type": "string", "enum": ["en", "ru", "uk", "es", "ja"]},
                    "title": {"type": "string"},
                    "to_play": {"type": "string", "description": "Who plays now, or game over."},
                    "prompt": {
                        "type": "string",
                        "nullable": True,
                        "description": "What the game waits for, as view.prompt says it.",
                    },
                    "result": {
                        "type": "string",
                        "nullable": True,
                        "description": "Who won (and who resigned) once the game is over.",
                    },
                },
            },
            "view": {
                "type": "object",
                "description": (
                    "What a spectator may see: the engine's data as it gives it (DESIGN.md "
                    "§3), seats by id and its sentences in their English source; said has "
                    "them in words."
                ),
            },
            "outcome": {
                "type": "object",
                "nullable": True,
                "description": (
                    "Scores and ranking once the game is over (or abandoned); resigned: the "
                    "seats whose resignation ended it, last in the ranking."
                ),
            },
            "commitment": {"type": "string", "description": "SHA-256 of the game's seed."},
            "bots": {
                "type": "object",
                "additionalProperties": {
                    "type": "string",
                    "enum": list(bots.LEVELS),
                },
                "description": "The seats a bot plays (seated at creation or voted in), each "
                "with its level; a result with bots says so in said.result.",
            },
        },
    },
}

SPEC: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {
        "title": "Play by email",
        "version": "1",
        "description": (
            "Create games and read their public state. Requests with a body send it as "
            "application/json; the API reads no cookie. Errors are JSON "
            '{"error", "message"} with a 4xx status.'
        ),
    },
    "paths": {
        "/api/games": {
            "post": {
                "operationId": "createGame",
                "summary": "Create a game and email every player an invitation, or open a "
                "table that waits for players (open_seats).",
                "description": (
                    "An address that never played gets an invitation that offers never to be "
                    "emailed again, then nothing more until it acts but one reminder. An "
                    "address blocked by the host or whose owner asked never to be emailed is "
                    "refused (400). Invitations to addresses that never played count against "
                    "the creator's daily limit (429)."
                ),
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/NewGame"}}
                    },
                },
                "responses": {
                    "201": {
                        "description": "Created; every player is emailed.",
                        "headers": {
                            "Location": {"schema": {"type": "string"}, "description": "Game page."}
                        },
                        "content": {
                            "application/json": {
                                "schema": {
                                    "anyOf": [
                                        {"$ref": "#/components/schemas/Created"},
                                        {"$ref": "#/components/schemas/OpenTable"},
                                    ]
                                }
                            }
                        },
                        "links": {
                            "GetGame": {
                                "operationId": "getGame",
                                "parameters": {"game_id": "$response.body#/id"},
                                "description": "The game just created.",
                            }
                        },
                    },
                    "400": _error(
                        "The body is not a valid new game, or names an address we may not email."
                    ),
                    "404": _error("No game of that name."),
                    "413": _error(f"The body is larger than {MAX_BODY} bytes."),
                    "415": _error("The body is not sent as application/json."),
                    "429": {
                        **RATE_LIMITED,
                        "description": "Too many new games, or invitations to addresses that "
                        "never played, from this address; nothing was changed.",
                    },
                },
            }
        },
        "/api/games/{game_id}": {
            "get": {
                "operationId": "getGame",
                "summary": "A game's public state: what a spectator may see.",
                "parameters": [
                    {
                        "name": "game_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                    },
                    {
                        "name": "lang",
                        "in": "query",
                        "required": False,
                        "description": (
                            "The language of the answer's sentences (pace, players, said): "
                            "en, ru, uk, es or ja; any other value, or none, is English."
                        ),
                        "schema": {"type": "string"},
                    },
                ],
                "responses": {
                    "200": {
                        "description": "The game.",
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/GameState"}
                            }
                        },
                    },
                    "404": _error("No such game."),
                },
            }
        },
        "/api/tables": {
            "get": {
                "operationId": "listOpenTables",
                "summary": "The listed open tables waiting for players, newest first.",
                "parameters": [
                    {
                        "name": "before",
                        "in": "query",
                        "required": False,
                        "description": "The previous page's 'next': the tables opened before.",
                        "schema": {"type": "integer", "minimum": 0},
                    }
                ],
                "responses": {
                    "200": {
                        "description": "One page of tables.",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["tables", "next"],
                                    "properties": {
                                        "tables": {
                                            "type": "array",
                                            "items": {"$ref": "#/components/schemas/OpenTable"},
                                        },
                                        "next": {"type": "integer", "nullable": True},
                                    },
                                }
                            }
                        },
                    },
                    "400": _error("'before' is not a page's 'next'."),
                },
            }
        },
        "/api/tables/{table_id}": {
            "get": {
                "operationId": "getOpenTable",
                "summary": "An open table: what its page shows (an unlisted one only once "
                "it started or closed).",
                "parameters": [
                    {
                        "name": "table_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                    }
                ],
                "responses": {
                    "200": {
                        "description": "The table.",
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/OpenTable"}
                            }
                        },
                    },
                    "404": _error("No such table."),
                },
            }
        },
        "/inbound/mime": {
            "post": {
                "operationId": "receiveMessage",
                "summary": (
                    "A received email handed over by a hosted mail provider (issue 18): "
                    "stored, then read by a job. Exists only while INBOUND_SECRET is set."
                ),
                "security": [{"inboundSecret": []}],
                "parameters": [
                    {
                        "name": "to",
                        "in": "query",
                        "required": True,
                        "description": (
                            "The envelope recipient: a reply or bounce address this service "
                            "gave out at MAIL_DOMAIN, or postmaster."
                        ),
                        "schema": {"type": "string", "maxLength": 320},
                    },
                    {
                        "name": "from",
                        "in": "query",
                        "required": False,
                        "description": "The envelope sender; empty or absent for a bounce.",
                        "schema": {"type": "string", "maxLength": 320},
                    },
                    {
                        "name": "ip",
                        "in": "query",
                        "required": False,
                        "description": (
                            "The IP address of the server the message came from (issue 31): "
                            "SPF checks a reply against it."
                        ),
                        "schema": {"type": "string", "maxLength": 45},
                    },
                ],
                "requestBody": {
                    "required": True,
                    "description": "The raw RFC 822 message, as received.",
                    "content": {
                        "message/rfc822": {"schema": {"type": "string", "format": "binary"}},
                        "application/octet-stream": {
                            "schema": {"type": "string", "format": "binary"}
                        },
                    },
                },
                "responses": {
                    "202": {
                        "description": "Stored; a job will read it.",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "200": {
                        "description": "Stored before: a duplicate changes nothing.",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "400": _error(
                        "No recipient this service gave out, an ip that is no IP address, "
                        "or an empty body."
                    ),
                    "401": _error("No bearer token."),
                    "403": _error("The bearer token is not the shared secret."),
                    "404": _error("INBOUND_SECRET is not set: the endpoint is off."),
                    "413": _error("The message is larger than INBOUND_MAX_BYTES."),
                    "415": _error("The body is not message/rfc822 or application/octet-stream."),
                    "422": _error("More MIME parts than a reply is read with: not stored."),
                    "503": _error("The message cannot be stored now; send it again later."),
                },
            }
        },
        "/api/openapi.json": {
            "get": {
                "operationId": "getOpenAPI",
                "summary": "This description.",
                "responses": {
                    "200": {
                        "description": "OpenAPI 3 description of the JSON API.",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    }
                },
            }
        },
    },
    "components": {
        "schemas": SCHEMAS,
        "securitySchemes": {"inboundSecret": {"type": "http", "scheme": "bearer"}},
    },
}


def spec() -> dict[str, Any]:
    """The description, naming the games this process serves (``EXTRA_GAMES`` included);
    its examples start the catalogue's first game."""
    described = copy.deepcopy(SPEC)
    new_game = described["components"]["schemas"]["NewGame"]
    game = new_game["properties"]["game"]
    game["enum"] = sorted(registry.GAMES)
    game["example"] = CATALOGUE[0].name
    new_game["example"] = {"game": CATALOGUE[0].name, **new_game["example"]}
    return described


@bp.get("/openapi.json")
def description() -> ResponseReturnValue:
    return jsonify(spec())
