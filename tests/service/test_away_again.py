"""A second absence (issue 32 §4): "away until the 8th" after "away until the 12th" shortens
the absence, it does not add to it. The new days replace the earlier absence they overlap
(its days already lived stay: deadlines counted them); an absence apart from it stays; the
same days again record nothing and tell nobody. Before, both absences paused the deadline,
so shortening one moved the deadline later again (Dec 9 → Dec 15), and the table was told
of each."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, timedelta

import pytest
from freezegun import freeze_time
from hypothesis import given
from hypothesis import strategies as st

from service import words
from service.mail import reply_commands
from service.play.games import create_game
from service.play.holders import seat_row
from service.present import notices
from service.store import eventstore
from service.store.db import sessions
from service.table import schedule
from service.table.state import Table, days_away, fold_event, with_absence
from tests.service.test_reply_commands import (
    NOW,
    TODAY,
    Game,
    done,
    kinds,
    new_game,
    table,
)

pytestmark = pytest.mark.usefixtures("regulars")


def deadline(settings, game_id: str, seat: str) -> datetime:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
    clock = loaded.table.clock(seat)
    assert clock is not None
    return schedule.deadline(loaded.table, clock)


def test_a_second_away_by_reply_shortening_the_first_moves_the_deadline_as_it_alone_would(
    settings,
):
    both, alone = new_game(settings, mover="ru"), _other_players(settings)
    first = done(settings, both.id, both.mover, "нет до 12.12.2026")
    assert kinds(settings, first.outbox_ids) == [("away", both.waiter)]
    longer = deadline(settings, both.id, both.mover)
    second = done(settings, both.id, both.mover, "нет до 8.12.2026")
    done(settings, alone.id, alone.mover, "нет до 8.12.2026")
    assert deadline(settings, both.id, both.mover) == deadline(settings, alone.id, alone.mover)
    assert deadline(settings, both.id, both.mover) < longer, "shortened, not lengthened"
    assert table(settings, both.id).away == ((both.mover, TODAY.isoformat(), "2026-12-08"),)
    assert kinds(settings, second.outbox_ids) == [("away", both.waiter)], "told the new days"
    with sessions(settings.database_url)() as s, words.speaking("en"):
        loaded = eventstore.load(s, both.id)
        (player,) = [p for p in notices.statuses(loaded) if p["seat"] == both.mover]
    assert len(player["notes"]) == 1, "one absence shown, not two"


def _other_players(settings) -> Game:
    """A game like :func:`new_game`'s of two other players, begun at the same moment."""
    with freeze_time(NOW), sessions(settings.database_url).begin() as s:
        loaded = create_game(s, "tictactoe", ["dee@example.org", "eve@example.org"]).loaded
        (first,) = loaded.game.to_act(loaded.state)
        seat_row(loaded.row, first).language = "ru"
        return Game(loaded.row.id, first, "p2" if first == "p1" else "p1")


def test_the_same_days_again_record_nothing_and_tell_nobody(settings):
    g = new_game(settings, mover="ja")
    done(settings, g.id, g.mover, "12月24日まで不在")
    before = _seq(settings, g.id)
    again = done(settings, g.id, g.mover, "不在 2026-12-24")
    assert again.outbox_ids == [], "the table is not told twice"
    assert again.text == "その日はすでに不在になっています。何も変わりません。"
    assert _seq(settings, g.id) == before, "nothing recorded"


def _seq(settings, game_id: str) -> int:
    with sessions(settings.database_url)() as s:
        return eventstore.get_row(s, game_id).last_seq


def test_an_absence_apart_from_the_first_is_added_to_it(settings):
    g = new_game(settings)
    done(settings, g.id, g.mover, "away from 2026-12-20 to 2027-01-03")
    done(settings, g.id, g.mover, "away until 2026-11-30")
    assert sorted(table(settings, g.id).away) == [
        (g.mover, TODAY.isoformat(), "2026-11-30"),
        (g.mover, "2026-12-20", "2027-01-03"),
    ]


def test_days_already_lived_away_stay_counted_when_the_absence_is_cut_short(settings):
    g = new_game(settings, mover="es")
    done(settings, g.id, g.mover, "ausente hasta el 12 de diciembre")
    later = NOW + timedelta(days=5)
    with freeze_time(later), sessions(settings.database_url).begin() as s:
        holder = seat_row(eventstore.load(s, g.id).row, g.mover)
        with words.speaking(holder.language):
            said = reply_commands.run(
                s, settings, g.id, g.mover, 0, holder.email, "ausente hasta el 3 de diciembre"
            )
    assert said is not None and said.ok, said
    assert table(settings, g.id).away == (
        (g.mover, TODAY.isoformat(), "2026-11-30"),
        (g.mover, "2026-12-01", "2026-12-03"),
    )


DAYS = st.integers(0, 60).map(lambda n: date(2026, 12, 1) + timedelta(days=n))
SPANS = st.lists(
    st.tuples(st.sampled_from(["p1", "p2"]), DAYS, st.integers(0, 20)), min_size=1, max_size=8
)


@given(spans=SPANS)
def test_a_seats_absences_never_overlap_and_the_newest_replaces_those_it_overlaps(spans):
    away: tuple[tuple[str, str, str], ...] = ()
    for seat, first, length in spans:
        last = first + timedelta(days=length)
        new = _days(first, last)
        kept: set[date] = set()
        for whose, begins, ends in away:
            old = _days(date.fromisoformat(begins), date.fromisoformat(ends))
            if whose == seat:
                kept |= old if not old & new else {d for d in old if d < first}
        others = {s: days_away(away, s) for s in ("p1", "p2") if s != seat}
        away = with_absence(away, seat, first.isoformat(), last.isoformat())
        assert days_away(away, seat) == new | kept
        assert all(days_away(away, s) == d for s, d in others.items()), "theirs alone"
    for seat in ("p1", "p2"):
        mine = sorted((begins, ends) for s, begins, ends in away if s == seat)
        for (_, end), (start, _) in itertools.pairwise(mine):
            assert end < start, mine


def _days(first: date, last: date) -> set[date]:
    return {first + timedelta(days=n) for n in range((last - first).days + 1)}


def test_the_fold_of_an_away_event_is_this_rule():
    at = datetime(2026, 12, 1, tzinfo=UTC)
    table = Table(seats=("p1", "p2"))
    for first, last in [("2026-12-01", "2026-12-12"), ("2026-12-05", "2026-12-08")]:
        event = {"type": "table.away", "seat": "p1", "first": first, "last": last}
        table = fold_event(table, 1, "p1", at, event)
    assert table.away == (("p1", "2026-12-01", "2026-12-04"), ("p1", "2026-12-05", "2026-12-08"))
