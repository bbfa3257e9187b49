"""Spectators (issue 5): a read-only link per game shows the public view and the public
history, never hidden information; checked on the rendered pages of an Origin game."""

from __future__ import annotations

import re

from engine.games.origin.components import CARDS
from engine.games.origin.state import State
from tests.service.test_history import dealt, decide, new_origin, play_on
from tests.service.test_history import page as whole_page
from tests.service.test_replay_viewer import record

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


NONCE = re.compile(r' nonce="[^"]*"')


def page(client, url: str) -> str:
    """The page less its scripts' nonces: random letters that may spell a card's name."""
    return NONCE.sub("", whole_page(client, url))


def hidden_names(state: State) -> set[str]:
    """Names of the cards nobody but their holder may see (hands, cards being chosen or
    drawn, the decks) less those of which a copy lies face up somewhere."""
    hidden = {c for deck in state.decks for c in deck} | set(state.limbo)
    for p in state.players:
        hidden |= {*p.actions, *p.permanents, *p.objectives, *p.dealt}
    return {CARDS[c].name for c in hidden} - public_names(state)


def public_names(state: State) -> set[str]:
    """Names of the cards lying face up: the action discard pile, permanent cards in play,
    completed objectives."""
    public = set(state.discard)
    for p in state.players:
        public |= {*p.in_play, *p.completed}
    return {CARDS[c].name for c in public}


def test_the_game_page_gives_a_read_only_spectator_link_to_the_public_pages(client, settings):
    game_id = new_origin(settings, PLAYERS)
    html = page(client, f"/games/{game_id}")
    spectator = re.search(r"Spectator link[^<]*<code>([^<]+)</code>", html).group(1)
    assert spectator == f"{settings.base_url}/games/{game_id}"
    assert f'href="/games/{game_id}/history"' in html
    assert f'href="/games/{game_id}/replay"' in html
    assert "<form" not in html, "a spectator's page changes nothing"


def test_no_spectator_page_shows_a_hand_an_objective_or_the_order_of_a_deck(client, settings):
    game_id = new_origin(settings, PLAYERS)
    for seat in ("p1", "p2"):
        decide(settings, game_id, seat)
    play_on(settings, game_id, 40)
    rec = record(settings, game_id)
    assert not rec.finished
    # The history tells what lay face up when it did (a card played, then taken back from
    # the discard pile by Volcanic eruption): a name once face up is no secret of its story.
    seen: list[set[str]] = [set()]
    for step in range(1, rec.last + 1):
        seen.append(seen[-1] | public_names(rec.state_after(step)))
    final = hidden_names(rec.steps[-1].state)
    assert final, "cards are still hidden"
    shown = page(client, f"/games/{game_id}")
    assert not any(name in shown for name in final)
    shown = page(client, f"/games/{game_id}/history")
    assert not any(name in shown for name in final - seen[-1])
    for step in range(1, rec.last + 1):
        secret = hidden_names(rec.state_after(step)) - seen[step - 1]
        for url in (
            f"/games/{game_id}/replay/{step}",
            f"/games/{game_id}/replay/{step}?seat=p1",
        ):
            shown = page(client, url)
            leaked = sorted(name for name in secret if name in shown)
            assert not leaked, f"{url}: {leaked}"


def test_asking_the_public_replay_for_a_seats_view_during_the_game_shows_the_public_one(
    client, settings
):
    game_id = new_origin(settings, PLAYERS)
    hands = dealt(settings, game_id)
    step = record(settings, game_id).last
    shown = page(client, f"/games/{game_id}/replay/{step}?seat=p1")
    assert "the public view: what a spectator sees" in shown
    assert not any(name in shown for name in hands["p1"])
    assert "?seat=" not in shown, "no other view is offered before the end"


def test_the_log_is_published_for_anyone_to_verify_only_once_the_game_is_over(client, settings):
    game_id = new_origin(settings, PLAYERS)
    refused = client.get(f"/games/{game_id}/log.jsonl")
    assert refused.status_code == 403
    assert "published when the game ends" in refused.get_data(as_text=True)
    for seat in ("p1", "p2"):
        decide(settings, game_id, seat)
    play_on(settings, game_id, 10_000)
    published = client.get(f"/games/{game_id}/log.jsonl")
    assert published.status_code == 200
    lines = published.get_data(as_text=True).splitlines()
    assert '"seed": "' in lines[0] and len(lines) == record(settings, game_id).last + 1
    assert "@example.org" not in published.get_data(as_text=True)
