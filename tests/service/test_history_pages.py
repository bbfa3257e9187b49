"""The history in pages and the replay step by step at any length (issue 19): the first page
holds the newest events, "Older events" leads back to the first with no event lost or
repeated, and a page or a step reads its own events from the newest snapshot before them,
never the whole log."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape

import pytest
from sqlalchemy import event, select

from engine import registry
from service.audit import history
from service.play import slowplay
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, SnapshotRow
from service.web.history import PAGE, story
from tests.service.test_costly_pages import read, statements
from tests.service.test_eventstore import play
from tests.service.test_history import decide, rows

OLDER = re.compile(r'<a href="([^"]+)">Older events')
NEWER = re.compile(r'<a href="([^"]+)">‹ Newer events')


def remind(settings, game_id: str, count: int) -> None:
    """``count`` reminders appended in batches of at most ``SNAPSHOT_EVERY``, as a slow game
    collects them; snapshots are written as moves write them, one every so many events."""
    while count > 0:
        batch = min(count, settings.snapshot_every)
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            seat = sorted(loaded.game.to_act(loaded.state) or loaded.table.seats)[0]
            reminders = [{"type": "table.reminded", "seat": seat, "number": 1}] * batch
            eventstore.record(
                s, loaded, reminders, None, snapshot_every=settings.snapshot_every
            )  # fmt: skip
        count -= batch


def last_seq(settings, game_id: str) -> int:
    with sessions(settings.database_url)() as s:
        return eventstore.get_row(s, game_id).last_seq


def long_game(settings, length: int) -> str:
    """A tic-tac-toe game of two moves followed by reminders, ``length`` events in all."""
    game_id = play(settings, 2)
    remind(settings, game_id, length - last_seq(settings, game_id))
    assert last_seq(settings, game_id) == length
    return game_id


def taken_back_across_a_snapshot(settings, snapshots: int = 1, reminded: int = 0) -> str:
    """A game whose decision began before a snapshot (the ``snapshots``-th) and was taken
    back after it (``reminded`` reminders between): narrating the events after the snapshot
    needs the game before that decision. Moves and reminders follow, past two pages."""
    every = settings.snapshot_every
    game_id = play(settings, 2)
    # The next decision (two events) ends exactly on a snapshot.
    remind(settings, game_id, snapshots * every - 2 - last_seq(settings, game_id))
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        (waiting,) = loaded.game.to_act(loaded.state)
    other = "p1" if waiting == "p2" else "p2"
    decide(settings, game_id, waiting)
    assert last_seq(settings, game_id) == snapshots * every
    remind(settings, game_id, reminded)
    with sessions(settings.database_url).begin() as s:
        slowplay.request_takeback(s, game_id, waiting, 0)
    with sessions(settings.database_url).begin() as s:
        slowplay.answer_takeback(s, game_id, other, 0, True)
    with sessions(settings.database_url)() as s:
        found = set(s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id)))
    assert snapshots * every in found, "the decision taken back ends on a snapshot"
    decide(settings, game_id, waiting)
    remind(settings, game_id, 2 * PAGE + 7)
    decide(settings, game_id, other)
    return game_id


@contextmanager
def event_rows_loaded() -> Iterator[list[int]]:
    """The seq of every event row read into an object meanwhile."""
    seqs: list[int] = []

    def loaded(target: EventRow, context) -> None:
        seqs.append(target.seq)

    event.listen(EventRow, "load", loaded)
    try:
        yield seqs
    finally:
        event.remove(EventRow, "load", loaded)


def pages(client, url: str) -> list[list[int]]:
    """The seqs on each page of a history, from the first page back along "Older events"."""
    found = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, response.get_data(as_text=True)
        html = response.get_data(as_text=True)
        found.append(rows(html))
        older = OLDER.search(html)
        url = unescape(older.group(1)) if older else None
    return found


def test_the_first_page_holds_the_newest_events_and_older_pages_lead_to_the_first_with_none_lost_or_repeated(  # noqa: E501
    client, settings
):
    game_id = taken_back_across_a_snapshot(settings)
    last = last_seq(settings, game_id)
    assert last > 2 * PAGE
    found = pages(client, f"/games/{game_id}/history?all=1")
    assert found[0] == list(range(last - PAGE + 1, last + 1)), "the newest events first"
    assert len(found) == -(-last // PAGE)
    everything = [seq for page in reversed(found) for seq in page]
    assert everything == list(range(1, last + 1)), "every event once, in order"


def test_the_story_view_pages_back_through_the_whole_story(client, settings):
    game_id = taken_back_across_a_snapshot(settings)
    with sessions(settings.database_url)() as s:
        record = history.load(s, game_id)
        told = story(history.entries(record, history.SPECTATOR), record.finished, 0)
    found = pages(client, f"/games/{game_id}/history")
    assert len(found) > 1
    assert [seq for page in reversed(found) for seq in page] == sorted(told)


def test_a_replay_step_links_to_the_history_page_that_shows_it(client, settings):
    game_id = long_game(settings, 3 * PAGE + 10)
    for step in (1, PAGE + 3, 2 * PAGE, 3 * PAGE + 10):
        html = client.get(f"/games/{game_id}/replay/{step}").get_data(as_text=True)
        link = unescape(re.search(r'<a href="([^"]+)">History</a>', html).group(1))
        assert link.endswith(f"#e{step}")
        assert step in rows(client.get(link).get_data(as_text=True))


def test_a_newer_link_leads_back_to_the_page_before(client, settings):
    game_id = long_game(settings, 3 * PAGE + 10)
    first = client.get(f"/games/{game_id}/history?all=1").get_data(as_text=True)
    assert not NEWER.search(first), "the first page is the newest"
    older = unescape(OLDER.search(first).group(1))
    second = client.get(older).get_data(as_text=True)
    back = client.get(unescape(NEWER.search(second).group(1))).get_data(as_text=True)
    assert rows(back) == rows(first)


def test_a_takeback_behind_a_snapshot_folds_again_from_the_snapshot_before_its_decision(
    settings,
):
    """Issue 19: the cost stays a snapshot's worth of events however long the game, even
    when the stretch meets a takeback of a decision begun before its snapshot: the fold
    starts again from the newest snapshot before that decision, not from the first event."""
    every = settings.snapshot_every
    game_id = taken_back_across_a_snapshot(settings, snapshots=3, reminded=2)
    game = registry.get("tictactoe")
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        whole = eventstore.load_from_start(s, row, game)
        with event_rows_loaded() as seqs:
            part = eventstore.stretch(s, row, game, 3 * every + 1, row.last_seq)
    assert part.steps[-1].state == whole.state
    assert min(seqs) > every, "not folded from the first event: from the snapshot before"
    assert len(seqs) <= (row.last_seq - 2 * every) + (row.last_seq - 3 * every)


def test_each_page_and_step_tells_its_events_as_the_whole_log_tells_them(settings):
    """Paged from the newest snapshot before it, a stretch reads as the whole log folded from
    the first event reads: turns, names, bots, takebacks (one of a decision begun before the
    snapshot) and hidden information alike."""
    game_id = taken_back_across_a_snapshot(settings)
    last = last_seq(settings, game_id)
    with sessions(settings.database_url)() as s:
        whole = history.load(s, game_id)
        told = {
            viewer: history.entries(whole, viewer)
            for viewer in (history.SPECTATOR, whole.viewer("p1", 0), whole.viewer("p2", 0))
        }
        assert any(e.undone for e in told[history.SPECTATOR])
        windows = [(a, min(a + PAGE - 1, last)) for a in range(1, last + 1, PAGE)]
        windows += [(last - PAGE + 1, last)] + [(k, k) for k in range(1, last + 1, 7)]
        # Starting on the snapshot the decision taken back ends on.
        every = settings.snapshot_every
        windows += [(every + 1, every + PAGE)] + [(k, k) for k in range(every + 1, every + 6)]
        for first, end in windows:
            part = history.load(s, game_id, first, end)
            for viewer, entries in told.items():
                assert history.entries(part, viewer) == entries[first - 1 : end], (first, end)
            assert part.state_after(end) == whole.state_after(end)


@pytest.mark.parametrize("length", [100, 1_000])
def test_the_first_page_and_a_replay_step_read_a_page_and_a_snapshots_worth_of_events(
    client, settings, length
):
    game_id = long_game(settings, length)
    every = settings.snapshot_every
    eventstore.forget_states()
    with event_rows_loaded() as first_page:
        assert client.get(f"/games/{game_id}/history").status_code == 200
    assert max(first_page) == length
    assert len(first_page) <= PAGE + every, "the first page reads the newest events only"
    eventstore.forget_states()
    with event_rows_loaded() as everything:
        assert client.get(f"/games/{game_id}/history?all=1").status_code == 200
    assert len(everything) <= PAGE + every
    eventstore.forget_states()
    with event_rows_loaded() as step:
        assert client.get(f"/games/{game_id}/replay/{length // 2}").status_code == 200
    assert len(step) <= every, "a step reads from the snapshot before it"
    eventstore.forget_states()
    with event_rows_loaded() as middle:
        assert client.get(f"/games/{game_id}/history?before={length // 2}").status_code == 200
    assert len(middle) <= PAGE + every


@pytest.mark.parametrize("before", ["x", "-3", "1_0", "١٢", "3.5", "9" * 12])
def test_a_page_cursor_that_is_no_event_number_is_a_clear_400(client, settings, before):
    game_id = play(settings, 2)
    with statements(settings) as seen:
        refused = client.get(f"/games/{game_id}/history?before={before}")
    assert refused.status_code == 400
    assert "A page of the history starts before an event" in refused.get_data(as_text=True)
    assert not read(seen, "events") and not read(seen, "snapshots"), seen


def test_a_cursor_past_the_log_shows_the_newest_page(client, settings):
    game_id = play(settings, 2)
    newest = rows(client.get(f"/games/{game_id}/history?all=1").get_data(as_text=True))
    beyond = client.get(f"/games/{game_id}/history?all=1&before=999999")
    assert beyond.status_code == 200 and rows(beyond.get_data(as_text=True)) == newest


def test_the_turn_filter_pages_within_its_turn(client, settings):
    game_id = taken_back_across_a_snapshot(settings)
    with sessions(settings.database_url)() as s:
        whole = history.entries(history.load(s, game_id), history.SPECTATOR)
    turns = {e.turn for e in whole}
    for turn in sorted(turns):
        expected = [e.seq for e in whole if e.turn == turn]
        found = pages(client, f"/games/{game_id}/history?all=1&turn={turn}")
        assert [seq for page in reversed(found) for seq in page] == expected, turn
    beyond = client.get(f"/games/{game_id}/history?all=1&turn={max(turns) + 1}")
    assert beyond.status_code == 200 and rows(beyond.get_data(as_text=True)) == []


def test_the_log_of_a_game_going_on_is_refused_before_any_event_or_snapshot_is_read(
    client, settings
):
    game_id = long_game(settings, 120)
    with statements(settings) as seen:
        refused = client.get(f"/games/{game_id}/log.jsonl")
    assert refused.status_code == 403
    assert not read(seen, "events") and not read(seen, "snapshots"), seen


def test_switching_between_the_story_and_every_row_stays_on_the_same_events(client, settings):
    game_id = long_game(settings, 3 * PAGE + 10)
    older = f"/games/{game_id}/history?all=1&before={PAGE + 5}"
    html = client.get(older).get_data(as_text=True)
    story_link = unescape(re.search(r'<a href="([^"]+)">Show the story only', html).group(1))
    assert story_link == f"/games/{game_id}/history?before={PAGE + 5}"
    told = client.get(story_link).get_data(as_text=True)
    every_link = unescape(re.search(r'<a href="([^"]+)" id="show-everything">', told).group(1))
    assert rows(client.get(every_link).get_data(as_text=True)) == rows(html)
