"""A database outage a test switches on and off, on the suite's own database
(:func:`outage_for` picks the kind from its URL), so a fault test runs on both passes.

PostgreSQL: a "restart". The service is given a URL through a small TCP proxy (asyncio, in
a thread of the test process) to the real server; :meth:`start` drops every connection and
stops listening (new ones are refused), :meth:`stop` listens again on the same port.

SQLite: another connection holds ``BEGIN EXCLUSIVE`` on the database file: every
transaction of the service (each begins ``IMMEDIATE``) waits for it, then fails "database is
locked". The service's URL is the same file under another spelling, whose engine waits
:data:`BUSY_MS` for a lock instead of production's 30 s (a wait given by the test, as a
claim's lifetime is), so the outage shows in a second rather than half a minute.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from sqlalchemy import event, make_url

from service.cli.localnet import free_port
from service.store.db import engine_for

BUSY_MS = 1000


class Outage(Protocol):
    url: str
    """The URL the service under test is given: through the outage."""

    def start(self) -> None: ...

    def stop(self) -> None: ...


class LockedFile:
    def __init__(self, url: str) -> None:
        self.path = make_url(url).database or ""
        self.url = f"{url}?timeout={BUSY_MS / 1000:g}"
        self.holder = sqlite3.connect(
            self.path, timeout=30, isolation_level=None, check_same_thread=False
        )
        self.engine = engine_for(self.url)
        event.listen(self.engine, "connect", self._short_wait)

    @staticmethod
    def _short_wait(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute(f"PRAGMA busy_timeout={BUSY_MS}")

    def start(self) -> None:
        self.holder.execute("BEGIN EXCLUSIVE")

    def stop(self) -> None:
        self.holder.execute("ROLLBACK")

    def close(self) -> None:
        if self.holder.in_transaction:
            self.stop()
        self.holder.close()
        event.remove(self.engine, "connect", self._short_wait)
        self.engine.dispose()


class Proxy:
    """A TCP proxy to the database server that can drop everything and refuse for a while."""

    def __init__(self, url: str) -> None:
        given = make_url(url)
        self.target = (given.host or "127.0.0.1", given.port or 5432)
        self.port = free_port()
        self.url = given.set(host="127.0.0.1", port=self.port).render_as_string(hide_password=False)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server: asyncio.Server | None = None
        self.open: set[asyncio.StreamWriter] = set()
        self._call(self._listen())

    def _call(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=30)

    async def _listen(self) -> None:
        self.server = await asyncio.start_server(
            self._serve, "127.0.0.1", self.port, reuse_address=True
        )

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self.open |= {writer, up_writer}
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self.open.discard(writer)
            writer.transport.abort()

    async def _cut(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in list(self.open):
            writer.transport.abort()
        self.open.clear()
        self.server = None

    def start(self) -> None:
        self._call(self._cut())

    def stop(self) -> None:
        self._call(self._listen())

    async def _shut(self) -> None:
        if self.server is not None:
            await self._cut()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def close(self) -> None:
        engine_for(self.url).dispose()
        self._call(self._shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=30)
        self.loop.close()


@contextmanager
def outage_for(url: str) -> Iterator[Outage]:
    """The outage of the database at ``url``: a locked file or a restarted server."""
    outage: LockedFile | Proxy
    outage = LockedFile(url) if make_url(url).get_backend_name() == "sqlite" else Proxy(url)
    try:
        yield outage
    finally:
        outage.close()
