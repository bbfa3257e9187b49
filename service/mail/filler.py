"""A code read from a line of polite filler (issue 32 §4): ``２です``, ``2番``, ``Выбираю 2``,
``Option 2 please``, ``2 por favor``, ``Обираю 2``, ``2でお願いします``.

A reply's first line is played when it holds exactly one option code and, around it, only
words of :data:`FILLER`: a small vocabulary per language of what people write around a
choice (please, I choose, option, です), never a guess. A line with anything else (two
numbers, a number in a sentence, a question, a "not") is no code: the reader answers it
with the help, which asks for the code alone on its own line.

The words of every language are read whatever the seat's (as table commands are,
:mod:`service.mail.keywords`): none holds a digit, so none can add a code to a line, and
none says no, or, not, than, instead or again, so none can turn a code into its opposite.
"""

from __future__ import annotations

import re
import unicodedata

from service.mail.dates import fold
from service.present import codes

# For translators of the vocabulary: words around a chosen option's code that change
# nothing of the choice, as players type them (lower case; case, accents, full-width forms
# and punctuation are folded away). Never a number, a negation, "or" or "and".
FILLER: dict[str, tuple[str, ...]] = {
    "en": (
        "option", "choice", "number", "#", "i", "i'll", "i'd like", "i would like", "i'd",
        "choose", "pick", "take", "play", "go with", "go for", "let's", "lets", "let me",
        "my move", "my move is", "my choice", "my choice is", "it's", "it is", "please",
        "pls", "plz", "thanks", "thank you", "thx", "cheers", "ok", "okay", "hi", "hello",
        "hey", "then", "to play", "i'll play", "i'll take", "i'll go with",
    ),
    "ru": (
        "выбираю", "выберу", "выбор", "мой выбор", "я", "хочу", "я хочу", "беру", "возьму",
        "играю", "сыграю", "ход", "мой ход", "вариант", "номер", "пожалуйста", "спасибо",
        "плиз", "давай", "давайте", "ок", "окей", "привет", "здравствуйте", "добрый день",
        "пусть будет", "тогда", "ну",
    ),
    "uk": (
        "обираю", "вибираю", "оберу", "виберу", "вибір", "мій вибір", "я", "хочу",
        "я хочу", "беру", "візьму", "граю", "зіграю", "хід", "мій хід", "варіант", "номер",
        "будь ласка", "дякую", "давай", "давайте", "ок", "привіт", "вітаю", "добрий день",
        "нехай буде", "тоді", "ну",
    ),
    "es": (
        "elijo", "escojo", "quiero", "juego", "prefiero", "me quedo con", "voy con",
        "voy por", "opción", "la opción", "el", "la", "número", "el número", "mi jugada",
        "mi elección", "yo", "por favor", "gracias", "muchas gracias", "hola", "vale", "ok",
        "pues", "entonces",
    ),
    "ja": (
        "です", "番", "番目", "番で", "で", "に", "を", "します", "にします", "でお願いします",
        "をお願いします", "お願いします", "おねがいします", "お願い", "よろしくお願いします",
        "を選びます", "選びます", "を選択します", "選択します", "選択", "選択肢", "番号",
        "で行きます", "でいきます", "ください", "下さい", "ありがとう", "ありがとうございます",
        "では", "じゃあ", "それでは", "こんにちは", "私は",
    ),
}  # fmt: skip
LONGEST = 60
"""A line longer than this is a sentence, not a code said politely."""
CODE = re.compile(rf"(?<![0-9a-z])({codes.CODE.pattern})(?![0-9a-z])")
"""A code as :data:`service.present.codes.CODE` reads one, standing apart from any other
letter or digit of the line ("2番" and "выбираю 2" hold one; "option2" and "2please" none)."""
ORDINALS = ("st", "nd", "rd", "th")
""""2nd" is an ordinal in words, never read as a code (it could be one: group 2's 378th)."""
QUESTION = frozenset("?？¿")
"""A question is not a choice: "2?" asks."""


def _cjk(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _phrases() -> tuple[str, ...]:
    every = {fold(p) for phrases in FILLER.values() for p in phrases}
    return tuple(sorted(every, key=lambda p: (-len(p), p)))  # the longest phrase wins


PHRASES = _phrases()


def _between(char: str) -> bool:
    """What may stand between words of filler: space, punctuation, a symbol (an emoji)."""
    category = unicodedata.category(char)
    return char.isspace() or category[0] == "P" or category == "So"


def code_in(line: str) -> str | None:
    """The one code ``line`` holds among words of filler alone, or None."""
    if len(line) > LONGEST:
        return None
    # A control or invisible character parts what it stands between ("2\t3" is two numbers).
    visible = "".join(" " if unicodedata.category(c) in ("Cc", "Cf") else c for c in line)
    signs = codes.unsigned(visible).replace("№", "#").replace("’", "'")
    folded = fold(signs)
    if QUESTION & set(folded):
        return None
    found = list(CODE.finditer(folded))
    if len(found) != 1:
        return None
    (match,) = found
    code = match.group(1)
    if code.lstrip("0123456789") in ORDINALS:
        return None
    before, after = folded[: match.start()], folded[match.end() :]
    return code if _filler(before) and _filler(after) else None


def _filler(text: str) -> bool:
    """Whether ``text`` is nothing but words of :data:`FILLER` (and what stands between),
    however its words split ("番です" is 番 then です, though 番で is a word too)."""
    reached = {0}
    for at in range(len(text) + 1):
        if at not in reached:
            continue
        if at == len(text):
            return True
        if _between(text[at]):
            reached.add(at + 1)
            continue
        for phrase in PHRASES:
            end = at + len(phrase)
            # A word of letters ends where its word does ("please", not "pleased"); kana
            # and kanji are written without spaces ("2番でお願いします").
            if text.startswith(phrase, at) and (
                end == len(text) or _cjk(phrase[-1]) or not text[end].isalnum()
            ):
                reached.add(end)
    return False
