"""A key for the picture of one view (issue 19): the same view of the same game, in the same
language and time zone with the same names, is laid out as the same picture (a board is
pure, DESIGN.md §10.3), so a picture drawn for it once serves it again without laying it
out.

The key spells the whole view, hidden parts included, so two views share a key only when
they are the same view. (Two different views that lay out the same picture share the PNG
one step later, by the picture's own digest: :func:`service.boards.drawing.digest`.)"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Mapping
from typing import Any

from engine import registry
from service import words


def view_key(
    game: str, view: Mapping[str, Any], names: Mapping[str, str], backend: str
) -> str | None:
    """The key of ``view``'s picture, or None when the view cannot be spelt (then the
    picture is laid out every time). A pickle spells every value with its type and every
    field a message keeps (its plural and context too: ``Msg.__reduce__``), and equal
    pickles load as equal views, so no two different views share a key."""
    reader = (words.language(), words.reader_zone())
    said = (backend, game, registry.get(game).ruleset, reader, dict(names), view)
    try:
        spelt = pickle.dumps(said, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
    return hashlib.sha256(spelt).hexdigest()
