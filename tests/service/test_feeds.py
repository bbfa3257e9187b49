"""Atom feeds (issue 36 §1): a player's private feed at a secret URL (the games waiting on
them, the newest events of their games as their seats see them) and a public feed per game
(the spectator's history). Both parse as Atom, hold what they should and nothing a reader may
not see, keep hostile words as text, answer 304 to a current copy and share the costly pages'
rate limit; the secret is made, renewed and removed on the desk and by reply."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from engine.games.origin.components import CARDS
from service import words
from service.audit import history
from service.mail import reply_commands
from service.play import feeds, forgetting, talk
from service.play.games import create_game
from service.play.holders import seat_row
from service.store import eventstore
from service.store.db import sessions
from service.store.models import ChannelRow, SeatRow, TalkRow
from tests.helpers import csrf_token, path, play_now
from tests.service.hostile import ledger, roomy_client
from tests.service.test_desk import desk, sign_in
from tests.service.test_history import decide, play_on

pytestmark = pytest.mark.usefixtures("regulars")

ATOM = "{http://www.w3.org/2005/Atom}"
LANG = "{http://www.w3.org/XML/1998/namespace}lang"
ANN, BOB, CY = "ann@example.org", "bob@example.org", "cy@example.org"


@dataclass(frozen=True)
class Parsed:
    root: ET.Element
    raw: str

    @property
    def entries(self) -> list[ET.Element]:
        return self.root.findall(f"{ATOM}entry")

    def texts(self) -> str:
        """Every title and content of the feed, as a reader shows them (unescaped)."""
        return "\n".join(
            (e.findtext(f"{ATOM}title") or "") + "\n" + (e.findtext(f"{ATOM}content") or "")
            for e in self.entries
        )

    def titles(self) -> list[str]:
        return [e.findtext(f"{ATOM}title") or "" for e in self.entries]


def atom(response) -> Parsed:
    """The response as an Atom document, checked for what RFC 4287 requires."""
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.headers["Content-Type"] == "application/atom+xml; charset=utf-8"
    raw = response.get_data()
    root = ET.fromstring(raw)  # not well-formed: raises
    assert root.tag == f"{ATOM}feed"
    for required in ("id", "title", "updated"):
        assert (root.findtext(f"{ATOM}{required}") or "").strip(), required
    assert root.find(f"{ATOM}author/{ATOM}name") is not None
    assert root.find(f"{ATOM}link[@rel='self']") is not None
    ids = []
    for entry in root.findall(f"{ATOM}entry"):
        for required in ("id", "title", "updated"):
            assert (entry.findtext(f"{ATOM}{required}") or "").strip(), required
        assert entry.find(f"{ATOM}content").get("type") == "text"
        assert entry.find(f"{ATOM}title").get("type") in (None, "text")
        assert alternate(entry).startswith("http://pbem.test/")
        ids.append(entry.findtext(f"{ATOM}id"))
    assert len(ids) == len(set(ids)), "every entry id is unique"
    assert all(i.startswith("tag:pbem.test,") for i in ids)
    return Parsed(root, raw.decode("utf-8"))


def alternate(entry: ET.Element) -> str:
    """The entry's link (``rel`` is ``alternate`` when not given, RFC 4287 §4.2.7.2)."""
    (link,) = [
        link for link in entry.findall(f"{ATOM}link") if link.get("rel", "alternate") == "alternate"
    ]
    return link.get("href")


def feed_of(settings, address: str) -> str:
    """The path of ``address``'s private feed (made if it has none)."""
    with sessions(settings.database_url).begin() as s:
        return path(feeds.url(settings, feeds.ensure(s, address)))


def tictactoe(settings, ann_speaks: str = "en") -> tuple[str, str, str]:
    """A game of Ann and Bob: its id, the seat deciding first and the other."""
    players = [{"email": ANN, "name": "Ann"}, {"email": BOB, "name": "Bob"}]
    with sessions(settings.database_url).begin() as s:
        loaded = create_game(s, "tictactoe", players).loaded
        seat_row(loaded.row, "p1").language = ann_speaks
        (first,) = loaded.game.to_act(loaded.state)
        return loaded.row.id, first, "p2" if first == "p1" else "p1"


def place(settings, game_id: str, seat: str) -> None:
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        cell = loaded.state.board.index(None)
        play_now(s, game_id, seat, {"type": "place", "cell": cell}, loaded.turn_seq)


def address_of(seat: str) -> str:
    return {"p1": ANN, "p2": BOB, "p3": CY}[seat]


# --- the player's feed ------------------------------------------------------------------


def test_a_players_feed_is_atom_in_their_language_with_unique_stable_entry_ids(client, settings):
    game_id, first, _other = tictactoe(settings, ann_speaks="ru")
    place(settings, game_id, first)
    url = feed_of(settings, ANN)
    feed = atom(client.get(url))
    assert feed.root.get(LANG) == "ru"
    assert feed.root.findtext(f"{ATOM}title") == "Мои игры"
    assert feed.entries, "the game's events"
    again = atom(client.get(url))
    ids = [e.findtext(f"{ATOM}id") for e in feed.entries]
    assert ids == [e.findtext(f"{ATOM}id") for e in again.entries], "ids stay the same"
    assert all(game_id in i for i in ids)


def test_the_feed_holds_the_game_waiting_on_the_player_with_its_deadline_and_decision_link(
    client, settings
):
    game_id, first, _other = tictactoe(settings)
    feed = atom(client.get(feed_of(settings, address_of(first))))
    waiting = feed.entries[0]
    assert waiting.findtext(f"{ATOM}title") == f"Your turn: Tic-tac-toe #{game_id}"
    assert "Decide by " in (waiting.findtext(f"{ATOM}content") or "")
    link = alternate(waiting)
    assert link.startswith("http://pbem.test/act/")
    before = ledger(settings)
    shown = client.get(path(link))
    assert shown.status_code == 200 and 'method="post"' in shown.get_data(as_text=True)
    assert ledger(settings) == before, "the decision link's GET only shows the decision"
    others = atom(client.get(feed_of(settings, address_of(_other))))
    assert not any(t.startswith("Your turn") for t in others.titles()), "not their turn"


def test_the_deadline_is_in_the_players_language_and_time_zone(client, settings):
    game_id, first, _other = tictactoe(settings)
    with sessions(settings.database_url).begin() as s:
        row = seat_row(eventstore.load(s, game_id).row, first)
        row.language, row.time_zone = "ja", "Asia/Tokyo"
    content = atom(client.get(feed_of(settings, address_of(first)))).entries[0]
    text = content.findtext(f"{ATOM}content") or ""
    assert "期限: " in text and "（東京時間）" in text, text


def test_the_feed_tells_the_players_own_decisions_but_no_hidden_card_of_another_seat(
    client, settings
):
    players = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "origin", players).loaded.row.id
    for seat in ("p1", "p2"):
        decide(settings, game_id, seat)
    play_on(settings, game_id, 30)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        state = loaded.state
        assert not loaded.row.over
        ann_saw = json.dumps(loaded.game.view(state, "p1"), ensure_ascii=False)
        record = history.load(s, game_id)
        anns_history = [e for e in history.entries(record, record.viewer("p1", 0))]
    # What Ann was once shown (a card she put under the deck, an objective she
    # returned) is hers to know even after Bob draws it.
    ann_saw += json.dumps([[e.text, e.details] for e in anns_history], ensure_ascii=False)
    bob = next(p for i, p in enumerate(state.players) if i == 1)
    bobs = {CARDS[c].name for c in {*bob.actions, *bob.objectives, *bob.dealt}}
    public = set(state.discard)
    for p in state.players:
        public |= {*p.in_play, *p.completed}
    secret = bobs - {CARDS[c].name for c in public} - {n for n in bobs if n in ann_saw}
    assert secret, "Bob holds cards Ann cannot see"
    anns = atom(client.get(feed_of(settings, ANN))).texts()
    leaked = sorted(n for n in secret if n in anns)
    assert not leaked, leaked
    own = [e.decision for e in anns_history if e.seat == "p1" and e.decision]
    assert str(own[-1]) in anns, "Ann reads her own decisions as she made them"
    public_feed = atom(client.get(f"/games/{game_id}/feed.atom")).texts()
    assert not sorted(n for n in secret if n in public_feed)


def three_players(settings, claims) -> str:
    players = [
        {"email": ANN, "name": "Ann"},
        {"email": BOB, "name": "Bob"},
        {"email": CY, "name": "Cy"},
    ]
    with sessions(settings.database_url).begin() as s:
        return create_game(s, claims, players).loaded.row.id


def say(settings, game_id: str, seat: str, text: str, to: str | None = None) -> None:
    with sessions(settings.database_url).begin() as s:
        talk.say(s, game_id, seat, 0, text, to=to)


def test_words_to_one_player_are_in_the_feeds_of_those_two_seats_alone(client, settings, claims):
    game_id = three_players(settings, claims)
    say(settings, game_id, "p1", "psst take the left", to="p2")
    say(settings, game_id, "p1", "hello everyone")
    with sessions(settings.database_url)() as s:
        (private,) = [r.seq for r in s.scalars(select(TalkRow)) if r.text.startswith("psst")]
    for address, hears in ((ANN, True), (BOB, True), (CY, False)):
        feed = atom(client.get(feed_of(settings, address)))
        texts = feed.texts()
        assert ("psst take the left" in texts) is hears, address
        assert "hello everyone" in texts, address
        ids = [e.findtext(f"{ATOM}id") for e in feed.entries]
        assert any(f"/events/{private}/" in i for i in ids) is hears, "no empty entry for it"
    public = atom(client.get(f"/games/{game_id}/feed.atom")).texts()
    assert "psst" not in public and "hello everyone" in public


def test_the_talk_of_a_player_one_muted_is_left_out_of_their_feed_alone(client, settings, claims):
    game_id = three_players(settings, claims)
    with sessions(settings.database_url).begin() as s:
        talk.mute(s, game_id, "p2", 0, "p1", True)
    say(settings, game_id, "p1", "words Bob muted")
    assert "words Bob muted" not in atom(client.get(feed_of(settings, BOB))).texts()
    assert "words Bob muted" in atom(client.get(feed_of(settings, CY))).texts()
    assert "words Bob muted" in atom(client.get(f"/games/{game_id}/feed.atom")).texts()


HOSTILE = '<script>alert("x")</script> ]]> & <b>Ann</b>\x01\u202eevil'


@pytest.mark.hostile
def test_hostile_names_and_words_come_out_as_text_and_the_document_stays_well_formed(
    client, settings
):
    game_id, first, _other = tictactoe(settings)
    say(settings, game_id, first, "plain words")
    with sessions(settings.database_url).begin() as s:
        # Written as an old row or an import might hold them: past the checks of new names.
        s.execute(update(SeatRow).where(SeatRow.game_id == game_id).values(name=HOSTILE))
        s.execute(update(TalkRow).where(TalkRow.game_id == game_id).values(text=HOSTILE))
    for url in (feed_of(settings, address_of(first)), f"/games/{game_id}/feed.atom"):
        feed = atom(client.get(url))
        assert "<script>" not in feed.raw and "<b>" not in feed.raw, "markup is escaped"
        assert "\x01" not in feed.raw and "\u202e" not in feed.raw
        shown = feed.texts()
        assert '<script>alert("x")</script> ]]> & <b>Ann</b>evil' in shown, shown
        assert not feed.root.findall(f".//{ATOM}entry/{ATOM}content/*"), "no element in text"


# --- the secret -------------------------------------------------------------------------


def test_renewing_the_feed_kills_the_old_url_at_once_and_removing_kills_it_too(client, settings):
    tictactoe(settings)
    old = feed_of(settings, ANN)
    assert client.get(old).status_code == 200
    assert feed_of(settings, ANN) == old, "one feed per address, made once"
    with sessions(settings.database_url).begin() as s:
        new = path(feeds.url(settings, feeds.renew(s, ANN)))
    assert new != old
    gone, unknown = client.get(old), client.get("/feeds/" + "x" * 43 + ".atom")
    assert gone.status_code == 404 and unknown.status_code == 404
    same = gone.get_data(as_text=True).replace(old.split("/")[-1], "")
    assert same == unknown.get_data(as_text=True).replace("x" * 43 + ".atom", ""), (
        "a renewed secret and none answer alike"
    )
    assert client.get(new).status_code == 200
    with sessions(settings.database_url).begin() as s:
        assert feeds.remove(s, ANN)
    assert client.get(new).status_code == 404
    with sessions(settings.database_url)() as s:
        kept = s.scalars(select(ChannelRow).where(ChannelRow.email == ANN)).all()
    assert len(kept) == 1 and kept[0].disabled_at is not None, "old secrets are not hoarded"


def test_forgetting_the_player_forgets_their_feed(client, settings):
    tictactoe(settings)
    url = feed_of(settings, ANN)
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, ANN)
    assert client.get(url).status_code == 404
    with sessions(settings.database_url)() as s:
        assert not s.scalars(select(ChannelRow).where(ChannelRow.email == ANN)).all()


def test_many_renewals_never_reach_the_cap_of_channels_per_address(settings):
    with sessions(settings.database_url).begin() as s:
        for _ in range(15):
            feeds.renew(s, ANN)
        assert feeds.of_address(s, ANN) is not None


def test_the_desk_makes_shows_renews_and_removes_the_feed(client, smtp, work, settings):
    tictactoe(settings)
    sign_in(client, smtp, work)
    page = desk(client)
    assert "Make my feed" in page
    token = csrf_token(page)
    assert client.post("/me/feed", data={"csrf_token": token}).status_code == 303
    with sessions(settings.database_url)() as s:
        first = feeds.url(settings, feeds.of_address(s, ANN))
    assert first in desk(client)
    assert client.post("/me/feed/renew", data={"csrf_token": token}).status_code == 303
    with sessions(settings.database_url)() as s:
        second = feeds.url(settings, feeds.of_address(s, ANN))
    assert second != first and second in desk(client) and first not in desk(client)
    assert client.get(path(first)).status_code == 404
    assert client.get(path(second)).status_code == 200
    assert client.post("/me/feed/remove", data={"csrf_token": token}).status_code == 303
    assert client.get(path(second)).status_code == 404
    assert "Make my feed" in desk(client)
    signed_out = client.application.test_client()
    assert signed_out.post("/me/feed", data={"csrf_token": token}).status_code in (400, 403)


FEED_WORDS = [
    ("en", "feed", "new feed", "Your private feed"),
    ("ru", "лента", "новая лента", "Ваша личная лента для программы чтения лент"),
    ("uk", "стрічка", "нова стрічка", "Ваша особиста стрічка для програми читання"),
    ("es", "canal", "nuevo canal", "Tu canal privado, para un lector de canales"),
    ("ja", "フィード", "新しいフィード", "あなた専用のフィード（フィードリーダー用）"),
]


@pytest.mark.parametrize(
    ("lang", "ask", "renew", "told"), FEED_WORDS, ids=[f[0] for f in FEED_WORDS]
)
def test_a_reply_of_feed_answers_its_url_and_new_feed_renews_it_in_every_language(
    client, settings, lang, ask, renew, told
):
    game_id, _first, _other = tictactoe(settings, ann_speaks=lang)

    def run(line: str) -> str:
        with sessions(settings.database_url).begin() as s, words.speaking(lang):
            said = reply_commands.run(s, settings, game_id, "p1", 0, ANN, line)
        assert said is not None and said.ok, line
        return said.text

    answer = run(ask)
    assert told in answer, answer
    with sessions(settings.database_url)() as s:
        url = feeds.url(settings, feeds.of_address(s, ANN))
    assert url in answer and client.get(path(url)).status_code == 200
    assert url in run(ask), "asked again: the same feed"
    renewed = run(renew)
    assert url not in renewed and client.get(path(url)).status_code == 404
    with sessions(settings.database_url)() as s:
        new = feeds.url(settings, feeds.of_address(s, ANN))
    assert new in renewed and client.get(path(new)).status_code == 200


# --- the public feed --------------------------------------------------------------------


def test_a_games_public_feed_is_its_spectators_history_and_its_page_links_it(client, settings):
    game_id, first, _other = tictactoe(settings)
    place(settings, game_id, first)
    feed = atom(client.get(f"/games/{game_id}/feed.atom"))
    assert feed.root.get(LANG) == "en"
    assert any("marked the" in t for t in feed.titles()), feed.titles()
    assert not any(t.startswith("Your turn") for t in feed.titles())
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert (
        f'<link rel="alternate" type="application/atom+xml" href="/games/{game_id}/feed.atom"'
        in page
    )
    spoken = atom(client.get(f"/games/{game_id}/feed.atom?lang=uk"))
    assert spoken.root.get(LANG) == "uk"


def test_the_feed_of_a_game_that_does_not_exist_is_a_404(client):
    assert client.get("/games/nosuchgm/feed.atom").status_code == 404


def test_a_finished_games_feeds_tell_its_end_and_wait_on_nobody(client, settings):
    game_id, _first, _other = tictactoe(settings)
    while True:
        with sessions(settings.database_url)() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
        if not acting:
            break
        place(settings, game_id, acting[0])
    with sessions(settings.database_url)() as s:
        assert eventstore.load(s, game_id).row.over
    public = atom(client.get(f"/games/{game_id}/feed.atom"))
    assert public.entries
    for address in (ANN, BOB):
        mine = atom(client.get(feed_of(settings, address)))
        assert not any(t.startswith("Your turn") for t in mine.titles())


def test_newest_entries_come_first_and_there_are_at_most_fifty(client, settings):
    game_id, first, other = tictactoe(settings)
    for n in range(60):
        say(settings, game_id, first if n % 2 else other, f"word {n}")
        if n % 9 == 8:
            with sessions(settings.database_url).begin() as s:  # past the hourly cap
                s.execute(update(TalkRow).values(said_at=datetime.now(UTC) - timedelta(hours=2)))
    feed = atom(client.get(f"/games/{game_id}/feed.atom"))
    assert len(feed.entries) == 50
    updated = [e.findtext(f"{ATOM}updated") for e in feed.entries]
    assert updated == sorted(updated, reverse=True)
    assert "word 59" in feed.titles()[0]


# --- caching and limits -----------------------------------------------------------------


@pytest.mark.parametrize("kind", ["private", "public"])
def test_a_reader_whose_copy_is_current_gets_304_until_the_game_moves(client, settings, kind):
    game_id, first, _other = tictactoe(settings)
    url = feed_of(settings, ANN) if kind == "private" else f"/games/{game_id}/feed.atom"
    first_read = client.get(url)
    etag, modified = first_read.headers["ETag"], first_read.headers["Last-Modified"]
    assert etag and modified
    assert ("private" in first_read.headers["Cache-Control"]) is (kind == "private")
    current = client.get(url, headers={"If-None-Match": etag})
    assert current.status_code == 304 and current.get_data() == b""
    assert client.get(url, headers={"If-Modified-Since": modified}).status_code == 304
    place(settings, game_id, first)
    moved = client.get(url, headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag


def test_both_feeds_share_the_costly_pages_rate_limit(settings):
    client = roomy_client(settings, page_limit="3 per hour")
    game_id, _first, _other = tictactoe(settings)
    url = feed_of(settings, ANN)
    answers = [
        client.get(u).status_code
        for u in (url, f"/games/{game_id}/feed.atom", f"/games/{game_id}/history", url)
    ]
    assert answers == [200, 200, 200, 429]
    assert client.get(f"/games/{game_id}/feed.atom").status_code == 429
