"""A signed-in player downloads everything the service holds about their address (issue 30
§5): one JSON file, every table that can hold an address or a name read, nobody else's."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from service.play import plans, slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import SeatOfferRow
from tests.service.replying import deliver, reply_message
from tests.service.test_desk import sign_in

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

ANN = "Ann@example.org"


def test_the_file_holds_every_kind_of_thing_kept_about_the_address_and_nothing_of_others(
    client, settings, smtp, work
):
    with sessions(settings.database_url).begin() as s:
        playing = create_game(s, "tictactoe", [f"Ann <{ANN}>", "Bob <bob@example.org>"])
        playing_id = playing.loaded.row.id
        handed = create_game(s, "tictactoe", ["cy@example.org", "dee@example.org"]).loaded
        (late,) = handed.game.to_act(handed.state)
        voter = next(x for x in handed.table.seats if x != late)
        slowplay.set_notify(s, ANN, "digest", digest_hour=9)
    with sessions(settings.database_url).begin() as s:
        plans.set_plan(s, playing_id, "p1", 0, {"kind": "single"})  # issue 38: hers
        plans.set_plan(s, playing_id, "p2", 0, {"kind": "single"})  # Bob's: not hers
    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, handed.row.id), late)
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, handed.row.id, voter, 0, 1, "replace", ("ann@EXAMPLE.org", "A."))
    work()
    (invitation,) = smtp.to(ANN)
    # A reply is kept as received, whatever it turns out to be.
    deliver(settings, reply_message(invitation, "status", to="games@pbem.localhost"))
    sign_in(client, smtp, work, "ann@example.org", ANN)
    response = client.get("/me/data")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].startswith('attachment; filename="pbem-my-data-')
    assert response.headers["Cache-Control"] == "no-store"
    data = json.loads(response.get_data(as_text=True))
    assert (data["format"], data["address"], data["blocked"]) == (
        "pbem-personal-data/1",
        ANN,
        False,
    )
    (game,) = data["games"]
    assert (game["game"], game["seat"], game["seat_number"], game["name"]) == (
        playing_id,
        "p1",
        1,
        "Ann",
    )
    assert game["history_url"] == f"http://pbem.test/games/{playing_id}/history"
    (offer,) = data["seats_offered"]
    assert (offer["game"], offer["seat"], offer["name"], offer["claimed_at"]) == (
        handed.row.id,
        late,
        "A.",
        None,
    )
    (plan,) = data["plans"]
    assert (plan["game"], plan["seat"], plan["order"], plan["waiting"]) == (
        playing_id, "p1", {"kind": "single"}, True,
    )  # fmt: skip
    (settings_row,) = data["email_settings"]
    assert (settings_row["turn_emails"], settings_row["digest_hour_utc"]) == ("digest", 9)
    assert {e["kind"] for e in data["emails"]} >= {"invitation"}
    assert all(e["game"] == playing_id for e in data["emails"]), "only its own seats' emails"
    (reply,) = data["replies_received"]
    assert reply["from"] == ANN and "status" in reply["message"]
    (signed,) = data["sign_ins"]
    assert signed["signed_in_at"] and signed["signed_out_at"] is None
    whole = json.dumps(data)
    for other in ("bob@example.org", "cy@example.org", "dee@example.org"):
        assert other not in whole, "nobody else's address"
    # Their own message quotes the game's subject ("…· Ann, Bob"): that much is theirs.
    kept_by_us = json.dumps({k: v for k, v in data.items() if k != "replies_received"})
    assert "Bob" not in kept_by_us, "nor anybody else's name"


def test_the_file_lists_seats_held_before_a_hand_over_and_the_emails_of_ones_own_stretch(
    app, client, settings, smtp, work
):
    with sessions(settings.database_url).begin() as s:
        loaded = create_game(s, "tictactoe", [ANN, "bob@example.org"]).loaded
        (late,) = loaded.game.to_act(loaded.state)
        game_id, voter = loaded.row.id, next(x for x in loaded.table.seats if x != late)
        gone = next(x.email for x in loaded.row.seats if x.seat == late)
    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), late)
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, voter, 0, 1, "replace", ("cy@example.org", "Cy"))
    with sessions(settings.database_url).begin() as s:
        offer = s.scalars(select(SeatOfferRow).where(SeatOfferRow.game_id == game_id)).one()
        slowplay.claim(s, offer.id)
    # Whoever was replaced signs in with another game of theirs, and sees the old seat.
    with sessions(settings.database_url).begin() as s:
        create_game(s, "tictactoe", [gone, "eve@example.org"])
    sign_in(client, smtp, work, gone, gone)
    (held,) = client.get("/me/data").get_json()["seats_held_before"]
    assert (held["game"], held["seat"]) == (game_id, late)
    newcomer = app.test_client()
    sign_in(newcomer, smtp, work, "cy@example.org", "cy@example.org")
    emails = newcomer.get("/me/data").get_json()["emails"]
    assert emails and "invitation" not in {e["kind"] for e in emails}, (
        "the emails of the seat before Cy took it were not Cy's"
    )


def test_the_file_is_for_a_signed_in_player_only(client):
    assert client.get("/me/data").status_code == 403
