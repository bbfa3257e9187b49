"""Where the rulebooks disagree or are vague, and what this engine does (GAME-DATA.md).

Authority: ``origin.ru.txt``, then ``origin.ja.txt`` (Board Game Arena help), then
``origin.es.txt``. The service shows this list on Origin's data page, in the reader's
language (issue 32 §2): each text is a message of the game's catalogs, whose translations
keep the rulebooks' quotations as the rulebooks write them.
"""

from __future__ import annotations

from engine.games.origin.words import _

RULINGS: list[dict[str, str]] = [
    {
        "topic": _("Which pawns are doubled with 4 players"),
        "choice": _(
            "All nine height-2 pawns (every strength and colour) have a second copy: "
            "36 pawns with 4 players, 27 with 2 or 3."
        ),
        "sources": _(
            "ru «Подготовка для 2-3 игроков» (9 medium pawns, 27 of 36); GAME-DATA.md. "
            "ja names only the height-2 strength-2 pawns, which would not make 36."
        ),
    },
    {
        "topic": _("First player"),
        "choice": _("Drawn at random during setup."),
        "sources": _(
            "ja (「スタートプレイヤーがランダムに決定」); ru and es say the youngest "
            "player, which a play-by-email service cannot know."
        ),
    },
    {
        "topic": _("Choosing the starting objective"),
        "choice": _(
            "All players keep one of their three objectives at the same time; when "
            "the last has chosen, the objective deck is reshuffled and the first turn begins."
        ),
        "sources": _("ru «Подготовка к игре», ja setup 5, es."),
    },
    {
        "topic": _("Straits and movement"),
        "choice": _(
            "Territories across a strait are adjacent for Evolution, for Hunter and for "
            "objectives, but Migration and Swap move over land only; only the Navigator card "
            "lets a moving pawn cross straits (one step each), for a migration or a swap."
        ),
        "sources": _(
            "ru «Эволюция» (straits make territories adjacent) and Navigator "
            "(«Во время миграции вы можете переплыть через море»), which would have no effect "
            "otherwise; swap moves «по тем же правилам, что и миграция»."
        ),
    },
    {
        "topic": _("Great shaman"),
        "choice": _(
            "It waives the compatibility check only: the new pawn must still go on an "
            "empty territory adjacent to an occupied one."
        ),
        "sources": _("ru card text («независимо от её свойств и свойств соседних фишек»)."),
    },
    {
        "topic": _("Shaman"),
        "choice": _(
            "One matching property is enough; the new pawn may still never be smaller "
            "and never more than one step taller or stronger than that neighbour."
        ),
        "sources": _("ru card text («только по одному признаку совпадает»), ru «Эволюция»."),
    },
    {
        "topic": _("When cards can be played"),
        "choice": _(
            "At any moment of your own turn when no other choice is pending: before "
            "your action, or after it and its rewards. Great shaman, Navigator and Control "
            "only before the action; the three Tribal war cards after a swap made this turn. "
            "A card may be played only when its effect can apply (a card with no effect stays "
            "in hand, where it is worth a point)."
        ),
        "sources": _(
            "ru «Карты» (one of each colour, any moment of the turn); card texts "
            "(«Совершая обмен…», «Во время эволюции…»)."
        ),
    },
    {
        "topic": _("One card of each colour per turn; objectives"),
        "choice": _(
            "At most one action, one permanent and one objective card per turn. "
            "Completing an objective is playing the purple card. In the last round any number "
            "of objectives may be completed."
        ),
        "sources": _(
            "ru «Карты», «Конец игры»; ja; GAME-DATA.md (Board Game Arena). The ja "
            "action-phase summary says one card per turn; its card section and ru say one of "
            "each colour."
        ),
    },
    {
        "topic": _("Replacing completed objectives in the last round"),
        "choice": _("No replacement objective is drawn once the last round has begun."),
        "sources": _(
            "ru («брать карты цели вместо разыгранных уже не нужно»), ja "
            "(「即座に目的カードを補充することはできません」); es would still replace the first."
        ),
    },
    {
        "topic": _("End of the game"),
        "choice": _(
            "The end is triggered when any one of the action, permanent or objective "
            "decks is empty, no innovation tile is left on the reward board, no pawn is left in "
            "the reserve, or every player has placed all 9 villages. The player whose turn it "
            "is finishes it; every other player then has one last turn in order."
        ),
        "sources": _(
            "ru and es («в одной из трёх колод»); ja says all three decks, which contradicts them."
        ),
    },
    {
        "topic": _("When the end conditions are checked"),
        "choice": _(
            "Whenever the turn is at rest (no choice pending), so cards drawn to be "
            "chosen among and then put back under the deck do not empty it."
        ),
        "sources": _("ru «Конец игры» (whoever takes the last item triggers the end)."),
    },
    {
        "topic": _("The last round for the player who triggered the end"),
        "choice": _(
            "The last round starts at once: the rest of the triggering turn already "
            "follows last-round rules (several objectives may be completed, no replacement is "
            "drawn). That turn is its player's last, like the one turn each other player has."
        ),
        "sources": _(
            "The rulebooks are silent on the triggering turn. ru «Конец игры»: «Тот, "
            "кто взял последний из закончившихся элементов, инициирует окончание игры. Остальные "
            "игроки делают по одному ходу» and «В последнем раунде участники могут разыграть "
            "больше одной карты цели, но брать карты цели вместо разыгранных уже не нужно»; ja "
            "「最終手番では目的カードを複数枚プレイすることができます」. Reasons: the triggering "
            "turn is that player's final turn, so every player's final turn follows the same "
            "rules; and when the trigger is the empty objective deck no replacement could be "
            "drawn anyway, so the rule would otherwise depend on which end condition tripped."
        ),
    },
    {
        "topic": _("No action possible"),
        "choice": _(
            "A player who can neither evolve, migrate nor swap passes (after playing "
            "cards if they wish). If every player passes in a row for a whole round, the game "
            "ends and is scored."
        ),
        "sources": _(
            "The rulebooks require an action («должен совершить одно из») and do not "
            "say what happens when none is possible."
        ),
    },
    {
        "topic": _("Rewards when a tile cannot be laid"),
        "choice": _(
            "In «tile and top card» the tile is skipped when none in the column can be "
            "laid (or the column is empty) and the card is still drawn; a reward with nothing "
            "at all to give is skipped. Draw-three takes what the deck has."
        ),
        "sources": _(
            "ru «Фаза награждения»: «если … их уже не осталось, то он ничего не получает»."
        ),
    },
    {
        "topic": _("Brown reward, two tiles"),
        "choice": _(
            "The two brown tiles are taken one after the other; the first is replaced "
            "from the reserve before the second is chosen. The second is compulsory when one "
            "can be laid."
        ),
        "sources": _(
            "ru «Коричневый» and «Когда тайл инноваций берётся…, на его место кладётся новый тайл»."
        ),
    },
    {
        "topic": _("Innovation stacks"),
        "choice": _(
            "A player may keep several stacks; a level-n tile goes on any stack whose "
            "top is level n-1, a level-1 tile starts a new stack. Which stack receives it makes "
            "no difference."
        ),
        "sources": _("ru «Ограничения для тайлов инновации» and its 1-2-3-1 example."),
    },
    {
        "topic": _("Order of cards put under a deck"),
        "choice": _("Cards not kept go under the deck in the order they were drawn."),
        "sources": _("The rulebooks do not say."),
    },
    {
        "topic": _("Observation kit"),
        "choice": _(
            "Every draw of cards draws one more (top card + tile: two cards; draw "
            "three: four; objective replacement and Inventor: two), the player keeps one and "
            "puts the rest under the deck."
        ),
        "sources": _("ru card text («Вытягивая карты, возьмите ещё одну…»)."),
    },
    {
        "topic": _("Parchment"),
        "choice": _(
            "Every tile the owner takes may come from any column, the two tiles of "
            "the brown reward included."
        ),
        "sources": _("ru card text («Когда вы берёте тайл инновации…»)."),
    },
    {
        "topic": _("Cart and Carriage; duplicate permanent cards"),
        "choice": _(
            "Cart (+1) and Carriage (+2) add up. A permanent card already in play may "
            "not be played a second time (the copy stays in hand)."
        ),
        "sources": _("ru card texts; the rulebooks do not say whether copies stack."),
    },
    {
        "topic": _("War trophies"),
        "choice": _(
            "After each swap the owner chooses one pawn kind from the reserve; it "
            "leaves the game and is worth 2 points. Taking the last pawn triggers the end."
        ),
        "sources": _("ru card text."),
    },
    {
        "topic": _("Inventor"),
        "choice": _(
            "“Draw any card” is the top card of the deck of your choice (action, "
            "permanent or objective); “any tile” is any face-up tile of any column that you can "
            "lay."
        ),
        "sources": _("ru card text («Вытяните любую карту или возьмите любой тайл»)."),
    },
    {
        "topic": _("Ending a turn"),
        "choice": _(
            "After the action and its rewards, a turn in which no card can be played and "
            "no objective completed ends by itself; otherwise the player ends it when done."
        ),
        "sources": _("ru «Фаза действия» (cards may be played at any moment of one's turn)."),
    },
    {
        "topic": _("Hunter"),
        "choice": _(
            "The green territory must still hold its token and be adjacent (straits "
            "included) to a territory with one of your pawns."
        ),
        "sources": _("ru card text («со смежной зелёной территории»)."),
    },
    {
        "topic": _("Sailor"),
        "choice": _(
            "Any strait whose token is still on the map and which has one of your "
            "pawns on at least one side."
        ),
        "sources": _("ru card text."),
    },
    {
        "topic": _("Tribal war (tile)"),
        "choice": _(
            "Any one tile of the victim that the thief can lay and whose loss leaves "
            "the victim's tiles in legal stacks: the top of one of the victim's stacks. A tile "
            "from under another is not taken."
        ),
        "sources": _(
            "ru card text: «один любой тайл инноваций (следуя правилам и "
            "ограничениям, касающимся получения тайлов)»; ru «Ограничения для тайлов инновации»: "
            "«Каждый новый взятый тайл может быть выложен только над тайлом с уровнем на единицу "
            "ниже». Taking a tile from under another would leave the one above it on a tile two "
            "levels lower, against that rule; tiles of one level are alike (same points, same "
            "use), so «любой» is any level that tops one of the stacks, whichever stack it is."
        ),
    },
    {
        "topic": _("Tribal war (strait)"),
        "choice": _(
            "With several tokens of the lowest value, which one moves makes no "
            "difference; the first taken goes."
        ),
        "sources": _("ru card text."),
    },
    {
        "topic": _("Tribal war (cards)"),
        "choice": _(
            "The victim's whole hand (action, permanent and objective cards) is shown "
            "to the thief only; a stolen objective counts against the hand limit. The victim "
            "is told which card was taken (it left their own hand); the other players learn only "
            "its kind, as the hand sizes show it."
        ),
        "sources": _("ru card text."),
    },
    {
        "topic": _("Volcanic eruption"),
        "choice": _("The eruption itself, discarded on play, cannot be taken back."),
        "sources": _("ru «Карты действия»: the effect applies, then the card is discarded."),
    },
    {
        "topic": _("Control"),
        "choice": _(
            "Any other player's pawn within reach, whatever its strength; never the "
            "neutral pawn and never your own."
        ),
        "sources": _("ru «Обмен» and the Control card."),
    },
    {
        "topic": _("Strait tokens"),
        "choice": _(
            "Checked after every action, for the player who acted: they take every "
            "token whose two sides they hold. A player displaced by a swap who ends up holding "
            "both sides takes nothing at the swap; the token is theirs to take after an action "
            "of their own (ruleset origin-2; under origin-1 they took it at the swap)."
        ),
        "sources": _(
            "ru «Проливы» (the token goes to whoever holds both sides); ru «Фаза "
            "награждения», note: the displaced player «не теряет ничего, но ничего и не "
            "приобретает от своего перемещения», and strait tokens are one of its four rewards; "
            "es «no gana las Recompensas del territorio al que es perseguido»; ja "
            "「報酬を失ったり、獲得することはありません」."
        ),
    },
    {
        "topic": _("Objective hand limit"),
        "choice": _(
            "After any gain of objectives, a player over the limit puts one objective "
            "of their choice under the deck, repeated until within the limit (2, or 3 with "
            "Map)."
        ),
        "sources": _("ru «Очень важно!»."),
    },
    {
        "topic": _("Adjacent-pawn objectives"),
        "choice": _(
            "“4 adjacent pawns” means a connected group of at least 4 of your pawns "
            "(straits connect too). On one continent: the whole group in one continent "
            "(Oceania's islands count as one). Over 2 continents: the group spans at least two."
        ),
        "sources": _("ru card list; Board Game Arena points."),
    },
    {
        "topic": _("Ties"),
        "choice": _(
            "Most cards in hand wins a tie on points; players still level share the place."
        ),
        "sources": _("ru «Конец игры»."),
    },
    {
        "topic": _("The Origin territory"),
        "choice": _("It has no reward colour: the neutral pawn never leaves it."),
        "sources": _(
            "ru «Обмен» (the neutral pawn cannot be swapped) and «Помещённые на поле "
            "фишки … не могут быть убраны»."
        ),
    },
]
