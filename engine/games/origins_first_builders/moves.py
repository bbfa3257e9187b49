"""The labels of moves (``describe``) and the prompt of each decision, as a player reads them
in an email."""

from __future__ import annotations

from engine.contract import Move
from engine.games.origins_first_builders import words
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
from engine.games.origins_first_builders.words import _, n_
from engine.kit.words import Msg, Seat


def building_name(kind: str) -> Msg | str:
    if kind in START_NAMES:
        return START_NAMES[kind]
    return BUILDING[kind].name if kind in BUILDING else kind


def die_words(colour: str, value: int) -> Msg:
    return words.die(colour, value)


def the_die(colour: str, value: int) -> Msg:
    """A die as a sentence names it: "the red 3"."""
    return _("the {die}", die=words.die(colour, value))


def the_building(kind: str) -> Msg:
    return _("the {building}", building=building_name(kind))


def _citizen(player: Player, index: int) -> Msg:
    if 0 <= index < len(player.citizens):
        c = player.citizens[index]
        return the_die(c.colour, c.value)
    return _("a citizen")


def _cell(player: Player, x: int, y: int) -> Msg:
    cells = grid(player)
    near = [building_name(cells[n].kind) if not cells[n].farm else _("farm")
            for n in neighbours((x, y)) if n in cells]  # fmt: skip
    if near:
        return _("({x}, {y}), next to {near}", x=x, y=y, near=words.joined(near))
    return _("({x}, {y})", x=x, y=y)


def reward_words(reward: str) -> Msg:
    if reward in ("stone", "food", "wisdom"):
        return words.amount(reward, 1)
    if reward == "gold1":
        return words.amount("gold", 1)
    if reward == "gold2":
        return words.amount("gold", 2)
    if reward == "convert":
        return _("1 basic resource may become 1 gold")
    if reward.startswith("basic+"):
        return _(
            "1 basic resource and {amount}",
            amount=words.amount(reward.removeprefix("basic+"), 1),
        )
    return _("no reward")


def _step(state: State) -> Step | None:
    return state.pending[0] if state.pending else None


def _seat(state: State) -> str:
    if state.turn is not None:
        return state.turn.seat
    return state.draft_order[0] if state.draft_order else state.seats[0]


def _attack_words(state: State, seat: str) -> Msg:
    space = space_of(state.war, seat)
    points = behind(state.war, seat) + milestones_passed(space)
    if holds(state, seat, "aries"):
        points += red_dice(state, seat)
    return _(
        "Attack ({reward}, {points})",
        reward=reward_words(WAR_REWARDS[space]),
        points=words.vp(points),
    )


def _zone_words(state: State, zone: int, colours: tuple[str, ...]) -> Msg:
    top, bottom = ZONE_ACTIONS[zone]
    tile = state.bonus[zone] if zone < len(state.bonus) else ""
    if tile in colours:
        return _(
            "{top} or {bottom}; {colour} bonus: {bonus}",
            top=BOARD_ACTIONS[top],
            bottom=BOARD_ACTIONS[bottom],
            colour=words.colour(tile),
            bonus=BONUS_TEXT[BONUS_TILES[tile]],
        )
    return _("{top} or {bottom}", top=BOARD_ACTIONS[top], bottom=BOARD_ACTIONS[bottom])


ACTION_LABELS: dict[str, Msg] = {
    "stone3": _("Gain 3 stone"),
    "war": _("Advance 2 on the war track and/or attack"),
    "food3": _("Gain 3 food"),
    "build": _("Buy a building"),
    "wisdom3": _("Gain 3 wisdom"),
    "temple": _("Pay 1 stone: advance 2 on a temple and take its zodiac card"),
    "basic_gold": _("Gain 1 basic resource and 1 gold"),
    "citizen": _("Take a citizen die from the row"),
    "one_each": _("Gain 1 stone, 1 food and 1 wisdom"),
    "feed": _("Spend 1-3 food: +1 to a citizen or +1 on the war track for each"),
}
"""The board actions (``components.BOARD_ACTIONS``) as a move's label, capitalised."""


def _both(items: list[Msg]) -> Msg:
    """Amounts one "and" after another: "1 stone and 2 food"."""
    if not items:
        return _("nothing")
    out = items[0]
    for item in items[1:]:
        out = _("{first} and {then}", first=out, then=item)
    return out


def describe(state: State, move: Move) -> Msg | str:
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
        food = words.amount("food", cost)
        if player.bases == BASES - 1:
            return _(
                "Increase your population: a new base for {food} and score {points}",
                food=food,
                points=words.vp(LAST_BASE_POINTS),
            )
        return _("Increase your population: a new base for {food}", food=food)
    if kind == "extra_action":
        return n_(
            "Spend a superiority token for one more action ({n} left)",
            "Spend a superiority token for one more action ({n} left)",
            n=player.tokens,
        )
    if kind == "visit":
        return _("Visit a contact zone with {worker}", worker=_worker(state, player, move))
    if kind == "zone" and step is not None:
        return _zone(state, player, step, move["zone"])
    if kind == "raise":
        z = move["zone"]
        return _(
            "Raise zone {zone}'s starship as well ({old} → {new})",
            zone=z + 1,
            old=state.zones[z],
            new=state.zones[z] + 1,
        )
    if kind == "act" and step is not None:
        action = ZONE_ACTIONS[step.zone][0 if move["slot"] == "top" else 1]
        return ACTION_LABELS[action]
    if kind == "bonus" and step is not None:
        return _("Bonus action: {bonus}", bonus=BONUS_TEXT[BONUS_TILES[state.bonus[step.zone]]])
    if kind == "gain":
        gained = words.amount(move["resource"], 1)
        if step is not None and step.ref == "basic_gold":
            return _("Gain {amount} and 1 gold", amount=gained)
        return _("Gain {amount}", amount=gained)
    if kind == "convert":
        return _("Spend {amount} for 1 gold", amount=words.amount(move["resource"], 1))
    if kind == "gemini":
        return _("Gemini: gain {amounts}", amounts=_amounts(move))
    if kind == "tiltyard":
        return _("Tiltyard: gain {amounts}", amounts=_amounts(move))
    if kind == "advance":
        return _("Advance {n} on the war track", n=move["spaces"])
    if kind == "attack":
        return _attack_words(state, seat)
    if kind == "feed":
        c = player.citizens[move["die"]]
        if c.value >= DIE_FACES:
            return _("Spend 1 food: the {die} becomes an advisor", die=die_words(c.colour, c.value))
        return _(
            "Spend 1 food: the {die} becomes a {value}",
            die=die_words(c.colour, c.value),
            value=c.value + 1,
        )
    if kind == "temple":
        return _temple(state, seat, move["temple"])
    if kind == "temple_extra":
        return _(
            "Pay 1 gold: advance 1 on the {temple} temple", temple=TEMPLE_NAMES[move["temple"]]
        )
    if kind == "temple_step":
        if step is not None and step.ref == "bonus":
            return _(
                "Advance 1 on the {temple} temple (pay 1 stone)",
                temple=TEMPLE_NAMES[move["temple"]],
            )
        return _("Advance 1 on the {temple} temple", temple=TEMPLE_NAMES[move["temple"]])
    if kind == "take":
        return _take(state, seat, step, move["slot"])
    if kind == "speaker":
        if "zone" in move:
            return _(
                "Take the speaker die showing {value} from zone {zone}",
                value=move["value"],
                zone=move["zone"] + 1,
            )
        return _("Take a speaker die showing {value}", value=move["value"])
    if kind == "sagittarius":
        if move["add"]:
            return _("Sagittarius: add 1 to the new die")
        return _("Keep the new die's value")
    if kind in ("buy", "farm", "build_reserved", "farm_reserved"):
        return _buy(state, seat, move)
    if kind in ("place", "on_farm") and step is not None:
        return _place(state, player, step, move)
    if kind == "reserve":
        return _(
            "Set the {building} aside to build later",
            building=building_name(str(state.building_row[move["slot"]])),
        )
    if kind == "veteran":
        c = player.citizens[move["die"]]
        return _(
            "The {die} scores {points} and loses 1",
            die=die_words(c.colour, c.value),
            points=words.vp(c.value),
        )
    if kind == "court":
        return _("Change the colour of {citizen}", citizen=_citizen(player, move["die"]))
    if kind == "recolour":
        return _("Make it {colour}", colour=words.colour(move["colour"]))
    if kind == "starship":
        z = move["zone"]
        return _("Set zone {zone}'s starship ({value}) to 1", zone=z + 1, value=state.zones[z])
    if kind == "ritual":
        return _("Add {n} to {citizen}", n=move["add"], citizen=_citizen(player, move["die"]))
    if kind == "capricorn":
        return _("Capricorn: add 2 to {citizen}", citizen=_citizen(player, move["die"]))
    if kind == "copy":
        tile = grid(player).get((move["x"], move["y"]))
        name = building_name(tile.kind) if tile else _("building")
        return _(
            "Use the effect of the {building} at ({x}, {y})",
            building=name,
            x=move["x"],
            y=move["y"],
        )
    if kind == "tower" and "colour" not in move:
        return _("Build a tower level")
    if kind == "tower":
        level = player.towers[COLOUR_INDEX[move["colour"]]]
        return _(
            "Build the {colour} tower to level {level} (pay {gold})",
            colour=words.colour_f(move["colour"]),
            level=level + 1,
            gold=words.amount("gold", level),
        )
    if kind == "centre":
        return _centre(player, move["x"], move["y"])
    if kind == "close_die":
        return _("Put {citizen} in the power centre", citizen=_citizen(player, move["die"]))
    if kind == "card":
        return _card(state, player, move["card"])
    if kind == "activate":
        tile = grid(player).get((move["x"], move["y"]))
        name = building_name(tile.kind) if tile else _("building")
        return _("Activate the {building} at ({x}, {y})", building=name, x=move["x"], y=move["y"])
    if kind == "draft":
        d = state.pool[move["die"]]
        return _("Take the {die} as a starting citizen", die=die_words(d.colour, d.value))
    if kind == "remove":
        d = state.pool[move["die"]]
        return _("Return the {die} to the supply", die=die_words(d.colour, d.value))
    if kind == "keep":
        kept = [
            die_words(d.colour, d.value) for i, d in enumerate(state.pool) if i != move["returned"]
        ]
        back = state.pool[move["returned"]]
        dice = kept[0] if kept else ""
        for other in kept[1:]:
            dice = _("{first} and the {then}", first=dice, then=other)
        return _(
            "Keep the {dice} (return the {die})",
            dice=dice,
            die=die_words(back.colour, back.value),
        )
    return str(kind).replace("_", " ").capitalize()


_LABELS = {
    "close": _("Close a district"),
    "pass": _("Pass (take your dice back; no more actions this round)"),
    "end_turn": _("End your turn"),
    "raise_none": _("Raise no other starship (the neighbours are at 6)"),
    "keep_starships": _("Spend a superiority token: no starship moves this turn"),
    "bonus_gold": _("Bonus action as 1 gold (Pisces)"),
    "done": _("Done"),
    "skip": _("Skip"),
    "feed_war": _("Spend 1 food: advance 1 on the war track"),
}


_DECLINE = {
    "zone_actions": _("Done with this zone"),
    "war": _("Done with the war track"),
    "feed": _("Stop spending food"),
    "convert": _("Keep your resources (no gold)"),
    "temple_extra": _("Keep your gold (no extra step)"),
    "take_citizen": _("Take no citizen die"),
    "reserve": _("Set nothing aside"),
    "veteran": _("Score no veteran"),
    "court": _("Change no colour"),
    "starship": _("Leave the starships as they are"),
    "ritual": _("Raise no citizen"),
    "capricorn": _("Raise no citizen (Capricorn)"),
    "mage": _("Copy no effect"),
}


def _amounts(move: Move) -> Msg:
    return _both([words.amount(r, move[r]) for r in ("stone", "food", "wisdom") if move.get(r)])


def _worker(state: State, player: Player, move: Move) -> Msg:
    if move["worker"] == "citizen":
        return _citizen(player, move["die"])
    if move["worker"] == "speaker":
        return _("a speaker showing {value}", value=move["value"])
    if player.advisors:
        return _(
            "your archon (colours: {colours})",
            colours=words.joined(words.colour(c) for c in player.advisors),
        )
    return _("your archon")


def _zone(state: State, player: Player, step: Step, zone: int) -> Msg:
    value: int | None = None
    colours: tuple[str, ...] = ()
    if step.ref == "citizen":
        c = player.citizens[step.n]
        who = the_die(c.colour, c.value)
        value = c.value
        colours = (c.colour,)
    elif step.ref == "speaker":
        who = _("the speaker {value}", value=step.n)
        value = step.n
    else:
        who = _("your archon")
        colours = player.advisors
    cost = max(0, state.zones[zone] - value) if value is not None else 0
    actions = _zone_words(state, zone, colours)
    if cost:
        return _(
            "Send {who} to zone {zone} (starship {starship}, pay {wisdom}): {actions}",
            who=who,
            zone=zone + 1,
            starship=state.zones[zone],
            wisdom=words.amount("wisdom", cost),
            actions=actions,
        )
    if value == DIE_FACES:
        return _(
            "Send {who} to zone {zone} (starship {starship}) (both actions): {actions}",
            who=who,
            zone=zone + 1,
            starship=state.zones[zone],
            actions=actions,
        )
    return _(
        "Send {who} to zone {zone} (starship {starship}): {actions}",
        who=who,
        zone=zone + 1,
        starship=state.zones[zone],
        actions=actions,
    )


def _temple(state: State, seat: str, temple: str) -> Msg:
    now = temple_step(state, seat, temple)
    to = min(TEMPLE_TOP, now + TEMPLE_ACTION_STEPS)
    card = ZODIAC_CARD[state.zodiac[TEMPLES.index(temple)]].name
    return _(
        "Pay 1 stone: {temple} temple {now} → {to}, take {card}",
        temple=TEMPLE_NAMES[temple],
        now=now,
        to=to,
        card=card,
    )


def _take(state: State, seat: str, step: Step | None, slot: int) -> Msg:
    die = state.citizen_row[slot]
    named = die_words(die.colour, die.value) if die else _("die")
    free = step is not None and step.ref in ("manor", "cancer")
    cost = 0 if free else row_cost(state, seat, slot)
    if cost:
        return _(
            "Take the {die} from the citizen row (pay {wisdom})",
            die=named,
            wisdom=words.amount("wisdom", cost),
        )
    return _("Take the {die} from the citizen row (free)", die=named)


def _buy(state: State, seat: str, move: Move) -> Msg:
    kind = move["type"]
    if kind in ("buy", "farm"):
        tile = str(state.building_row[move["slot"]])
        b = BUILDING[tile]
        slot = move["slot"] + 1
        if kind == "farm":
            return _(
                "Build a farm from the {building} ({colour}, slot {slot}; free)",
                building=b.name,
                colour=words.colour(b.colour),
                slot=slot,
            )
        wisdom = row_wisdom(state, seat, move["slot"])
        return _(
            "Buy the {building} ({colour}, slot {slot}): {wisdom}, {stone}",
            building=b.name,
            colour=words.colour(b.colour),
            slot=slot,
            wisdom=words.amount("wisdom", wisdom),
            stone=words.amount("stone", b.stone),
        )
    b = BUILDING[move["kind"]]
    if kind == "farm_reserved":
        return _("Build a farm from the {building} set aside (free)", building=b.name)
    return _(
        "Build the {building} set aside ({colour}): {stone}",
        building=b.name,
        colour=words.colour(b.colour),
        stone=words.amount("stone", b.stone),
    )


def _place(state: State, player: Player, step: Step, move: Move) -> Msg:
    farm = "farm" in step.done
    name = _("the farm") if farm else the_building(step.ref)
    x, y = move["x"], move["y"]
    if move["type"] == "on_farm":
        return _("Build {name} on your farm at ({x}, {y}) (Virgo: free)", name=name, x=x, y=y)
    completes = centres_completed_by(player, (x, y))
    cell = _cell(player, x, y)
    if completes:
        return n_(
            "Place {name} at {cell} (completes a district)",
            "Place {name} at {cell} (completes {n} districts)",
            n=completes,
            name=name,
            cell=cell,
        )
    return _("Place {name} at {cell}", name=name, cell=cell)


def _centre(player: Player, x: int, y: int) -> Msg:
    cells = grid(player)
    names: list[Msg | str] = []
    for cell in ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)):
        tile = cells.get(cell)
        names.append(_("farm") if tile and tile.farm else building_name(tile.kind) if tile else "?")
    return _("Close the district at ({x}, {y}): {names}", x=x, y=y, names=words.joined(names))


def pattern_words(pattern: tuple[str, ...]) -> Msg | str:
    """A district card's three buildings: "red-red-orange"."""
    return words.joined((words.colour(c) for c in pattern), "-")


def _card(state: State, player: Player, card: str) -> Msg:
    d = DISTRICT[card]
    first = card not in player.scored
    points = d.first if first else d.later
    gold = state.district_gold[state.districts.index(card)]
    if gold:
        return _(
            "Score district card {card} ({pattern}): {points} and {gold}",
            card=card,
            pattern=pattern_words(d.pattern),
            points=words.vp(points),
            gold=words.amount("gold", gold),
        )
    return _(
        "Score district card {card} ({pattern}): {points}",
        card=card,
        pattern=pattern_words(d.pattern),
        points=words.vp(points),
    )


_PROMPTS = {
    "main": _(
        "Choose your action: visit a contact zone, close a district, build a tower level, "
        "increase your population or pass"
    ),
    "turn_end": _("End your turn, or spend a superiority token for one more action"),
    "solo_raise": _("Raise a neighbouring starship (or keep them all still with a token)"),
    "zone_actions": _("Choose the zone's action (and its bonus action, if yours)"),
    "basic": _("Choose a basic resource"),
    "convert": _("You may spend 1 basic resource for 1 gold"),
    "gemini": _("Gemini: choose your basic resources"),
    "tiltyard": _("Tiltyard: choose stone or food for each player behind you"),
    "war": _("Advance on the war track and/or attack"),
    "feed": _("Spend food: +1 to a citizen or +1 on the war track for each"),
    "temple": _("Choose the temple to climb (1 stone, 2 steps, its zodiac card)"),
    "temple_extra": _("You may pay 1 gold to advance 1 on another temple"),
    "temple_step": _("Choose the temple to advance 1 on"),
    "take_citizen": _("Choose a citizen die from the row"),
    "take_speaker": _("Choose a speaker die"),
    "sagittarius": _("Sagittarius: add 1 to the die you took?"),
    "buy": _("Choose a building to buy (or to build as a farm)"),
    "place": _("Choose where the tile goes in your city"),
    "reserve": _("Construction Site: choose a building to set aside"),
    "veteran": _("Veterans' Quarter: choose a red citizen"),
    "court": _("Courthouse: choose the citizen to change"),
    "court_colour": _("Courthouse: choose its new colour"),
    "starship": _("Fountain of Wisdom: choose a starship to set to 1"),
    "ritual": _("Ritual Gate: choose a citizen to raise"),
    "capricorn": _("Capricorn: you may add 2 to a citizen"),
    "mage": _("Mage's Tower: choose an adjacent building to copy"),
    "tower": _("Choose the tower to build"),
    "centre": _("Choose the district to close"),
    "close_die": _("Choose the citizen for the power centre"),
    "district_card": _("Choose the district card to score"),
    "activate": _("Choose the next building to activate"),
    "draft": _("Choose a starting citizen die"),
    "solo_remove": _("Choose which of the highest dice returns to the supply"),
    "solo_keep": _("Choose the two starting dice to keep"),
}


def prompt(state: State, seat: str | None) -> Msg:
    """The current decision in words, as ``seat`` should read it."""
    if state.phase == OVER:
        return _("The game is over")
    acting = _seat(state)
    if not state.pending:
        return _("Waiting")
    if seat != acting:
        if state.phase == DRAFT:
            return _("Waiting for {seat} to pick a starting die", seat=Seat(acting))
        return _("Waiting for {seat} to play", seat=Seat(acting))
    step = state.pending[0]
    if step.kind == "zone":
        return _("Choose the contact zone to visit")
    return _PROMPTS.get(step.kind, _("Choose"))
