"""Origin tells its events in its own words (engine contract ``narrate``): one sentence per
event, from the state before it, never telling a reader what their view does not show."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from engine.contract import humanise
from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.components import (
    ACTION_CARDS,
    CARDS,
    INDEX,
    OBJECTIVE_CARDS,
    PERMANENT_CARDS,
    STRAIT_INDEX,
)
from engine.games.origin.scoring import outcome
from engine.games.origin.state import State, Step, replace
from engine.kit import UnknownEvent
from tests.engine.playout import play_random
from tests.games.origin.helpers import (
    act,
    acts,
    new_game,
    put,
    turn_of,
    with_columns,
    with_deck,
    with_player,
    with_stacks,
)

SEEDS = range(3)
"""Whole random games per player count in the leak tests."""


def told(state: State | None, events: list[dict], reader: str | None) -> list[str]:
    """Each event's sentence for ``reader``, each told from the state before it."""
    lines = []
    for event in events:
        lines.append(GAME.narrate(state, event, reader))
        state = GAME.apply(state, event)
    return lines


def spoken(state: State | None, events: list[dict], reader: str | None) -> list[str]:
    """The sentences that tell something (bookkeeping left out, as the turn email does)."""
    return [line for line in told(state, events, reader) if line]


def _ready(**p1: Any) -> State:
    """p1 to play with a short stout white pawn on the Sahara; p2 has a slender one in the
    Congo Basin."""
    state = turn_of(new_game(2, seed=6), "p1")
    state = put(state, "p1", "sahara", 1, 2, "white")
    state = put(state, "p2", "congo", 1, 1, "black")
    return with_player(state, "p1", **p1) if p1 else state


def _on_the_nile(state: State) -> State:
    """p1 has migrated to the Nile Valley (yellow) and chooses its reward."""
    state, _ = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "nile"},
    )  # fmt: skip
    return state


def _swapped(state: State) -> State:
    """p1's stout pawn has swapped with p2's slender one in the Congo Basin."""
    state, _ = acts(
        state, "p1", {"type": "swap"}, {"type": "swap_from", "territory": "sahara"},
        {"type": "swap_with", "territory": "congo"},
    )  # fmt: skip
    return state


# ---------------------------------------------------------------- the opening


def test_the_opening_tells_the_players_the_neutral_pawn_the_tiles_the_tokens_and_who_begins():
    events = GAME.setup(["p1", "p2", "p3"], {}, random.Random(2))
    for reader in ("p1", "p2", None):
        lines = told(None, events, reader)
        assert (
            lines[0]
            == "A game of Origin began for p1, p2 and p3, with 27 tribe pawns in the reserve"
        )
        assert lines[1] == (
            "The neutral short slender white pawn was set on the Origin territory, "
            "Great Rift Valley"
        )
        assert lines[2] == "The action, permanent and objective decks were shuffled face down"
        assert lines[3] == (
            "Innovation tiles were laid face up on the reward board (yellow 1, 1, 1; "
            "orange 1, 1, 3; purple 1, 2, 4; brown 1, 1, 2, 2, 3, 3), "
            "15 more face down as the reserve"
        )
        assert lines[4] == (
            "Hunting tokens were laid on the green territories: Great Plains 4, Amazonia 6, "
            "Congo Basin 7, Siberia 8, Queensland 5; 1 left over went back to the box"
        )
        assert lines[5] == (
            "Strait tokens worth 3 to 5 were laid face up on the 11 straits; the 5s lie on "
            "the Isthmus of Suez, the Wallace Line and the Tasman Sea"
        )
        assert lines[7] == "p3 was drawn at random to play first"


def test_the_opening_tells_no_deck_order_no_face_down_tile_and_not_the_boxed_hunting_token():
    events = GAME.setup(["p1", "p2"], {}, random.Random(2))
    shuffled, laid, hunted = events[2], events[3], events[4]
    for reader in ("p1", "p2", None):
        assert not _card_names(GAME.narrate(None, shuffled, reader))
        other = {**laid, "reserve": [6 - level for level in laid["reserve"]], "layouts": 9}
        assert GAME.narrate(None, laid, reader) == GAME.narrate(None, other, reader)
        boxed = {**hunted, "returned_to_box": [v + 1 for v in hunted["returned_to_box"]]}
        assert GAME.narrate(None, hunted, reader) == GAME.narrate(None, boxed, reader)


def test_a_player_reads_the_objectives_dealt_to_them_and_kept_the_others_only_that_they_were():
    events = GAME.setup(["p1", "p2"], {}, random.Random(2))
    dealt = next(e for e in events if e["type"] == ev.OBJECTIVES_DEALT)
    mine = [CARDS[c].name for c in dealt["hands"]["p1"]]
    assert GAME.narrate(None, dealt, "p1") == (
        f"Each player was dealt 3 objective cards to keep one; p1 was dealt “{mine[0]}”, "
        f"“{mine[1]}” and “{mine[2]}”"
    )
    public = "Each player was dealt 3 objective cards to keep one"
    assert GAME.narrate(None, dealt, None) == public
    assert not _card_names(GAME.narrate(None, dealt, "p2")) & set(mine)
    state = GAME.replay(events)
    card = state.player("p1").dealt[1]
    _, kept = act(state, "p1", {"type": "keep_objective", "card": card})
    name, points = CARDS[card].name, CARDS[card].points
    assert told(state, kept, "p1") == [f"p1 kept the objective “{name}” ({points} points)"]
    for reader in ("p2", None):
        assert told(state, kept, reader) == ["p1 kept one of the objectives dealt to them"]
    state = GAME.apply(state, kept[0])
    _, last = act(state, "p2", {"type": "keep_objective", "card": state.player("p2").dealt[0]})
    assert spoken(state, last, None) == [
        "p2 kept one of the objectives dealt to them",
        "The objectives not kept went back into the objective deck, shuffled face down",
    ]


# ---------------------------------------------------------------- the action


def test_an_evolution_tells_the_new_pawn_and_where_it_stands():
    state = turn_of(new_game(2, seed=6), "p1")
    state, _ = acts(state, "p1", {"type": "evolve"}, {"type": "evolve_on", "territory": "nile"})
    (move,) = [m for m in GAME.legal_moves(state, "p1") if (m["height"], m["strength"]) == (2, 1)]
    _, events = act(state, "p1", move)
    assert spoken(state, events, "p2")[0] == (
        f"p1 evolved a new medium slender {move['colour']} pawn onto Nile Valley"
    )


def test_a_migration_tells_which_pawn_moved_from_where_to_where():
    state = _ready()
    _, events = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "nile"},
    )  # fmt: skip
    assert spoken(state, events, None) == [
        "p1 migrated the short stout white pawn from Sahara to Nile Valley"
    ]


def test_a_swap_tells_both_pawns_and_the_hunting_token_taken_on_the_green_territory():
    state = _ready()
    value = state.hunting[INDEX["congo"]]
    _, events = acts(
        state, "p1", {"type": "swap"}, {"type": "swap_from", "territory": "sahara"},
        {"type": "swap_with", "territory": "congo"},
    )  # fmt: skip
    assert spoken(state, events, "p2") == [
        "p1's short stout white pawn took Congo Basin from p2's short slender black pawn, "
        "which went to Sahara",
        f"p1 took the hunting token of Congo Basin ({value} points)",
    ]


def test_a_player_who_can_do_nothing_is_told_to_have_passed():
    state = with_player(turn_of(new_game(2, seed=6), "p1"), "p1", villages=0)
    _, events = act(state, "p1", {"type": "pass"})
    assert spoken(state, events, None) == ["p1 could neither evolve, migrate nor swap, and passed"]


# ---------------------------------------------------------------- rewards


def test_a_tile_taken_is_told_with_its_level_and_the_tile_turned_up_from_the_reserve():
    state = replace(_ready(), tile_reserve=(4, 1))
    state = replace(state, pending=(Step("take_tile", "brown"),))
    state = replace(state, turn=replace(state.turn, acted=True))
    _, events = act(
        with_columns(state, brown=[1, 2]),
        "p1",
        {"type": "take_tile", "column": "brown", "level": 1},
    )
    assert spoken(state, events, "p2") == [
        "p1 took a level-1 innovation tile from the brown column",
        "A level-4 tile from the reserve was laid face up in the brown column",
    ]


def test_the_top_card_drawn_is_named_to_its_drawer_and_told_by_its_kind_to_the_others():
    state = with_deck(_on_the_nile(_ready()), "action", ["navigator", "hunter"])
    state = with_columns(state, yellow=[])
    _, events = act(state, "p1", {"type": "reward", "option": "tile_and_card"})
    assert spoken(state, events, "p1") == ["p1 drew the action card Navigator"]
    for reader in ("p2", None):
        assert spoken(state, events, reader) == ["p1 drew an action card"]


def test_three_cards_drawn_and_the_one_kept_are_named_only_to_the_player_who_drew_them():
    state = with_deck(
        _on_the_nile(_ready()), "action", ["navigator", "hunter", "control", "sailor"]
    )
    drawn, events = act(state, "p1", {"type": "reward", "option": "three_cards"})
    assert spoken(state, events, "p1") == [
        "p1 drew 3 action cards to keep one: Navigator, Hunter and Control"
    ]
    assert spoken(state, events, "p2") == ["p1 drew 3 action cards to keep one"]
    _, kept = act(drawn, "p1", {"type": "keep", "card": "hunter"})
    assert spoken(drawn, kept, "p1") == [
        "p1 kept the action card Hunter and put Navigator and Control under the action deck"
    ]
    for reader in ("p2", None):
        assert spoken(drawn, kept, reader) == [
            "p1 kept one of the 3 action cards and put the other 2 under the deck"
        ]


def test_an_objective_over_the_hand_limit_is_named_only_to_the_player_who_puts_it_back():
    state = replace(_ready(objectives=("africa", "eurasia", "green")), pending=(Step("limit"),))
    _, events = act(state, "p1", {"type": "return_objective", "card": "green"})
    assert spoken(state, events, "p1")[0] == (
        "p1 held too many objectives and put “2 pawns on green territories” under the "
        "objective deck"
    )
    assert spoken(state, events, "p2")[0] == (
        "p1 held too many objectives and put one under the objective deck"
    )


def test_both_sides_of_a_strait_take_its_token_and_the_sailor_takes_one_from_a_single_side():
    state = put(_ready(), "p1", "maghreb", 1, 1, "white")
    value = state.straits[STRAIT_INDEX["gibraltar"]]
    state, _ = act(state, "p1", {"type": "evolve"})
    state, _ = act(state, "p1", {"type": "evolve_on", "territory": "iberia"})
    _, events = act(state, "p1", GAME.legal_moves(state, "p1")[0])
    assert spoken(state, events, None)[1] == (
        f"p1 now holds both sides of the Strait of Gibraltar and took its token ({value} points)"
    )
    state = _ready(actions=("sailor",))
    state = put(state, "p1", "nile", 1, 1, "black")
    suez = state.straits[STRAIT_INDEX["suez"]]
    state, _ = act(state, "p1", {"type": "play", "card": "sailor"})
    _, events = act(state, "p1", {"type": "sail", "strait": "suez"})
    assert spoken(state, events, "p2") == [
        f"p1 took the token of the Isthmus of Suez ({suez} points)"
    ]


# ---------------------------------------------------------------- cards


def test_cards_played_and_objectives_completed_are_named_to_everyone():
    state = with_stacks(_ready(permanents=("cart",), actions=("hunter",)), "p1", 1)
    _, events = act(state, "p1", {"type": "play", "card": "cart"})
    assert spoken(state, events, "p2") == ["p1 laid the permanent card Cart face up"]
    _, events = act(state, "p1", {"type": "play", "card": "hunter"})
    assert spoken(state, events, None) == ["p1 played the action card Hunter"]
    state = _ready(objectives=("africa",))
    state = put(put(state, "p1", "nile", 1, 1, "black"), "p1", "cape", 2, 1, "white")
    state = with_deck(state, "objective", ["antarctica", "oceania"])
    _, events = act(state, "p1", {"type": "complete", "card": "africa"})
    assert spoken(state, events, "p2") == [
        "p1 completed the objective “3 pawns in Africa” (+3 points)",
        "p1 drew an objective card",
    ]
    assert spoken(state, events, "p1")[1] == "p1 drew the objective “3 pawns in Antarctica”"


def test_a_card_taken_from_the_face_up_discard_pile_is_named_to_everyone():
    state = replace(_ready(actions=("volcanic_eruption",)), discard=("hunter",))
    state, _ = act(state, "p1", {"type": "play", "card": "volcanic_eruption"})
    _, events = act(state, "p1", {"type": "take_discard", "card": "hunter"})
    assert spoken(state, events, None) == ["p1 took the action card Hunter from the discard pile"]


def test_a_card_taken_by_tribal_war_is_named_to_the_thief_and_the_victim_only():
    state = _ready(actions=("tribal_war_cards",))
    state = _swapped(with_player(state, "p2", actions=("hunter",), objectives=("africa",)))
    state, _ = act(state, "p1", {"type": "play", "card": "tribal_war_cards"})
    _, events = act(state, "p1", {"type": "steal_card", "card": "hunter"})
    for reader in ("p1", "p2"):
        assert spoken(state, events, reader)[0] == "p1 took the action card Hunter from p2's hand"
    assert spoken(state, events, None)[0] == "p1 took an action card from p2's hand"


def test_tribal_war_on_tiles_and_straits_and_war_trophies_tell_what_changed_hands():
    state = _ready(actions=("tribal_war_tiles",))
    state = _swapped(with_stacks(state, "p2", 1))
    state, _ = act(state, "p1", {"type": "play", "card": "tribal_war_tiles"})
    _, events = act(state, "p1", {"type": "steal_tile", "level": 1})
    assert spoken(state, events, None)[0] == "p1 took a level-1 innovation tile from p2"
    state = _ready(actions=("tribal_war_straits",))
    state = _swapped(with_player(state, "p2", straits=(("suez", 3), ("drake", 4))))
    _, events = act(state, "p1", {"type": "play", "card": "tribal_war_straits"})
    assert spoken(state, events, "p2") == [
        "p1 played the action card Tribal war (strait)",
        "p1 took p2's token of the Isthmus of Suez (3 points)",
    ]
    state = replace(_ready(), pending=(Step("trophy"),))
    state = replace(state, turn=replace(state.turn, acted=True))
    _, events = act(state, "p1", {"type": "trophy", "height": 3, "strength": 3, "colour": "brown"})
    assert spoken(state, events, None)[0] == (
        "p1 took a tall broad brown pawn from the reserve as a war trophy (2 points)"
    )


# ---------------------------------------------------------------- the end


def test_the_end_tells_who_triggered_it_why_who_plays_a_last_turn_and_who_won():
    run = play_random(GAME, 3, seed=17)
    before = [None, *run.states[:-1]]
    lines = [GAME.narrate(s, e, None) for s, e in zip(before, run.events, strict=True)]
    trigger = next(i for i, e in enumerate(run.events) if e["type"] == ev.END_TRIGGERED)
    assert lines[trigger] == (
        "p2 triggered the end of the game (no innovation tile is left on the reward board): "
        "p3 and p1 each play one last turn"
    )
    assert [line for line in lines[trigger:] if "began" in line] == [
        "p3 began their last turn",
        "p1 began their last turn",
    ]
    result = outcome(run.final)
    (winner,) = result["ranking"][0]
    assert lines[-1] == (
        "The game ended, as every other player has had a last turn: "
        f"{winner} won with {result['scores'][winner]} points"
    )


def test_a_tie_on_points_is_told_as_won_on_cards_in_hand_or_shared():
    state = turn_of(new_game(2, seed=6), "p1")
    state = with_player(state, "p1", objectives=("africa",), actions=(), hunting=(4,))
    state = with_player(
        state, "p2", objectives=("green",), actions=("hunter",), straits=(("suez", 3),)
    )
    ended = {"type": ev.GAME_ENDED, "reason": "every other player has had a last turn"}
    assert GAME.narrate(state, ended, None) == (
        "The game ended, as every other player has had a last turn: p2 won with 5 points, "
        "ahead of p1 on cards in hand"
    )
    state = with_player(state, "p1", actions=("sailor",), hunting=(3,))
    assert GAME.narrate(state, ended, "p1") == (
        "The game ended, as every other player has had a last turn: p1 and p2 share the win "
        "with 5 points"
    )


# ---------------------------------------------------------------- bookkeeping


def test_whose_turn_it_is_the_steps_awaited_and_choices_told_by_their_effects_are_bookkeeping():
    state = with_deck(_ready(), "action", ["navigator", "hunter", "control"])
    _, every = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "nile"}, {"type": "reward", "option": "three_cards"},
        {"type": "keep", "card": "hunter"},
    )  # fmt: skip
    kinds = {ev.ACTION_CHOSEN, ev.REWARD_CHOSEN, ev.AWAITING, ev.TURN_ENDED, ev.TURN_STARTED}
    assert kinds <= {e["type"] for e in every}
    for reader in ("p1", "p2", None):
        for event, line in zip(every, told(state, every, reader), strict=True):
            assert (line == "") is (event["type"] in kinds), event


def test_an_event_origin_never_declared_is_refused_not_told():
    with pytest.raises(UnknownEvent, match="pawn_teleported"):
        GAME.narrate(_ready(), {"type": "pawn_teleported"}, None)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_origin_tells_its_events_in_its_own_words_not_by_their_type(players):
    run = play_random(GAME, players, seed=17)
    before = [None, *run.states[:-1]]
    for state, event in zip(before, run.events, strict=True):
        for reader in [*run.seats, None]:
            line = GAME.narrate(state, event, reader)
            assert line != humanise(event["type"]), event
            assert "\n" not in line and not line.endswith(".")


# ---------------------------------------------------------------- nothing hidden is told

DISTINCT = {
    deck: [c.id for c in group]
    for deck, group in (
        ("action", ACTION_CARDS),
        ("permanent", PERMANENT_CARDS),
        ("objective", OBJECTIVE_CARDS),
    )
}


def _other(card: str) -> str:
    """Another card of the same deck, with another name."""
    ids = DISTINCT[CARDS[card].deck]
    return ids[(ids.index(card) + 1) % len(ids)]


def _others(cards: Any) -> Any:
    return type(cards)(_other(c) for c in cards)


def _hidden_changed(state: State | None, reader: str | None) -> State | None:
    """``state`` with everything ``reader`` may not see changed: the decks, the face-down
    tile reserve, every other player's hand and dealt objectives, the cards another player
    is choosing among."""
    if state is None:
        return None
    players = tuple(
        p
        if p.seat == reader
        else replace(
            p,
            actions=_others(p.actions),
            permanents=_others(p.permanents),
            objectives=_others(p.objectives),
            dealt=_others(p.dealt),
        )
        for p in state.players
    )
    mine = state.turn is not None and state.turn.seat == reader
    return replace(
        state,
        players=players,
        decks=tuple(_others(deck) for deck in state.decks),
        tile_reserve=tuple(6 - level for level in state.tile_reserve),
        limbo=state.limbo if mine else _others(state.limbo),
    )


def _secret_changed(event: dict, reader: str | None) -> dict:
    """``event`` with every field ``reader`` may not see changed (what the view hides)."""
    kind, e = event["type"], dict(event)
    drawer = e.get("seat") == reader
    if kind == ev.DECKS_SHUFFLED:
        for deck in DISTINCT:
            e[deck] = _others(e[deck])
    elif kind == ev.OBJECTIVES_SHUFFLED:
        e["deck"] = _others(e["deck"])
    elif kind == ev.INNOVATIONS_LAID_OUT:
        e["reserve"] = [6 - level for level in e["reserve"]]
        e["layouts"] += 1
    elif kind == ev.HUNTING_TOKENS_PLACED:
        e["returned_to_box"] = [v + 1 for v in e["returned_to_box"]]
    elif kind == ev.OBJECTIVES_DEALT:
        e["hands"] = {s: c if s == reader else _others(c) for s, c in e["hands"].items()}
    elif kind in (ev.OBJECTIVE_KEPT, ev.CARD_DRAWN, ev.OBJECTIVE_RETURNED) and not drawer:
        e["card"] = _other(e["card"])
    elif kind == ev.CARDS_DRAWN and not drawer:
        e["cards"] = _others(e["cards"])
    elif kind == ev.CARD_KEPT and not drawer:
        e["card"], e["returned"] = _other(e["card"]), _others(e["returned"])
    elif kind == ev.CARD_STOLEN and reader not in (e["seat"], e["victim"]):
        e["card"] = _other(e["card"])
    return e


NAME_FIELD = re.compile(r'"name": "([^"]*)"')


def _card_names(text: str) -> set[str]:
    return {c.name for c in CARDS.values() if re.search(rf"(?<!\w){re.escape(c.name)}(?!\w)", text)}


def _runs() -> list[tuple[int, int]]:
    return [(players, seed) for players in (2, 3, 4) for seed in SEEDS]


@pytest.mark.parametrize(("players", "seed"), _runs())
def test_no_sentence_changes_when_what_its_reader_may_not_see_changes(players, seed):
    run = play_random(GAME, players, seed)
    before = [None, *run.states[:-1]]
    for state, event in zip(before, run.events, strict=True):
        for reader in [*run.seats, None]:
            line = GAME.narrate(state, event, reader)
            twin = GAME.narrate(
                _hidden_changed(state, reader), _secret_changed(event, reader), reader
            )
            assert twin == line, (reader, event)


@pytest.mark.parametrize(("players", "seed"), _runs())
def test_no_sentence_names_a_card_its_readers_view_does_not_show(players, seed):
    """A reader sees the board between decisions: each sentence of a decision names only
    cards their view showed before it or shows after it (the opening: after it)."""
    run = play_random(GAME, players, seed)
    opening = len(run.events) - sum(len(d.events) for d in run.log)
    stretches = [(None, run.events[:opening]), *((d.state, d.events) for d in run.log)]
    for start, events in stretches:
        end = start
        for event in events:
            end = GAME.apply(end, event)
        for reader in [*run.seats, None]:
            named = set().union(*(_card_names(line) for line in told(start, events, reader)))
            if not named:
                continue
            views = [GAME.view(end, reader)] + (
                [GAME.view(start, reader)] if start is not None else []
            )
            shown = set(NAME_FIELD.findall(json.dumps(views)))
            assert named <= shown, (reader, events)
