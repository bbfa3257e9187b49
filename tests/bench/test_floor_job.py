"""The email bench's floor job (bench.jobs.send_finished): what it sends is the finished
message, byte for byte as composed, to the one address it is given, every time it runs."""

from __future__ import annotations

from sqlalchemy import select

from bench.jobs import send_finished
from service.mail.compose import Outgoing, compose
from service.store.db import sessions
from service.store.models import OutboxRow

PLAYERS = ["Олена <olena@example.org>", "Bob <bob@example.org>"]


def test_the_floor_job_sends_the_finished_message_whole_each_time_it_runs(
    client, settings, smtp, tmp_path
):
    assert (
        client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS}).status_code == 201
    )
    with sessions(settings.database_url)() as session:
        row = session.scalars(select(OutboxRow).order_by(OutboxRow.id).limit(1)).one()
        outgoing = compose(session, settings, row)
    assert isinstance(outgoing, Outgoing)
    finished = tmp_path / "finished.eml"
    finished.write_bytes(outgoing.message.as_bytes())

    for _ in range(3):
        send_finished(smtp.url, str(finished), outgoing.to)

    assert [envelope[0] for envelope in smtp.envelopes] == [[outgoing.to]] * 3
    sent = [m["Message-ID"] for m in smtp.messages]
    assert sent == [outgoing.message["Message-ID"]] * 3

    def text(message):
        return message.get_body(("plain",)).get_content().replace("\r\n", "\n")

    assert {text(m) for m in smtp.messages} == {text(outgoing.message)}
