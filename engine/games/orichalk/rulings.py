"""Where the rulebook is silent or incomplete, and what this engine does (GAME-DATA.md).

Authority: ``orichalk.uk.txt``. The service shows this list on Orichalk's data page, in the
reader's language (issue 32 §2): each text is a message of the game's catalogs, whose
translations keep the rulebook's quotations as it writes them.
"""

from __future__ import annotations

from engine.games.orichalk.words import _

RULINGS: list[dict[str, str]] = [
    {
        "topic": _("Island and side"),
        "choice": _(
            "Each player is dealt an island board at random; then all players choose "
            "its side (easier or harder) at the same time, before the first turn."
        ),
        "sources": _(
            "uk «Приготування до гри» 1 («випадковий планшет … яким хоче боком»), "
            "«Рівень складності острова»."
        ),
    },
    {
        "topic": _("First player"),
        "choice": _(
            "Drawn at random during setup; the player on their right (the last in "
            "turn order) takes 1 hoplite."
        ),
        "sources": _("uk «Приготування до гри» 15-16."),
    },
    {
        "topic": _("When the metropolis is placed"),
        "choice": _(
            "As the first decision of a player's first turn, before taking a card; "
            "the bonus of the port it covers is taken at once, so it can pay for a card."
        ),
        "sources": _(
            "uk «Приготування до гри» («покласти на свій острів на початку першого "
            "ходу»), «Перший хід гравця»."
        ),
    },
    {
        "topic": _("The metropolis tile"),
        "choice": _(
            "It covers the one port space it is placed on. It holds a mine and a "
            "training camp but is not a land tile: nothing is built on it, it is never part "
            "of a temple or of a terrain area. Land tiles may be placed next to it."
        ),
        "sources": _(
            "uk «Перший хід гравця»; фаза 2 rule 3 («суміжною до іншої плитки земель "
            "чи метрополії»)."
        ),
    },
    {
        "topic": _("Turn order and the player on the right"),
        "choice": _(
            "Seats are clockwise in the order p1, p2, …; a round starts with the "
            "initiative holder and goes on clockwise; the player on someone's right is the one "
            "before them."
        ),
        "sources": _("uk «Ігролад»."),
    },
    {
        "topic": _("Tile placements"),
        "choice": _(
            "Tiles are turned but never flipped: a triple's three terrains keep their "
            "printed counter-clockwise order. Placements covering the same spaces with the "
            "same terrains (a tile showing one terrain twice) are one option."
        ),
        "sources": _("uk фаза 2."),
    },
    {
        "topic": _("A tile that cannot be placed"),
        "choice": _(
            "It goes under its stack at once and its creatures go back to the bag; "
            "the player goes on with phase 3."
        ),
        "sources": _(
            "uk фаза 2 («кладе її до низу відповідного стосу»); the creature is not mentioned."
        ),
    },
    {
        "topic": _("Empty stacks and bags"),
        "choice": _(
            "A card dealt when the stack of its size is empty gets no tile, and its "
            "taker places none. A volcano that needs a creature when the bag is empty stays "
            "empty (a joker). A construction slot stays empty when the building bag is empty."
        ),
        "sources": _("The rulebook does not say."),
    },
    {
        "topic": _("Creating or growing an area"),
        "choice": _(
            "A titan is attracted when, after a tile is placed, a space of that tile "
            "belongs to an area of 3 or more joined land spaces of the titan's terrain. "
            "Spaces under buildings and temples are not land. Volcanoes have no titan. A "
            "building or temple that splits an area takes no titan away."
        ),
        "sources": _(
            "uk «він приверне увагу титана», «Ділянку під будівлею більше не вважають землею»."
        ),
    },
    {
        "topic": _("Several titans at once"),
        "choice": _(
            "A titan already held and attracted again turns active. A new titan always "
            "comes in and an old one goes back to the centre, active; with Oratories the "
            "player chooses which old one goes. When more new titans arrive at once than the "
            "player may hold, the player chooses which of them to keep; the others stay "
            "where they were (centre or another player)."
        ),
        "sources": _("uk «Кілька титанів» (one titan arriving at a time)."),
    },
    {
        "topic": _("Titan favours"),
        "choice": _(
            "Using a favour is the player's choice when doing the matching action "
            "(phase 3 or an extra action): mine or recruit with or without it; Kronos is "
            "declared instead of rolling and wins (no hoplite is committed; any hoplites left "
            "on the creature are freed); Theia offers one more Create after a Create."
        ),
        "sources": _("uk «Милість титанів» («можливість скористатись»)."),
    },
    {
        "topic": _("Hoplites already on a creature"),
        "choice": _(
            "They count among the 3 hoplites of the next fight against it (4 dice at "
            "most, 1 + 3); after a lost fight every hoplite of that fight stays on it; after a "
            "win all are freed to the general supply (to the player's supply with a "
            "Hospital)."
        ),
        "sources": _(
            "uk «Захоплення істот» («максимальна кількість кубиків у битві — 4»), «У разі поразки»."
        ),
    },
    {
        "topic": _("The action card after phase 3"),
        "choice": _(
            "It goes face up to the discard at the end of phase 3 whether the action "
            "was done or skipped."
        ),
        "sources": _("uk фаза 3 speaks only of a card whose action was done."),
    },
    {
        "topic": _("Steps with nothing to choose"),
        "choice": _(
            "A phase 3 action that cannot be done (a capture with no creature on the "
            "island, a Create with nowhere to build and nothing to forge) is skipped at once; "
            "so is phase 4 when no extra action can be paid for and done."
        ),
        "sources": _("Phases 3 and 4 are optional (uk «Хід гравця»)."),
    },
    {
        "topic": _("Extra actions"),
        "choice": _(
            "An extra action is offered only when the player can pay for it and do it; "
            "once bought it is done (a bought capture fights at least once and may stop after "
            "a win). Each Forge allows one more extra action per turn."
        ),
        "sources": _("uk фаза 4; SOURCE (Forge)."),
    },
    {
        "topic": _("Which resource pays which tier"),
        "choice": _(
            "The tier allowing capture, create and mine is paid with hoplites; the one "
            "allowing capture, create and recruit with orichalcum (never the resource the tier "
            "could produce); the tier allowing all four with a captured creature, which goes "
            "back to the bag. Amounts are on this page (PROVISIONAL)."
        ),
        "sources": _(
            "uk фаза 4 (the tiers' actions; «Витрачених істот повертають до мішка»); "
            "the price icons are not in the text."
        ),
    },
    {
        "topic": _("Buildings: where"),
        "choice": _(
            "On a land space (no creature, building or temple on it) of the slot's "
            "terrain or on an empty volcano, not next to a creature (a Protection crystal "
            "allows it). A temple covers four land spaces forming a diamond, with four "
            "different terrains (empty volcanoes are jokers; with an Architect one terrain may "
            "appear twice, never three times), none of them next to a creature (a Protection "
            "crystal allows it)."
        ),
        "sources": _("uk «Будівля», «Храм»; SOURCE (Protection crystal, Architect)."),
    },
    {
        "topic": _("Buildings: several of a kind"),
        "choice": _(
            "Mines, training camps, Oratories, Siege engines and Forges each add "
            "their effect; a second Hospital, Arch, Statues, Protection crystal or Architect "
            "adds nothing."
        ),
        "sources": _("The rulebook does not say."),
    },
    {
        "topic": _("Resources on the construction board"),
        "choice": _(
            "A mine or training camp drawn onto the board gets 1 orichalcum or 1 "
            "hoplite; a token still there at the next refill keeps the one it has (never more "
            "than one)."
        ),
        "sources": _(
            "uk «Поповніть планшет створення»: «Дістаньте з мішка по одному жетону "
            "будівлі за кожну пусту ділянку … Покладіть по 1 голпіту на кожен відкритий "
            "тренувальний табір і 1 самородку орихалка на кожну відкриту шахту». Read against "
            "the whole text: «відкритий» is a token just revealed (the same step for the cards "
            "says «для кожної з карток дій, що було щойно відкрито», and setup uses the same "
            "words for the four tokens it has just drawn); the builder «отримує ресурс, який "
            "лежить на жетоні цієї будівлі (гопліта чи самородок орихалка)», one resource. A "
            "token left over keeps its one; the rulebook never lets resources pile up on it."
        ),
    },
    {
        "topic": _("The two-player discard"),
        "choice": _("Compulsory; the cards to its right slide left, as after a take."),
        "sources": _("uk фаза 5, фаза 1."),
    },
    {
        "topic": _("Initiative ties"),
        "choice": _(
            "When the holder has only one possible choice (a single other tied "
            "player), it passes at once; the holder decides only between two or more."
        ),
        "sources": _("uk «Передайте жетон ініціативи»."),
    },
    {
        "topic": _("Supplies"),
        "choice": _(
            "Hoplites and orichalcum in the general supply never run out. The 17 "
            "victory tokens and 17 temple tiles do: with none left, no temple or medallion "
            "can be created."
        ),
        "sources": _(
            "The rulebook lists 30 hoplites and 30 nuggets without a limit rule; "
            "victory tokens and temples are taken «із запасу»."
        ),
    },
    {
        "topic": _("The win"),
        "choice": _(
            "Checked whenever a titan is claimed, a creature captured, a temple "
            "built or a medallion forged: with 5 victory points and no creature on the island "
            "the player wins at once, mid-turn. A tile bringing a creature along is placed "
            "with it before any titan it attracts counts."
        ),
        "sources": _("uk «Кінець гри та перемога» («Хід завершувати не потрібно»)."),
    },
    {
        "topic": _("Ranking the others"),
        "choice": _(
            "The winner first; everyone else by victory points, then fewer creatures "
            "on their island, then more orichalcum; players equal on all three share a place. "
            "A game ended early by its players is ranked the same way."
        ),
        "sources": _("The rulebook names only the winner."),
    },
]
