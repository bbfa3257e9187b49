"""Reading one line of a reply as a table command (issue 18): folded as players write
(case, accents, full-width forms, a final period), the longest phrase of
:data:`.keywords.KEYWORDS` first, a Japanese word with or without a space after it; and
quoting a player's words back, short and harmless, when a command is refused.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from itertools import accumulate

from service.mail.dates import fold
from service.mail.keywords import KEYWORDS, TAKES_MORE

LONGEST_LINE = 400
"""No command is longer (an address and a name after ``replace``): a longer line is not one."""
ECHO = 40
"""At most this many of the player's characters are quoted back in a refusal."""


def normal(text: str) -> str:
    """``text`` as commands are matched: folded (:func:`fold`), one space between words,
    without a final period or exclamation mark."""
    return " ".join(fold(text).split()).rstrip(".!。！ ")


def _cjk(word: str) -> bool:
    return any(unicodedata.east_asian_width(c) == "W" for c in word)


def _phrases() -> list[tuple[str, str]]:
    every = {
        (normal(phrase), command)
        for command, languages in KEYWORDS.items()
        for phrases in languages.values()
        for phrase in phrases
    }
    return sorted(every, key=lambda p: (-len(p[0]), p))  # the longest phrase wins


PHRASES = _phrases()


def _words_of(command: str) -> list[str]:
    return sorted({normal(p) for phrases in KEYWORDS[command].values() for p in phrases}, key=len)


RUNS_ON = ("note", "say")
"""Commands whose words are the rest of the reply, read however long: a note (issue 35 §3)
and table talk (issue 35 §2)."""
RUN_PHRASES = {command: _words_of(command) for command in RUNS_ON}
LONGEST_RUN_WORD = max(len(p) for phrases in RUN_PHRASES.values() for p in phrases) + 2
NOTE_SEPARATORS = frozenset(":：-–—")
"""What may stand between the word ``note`` (or ``say``) and its words ("note: buy wood")."""


def _after(line: str, command: str) -> str | None:
    """The words after ``command``'s word (in any language) as written, however long; ``""``
    for the word alone; None when the line does not begin with the word."""
    written = line.strip()
    for end in range(min(len(written), LONGEST_RUN_WORD), 0, -1):  # the longest word first
        if normal(written[:end]) not in RUN_PHRASES[command]:
            continue
        after = written[end:]
        joined = after and not (after[0].isspace() or after[0] in NOTE_SEPARATORS)
        if joined and not _cjk(written[end - 1]):
            continue  # "notebook": another word; a Japanese word needs no space (メモ買う)
        after = after.strip()
        return (after[1:] if after[:1] in NOTE_SEPARATORS else after).strip()
    return None


def note(line: str) -> str | None:
    """The note ``line`` keeps (issue 35 §3): the words after ``note`` (or a word of it in
    another language) as written, however long; ``""`` for the word alone (it clears the
    note); None when the line is no note."""
    return _after(line, "note")


def talk(line: str) -> str | None:
    """What ``line`` says to the table (issue 35 §2): the words after ``say`` (or a word of
    it in another language) as written, however long; None when the line is no talk."""
    return _after(line, "say")


PRIVATE = re.compile(r"(?:to|для|до|para|a)\s+([^:：\n]{1,60}?)\s*[:：]\s*(.*)", re.I | re.S)
"""Words for one player only (issue 35 §2): ``to Ann: ...``, ``для Ann: ...``, ``para Ann: ...``."""
PRIVATE_JA = re.compile(r"([^:：\s][^:：\n]{0,59}?)\s*へ\s*[:：]\s*(.*)", re.S)
"""The Japanese way: ``Annへ: ...``."""


def private(words: str) -> tuple[str, str] | None:
    """The name ``words`` are addressed to and the words after it, for words to one player
    (``to Ann: ...``); None for words to the whole table."""
    found = PRIVATE.fullmatch(words.strip()) or PRIVATE_JA.fullmatch(words.strip())
    if found is None:
        return None
    return found.group(1).strip(), found.group(2).strip()


def runs_on(line: str) -> bool:
    """Whether ``line`` begins a command whose words are the rest of the reply: a note, talk
    (words to one player among them)."""
    return note(line) is not None or talk(line) is not None or private(line) is not None


def prose(line: str) -> bool:
    """Whether a first line that is no code and no command is words for the table (issue 35
    §2): two words at least, or three characters of a script written without spaces, and no
    digit. A lone word is more likely a command mistyped, and a line with a number in it
    ("I think 2 is better") a code among words: both get the help, never become talk
    (``say ...`` passes on any words)."""
    if any(unicodedata.category(c) == "Nd" for c in line):
        return False
    wordy = [w for w in line.split() if any(c.isalpha() for c in w)]
    wide = sum(1 for c in line if c.isalpha() and _cjk(c))
    return len(wordy) >= 2 or wide >= 3


def parse(line: str) -> tuple[str, str] | None:
    """The command ``line`` names and the words after it (as written, one space apart);
    a note (:func:`note`) or talk (:func:`talk`) is the rest of the line as written,
    however long."""
    for command in RUNS_ON:
        kept = _after(line, command)
        if kept is not None:
            return command, kept
    if private(line) is not None:
        return "say", line.strip()  # the handler reads whom it is for
    if len(line) > LONGEST_LINE:
        return None
    # Invisible characters mail clients leave (a BOM, a zero-width space) and hostile ones
    # (bidi overrides, controls) are no part of a word.
    line = "".join(c for c in line if unicodedata.category(c) not in ("Cc", "Cf"))
    said = " ".join(unicodedata.normalize("NFKC", line).split()).rstrip(".!。！ ")
    # Folded a character at a time, so that a place in the folded line is a place in the
    # line as written (folding makes "ß" two letters and drops a lone accent).
    pieces = [fold(c) for c in said]
    folded = "".join(pieces)
    ends = list(accumulate(len(piece) for piece in pieces))

    def written(folded_chars: int) -> int:
        return bisect_right(ends, folded_chars)

    for phrase, command in PHRASES:
        rest = None
        if folded == phrase:
            rest = ""
        elif folded.startswith(phrase) and (folded[len(phrase)] == " " or _cjk(phrase[-1])):
            rest = said[written(len(phrase)) :].strip()
        elif _cjk(phrase[0]) and folded.endswith(phrase) and command == "away":
            rest = said[: written(len(folded) - len(phrase))].strip()  # 12月24日まで不在
        if rest is None:
            continue
        if rest and command not in TAKES_MORE:
            return None  # "no, I think not": a sentence, not a command
        return command, rest
    return None


def echo(text: str) -> str:
    """The player's words, as a refusal may quote them: without control, format (bidi
    overrides, zero-width) or unassigned characters, at most :data:`ECHO` characters."""
    shown = "".join(
        c if unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co", "Cn") else " "
        for c in text[: ECHO * 4]
    )
    shown = " ".join(shown.split())
    return shown if len(shown) <= ECHO else shown[: ECHO - 1] + "…"
