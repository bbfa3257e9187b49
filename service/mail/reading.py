"""Reading a received message as text (issue 18): parsed defensively, robots told apart,
the quoted original and signatures stripped, the meaningful lines left.

Every byte is hostile (issue 31 §4): the headers are read alone first (:func:`head`, the
header block without the body), so who sent a message and whether a robot did is settled
before any body is parsed; a body is parsed only when its MIME delimiters number at most
:data:`MAX_PARTS` (:func:`delimiters` counts them in one pass over the bytes); parts are
walked to a fixed depth, an unknown or broken charset is decoded with replacement, and an
HTML-only reply is turned into text by ``html2text``.
"""

from __future__ import annotations

import codecs
import re
from email import policy
from email.message import Message
from email.parser import BytesHeaderParser, BytesParser

import html2text
from mailparser_reply import EmailReplyParser
from mailparser_reply.constants import MAIL_LANGUAGES

MAX_DEPTH = 8
"""MIME nesting we look into: a reply is a text part, perhaps beside HTML, perhaps inside a
signed or mixed container; deeper nesting is noise (or an attack on the parser)."""
MAX_PARTS = 200
"""MIME parts a message may have to be read at all: a reply is a handful (text, HTML, the
pictures a client re-attaches, a signature's logo). The standard parser spends about 50 µs
on each part, however empty: a message of 60 000 parts held a worker for 30 s."""
MAX_HEADER_BYTES = 256 * 1024
"""The header block read: far above any real one (a message through several servers, each
adding its signatures and stamps, has a few tens of kB)."""
MAX_FIELD = 4096
"""Characters of one header field decoded: an address list or an encoded Subject is parsed
in time that grows faster than its length, and no field we read is longer."""
BOUNDARY = re.compile(rb"""boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))""", re.I)
DELIMITER_LINE = re.compile(rb"^--([^\r\n]{0,202})", re.M)
MAX_TEXT = 64 * 1024
"""Characters of the reply's text we read: commands are a few short lines at its top."""
MAX_LINES = 12
"""Meaningful lines we act on: a reply is a few codes or commands, not a letter."""

OUT_OF_OFFICE = re.compile(
    r"\s*(out of (the )?office|auto(matic)?[ -]?repl|autorespon|abwesenheit|absence|"
    r"r[ée]ponse automatique|respuesta autom[aá]tica|fuera de la oficina|"
    r"автоответ|автоматический ответ|вне офиса|автовідповідь|автоматична відповідь|"
    r"自動応答|自動返信|不在)",
    re.IGNORECASE,
)
"""How the subject of an out-of-office answer begins, in the languages we serve and a few
more (many such robots send no Auto-Submitted header). Only its beginning: a person's reply
begins "Re:", and our own subjects may say "away" (不在) in a table notice."""
ROBOT_SENDERS = re.compile(r"(mailer-daemon|postmaster|noreply|no-reply|do-not-reply)@", re.I)
ATTRIBUTION_END = (":", "：")
"""How a client's line before the quoted original ends ("On ... wrote:", "... 書きました：")."""
SIGNATURE = re.compile(r"^(-- ?|--|__+|—+)$")


def header_block(raw: bytes) -> bytes:
    """The message's header block: its bytes up to the first empty line (CRLF or bare LF),
    at most :data:`MAX_HEADER_BYTES`."""
    ends = [at for at in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if at >= 0]
    end = min(ends) if ends else len(raw)
    return raw[: min(end, MAX_HEADER_BYTES)]


def head(raw: bytes) -> Message:
    """The message's headers alone, parsed without the body (which is never looked at):
    the fields are kept as they came (``compat32``), each decoded only when read, by
    :func:`header`."""
    return BytesHeaderParser(policy=policy.compat32).parsebytes(header_block(raw) + b"\r\n\r\n")


def fields(message: Message, name: str) -> list[str]:
    """Every ``name`` field of ``message`` as it came (unfolded), each cut to
    :data:`MAX_FIELD` characters."""
    try:
        found = message.get_all(name) or []
    except (ValueError, TypeError, IndexError, LookupError):
        return []
    return [_unfolded(value)[:MAX_FIELD] for value in found]


def _unfolded(value: object) -> str:
    text = value if isinstance(value, str) else str(value)
    return re.sub(r"\r?\n[ \t]", " ", text)


def header(message: Message, name: str) -> str:
    """A header's value as text (RFC 2047 encoded words decoded), ``""`` when absent or
    unreadable; the first field of that name, cut to :data:`MAX_FIELD` characters."""
    found = fields(message, name)
    if not found:
        return ""
    try:
        return str(policy.default.header_factory(name, found[0])).strip()
    except (ValueError, TypeError, IndexError, LookupError, AttributeError):
        return found[0].strip()


def delimiters(raw: bytes, beyond: int | None = None) -> int:
    """How many MIME delimiter lines ``raw`` holds, opening and closing, of every boundary
    it declares anywhere (a nested part declares its own): one pass over the bytes, no
    parse, stopping once past ``beyond``. Each part begins at one, so this bounds the parts
    a parser would make."""
    declared = {a or b for a, b in BOUNDARY.findall(raw)}
    if not declared:
        return 0
    count = 0
    for match in DELIMITER_LINE.finditer(raw):
        # RFC 2046 §5.1.1: "--" boundary, then "--" on the closing one, then white space.
        line = match.group(1).rstrip(b" \t")
        if line in declared or (line.endswith(b"--") and line[:-2] in declared):
            count += 1
            if beyond is not None and count > beyond:
                break
    return count


def too_many_parts(raw: bytes) -> bool:
    """Whether ``raw`` has more MIME delimiters than a reply is read with
    (:data:`MAX_PARTS`): the door refuses it, the reader reads nothing of it."""
    return delimiters(raw, beyond=MAX_PARTS) > MAX_PARTS


def body(raw: bytes) -> Message | None:
    """The whole message parsed (``compat32``: its parts are only walked and decoded), or
    None when it has more than :data:`MAX_PARTS` MIME delimiters: then nothing is parsed."""
    if too_many_parts(raw):
        return None
    return BytesParser(policy=policy.compat32).parsebytes(raw)


def robot(message: Message, mail_from: str) -> str | None:
    """Why ``message`` is an automatic one (never answered, never a move: no mail loops), or
    None for a person's reply."""
    if mail_from.strip() in ("", "<>"):
        return "empty envelope sender"
    auto = header(message, "Auto-Submitted").casefold()
    if auto and not auto.startswith("no"):
        return "Auto-Submitted"  # RFC 3834 §5
    for name in ("X-Autoreply", "X-Autorespond", "X-Autoresponse", "X-Failed-Recipients"):
        if header(message, name):
            return name
    if header(message, "Precedence").casefold() in ("bulk", "junk", "list", "auto_reply"):
        return "Precedence"
    if message.get_content_type() == "multipart/report":
        return "delivery report"  # RFC 6522: bounces and read receipts
    if header(message, "List-Id"):
        return "mailing list"
    if ROBOT_SENDERS.search(header(message, "From")) or ROBOT_SENDERS.search(mail_from):
        return "robot sender"
    if OUT_OF_OFFICE.match(header(message, "Subject")):
        return "out of office"
    return None


def _charset(part: Message) -> str:
    name = part.get_content_charset() or "utf-8"
    try:
        codecs.lookup(name)
    except LookupError:
        return "utf-8"
    return name


def _decoded(part: Message) -> str:
    try:
        payload = part.get_payload(decode=True)
    except (ValueError, TypeError, AssertionError):
        return ""
    if not isinstance(payload, bytes):
        return ""
    try:
        return payload[: MAX_TEXT * 4].decode(_charset(part), errors="replace")
    except (LookupError, ValueError):
        return payload[: MAX_TEXT * 4].decode("utf-8", errors="replace")


def _parts(message: Message) -> list[Message]:
    """Leaf parts to ``MAX_DEPTH`` (iteratively: no recursion for a hostile depth)."""
    found: list[Message] = []
    stack: list[tuple[Message, int]] = [(message, 0)]
    seen = 0
    while stack and seen < MAX_PARTS:
        part, depth = stack.pop()
        seen += 1
        if part.is_multipart():
            if depth >= MAX_DEPTH:
                continue
            inner = part.get_payload()
            if isinstance(inner, list):
                stack.extend((p, depth + 1) for p in reversed(inner) if isinstance(p, Message))
        else:
            found.append(part)
    return found


def text(message: Message) -> str:
    """The reply's own text: its first plain-text part, else its first HTML part as text."""
    leaves = [
        p
        for p in _parts(message)
        if (p.get_content_disposition() or "inline") == "inline"
        and p.get_content_maintype() == "text"
    ]
    for wanted in ("text/plain", "text/html"):
        for part in leaves:
            if part.get_content_type() == wanted:
                body = _decoded(part)[:MAX_TEXT]
                return _html_text(body) if wanted == "text/html" else body
    return ""


def _html_text(html: str) -> str:
    converter = html2text.HTML2Text(bodywidth=0)
    converter.ignore_images = True
    converter.ignore_links = True
    converter.ignore_emphasis = True
    return converter.handle(html)


_PARSER = EmailReplyParser(languages=list(MAIL_LANGUAGES))


def meaningful(body: str) -> list[str]:
    """The lines a player wrote, first first: without the quoted original (below or after
    an attribution line) and without a signature."""
    body = body.replace("\r\n", "\n").replace("\r", "\n")[:MAX_TEXT]
    try:
        replies = _PARSER.read(body).replies
        own = replies[0].body if replies else body
    except (re.error, IndexError, ValueError, RecursionError):
        own = body
    lines: list[str] = []
    for line in own.split("\n"):
        stripped = line.strip()
        if stripped.startswith(">"):
            # The quote a client adds under its attribution line, in any language.
            if lines and lines[-1].endswith(ATTRIBUTION_END):
                lines.pop()
            break
        if SIGNATURE.match(stripped):
            break
        if stripped:
            lines.append(stripped)
        if len(lines) > MAX_LINES:
            break
    return lines[:MAX_LINES]
