"""A webhook's receiver in the test process (issue 36): a real HTTP server on loopback that
stands for Discord, Slack or a generic JSON receiver, keeps every post it is sent, and
answers each path with the statuses it is told (200 once they run out)."""

from __future__ import annotations

import json
import threading
from collections import defaultdict, deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Post:
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class Receiver:
    def __init__(self) -> None:
        self.posts: list[Post] = []
        self.answers: dict[str, deque[int]] = defaultdict(deque)
        self.always: dict[str, int] = {}
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                receiver.posts.append(Post(self.path, dict(self.headers.items()), body))
                queued = receiver.answers[self.path]
                status = queued.popleft() if queued else receiver.always.get(self.path, 200)
                self.send_response(status)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> Receiver:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def at(self, path: str) -> list[Post]:
        return [p for p in self.posts if p.path == path]
