"""Shared pieces of the presentation: exact values, the JSON header, wrapping at 80 columns."""

from __future__ import annotations

import textwrap
from typing import Iterable

from crib_stats.core.exact import exact_items as with_exact, frac_text as exact  # noqa: F401

SCHEMA_VERSION = 1
WIDTH = 80


def header(command: str, variant: str | None) -> dict:
    return {"schema_version": SCHEMA_VERSION, "command": command, "variant": variant}


def wrap(text: str, indent: int = 2, width: int = WIDTH) -> str:
    """Wrap one long line at ``width``, continuation lines indented."""
    return textwrap.fill(text, width=width, subsequent_indent=" " * indent, break_on_hyphens=False)


def wrap_items(prefix: str, items: Iterable[str], indent: int, sep: str = ", ") -> str:
    """``prefix`` then the items joined by ``sep``, wrapped at 80 columns between items only.

    >>> print(wrap_items("said: ", ["fifteen two (5♥ 5♣ 5♠)"] * 4, indent=6))
    said: fifteen two (5♥ 5♣ 5♠), fifteen two (5♥ 5♣ 5♠), fifteen two (5♥ 5♣ 5♠),
          fifteen two (5♥ 5♣ 5♠)
    """
    glued = [item.replace(" ", "\xa0") for item in items]
    return wrap(prefix + sep.join(glued), indent=indent).replace("\xa0", " ")


def cards(cs: Iterable) -> list[str]:
    return [str(c) for c in cs]


def plural(n: int, one: str, many: str | None = None) -> str:
    """'1 pair', '3 pairs' (with thousands separators)."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"
