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


def test_a_worker_keeps_freed_picture_buffers_out_of_its_heap_before_it_draws(
    settings, monkeypatch
):
    """Issue 34 §4: glibc's malloc is told to keep large blocks mapped on their own, so a
    picture's freed buffers go back to the system, before the warm-up's first picture."""
    from workers import process

    said: list[str] = []
    monkeypatch.setattr(process, "unmap_freed_pictures", lambda: said.append("unmap") or True)
    monkeypatch.setattr(process, "warm_up", lambda: said.append("warm"))
    queue = Queue(settings.queue_name, connection=connection(settings.redis_url))

    Worker([queue], connection=queue.connection).work(burst=True)

    assert said == ["unmap", "warm"]


def test_the_c_library_here_takes_the_fixed_mapping_threshold():
    from workers.process import unmap_freed_pictures

    assert unmap_freed_pictures()  # glibc, as in the image (Debian) and on these machines
