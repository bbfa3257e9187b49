"""Debian's chromium, driven headless by Playwright: what every browser test launches, and
the marks that keep those tests apart (``-m "not browser"``) and name what is missing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason=f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)",
    ),
]
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""No sandbox (containers), and nothing that reaches out to the network on its own."""


def launch(playwright: Any) -> Any:
    """A headless chromium of ``sync_playwright()``'s ``playwright``."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
