"""``POST /inbound/mime`` (issue 18): a hosted mail provider hands over a received message,
proving itself with the shared secret; it is stored before the provider hears so."""

from __future__ import annotations

import io
from dataclasses import replace
from urllib.parse import quote

import pytest
from rq.job import Job
from sqlalchemy import select

from service import create_app
from service.mail.queue import connection, inbox_job_id
from service.store.db import sessions
from service.store.models import InboxRow
from tests.fixtures import ServerLikeClient
from tests.service.replying import signed_address

SECRET = "a-shared-secret-the-provider-was-given"
RAW = b"Message-ID: <m1@example.org>\r\nFrom: ann@example.org\r\n\r\n1\r\n"
ADDRESS = signed_address(0)
URL = f"/inbound/mime?to={quote(ADDRESS)}&from=ann@example.org"
PLAYER = "ann@example.org"
AUTH = {"Authorization": f"Bearer {SECRET}"}
MIME = "message/rfc822"


@pytest.fixture
def mime_settings(settings):
    return replace(settings, inbound_secret=SECRET)


def client_of(settings):
    app = create_app(settings)
    app.test_client_class = ServerLikeClient  # the response closes: the job is enqueued
    return app.test_client()


@pytest.fixture
def provider(mime_settings):
    return client_of(mime_settings)


def stored(settings) -> list[InboxRow]:
    with sessions(settings.database_url)() as s:
        return list(s.scalars(select(InboxRow).order_by(InboxRow.id)))


def test_a_message_is_stored_and_its_reading_job_enqueued(provider, settings):
    response = provider.post(URL, data=RAW, headers=AUTH, content_type=MIME)
    assert response.status_code == 202
    (row,) = stored(settings)
    assert response.json == {"stored": True, "id": row.id}
    assert (row.raw, row.rcpt_to, row.mail_from) == (RAW, ADDRESS, PLAYER)
    assert row.processed_at is None
    assert Job.fetch(inbox_job_id(row.id), connection=connection(settings.redis_url))


def test_a_duplicate_is_200_and_stored_once(provider, settings):
    assert provider.post(URL, data=RAW, headers=AUTH, content_type=MIME).status_code == 202
    again = provider.post(URL, data=RAW, headers=AUTH, content_type="application/octet-stream")
    assert again.status_code == 200
    assert again.json == {"stored": False, "duplicate": True}
    assert len(stored(settings)) == 1


def test_without_a_secret_set_the_endpoint_does_not_exist(client, settings):
    response = client.post(URL, data=RAW, headers=AUTH, content_type=MIME)
    assert response.status_code == 404
    assert stored(settings) == []


@pytest.mark.hostile
@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({}, 401),
        ({"Authorization": "Bearer "}, 401),
        ({"Authorization": f"Basic {SECRET}"}, 401),
        ({"Authorization": "Bearer wrong"}, 403),
        ({"Authorization": f"Bearer {SECRET}x"}, 403),
        ({"Authorization": f"Bearer {SECRET[:-1]}"}, 403),
    ],
)
def test_without_the_secret_nothing_is_stored(provider, settings, headers, status):
    response = provider.post(URL, data=RAW, headers=headers, content_type=MIME)
    assert response.status_code == status
    assert response.json["error"]
    if status == 401:
        assert response.headers["WWW-Authenticate"] == "Bearer"
    assert stored(settings) == []


def test_a_recipient_at_another_domain_is_refused(provider, settings):
    hostile = ["to=%00@pbem.localhost", f"to={'a' * 65}@pbem.localhost", "to=@pbem.localhost"]
    hostile += ["to=a%20b@pbem.localhost", "to=a@pbem.localhost%00", f"to=a@{'b.' * 200}x"]
    for query in ["to=ann@example.org", "to=", "", "to=play@pbem.localhost.evil.org", *hostile]:
        response = provider.post(
            f"/inbound/mime?{query}", data=RAW, headers=AUTH, content_type=MIME
        )
        assert response.status_code == 400, query
    assert stored(settings) == []


def test_an_empty_body_is_refused(provider, settings):
    # A provider misconfigured, or a chunked body its server did not hand over.
    response = provider.post(URL, data=b"", headers=AUTH, content_type=MIME)
    assert response.status_code == 400
    assert stored(settings) == []


def test_a_body_of_another_type_is_refused(provider, settings):
    response = provider.post(URL, data=RAW, headers=AUTH, content_type="text/plain")
    assert response.status_code == 415
    assert stored(settings) == []


def test_a_message_over_the_cap_is_413(mime_settings, settings):
    small = client_of(replace(mime_settings, inbound_max_bytes=1000))
    big = RAW + b"x" * 1000
    assert small.post(URL, data=big, headers=AUTH, content_type=MIME).status_code == 413

    # No Content-Length (chunked): the cap holds as the body is read.
    response = small.post(
        URL,
        input_stream=io.BytesIO(big),
        headers={**AUTH, "Transfer-Encoding": "chunked"},
        content_type=MIME,
        # As gunicorn hands over a chunked body: no length, a stream it ends itself.
        environ_overrides={"wsgi.input_terminated": True, "CONTENT_LENGTH": ""},
    )
    assert response.status_code == 413
    assert stored(settings) == []
    assert small.post(URL, data=RAW, headers=AUTH, content_type=MIME).status_code == 202


def test_a_message_larger_than_a_form_but_under_the_cap_is_taken(provider, settings):
    # The web process takes 256 kB bodies; a received email may be up to INBOUND_MAX_BYTES.
    big = RAW + b"x" * 500_000
    assert provider.post(URL, data=big, headers=AUTH, content_type=MIME).status_code == 202
    assert stored(settings)[0].raw == big


def test_the_database_down_is_503_and_the_retry_is_stored(mime_settings, settings):
    down = replace(mime_settings, database_url="postgresql+psycopg://pbem@127.0.0.1:1/none")
    response = client_of(down).post(URL, data=RAW, headers=AUTH, content_type=MIME)
    assert response.status_code == 503
    assert response.headers["Retry-After"]
    up = client_of(mime_settings)
    assert up.post(URL, data=RAW, headers=AUTH, content_type=MIME).status_code == 202
    assert len(stored(settings)) == 1


@pytest.mark.hostile
@pytest.mark.parametrize(
    "raw",
    [
        b"\x00" * 100,
        bytes(range(256)) * 10,
        b"no headers at all",
        b"X-Long: " + b"a" * 100_000 + b"\r\n\r\nbody",
        b"Message-ID: " + b"<" * 5000 + b"\r\n\r\n",
    ],
    ids=["nul", "8-bit", "no-headers", "100k-header-line", "broken-message-id"],
)
def test_hostile_bytes_are_stored_as_they_came(provider, settings, raw):
    response = provider.post(URL, data=raw, headers=AUTH, content_type=MIME)
    assert response.status_code == 202
    assert stored(settings)[0].raw == raw
