"""Grammar a native reader would fix (issue 32 §3), checked over every catalog we ship: the
service's (``service/translations``), the words every game shares (``engine/translations``)
and each game's (``engine/games/<game>/translations``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent


@cache
def catalogs(lang: str) -> tuple[tuple[Path, Catalog], ...]:
    """Every catalog of ``lang``, with its path."""
    paths = sorted(
        [
            *ROOT.glob(f"service/translations/{lang}/LC_MESSAGES/*.po"),
            *ROOT.glob(f"engine/translations/{lang}/LC_MESSAGES/*.po"),
            *ROOT.glob(f"engine/games/*/translations/{lang}/LC_MESSAGES/*.po"),
        ]
    )
    assert len(paths) == 5, paths
    found = []
    for path in paths:
        with path.open("rb") as f:
            found.append((path.relative_to(ROOT), read_po(f, locale=lang)))
    return tuple(found)


def entries(lang: str) -> Iterator[tuple[Path, Message, tuple[str, ...]]]:
    """Every translated entry of ``lang``'s catalogs, with its forms (one, or the plural's)."""
    for path, catalog in catalogs(lang):
        for message in catalog:
            if not message.id:
                continue
            string = message.string
            forms = tuple(string) if isinstance(string, (tuple, list)) else (string,)
            yield path, message, tuple(s for s in forms if s)


def source(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


# -- Russian and Ukrainian: a player's name is never followed by a gendered past tense ------

PERSON = r"\{(?:name|who|seat|player|victim|old|owner|chooser|holder|winners?|by)\}"
"""The placeholders that hold a player's name (or seat, which the reader sees as a name)."""
ADVERBS = r"(?:не|уже|вже|снова|знову|ещё|ще|тоже|теж|також|недавно|нещодавно)"
SUBJECT = r"(?:^|(?<=[.;:!?—]\s)|(?<=\s[иійа]\s)|(?<=\sно\s)|(?<=\sале\s))"
"""Where a name is the subject: starting the sentence or a clause (not «Термін гравця {name}
минув», whose subject is «термін»)."""
PAST = {
    "ru": r"\w+(?:л|ла|ло|лся|лась|лось)",
    "uk": r"\w+(?:в|ла|ло|вся|лася|лась|лося)",
}
"""A singular past tense, which names the player's gender: «Анна вернулся»."""


def gendered_past(lang: str, text: str) -> list[str]:
    """Where ``text`` puts a singular past tense right after a player's name. Writing both
    genders («проголосовал(а)», «поквапив(-ла)») is how the catalogs say it for anyone."""
    verb = re.compile(rf"{SUBJECT}{PERSON}(?:\s+{ADVERBS})*\s+({PAST[lang]})(?![\w(])")
    # «{name} снова играет сам»: «сам» (or «сама») is a gender too.
    alone = re.compile(rf"{SUBJECT}{PERSON}[^.;:!?—(]*?\s(?:сам|сама)\b")
    return [m.group(0) for m in (*verb.finditer(text), *alone.finditer(text))]


def test_the_gendered_past_check_catches_what_a_reader_caught():
    assert gendered_past("ru", "{who} согласился продолжить игру")
    assert gendered_past("ru", "{name} не принял решение вовремя.")
    assert gendered_past("uk", "{name} повернувся і знову грає")
    assert gendered_past("uk", "{name} не ухвалив рішення вчасно.")
    assert not gendered_past("ru", "{who} проголосовал(а) подождать")
    assert not gendered_past("uk", "{who} поквапив(-ла) гравця {name}")
    assert gendered_past("ru", "{name} снова играет сам (без бота)")
    assert gendered_past("uk", "{name} знову грає сам")
    assert not gendered_past("ru", "{name}: снова в игре")
    assert not gendered_past("uk", "Термін гравця {name} минув")


def test_no_russian_or_ukrainian_message_gives_a_player_a_gender_by_a_past_tense():
    found = [
        f"{path}: {source(message)!r} → {form!r}"
        for lang in ("ru", "uk")
        for path, message, forms in entries(lang)
        for form in forms
        if gendered_past(lang, form)
    ]
    assert not found, "\n".join(found)


# -- English, the source: a plural's singular is singular, "a" and "an" as they are said -----

UNCOUNTED = {"orichalcum", "stone", "food", "wisdom", "gold", "VP", "pts", "more", "left"}
"""Words English does not inflect after a number ("5 gold", "2 VP", "3 more", "4 left"):
a plural message counting them may read the same in both forms."""


def counted_word(text: str) -> str | None:
    """The word ``{n}`` counts in ``text`` (a colour or other value between them skipped)."""
    found = re.search(r"\{n\}(?:\s+\{\w+\})*\s+([A-Za-z]+)", text)
    return found.group(1) if found else None


def test_every_plural_message_says_one_in_the_singular():
    """ "1 war trophies", "1 hoplites": the singular form of a plural message is the one a
    count of 1 is shown with, so it counts in the singular unless English says both alike."""
    same = sorted(
        {
            f"{path.parent.parent.parent}: {message.id[0]!r}"
            for path, message, _forms in entries("ru")
            if isinstance(message.id, tuple)
            and message.id[0] == message.id[1]
            and counted_word(message.id[0]) not in UNCOUNTED
        }
    )
    assert not same, "\n".join(same)


AN = re.compile(
    r"\b[Aa] (?=[aeioAEIO]|8\b|8\d\b|11\b|18\b)"
    r"|\b[Aa]n (?!h(?:our|onest|onou?r|eir))(?=[b-df-hj-np-tv-z]|[0-79]\b)"
)
""""a" before a vowel sound ("a orange", "a 8"), or "an" before a consonant ("an hour" is
right)."""


def test_english_says_a_and_an_as_it_is_spoken_in_every_message():
    wrong = sorted(
        {
            f"{path.parent.parent.parent}: {text!r}"
            for path, message, _forms in entries("ru")
            for text in (message.id if isinstance(message.id, tuple) else (message.id,))
            if AN.search(re.sub(r"\{\w+\}", "", text))
        }
    )
    assert not wrong, "\n".join(wrong)


def test_english_says_a_and_an_as_it_is_spoken_with_the_values_put_in():
    """ "Take a {pawn} pawn": the article is right only once the value is in; every
    narration and option label of random whole games of every game, read in English."""
    from engine.catalogue import CATALOGUE
    from engine.kit.words import english
    from tests.engine.playout import play_random

    wrong: set[str] = set()
    read = 0
    for game in CATALOGUE:
        for players, seed in ((2, 1), (3, 2)):
            run = play_random(game, players, seed)
            before = None
            for event, state in zip(run.events, run.states, strict=True):
                for reader in (None, *run.seats):
                    said = english(game.narrate(before, event, reader))
                    read += 1
                    if AN.search(said):
                        wrong.add(f"{game.name}: {said!r}")
                before = state
            for decision in run.log:
                for move in game.legal_moves(decision.state, decision.seat):
                    label = english(game.describe(decision.state, move))
                    read += 1
                    if AN.search(label):
                        wrong.add(f"{game.name}: {label!r}")
    assert read > 10_000
    assert not wrong, "\n".join(sorted(wrong))


# -- Russian and Ukrainian: one word in every plural form ------------------------------------

ONE_WORD = (
    {"гра", "гри", "гру", "грі", "ігор", "іграх"},  # uk «гра»: «ігор» is its own plural
    {"й", "і"},  # uk: the same «and», chosen by the sounds around it
    {"в", "у"},  # uk: the same «in»
    {"другую", "остальные"},  # «кладёт другую» (one) / «кладёт остальные» (several)
    {"іншу", "решту"},
)
"""Words whose forms do not begin alike, and whose plural forms are still one word."""


def words_changing_across_forms(forms: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The words of a plural's forms, side by side, that do not begin with the same letter:
    «мету», «мети», «цілей» counts a «мета» once and a «ціль» many times."""
    split = [re.findall(r"[^\W\d_]+", re.sub(r"\{\w+\}", "", form)) for form in forms]
    if len({len(words) for words in split}) != 1:
        return []
    return [
        side
        for side in zip(*split, strict=True)
        if len({w[0].lower() for w in side}) > 1 and not any(set(side) <= w for w in ONE_WORD)
    ]


def test_a_plural_counts_the_same_word_in_every_form():
    mixed = [
        f"{path}: {source(message)!r} → {forms!r}"
        for lang in ("ru", "uk")
        for path, message, forms in entries(lang)
        if isinstance(message.id, tuple) and words_changing_across_forms(forms)
    ]
    assert not mixed, "\n".join(mixed)


# -- Japanese: the polite register in every game's narration, a verb of its own ---------------

POLITE = ("ます", "ました", "ません", "ませんでした", "です", "でした", "ください")
FRAGMENTS = ("なし", "へ", "と", "から", "付き", "向き", "待ち", "}つ")
"""Noun phrases that end in kana: 「なし」 (none), 「{disc}は{space}へ」, 「{first}と{then}」,
「建物袋から：…」 (from the bag: …), 「{tile}付き」 (with a tile), 「裏向き」 (face down),
「決定待ち」 (waiting for a decision), 「節目{n}つ」 (a count)."""
HIRAGANA = re.compile(r"[\u3041-\u309f]$")


def plain_endings(text: str) -> list[str]:
    """The sentences, clauses and bracketed notes of ``text`` (ended by 。, ：, （ or ）)
    that end in a verb or an adjective in the plain register (「取った」「ある」「動かない」,
    「並んだが、」): a noun phrase, or a placeholder, ends none of them."""
    plain = [
        m.group(0) for m in re.finditer(r"[^。：（）、]*(?:(?<!まし)(?<!でし)た|だ)が、", text)
    ]
    for clause in re.split(r"[。：（）]", text):
        clause = clause.strip()
        if HIRAGANA.search(clause) and not clause.endswith(POLITE + FRAGMENTS):
            plain.append(clause)
    return plain


def narrations() -> Iterator[tuple[str, str, str | None]]:
    """Every message a game's narration marks (``narration.py``), with its game's folder."""
    from tests.games.catalogs import extracted

    for folder in sorted((ROOT / "engine" / "games").iterdir()):
        if (folder / "narration.py").is_file():
            for msgid, context in extracted(folder, (("narration.py", "python"),)):
                yield folder.name, msgid, context


def test_the_register_check_tells_plain_from_polite():
    assert plain_endings("{seat}が{card}を取った") == ["{seat}が{card}を取った"]
    assert plain_endings("{seat}がダイスを戻した。各市民は1増える：{dice}") == [
        "{seat}がダイスを戻した",
        "各市民は1増える",
    ]
    assert not plain_endings("{seat}が{amounts}を得ました（蠍座）")
    assert not plain_endings("ゲーム終了（{reasons}）：{result}")
    assert not plain_endings("{disc}は{space}へ")
    assert plain_endings("{seat}は{creature}と戦いました（すでに{left}人いた）") == [
        "すでに{left}人いた"
    ]
    assert plain_endings("{holder}と並んだが、{holder}は保持できません") == ["{holder}と並んだが、"]
    assert not plain_endings("{holder}と並びましたが、{holder}は保持できません")


def test_every_japanese_narration_of_every_game_is_polite():
    """Origin's narration was polite (「取りました」), the other two games' plain (「取った」):
    one register, the polite one of the service's pages and emails."""
    plain = []
    for game, msgid, context in narrations():
        (path,) = (ROOT / "engine" / "games" / game / "translations").glob("ja/LC_MESSAGES/*.po")
        (_path, catalog) = next((p, c) for p, c in catalogs("ja") if p == path.relative_to(ROOT))
        entry = catalog.get(msgid, context=context)
        assert entry is not None, (game, msgid)
        for form in entry.string if isinstance(entry.string, tuple) else (entry.string,):
            plain += [f"{game}: {msgid!r} → {form!r}: {end!r}" for end in plain_endings(form)]
    assert not plain, f"{len(plain)} plain endings:\n" + "\n".join(plain)


def test_japanese_plays_a_card_or_chooses_an_action_never_moves_a_shogi_piece():
    """「指す」 is the verb of shogi and go: a move here is a card played or an action chosen
    (「選びました」), a reply not applied is 「反映されていません」. 「指している」 (refers to) is
    another word."""
    found = [
        f"{path}: {source(message)!r} → {form!r}"
        for path, message, forms in entries("ja")
        for form in forms
        if re.search(r"指[さしすせそ](?!てい)", form)
    ]
    assert not found, "\n".join(found)


COUNTER = r"(?:か月|ヶ月|[日時分人枚個点回通手件秒週年行番])"
"""Japanese counters («1日», «3人», «5件»): written right after their number."""


def test_japanese_writes_a_number_and_its_counter_together():
    """«1 日 1 通» reads as spaced-out English; Japanese writes «1日1通», and a count put in
    as a value («{n} 件») the same way. A time zone's name («{zone} 時間») is a word, not a
    number."""
    spaced = re.compile(rf"(?:\d|\{{(?!zone\}})\w+\}}) {COUNTER}")
    found = [
        f"{path}: {source(message)!r} → {form!r}"
        for path, message, forms in entries("ja")
        for form in forms
        if spaced.search(form)
    ]
    assert not found, "\n".join(found)


# -- Every count goes through the plural forms ------------------------------------------------


def counted_nouns() -> set[str]:
    """The words the plural messages count ("{n} points" → "points")."""
    return {
        word
        for _path, message, _forms in entries("ru")
        if isinstance(message.id, tuple)
        for word in re.findall(r"\{n\}(?:\s+\{\w+\})*\s+([a-z]+s)\b", message.id[1])
    }


def counts_without_plural_forms(msgid: str | tuple[str, str], nouns: set[str]) -> list[str]:
    """The counts in ``msgid`` put in as a bare number: in a message that is no plural, or by
    a value other than the plural's own ``{n}`` («{seq} событий», «1 points»)."""
    plural = isinstance(msgid, tuple)
    return [
        found.group(0)
        for text in (msgid if isinstance(msgid, tuple) else (msgid,))
        for found in re.finditer(r"(?<!to )(?<!–)\{(\w+)\}(?:\s+\{\w+\})*\s+([a-z]+s)\b", text)
        if found.group(2) in nouns and not (plural and found.group(1) == "n")
    ]


def test_every_count_goes_through_the_plural_forms():
    """A number that counts something is a plural message's ``{n}`` (or a message of its own
    nested in another, as «{events}» in the end of a game), so each language says «502
    события», «1 point», «21 очко»; a range («from {min} to {max} players», «{min}–{max}»)
    is no count."""
    nouns = counted_nouns()
    assert {"points", "events", "days", "tiles"} <= nouns
    bare = sorted(
        {
            f"{path.parent.parent.parent}: {source(message)!r}: {counts}"
            for path, message, _forms in entries("ru")
            if (counts := counts_without_plural_forms(message.id, nouns))
        }
    )
    assert not bare, "\n".join(bare)


# -- Words a native reader corrected, and the rulebooks' terms ---------------------------------

CORRECTED = (
    (
        "ru",
        r"a seat whose player",
        r"мест\w*, чей",
        "a seat has no player of its own: «место игрока, который перестал отвечать»",
    ),
    ("uk", r"a seat whose player", r"місц\w*, чий", "«місце гравця, який перестав відповідати»"),
    (
        "ru",
        r"value is provisional",
        r"значени[йя] предварительные",
        "«5 значений предварительны»: the short form agrees with a count",
    ),
    ("uk", r"value is provisional", r"значень попередні\b", "«5 значень є попередніми»"),
    (
        "ru",
        r"^Swap the",
        r"Обменяться фишкой",
        "«обменяться фишкой с территории» swaps a pawn for a territory; ru rulebook «Обмен. "
        "Передвиньте фишку…»",
    ),
    ("uk", r"^Swap the", r"Обмінятися фішкою", "as ru: «Обмін: пересунути фішку…»"),
    (
        "es",
        r"^Swap one of your pawns",
        r"\bpor un peón",
        "«cambiar por» is to replace; es rulebook «Intercambiar: ambos peones cambian de lugar»",
    ),
    (
        "ru",
        r"tower level",
        r"ярус\w* башни",
        "ru rulebook: the action is «Построить уровень башни» (a «ярус» is the piece)",
    ),
)


def test_what_a_native_reader_corrected_stays_corrected():
    found = [
        f"[{lang}] {source(message)!r} → {form!r}: {why}"
        for lang, msgid, wrong, why in CORRECTED
        for _path, message, forms in entries(lang)
        if re.search(msgid, source(message))
        for form in forms
        if re.search(wrong, form)
    ]
    assert not found, "\n".join(found)
    for lang, msgid, _wrong, _why in CORRECTED:
        assert any(re.search(msgid, source(m)) for _p, m, _f in entries(lang)), (lang, msgid)
