"""A push service in the test process (RFC 8030), and a browser's subscription to it: what a
test sends Web Push messages to, then reads back and decrypts as the browser would."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from service.store.models import ChannelRow


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """Takes every POST, records it, and answers ``status`` (201: created), or what
    ``answers`` says for a path."""

    url: str = ""
    received: list[Received] = field(default_factory=list)
    answers: dict[str, int] = field(default_factory=dict)
    status: int = 201

    def serve(self) -> ThreadingHTTPServer:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                service.received.append(
                    Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                status = service.answers.get(self.path, service.status)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{server.server_address[1]}"
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server


@dataclass
class Browser:
    """One browser's subscription: its own ECDH P-256 key pair and 16-byte auth secret."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: __import__("os").urandom(16))

    @property
    def p256dh(self) -> str:
        return b64url(
            self.key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    def channel(self) -> ChannelRow:
        return ChannelRow(
            kind="push",
            flavour="webpush",
            target=self.endpoint,
            keys={"p256dh": self.p256dh, "auth": b64url(self.auth)},
        )

    def read(self, body: bytes) -> dict[str, Any]:
        """Decrypt a message as the browser does (RFC 8291, aes128gcm) and parse its JSON."""
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return dict(json.loads(plain.decode("utf-8")))


@contextmanager
def running() -> Iterator[PushService]:
    """A push service listening on the loopback address until the block ends."""
    found = PushService()
    server = found.serve()
    try:
        yield found
    finally:
        server.shutdown()
