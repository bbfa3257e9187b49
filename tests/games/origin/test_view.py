"""DESIGN.md §3: views hide what a seat may not see; moves are labelled and checked."""

from __future__ import annotations

import json
import random

import pytest

from engine import IllegalMove
from engine.games.origin import GAME
from engine.games.origin.components import DECKS
from tests.engine.playout import play_random
from tests.games.origin.helpers import act, acts, new_game, put, turn_of, with_deck, with_player
from tests.games.origin.helpers import deck as deck_of


def _ids(view: dict) -> str:
    return json.dumps(view)


def _shows(view: dict, card: str) -> bool:
    return f'"id": "{card}"' in _ids(view)


def test_views_never_leak_another_seats_hand_or_any_deck_order():
    state = turn_of(new_game(3, seed=10), "p1")
    state = with_player(state, "p1", objectives=("antarctica",), actions=("control",))
    state = with_player(state, "p2", objectives=(), actions=())
    state = with_player(state, "p3", objectives=(), actions=())
    for name, card in (("objective", "antarctica"), ("action", "control")):
        state = with_deck(state, name, [c for c in deck_of(state, name) if c != card])
    mine, theirs, spectator = GAME.view(state, "p1"), GAME.view(state, "p2"), GAME.view(state, None)
    assert _shows(mine, "antarctica") and _shows(mine, "control")
    for view in (theirs, spectator):
        assert not _shows(view, "antarctica") and not _shows(view, "control")
        assert view["players"]["p1"]["hand"] == {"actions": 1, "permanents": 0, "objectives": 1}
    assert theirs["hand"] == {"actions": [], "permanents": [], "objectives": []}, "p2's own"
    assert "hand" not in spectator, "a spectator holds no hand"
    for view in (mine, theirs, spectator):
        for deck in DECKS:
            assert view["reward_board"]["decks"][deck] == len(state.decks[DECKS.index(deck)])
            for card in state.decks[DECKS.index(deck)]:
                assert not _shows(view, card)
        assert view["reward_board"]["face_down_reserve"] == len(state.tile_reserve)
        assert str(list(state.tile_reserve)) not in _ids(view)


def test_throughout_a_game_no_view_shows_a_card_another_seat_holds_in_hand():
    run = play_random(GAME, 3, seed=21)
    for state in run.states[::7]:
        if state.turn is None or state.phase != "play":
            continue
        for viewer in [*run.seats, None]:
            view = GAME.view(state, viewer)
            visible = {c["id"] for c in view.get("hand", {}).get("actions", [])}
            visible |= {c["id"] for c in view.get("choosing", [])}
            visible |= {c["id"] for c in view["reward_board"]["action_discard"]}
            for p in view["players"].values():
                visible |= {c["id"] for c in p["permanents_in_play"] + p["completed_objectives"]}
            for other in state.players:
                if other.seat == viewer:
                    continue
                for card in set(other.objectives + other.permanents):
                    if card not in visible:
                        assert not _shows(view, card)


def test_a_player_sees_the_cards_drawn_for_a_choice_and_the_others_do_not():
    state = turn_of(new_game(2, seed=10), "p1")
    state = put(state, "p1", "sahara", 1, 1, "white")
    state, _ = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "sahel"}, {"type": "reward", "option": "three_cards"},
    )  # fmt: skip
    drawn = [c["id"] for c in GAME.view(state, "p1")["choosing"]]
    assert drawn == list(state.limbo) and len(drawn) == 3
    assert GAME.view(state, "p2")["choosing"] == []
    assert GAME.view(state, "p1")["prompt"].startswith("Choose the card to keep")
    assert GAME.view(state, "p2")["prompt"] == "Waiting for p1"


def test_during_setup_each_player_sees_only_the_objectives_dealt_to_them():
    state = GAME.replay(GAME.setup(["p1", "p2"], {}, random.Random(2)))
    p1, p2 = state.player("p1").dealt, state.player("p2").dealt
    view = GAME.view(state, "p1")
    assert [c["id"] for c in view["choosing"]] == list(p1)
    assert not any(_shows(view, c) for c in p2)


def test_the_view_holds_what_is_needed_to_draw_the_board():
    view = GAME.view(turn_of(new_game(4, seed=10), "p1"), None)
    rift = next(t for t in view["territories"] if t["origin"])
    assert rift["pawn"]["neutral"] and {"x", "y", "colour", "continent"} <= set(rift)
    assert len(view["straits"]) == 11 and all(len(s["ends"]) == 2 for s in view["straits"])
    assert sum(len(c) for c in view["reward_board"]["columns"].values()) == 15
    assert view["prompt"] == "Waiting for p1" and view["last_round"] is False
    assert set(view["players"]) == {"p1", "p2", "p3", "p4"}


def test_moves_are_described_in_plain_words():
    state = turn_of(new_game(2, seed=10), "p1")
    state = put(state, "p1", "sahara", 1, 2, "white")
    state, _ = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"}
    )
    label = GAME.describe(state, {"type": "migrate_to", "territory": "nile"})
    assert label == "Migrate the short stout white pawn from Sahara to Nile Valley"
    for move in GAME.legal_moves(state, "p1"):
        assert GAME.describe(state, move).startswith("Migrate")


@pytest.mark.parametrize(
    "junk", [{}, {"type": 3}, {"type": "evolve_on", "territory": "atlantis"}, {"type": "fly"}]
)
def test_nonsense_moves_are_refused_with_a_sentence(junk):
    state = turn_of(new_game(2, seed=10), "p1")
    with pytest.raises(IllegalMove) as refused:
        GAME.decide(state, "p1", junk, random.Random(0))
    assert str(refused.value).endswith(".")


def test_a_player_out_of_turn_or_not_in_the_game_is_refused():
    state = turn_of(new_game(2, seed=10), "p1")
    with pytest.raises(IllegalMove, match="not your turn"):
        act(state, "p2", {"type": "evolve"})
    with pytest.raises(IllegalMove, match="not playing"):
        act(state, "p9", {"type": "evolve"})


def test_the_data_page_and_rulings_are_plain_data_with_provenance():
    json.dumps(GAME.data_page)
    json.dumps(GAME.rulings)
    rows = [row for section in GAME.data_page for row in section["rows"]]
    assert {row["provenance"] for row in rows} == {"RULEBOOK", "SOURCE", "PROVISIONAL"}
    assert all({"topic", "choice", "sources"} == set(r) for r in GAME.rulings)


def test_a_move_written_with_loose_types_is_recorded_as_the_listed_move():
    state = turn_of(new_game(2, seed=10), "p1")
    state, _ = act(state, "p1", {"type": "evolve"})
    territory = GAME.legal_moves(state, "p1")[0]["territory"]
    state, _ = act(state, "p1", {"type": "evolve_on", "territory": territory})
    listed = GAME.legal_moves(state, "p1")[0]
    loose = {**listed, "height": float(listed["height"])}
    events = GAME.decide(state, "p1", loose, random.Random(0))
    assert type(events[0]["height"]) is int
