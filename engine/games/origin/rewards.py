"""ru «Фаза награждения»: rewards by territory colour, innovation tiles, card draws."""

from __future__ import annotations

from engine.contract import Move
from engine.games.origin import events as ev
from engine.games.origin.components import (
    COLOUR,
    DECK_OF_COLOUR,
    DECKS,
    REWARD_COLUMNS,
    STRAIT_ENDS,
    STRAIT_IDS,
    TERRITORY_IDS,
)
from engine.games.origin.context import Ctx
from engine.games.origin.state import FIRST_RULESET, Player, State, Step

TILE_AND_CARD = "tile_and_card"
THREE_CARDS = "three_cards"
TWO_BROWN = "two_brown_tiles"
ONE_ANY = "one_tile_any_column"
ANY_COLUMN = "any"


def can_place(player: Player, level: int) -> bool:
    """ru: a level-1 tile can always be laid; level n only on a stack topped by level n-1."""
    return level == 1 or player.tops[level - 2] > 0


def tile_choices(state: State, seat: str, column: str) -> list[tuple[str, int]]:
    """Distinct (column, level) the player may take; Parchment opens every column."""
    player = state.player(seat)
    any_column = column == ANY_COLUMN or "parchment" in player.in_play
    columns = REWARD_COLUMNS if any_column else (column,)
    choices = []
    for c in columns:
        levels = state.columns[REWARD_COLUMNS.index(c)]
        for level in sorted(set(levels)):
            if can_place(player, level):
                choices.append((c, level))
    return choices


def take_tile(ctx: Ctx, column: str, level: int) -> None:
    """ru: the taken tile is replaced at once from the reserve, while it lasts."""
    ctx.emit(ev.TILE_TAKEN, seat=ctx.seat, column=column, level=level)
    if ctx.st.tile_reserve:
        ctx.emit(ev.TILE_REVEALED, column=column, level=ctx.st.tile_reserve[0])


def deck_of(state: State, deck: str) -> tuple[str, ...]:
    return state.decks[DECKS.index(deck)]


def reward_options(state: State, seat: str, colour: str) -> list[Move]:
    """ru: each colour offers two rewards; with nothing left to take, the reward is void."""
    options: list[Move] = []
    if colour == "brown":
        if tile_choices(state, seat, "brown"):
            options.append({"type": "reward", "option": TWO_BROWN})
        if tile_choices(state, seat, ANY_COLUMN):
            options.append({"type": "reward", "option": ONE_ANY})
        return options
    has_cards = bool(deck_of(state, DECK_OF_COLOUR[colour]))
    if has_cards or tile_choices(state, seat, colour):
        options.append({"type": "reward", "option": TILE_AND_CARD})
    if has_cards:
        options.append({"type": "reward", "option": THREE_CARDS})
    return options


def choose_reward(ctx: Ctx, colour: str, option: str) -> None:
    ctx.emit(ev.REWARD_CHOSEN, seat=ctx.seat, colour=colour, option=option)
    if option == TWO_BROWN:
        ctx.push(Step("take_tile", "brown"), Step("take_tile", "brown"))
    elif option == ONE_ANY:
        ctx.push(Step("take_tile", ANY_COLUMN))
    elif option == TILE_AND_CARD:
        ctx.push(Step("take_tile", colour), Step("draw", DECK_OF_COLOUR[colour]))
    else:
        ctx.push(Step("draw_three", DECK_OF_COLOUR[colour]))


def draw(ctx: Ctx, deck: str, count: int) -> None:
    """Draw ``count`` cards (Observation kit: one more) and keep one; ru: «Если … на поле
    наград их уже не осталось, то он ничего не получает»."""
    if "observation_kit" in ctx.st.player(ctx.seat).in_play:
        count += 1
    cards = deck_of(ctx.st, deck)[:count]
    if not cards:
        return
    if len(cards) == 1:
        ctx.emit(ev.CARD_DRAWN, seat=ctx.seat, deck=deck, card=cards[0])
        if deck == "objective":
            ctx.push(Step("limit"))
    else:
        ctx.emit(ev.CARDS_DRAWN, seat=ctx.seat, deck=deck, cards=list(cards))
        ctx.push(Step("keep", deck))


def keep_options(state: State) -> list[Move]:
    return [{"type": "keep", "card": c} for c in sorted(set(state.limbo))]


def keep(ctx: Ctx, deck: str, card: str) -> None:
    """ru: keep one, the others go under the deck (in the order drawn)."""
    returned = list(ctx.st.limbo)
    returned.remove(card)
    ctx.emit(ev.CARD_KEPT, seat=ctx.seat, deck=deck, card=card, returned=returned)
    if deck == "objective":
        ctx.push(Step("limit"))


def claim_straits(ctx: Ctx) -> None:
    """ru «Проливы»: whoever has villages on both sides takes the strait's token, after their
    own action. A player displaced by a swap «не теряет ничего, но ничего и не приобретает от
    своего перемещения» (ru «Фаза награждения», note): strait tokens are one of the four
    rewards, so from origin-2 the displaced player takes none at the swap, only after an
    action of their own. origin-1 gave it to every holder of both sides at once."""
    board = ctx.st.board
    everyone = ctx.st.ruleset == FIRST_RULESET
    for s, (a, b) in enumerate(STRAIT_ENDS):
        value = ctx.st.straits[s]
        pa, pb = board[a], board[b]
        if value is None or pa is None or pb is None:
            continue
        if pa.owner is not None and pa.owner == pb.owner and (everyone or pa.owner == ctx.seat):
            ctx.emit(ev.STRAIT_TOKEN_TAKEN, seat=pa.owner, strait=STRAIT_IDS[s], value=value)


def territory_reward(ctx: Ctx, territory: int) -> None:
    """ru: the mover is rewarded by the colour of the territory it lands on."""
    colour = COLOUR[territory]
    if colour == "green":
        value = ctx.st.hunting[territory]
        if value is not None:
            ctx.emit(
                ev.HUNTING_TOKEN_TAKEN, seat=ctx.seat, territory=TERRITORY_IDS[territory],
                value=value,
            )  # fmt: skip
    elif colour is not None:
        ctx.push(Step("reward", colour))
