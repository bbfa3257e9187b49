"""What an email's job asks of the database (issue 34 §2): counted in statements, not in
time, on the suite's database. Whether the email is worth sending is judged once, in the
transaction that claims it: the game, the address's block, suppression and standing, and
the seat's announcing email are read once, and the claim is one update of its row."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import select

from service.store.db import sessions
from service.store.models import OutboxRow
from tests.service.test_move_statements import statements
from workers.jobs import send_outbox


def _invitations(client, settings) -> list[int]:
    game_id = client.post(
        "/api/games",
        json={"game": "tictactoe", "players": ["ann@example.org", "bob@example.org"]},
    ).get_json()["id"]
    with sessions(settings.database_url)() as session:
        query = select(OutboxRow.id).where(OutboxRow.game_id == game_id).order_by(OutboxRow.id)
        return list(session.scalars(query))


def test_an_email_job_judges_its_email_once_and_claims_it_in_one_update(client, smtp, settings):
    first, *_others = _invitations(client, settings)
    with statements(settings.database_url) as seen:
        assert send_outbox(first) == "sent"
    asked = Counter(seen)
    assert asked["SELECT games"] == 1
    assert asked["SELECT blocked"] == 1
    assert asked["SELECT suppressed"] == 1
    # The claim, the seat's announcing email, and whether others wait for its address.
    assert asked["SELECT outbox"] == 3
    assert asked["UPDATE outbox"] == 2  # claimed (with its attempt), then sent
    assert len(smtp.to("ann@example.org") + smtp.to("bob@example.org")) == 1
