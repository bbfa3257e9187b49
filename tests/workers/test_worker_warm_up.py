"""Issue 34 §2: a worker loads what every email reads when it starts, not on its first jobs
(a fresh worker's first emails cost three to four times a warm one's)."""

from __future__ import annotations

from rq import Queue

from engine import registry
from service import boards, words
from service.boards import drawing
from service.mail import compose
from service.mail.queue import connection
from workers.process import Worker
from workers.warm import EMAIL_TEMPLATES


def test_a_started_worker_has_every_catalog_font_backdrop_and_label_layout_loaded(settings):
    drawing.forget()
    words.catalog.cache_clear()
    assert compose._env.cache is not None
    compose._env.cache.clear()
    queue = Queue(settings.queue_name, connection=connection(settings.redis_url))

    Worker([queue], connection=queue.connection).work(burst=True)  # an empty queue

    domains = {words.DOMAIN, "engine", *registry.GAMES}
    assert words.catalog.cache_info().currsize == len(domains) * len(words.LANGUAGES)
    assert drawing._font.cache_info().currsize > 0, "fonts"
    assert drawing._width.cache_info().currsize > 0, "label layouts"
    assert drawing._mask.cache_info().currsize > 0, "rendered labels"
    pictured = [n for n in registry.GAMES if boards._board(n).picture is not None]
    assert len(drawing._CANVASES) == min(len(pictured), drawing.CANVASES_KEPT)
    backdrops = [layer for layer in drawing._CANVASES if layer[3]]
    assert drawing._backdrop.cache_info().currsize == len(backdrops) > 0
    for name in EMAIL_TEMPLATES:
        assert compose._env.cache is not None
        assert any(key[1] == name for key in compose._env.cache), name
