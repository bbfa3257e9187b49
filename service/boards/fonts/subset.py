"""How the pictures' two fonts were made (issue 17), from Debian's packages, cut down with
fontTools to the scripts players' names and our five languages are written in:

- ``NotoSans-Subset.ttf``: Noto Sans Regular (``fonts-noto-core``): Latin with every accent,
  Greek, all of Cyrillic (Ukrainian's Ґ is not in the CJK font), punctuation;
- ``NotoSansCJKjp-Subset.otf``: Noto Sans CJK JP Regular (``fonts-noto-cjk``): kana, the CJK
  ideographs, Hangul, fullwidth forms, and whatever the first lacks.

Not imported by the service; run by hand::

    apt-get install fonts-noto-core fonts-noto-cjk && pip install fonttools
    python service/boards/fonts/subset.py

Both are under the SIL Open Font License 1.1 (``OFL.txt`` beside them), which allows a
subset to be bundled and redistributed under the same licence.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

HERE = Path(__file__).parent
LATIN = Path("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
CJK_FACE = "Noto Sans CJK JP"

LATIN_RANGES = [
    (0x0020, 0x007E),
    (0x00A0, 0x036F),  # Latin-1, Extended-A and -B, IPA, modifiers, combining accents
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x052F),  # Cyrillic and its supplement: Олена, Ґрицько, Їжак
    (0x1E00, 0x1FFF),  # Latin Extended Additional, Greek Extended
    (0x2000, 0x206F),  # general punctuation
    (0x20A0, 0x20CF),  # currency
]

CJK_RANGES = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x024F),  # Latin-1, Latin Extended-A and -B: José Núñez, Łukasz, Ştefan
    (0x0250, 0x02FF),  # IPA and spacing modifiers
    (0x0300, 0x036F),  # combining accents
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x052F),  # Cyrillic and its supplement: Олена, Ґрицько, Їжак
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese)
    (0x2000, 0x206F),  # general punctuation: – — ‘ ’ “ ” … ·
    (0x20A0, 0x20CF),  # currency
    (0x2100, 0x21FF),  # letterlike symbols, number forms, arrows
    (0x2200, 0x22FF),  # mathematical operators: × ≤ ≥
    (0x2460, 0x24FF),  # enclosed alphanumerics
    (0x2500, 0x25FF),  # box drawing, geometric shapes
    (0x2600, 0x26FF),  # miscellaneous symbols
    (0x3000, 0x30FF),  # CJK punctuation, hiragana, katakana
    (0x31F0, 0x31FF),  # katakana extensions
    (0x3200, 0x33FF),  # enclosed CJK, CJK compatibility
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs: 田中 花子, 王小明
    (0xAC00, 0xD7A3),  # Hangul syllables
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFF00, 0xFFEF),  # halfwidth and fullwidth forms
]


def subset(font: TTFont, ranges: list[tuple[int, int]], target: Path) -> None:
    from fontTools import subset as cut

    options = cut.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = cut.Subsetter(options)
    subsetter.populate(unicodes=[c for lo, hi in ranges for c in range(lo, hi + 1)])
    subsetter.subset(font)
    font.save(str(target))
    print(f"{target}: {target.stat().st_size:,} bytes", file=sys.stderr)


def main() -> None:
    from fontTools.ttLib import TTCollection, TTFont

    subset(TTFont(str(LATIN)), LATIN_RANGES, HERE / "NotoSans-Subset.ttf")
    (cjk,) = [f for f in TTCollection(str(CJK)).fonts if f["name"].getDebugName(1) == CJK_FACE]
    subset(cjk, CJK_RANGES, HERE / "NotoSansCJKjp-Subset.otf")


if __name__ == "__main__":
    main()
