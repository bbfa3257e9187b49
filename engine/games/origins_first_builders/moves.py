"""The labels of moves (``describe``) and the prompt of each decision, as a player reads them
in an email."""

from __future__ import annotations

from engine.contract import Move
from engine.games.origins_first_builders.buying import row_wisdom
from engine.games.origins_first_builders.citizens import row_cost
from engine.games.origins_first_builders.city import centres_completed_by, grid, neighbours
from engine.games.origins_first_builders.components import (
    BASES,
    BOARD_ACTIONS,
    BONUS_TEXT,
    BONUS_TILES,
    BUILDING,
    COLOUR_INDEX,
    DIE_FACES,
    DISTRICT,
    LAST_BASE_POINTS,
    START_NAMES,
    TEMPLE_ACTION_STEPS,
    TEMPLE_NAMES,
    TEMPLE_TOP,
    TEMPLES,
    WAR_REWARDS,
    ZODIAC_CARD,
    ZONE_ACTIONS,
    milestones_passed,
)
from engine.games.origins_first_builders.state import DRAFT, OVER, Player, State, Step
from engine.games.origins_first_builders.tracks import (
    behind,
    holds,
    red_dice,
    space_of,
    temple_step,
)
from engine.games.origins_first_builders.turns import population_cost


def building_name(kind: str) -> str:
    if kind in START_NAMES:
        return START_NAMES[kind]
    return BUILDING[kind].name if kind in BUILDING else kind


def die_words(colour: str, value: int) -> str:
    return f"{colour} {value}"


def _citizen(player: Player, index: int) -> str:
    if 0 <= index < len(player.citizens):
        c = player.citizens[index]
        return f"the {die_words(c.colour, c.value)}"
    return "a citizen"


def _cell(player: Player, x: int, y: int) -> str:
    cells = grid(player)
    near = [building_name(cells[n].kind) if not cells[n].farm else "farm"
            for n in neighbours((x, y)) if n in cells]  # fmt: skip
    where = f"({x}, {y})"
    return f"{where}, next to {', '.join(near)}" if near else where


def reward_words(reward: str) -> str:
    if reward in ("stone", "food", "wisdom"):
        return f"1 {reward}"
    if reward == "gold1":
        return "1 gold"
    if reward == "gold2":
        return "2 gold"
    if reward == "convert":
        return "1 basic resource may become 1 gold"
    if reward.startswith("basic+"):
        return f"1 basic resource and 1 {reward.removeprefix('basic+')}"
    return "no reward"


def _step(state: State) -> Step | None:
    return state.pending[0] if state.pending else None


def _seat(state: State) -> str:
    if state.turn is not None:
        return state.turn.seat
    return state.draft_order[0] if state.draft_order else state.seats[0]


def _attack_words(state: State, seat: str) -> str:
    space = space_of(state.war, seat)
    points = behind(state.war, seat) + milestones_passed(space)
    if holds(state, seat, "aries"):
        points += red_dice(state, seat)
    return f"Attack ({reward_words(WAR_REWARDS[space])}, {points} VP)"


def _zone_words(state: State, zone: int, colours: tuple[str, ...]) -> str:
    top, bottom = ZONE_ACTIONS[zone]
    words = f"{BOARD_ACTIONS[top]} or {BOARD_ACTIONS[bottom]}"
    tile = state.bonus[zone] if zone < len(state.bonus) else ""
    if tile in colours:
        words += f"; {tile} bonus: {BONUS_TEXT[BONUS_TILES[tile]]}"
    return words


def describe(state: State, move: Move) -> str:
    kind = move.get("type")
    step = _step(state)
    seat = _seat(state)
    player = state.player(seat)
    if kind in ("skip", "done") and step is not None and step.kind in _DECLINE:
        return _DECLINE[step.kind]
    label = _LABELS.get(str(kind))
    if label is not None:
        return label
    if kind == "populate":
        cost = population_cost(state, seat) if player.bases < BASES else 0
        extra = f" and score {LAST_BASE_POINTS} VP" if player.bases == BASES - 1 else ""
        return f"Increase your population: a new base for {cost} food{extra}"
    if kind == "extra_action":
        return f"Spend a superiority token for one more action ({player.tokens} left)"
    if kind == "visit":
        return "Visit a contact zone with " + _worker(state, player, move)
    if kind == "zone" and step is not None:
        return _zone(state, player, step, move["zone"])
    if kind == "raise":
        z = move["zone"]
        return f"Raise zone {z + 1}'s starship as well ({state.zones[z]} → {state.zones[z] + 1})"
    if kind == "act" and step is not None:
        action = ZONE_ACTIONS[step.zone][0 if move["slot"] == "top" else 1]
        return BOARD_ACTIONS[action].capitalize()
    if kind == "bonus" and step is not None:
        return "Bonus action: " + BONUS_TEXT[BONUS_TILES[state.bonus[step.zone]]]
    if kind == "gain":
        gold = " and 1 gold" if step is not None and step.ref == "basic_gold" else ""
        return f"Gain 1 {move['resource']}{gold}"
    if kind == "convert":
        return f"Spend 1 {move['resource']} for 1 gold"
    if kind == "gemini":
        return "Gemini: gain " + _amounts(move)
    if kind == "tiltyard":
        return "Tiltyard: gain " + _amounts(move)
    if kind == "advance":
        return f"Advance {move['spaces']} on the war track"
    if kind == "attack":
        return _attack_words(state, seat)
    if kind == "feed":
        c = player.citizens[move["die"]]
        after = "becomes an advisor" if c.value >= DIE_FACES else f"becomes a {c.value + 1}"
        return f"Spend 1 food: the {die_words(c.colour, c.value)} {after}"
    if kind == "temple":
        return _temple(state, seat, move["temple"])
    if kind == "temple_extra":
        return f"Pay 1 gold: advance 1 on the {TEMPLE_NAMES[move['temple']]} temple"
    if kind == "temple_step":
        cost = " (pay 1 stone)" if step is not None and step.ref == "bonus" else ""
        return f"Advance 1 on the {TEMPLE_NAMES[move['temple']]} temple{cost}"
    if kind == "take":
        return _take(state, seat, step, move["slot"])
    if kind == "speaker":
        return f"Take a speaker die showing {move['value']}"
    if kind == "sagittarius":
        return "Sagittarius: add 1 to the new die" if move["add"] else "Keep the new die's value"
    if kind in ("buy", "farm", "build_reserved", "farm_reserved"):
        return _buy(state, seat, move)
    if kind in ("place", "on_farm") and step is not None:
        return _place(state, player, step, move)
    if kind == "reserve":
        return (
            f"Set the {building_name(str(state.building_row[move['slot']]))} aside to build later"
        )
    if kind == "veteran":
        c = player.citizens[move["die"]]
        return f"The {die_words(c.colour, c.value)} scores {c.value} VP and loses 1"
    if kind == "court":
        return f"Change the colour of {_citizen(player, move['die'])}"
    if kind == "recolour":
        return f"Make it {move['colour']}"
    if kind == "starship":
        z = move["zone"]
        return f"Set zone {z + 1}'s starship ({state.zones[z]}) to 1"
    if kind == "ritual":
        return f"Add {move['add']} to {_citizen(player, move['die'])}"
    if kind == "capricorn":
        return f"Capricorn: add 2 to {_citizen(player, move['die'])}"
    if kind == "copy":
        tile = grid(player).get((move["x"], move["y"]))
        name = building_name(tile.kind) if tile else "building"
        return f"Use the effect of the {name} at ({move['x']}, {move['y']})"
    if kind == "tower" and "colour" not in move:
        return "Build a tower level"
    if kind == "tower":
        level = player.towers[COLOUR_INDEX[move["colour"]]]
        return f"Build the {move['colour']} tower to level {level + 1} (pay {level} gold)"
    if kind == "centre":
        return _centre(player, move["x"], move["y"])
    if kind == "close_die":
        return f"Put {_citizen(player, move['die'])} in the power centre"
    if kind == "card":
        return _card(state, player, move["card"])
    if kind == "activate":
        tile = grid(player).get((move["x"], move["y"]))
        name = building_name(tile.kind) if tile else "building"
        return f"Activate the {name} at ({move['x']}, {move['y']})"
    if kind == "draft":
        d = state.pool[move["die"]]
        return f"Take the {die_words(d.colour, d.value)} as a starting citizen"
    if kind == "remove":
        d = state.pool[move["die"]]
        return f"Return the {die_words(d.colour, d.value)} to the supply"
    if kind == "keep":
        kept = [
            die_words(d.colour, d.value) for i, d in enumerate(state.pool) if i != move["returned"]
        ]
        back = state.pool[move["returned"]]
        return (
            f"Keep the {' and the '.join(kept)} (return the {die_words(back.colour, back.value)})"
        )
    return str(kind).replace("_", " ").capitalize()


_LABELS = {
    "close": "Close a district",
    "pass": "Pass (take your dice back; no more actions this round)",
    "end_turn": "End your turn",
    "raise_none": "Raise no other starship (the neighbours are at 6)",
    "keep_starships": "Spend a superiority token: no starship moves this turn",
    "bonus_gold": "Bonus action as 1 gold (Pisces)",
    "done": "Done",
    "skip": "Skip",
    "feed_war": "Spend 1 food: advance 1 on the war track",
}


_DECLINE = {
    "zone_actions": "Done with this zone",
    "war": "Done with the war track",
    "feed": "Stop spending food",
    "convert": "Keep your resources (no gold)",
    "temple_extra": "Keep your gold (no extra step)",
    "take_citizen": "Take no citizen die",
    "reserve": "Set nothing aside",
    "veteran": "Score no veteran",
    "court": "Change no colour",
    "starship": "Leave the starships as they are",
    "ritual": "Raise no citizen",
    "capricorn": "Raise no citizen (Capricorn)",
    "mage": "Copy no effect",
}


def _amounts(move: Move) -> str:
    parts = [f"{move[r]} {r}" for r in ("stone", "food", "wisdom") if move.get(r)]
    return " and ".join(parts) or "nothing"


def _worker(state: State, player: Player, move: Move) -> str:
    if move["worker"] == "citizen":
        return _citizen(player, move["die"])
    if move["worker"] == "speaker":
        return f"a speaker showing {move['value']}"
    colours = ", ".join(player.advisors)
    return f"your archon (colours: {colours})" if colours else "your archon"


def _zone(state: State, player: Player, step: Step, zone: int) -> str:
    value: int | None = None
    colours: tuple[str, ...] = ()
    if step.ref == "citizen":
        c = player.citizens[step.n]
        who = f"the {die_words(c.colour, c.value)}"
        value = c.value
        colours = (c.colour,)
    elif step.ref == "speaker":
        who = f"the speaker {step.n}"
        value = step.n
    else:
        who = "your archon"
        colours = player.advisors
    cost = max(0, state.zones[zone] - value) if value is not None else 0
    pay = f", pay {cost} wisdom" if cost else ""
    both = " (both actions)" if value == DIE_FACES else ""
    return (
        f"Send {who} to zone {zone + 1} (starship {state.zones[zone]}{pay}){both}: "
        f"{_zone_words(state, zone, colours)}"
    )


def _temple(state: State, seat: str, temple: str) -> str:
    now = temple_step(state, seat, temple)
    to = min(TEMPLE_TOP, now + TEMPLE_ACTION_STEPS)
    card = ZODIAC_CARD[state.zodiac[TEMPLES.index(temple)]].name
    return f"Pay 1 stone: {TEMPLE_NAMES[temple]} temple {now} → {to}, take {card}"


def _take(state: State, seat: str, step: Step | None, slot: int) -> str:
    die = state.citizen_row[slot]
    words = die_words(die.colour, die.value) if die else "die"
    free = step is not None and step.ref in ("manor", "cancer")
    cost = 0 if free else row_cost(state, seat, slot)
    pay = f" (pay {cost} wisdom)" if cost else " (free)"
    return f"Take the {words} from the citizen row{pay}"


def _buy(state: State, seat: str, move: Move) -> str:
    kind = move["type"]
    if kind in ("buy", "farm"):
        tile = str(state.building_row[move["slot"]])
        b = BUILDING[tile]
        where = f"slot {move['slot'] + 1}"
        if kind == "farm":
            return f"Build a farm from the {b.name} ({b.colour}, {where}; free)"
        wisdom = row_wisdom(state, seat, move["slot"])
        return f"Buy the {b.name} ({b.colour}, {where}): {wisdom} wisdom, {b.stone} stone"
    b = BUILDING[move["kind"]]
    if kind == "farm_reserved":
        return f"Build a farm from the {b.name} set aside (free)"
    return f"Build the {b.name} set aside ({b.colour}): {b.stone} stone"


def _place(state: State, player: Player, step: Step, move: Move) -> str:
    farm = "farm" in step.done
    name = "the farm" if farm else f"the {building_name(step.ref)}"
    x, y = move["x"], move["y"]
    if move["type"] == "on_farm":
        return f"Build {name} on your farm at ({x}, {y}) (Virgo: free)"
    completes = centres_completed_by(player, (x, y))
    extra = ""
    if completes == 1:
        extra = " (completes a district)"
    elif completes > 1:
        extra = f" (completes {completes} districts)"
    return f"Place {name} at {_cell(player, x, y)}{extra}"


def _centre(player: Player, x: int, y: int) -> str:
    cells = grid(player)
    names = []
    for cell in ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)):
        tile = cells.get(cell)
        names.append("farm" if tile and tile.farm else building_name(tile.kind) if tile else "?")
    return f"Close the district at ({x}, {y}): {', '.join(names)}"


def _card(state: State, player: Player, card: str) -> str:
    d = DISTRICT[card]
    first = card not in player.scored
    points = d.first if first else d.later
    gold = state.district_gold[state.districts.index(card)]
    extra = f" and {gold} gold" if gold else ""
    return f"Score district card {card} ({'-'.join(d.pattern)}): {points} VP{extra}"


_PROMPTS = {
    "main": "Choose your action: visit a contact zone, close a district, build a tower level, "
    "increase your population or pass",
    "turn_end": "End your turn, or spend a superiority token for one more action",
    "solo_raise": "Raise a neighbouring starship (or keep them all still with a token)",
    "zone_actions": "Choose the zone's action (and its bonus action, if yours)",
    "basic": "Choose a basic resource",
    "convert": "You may spend 1 basic resource for 1 gold",
    "gemini": "Gemini: choose your basic resources",
    "tiltyard": "Tiltyard: choose stone or food for each player behind you",
    "war": "Advance on the war track and/or attack",
    "feed": "Spend food: +1 to a citizen or +1 on the war track for each",
    "temple": "Choose the temple to climb (1 stone, 2 steps, its zodiac card)",
    "temple_extra": "You may pay 1 gold to advance 1 on another temple",
    "temple_step": "Choose the temple to advance 1 on",
    "take_citizen": "Choose a citizen die from the row",
    "take_speaker": "Choose a speaker die",
    "sagittarius": "Sagittarius: add 1 to the die you took?",
    "buy": "Choose a building to buy (or to build as a farm)",
    "place": "Choose where the tile goes in your city",
    "reserve": "Construction Site: choose a building to set aside",
    "veteran": "Veterans' Quarter: choose a red citizen",
    "court": "Courthouse: choose the citizen to change",
    "court_colour": "Courthouse: choose its new colour",
    "starship": "Fountain of Wisdom: choose a starship to set to 1",
    "ritual": "Ritual Gate: choose a citizen to raise",
    "capricorn": "Capricorn: you may add 2 to a citizen",
    "mage": "Mage's Tower: choose an adjacent building to copy",
    "tower": "Choose the tower to build",
    "centre": "Choose the district to close",
    "close_die": "Choose the citizen for the power centre",
    "district_card": "Choose the district card to score",
    "activate": "Choose the next building to activate",
    "draft": "Choose a starting citizen die",
    "solo_remove": "Choose which of the highest dice returns to the supply",
    "solo_keep": "Choose the two starting dice to keep",
}


def prompt(state: State, seat: str | None) -> str:
    """The current decision in words, as ``seat`` should read it."""
    if state.phase == OVER:
        return "The game is over"
    acting = _seat(state)
    if not state.pending:
        return "Waiting"
    if seat != acting:
        what = "to pick a starting die" if state.phase == DRAFT else "to play"
        return f"Waiting for {acting} {what}"
    step = state.pending[0]
    if step.kind == "zone":
        return "Choose the contact zone to visit"
    return _PROMPTS.get(step.kind, "Choose")
