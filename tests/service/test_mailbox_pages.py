"""The demo's ``/mailbox`` (issue 20): it pages its list, newest first, reading only the
headers of the messages it shows, and serves each email's ``cid:`` pictures."""

from __future__ import annotations

import email.parser
import mailbox
import os
import re
import struct
import zlib
from dataclasses import replace
from email.message import EmailMessage
from html import unescape

import pytest
from sqlalchemy import select

from service import create_app
from service.mail.compose import Outgoing, compose
from service.store.db import sessions
from service.store.models import OutboxRow
from service.web import mailbox as module

PNG = b"\x89PNG\r\n\x1a\n" + b"".join(
    struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    for kind, data in [
        (b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)),
        (b"IDAT", zlib.compress(b"\x00\xff\x00\x00\x00\xff\x00" * 2)),
        (b"IEND", b""),
    ]
)
"""A 2×2 picture, drawn here so that the test needs nothing else."""


def picture_email(cid: str = "board.1@pbem.localhost", filename: str = "board.png"):
    message = EmailMessage()
    message["To"] = "Ann <ann@example.org>"
    message["Subject"] = "Your turn"
    message.set_content("The board is in the HTML part.")
    message.add_alternative(f'<p>Look:</p><img src="cid:{cid}" alt="The board">', subtype="html")
    list(message.iter_parts())[1].add_related(
        PNG, "image", "png", cid=f"<{cid}>", filename=filename, disposition="inline"
    )
    return message


@pytest.fixture
def box(settings, tmp_path):
    demo = replace(settings, mailbox_dir=str(tmp_path / "mail"))
    return mailbox.Maildir(demo.mailbox_dir, create=True), create_app(demo).test_client()


def numbered(box: mailbox.Maildir, count: int) -> list[str]:
    """``count`` messages, stored one after the other (message 0 first, the oldest)."""
    keys = []
    for n in range(count):
        message = EmailMessage()
        message["To"] = f"p{n % 3}@example.org"
        message["Subject"] = f"Message {n}"
        message.set_content("x" * 2000)
        keys.append(box.add(message))
        # Stored times decide the order, whatever the clock's resolution.
        # Maildir's own private names: where the message's file is.
        path = os.path.join(box._path, box._lookup(keys[-1]))  # type: ignore[attr-defined]
        os.utime(path, ns=(n * 1_000_000_000, 1_700_000_000_000_000_000 + n * 1_000_000_000))
    return keys


def subjects(page: str) -> list[str]:
    return re.findall(r'href="/mailbox/[^"?]+">(Message \d+)</a>', page)


def the_frame(page: str) -> str:
    (srcdoc,) = re.findall(r'<iframe[^>]* srcdoc="([^"]*)"', page)
    return unescape(srcdoc)


def test_the_list_shows_fifty_messages_a_page_newest_first(box):
    maildir, client = box
    numbered(maildir, 120)
    first = client.get("/mailbox/").get_data(as_text=True)
    assert subjects(first) == [f"Message {n}" for n in range(119, 69, -1)]
    assert 'href="/mailbox/?page=2"' in first and "Page 1 of 3" in first
    second = client.get("/mailbox/?page=2").get_data(as_text=True)
    assert subjects(second) == [f"Message {n}" for n in range(69, 19, -1)]
    assert 'href="/mailbox/?page=1"' in second and 'href="/mailbox/?page=3"' in second
    third = client.get("/mailbox/?page=3").get_data(as_text=True)
    assert subjects(third) == [f"Message {n}" for n in range(19, -1, -1)]
    assert "page=4" not in third


@pytest.mark.parametrize("page", ["0", "-1", "x", "99999999999", "4", "1.5", "\x00"])
def test_a_page_number_of_any_shape_is_a_page_of_the_list(box, page):
    maildir, client = box
    numbered(maildir, 120)
    response = client.get("/mailbox/", query_string={"page": page})
    assert response.status_code == 200
    assert len(subjects(response.get_data(as_text=True))) in (0, 50)


def test_a_list_page_parses_a_bounded_opening_of_its_own_messages_and_nothing_else(
    box, monkeypatch
):
    maildir, client = box
    numbered(maildir, 120)
    huge = EmailMessage()
    huge["To"] = "ann@example.org"
    huge["Subject"] = "Huge"
    huge.set_content("A first line.\n" + "y" * 1_000_000)
    maildir.add(huge)
    parsed: list[int] = []
    original = email.parser.BytesParser.parsebytes

    def counting(self, text, headersonly=False):
        parsed.append(len(text))
        return original(self, text, headersonly)

    monkeypatch.setattr(email.parser.BytesParser, "parsebytes", counting)
    for page in ("1", "2", "3"):
        parsed.clear()
        assert client.get(f"/mailbox/?page={page}").status_code == 200
        assert 0 < len(parsed) <= 2 * module.PAGE_SIZE, "its headers, then its opening"
        assert max(parsed) < 1024 + module.SNIPPET_BYTES, "headers and an opening, no more"


def test_the_list_shows_only_the_messages_to_a_recipient_when_asked(box):
    maildir, client = box
    numbered(maildir, 120)
    page = client.get("/mailbox/?to=p1@example.org").get_data(as_text=True)
    assert subjects(page) == [f"Message {n}" for n in range(118, 0, -3)][:40]
    assert "Show everyone" in page and "page=2" not in page
    assert 'href="/mailbox/?to=p1%40example.org"' in page


def test_an_email_shows_its_picture_from_the_route_that_serves_its_content_id(box):
    maildir, client = box
    key = maildir.add(picture_email())
    frame = the_frame(client.get(f"/mailbox/{key}").get_data(as_text=True))
    (src,) = re.findall(r'<img src="([^"]+)"', frame)
    assert src == f"/mailbox/{key}/cid/board.1%40pbem.localhost"
    picture = client.get(src)
    assert picture.status_code == 200 and picture.data == PNG
    assert picture.headers["Content-Type"] == "image/png"
    assert picture.headers["X-Content-Type-Options"] == "nosniff"
    assert "default-src 'none'" in picture.headers["Content-Security-Policy"]
    assert "sandbox" in picture.headers["Content-Security-Policy"]
    assert "Content-Disposition" not in picture.headers


@pytest.mark.parametrize(
    "cid", ["nonesuch@pbem.localhost", "board.1", "..%2F..%2Fetc%2Fpasswd", "%00", "x" * 2000]
)
def test_an_unknown_content_id_is_a_404(box, cid):
    maildir, client = box
    key = maildir.add(picture_email())
    assert client.get(f"/mailbox/{key}/cid/{cid}").status_code == 404


@pytest.mark.parametrize("key", ["nonesuch", "..", "%2E%2E", "1.M2P3Q4.host%00", "x" * 300])
def test_an_unknown_message_has_no_parts(box, key):
    maildir, client = box
    maildir.add(picture_email())
    assert client.get(f"/mailbox/{key}/cid/board.1%40pbem.localhost").status_code == 404


def test_a_part_that_is_not_a_picture_is_a_download_that_runs_nothing(box):
    maildir, client = box
    message = picture_email()
    list(message.iter_parts())[1].add_related(
        b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        "image",
        "svg+xml",
        cid="<evil@x>",
    )
    list(message.iter_parts())[1].add_related(
        b"<script>alert(1)</script>", "text", "html", cid="<h@x>"
    )
    key = maildir.add(message)
    for cid in ("evil%40x", "h%40x"):
        response = client.get(f"/mailbox/{key}/cid/{cid}")
        assert response.status_code == 200
        assert response.headers["Content-Type"] == "application/octet-stream"
        assert response.headers["Content-Disposition"] == "attachment"
        assert "sandbox" in response.headers["Content-Security-Policy"]


HOSTILE_CIDS = [
    ('"><script>alert(1)</script>@x', False),
    ("a b@x", False),
    ("../../x@y", True),
    ("ünïcødé@例え.jp", True),
    ("%22%3E@x", True),
]
"""Content-IDs, and whether the email's own ``cid:`` reference to it (written unencoded)
can name it: one that breaks out of its attribute or has a space cannot."""


@pytest.mark.parametrize(("cid", "shown"), HOSTILE_CIDS)
def test_a_hostile_content_id_or_file_name_stays_inside_the_sandboxed_frame(box, cid, shown):
    maildir, client = box
    name = '"><img src=x onerror=alert(1)>.png'
    key = maildir.add(picture_email(cid=cid, filename=name))
    page = client.get(f"/mailbox/{key}").get_data(as_text=True)
    assert "<script>alert(1)" not in page.replace(the_frame(page), "")
    assert "onerror=alert(1)>" not in page
    assert re.search(r"<iframe[^>]* sandbox=\"[^\"]*\"", page)
    served = re.findall(r'src="(/mailbox/[^"]+/cid/[^"]+)"', the_frame(page))
    assert len(served) == shown
    for src in served:
        assert set(src) <= set("/%.-_~" + "abcdefghijklmnopqrstuvwxyz") | set(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        ) | set(key)
        response = client.get(src)
        assert response.status_code == 200 and response.data == PNG


def test_the_list_reads_at_most_a_bounded_head_of_a_message_whose_headers_never_end(
    box, monkeypatch
):
    maildir, client = box
    maildir.add(b"To: ann@example.org\r\nSubject: Long\r\nX-Long: " + b"x" * 2_000_000)
    maildir.add(b"To: bob@example.org\r\nSubject: Short\r\n\r\nbody")
    parsed: list[int] = []
    original = email.parser.BytesParser.parsebytes

    def counting(self, text, headersonly=False):
        parsed.append(len(text))
        return original(self, text, headersonly)

    monkeypatch.setattr(email.parser.BytesParser, "parsebytes", counting)
    page = client.get("/mailbox/").get_data(as_text=True)
    assert ">Long</a>" in page and ">Short</a>" in page
    assert len(parsed) == 4 and max(parsed) <= module.HEAD_LIMIT + 2 + module.SNIPPET_BYTES


def snippets(page: str) -> list[str]:
    return [unescape(s) for s in re.findall(r'<span class="muted snippet">([^<]*)</span>', page)]


def test_each_listed_email_shows_the_first_line_of_its_text_beside_its_subject(
    box, client, settings
):
    """Every email of a game has one subject; what tells them apart in a list is the first
    line of each one's text, which says what changed."""

    maildir, mailbox_client = box
    players = ["Олена <olena@example.org>", "Bob <bob@example.org>"]
    assert (
        client.post("/api/games", json={"game": "tictactoe", "players": players}).status_code == 201
    )
    with sessions(settings.database_url)() as session:
        rows = session.scalars(select(OutboxRow).order_by(OutboxRow.id)).all()
        sent = [compose(session, settings, row) for row in rows]
    firsts = []
    for outgoing in sent:
        assert isinstance(outgoing, Outgoing)
        maildir.add(outgoing.message.as_bytes())
        text = outgoing.message.get_body(("plain",)).get_content()
        firsts.append(next(line.strip() for line in text.splitlines() if line.strip()))
    page = mailbox_client.get("/mailbox/").get_data(as_text=True)
    assert sorted(snippets(page)) == sorted(firsts)
    assert all(firsts), firsts


@pytest.mark.parametrize(
    ("body", "shown"),
    [
        ("<b>bold</b>\x00\x1b[31m & more\n", "<b>bold</b> [31m & more"),
        ("\n\n   \n  second   line  \n", "second line"),
        ("z" * 500, "z" * 139 + "…"),
    ],
)
def test_a_snippet_is_one_line_of_text_escaped_folded_and_cut(box, body, shown):
    maildir, client = box
    message = EmailMessage()
    message["To"] = "ann@example.org"
    message["Subject"] = "Hostile"
    message.set_content(body)
    maildir.add(message)
    page = client.get("/mailbox/").get_data(as_text=True)
    assert snippets(page) == [shown]
    assert "<b>bold</b>" not in page


HEAD = b"To: ann@example.org\r\nSubject: S\r\n"


@pytest.mark.parametrize(
    "raw",
    [
        HEAD + b"Content-Type: text/plain; charset=x-nothing\r\n\r\nhi\xff",
        HEAD + b"Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n",
        HEAD + b"Content-Transfer-Encoding: base64\r\n\r\n%%%=",
        HEAD + b"Content-Type: text/html\r\n\r\n<p>only html</p>",
    ],
)
def test_a_message_no_reader_could_read_is_listed_without_a_snippet(box, raw):
    maildir, client = box
    maildir.add(raw)
    response = client.get("/mailbox/")
    assert response.status_code == 200
    assert ">S</a>" in response.get_data(as_text=True)
    assert all("only html" not in s for s in snippets(response.get_data(as_text=True)))
