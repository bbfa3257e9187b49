"""The HTML panels' common parts: the styles every game's panels are written in (inline,
as email clients want them), a colour swatch, and the players table's heading and rows."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

SANS = "Helvetica,Arial,sans-serif"
H = "font-size:15px;margin:16px 0 6px;color:#2b2b2b"
TABLE = "border-collapse:collapse;width:100%;margin:0 0 8px;font-size:13px"
TH = (
    "text-align:left;padding:4px 6px;border-bottom:1px solid #e2d9c5;color:#7a6a4f;"
    "font-weight:normal;font-size:12px;vertical-align:top"
)
TD = "padding:4px 6px;border-bottom:1px solid #efe8d8;vertical-align:top"
SMALL = "font-size:11px;color:#7a6a4f"


def swatch(colour: str, size: int = 10, *, ring: str | None = None, square: bool = False) -> str:
    """A dot (or a small square) of ``colour``, ringed in ``ring`` when given."""
    border = f"2px solid {ring}" if ring else "1px solid #555"
    return (
        f'<span style="display:inline-block;width:{size}px;height:{size}px;border-radius:'
        f"{'2px' if square else '50%'};background:{colour};border:{border};"
        'vertical-align:middle"></span>'
    )


def seat_heading(seat: str, colour: str, badges: list[str], share: int) -> str:
    """A player's column heading: their colour, their seat (named by ``boards.render``) and
    what marks them out now (you, to play, first player…)."""
    badge = f'<br><span style="{SMALL}">{escape(", ".join(badges))}</span>' if badges else ""
    return (
        f'<th style="{TH};color:#2b2b2b;border-bottom:3px solid {colour};width:{share}%">'
        f"{swatch(colour)} <b>{escape(seat)}</b>{badge}</th>"
    )


def table_row(label: str, cells: Iterable[str]) -> str:
    """A row of the players table: its label, then one cell (HTML) per player."""
    tds = "".join(f'<td style="{TD}">{cell}</td>' for cell in cells)
    return f'<tr><th style="{TH}">{escape(label)}</th>{tds}</tr>'
