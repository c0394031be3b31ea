"""Shared pieces of the presentation: exact values, the JSON header, wrapping at 80 columns,
and the index of the files the tool writes into an output directory."""

from __future__ import annotations

import textwrap
from fractions import Fraction
from typing import Iterable

SCHEMA_VERSION = 1
WIDTH = 80


def exact(f: Fraction | int) -> str:
    f = Fraction(f)
    return f"{f.numerator}/{f.denominator}"


def with_exact(key: str, f: Fraction) -> dict:
    """``{key: float, key_exact: "p/q"}``."""
    return {key: float(f), f"{key}_exact": exact(f)}


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


# ---------------------------------------------------------------------------------------------
# --out: the index of what the tool wrote
# ---------------------------------------------------------------------------------------------

INDEX_NAME = "crib-stats-index.md"
_INDEX_HEAD = [
    "# Tables written by crib-stats",
    "",
    "Every file listed here was produced by crib-stats; regenerate one with the command beside it",
    "(or all of them with `make data`). Do not edit them by hand; files not listed are not the tool's.",
    "",
    "| file | command | contents |",
    "| --- | --- | --- |",
]


def parse_index(text: str) -> dict[str, tuple[str, str]]:
    """Rows of an index written by :func:`index_text`: file -> (command, contents)."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("| `") and line.count("|") >= 4:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows[cells[0].strip("`")] = (cells[1].strip("`"), cells[2])
    return rows


def index_text(rows: dict[str, tuple[str, str]]) -> str:
    lines = list(_INDEX_HEAD)
    for name in sorted(rows):
        command, description = rows[name]
        lines.append(f"| `{name}` | `{command}` | {description} |")
    return "\n".join(lines) + "\n"
