"""The crib tables as text: two 13 x 13 grids, the dealer's own crib and the pone's throw."""

from __future__ import annotations

from crib_stats.core.cards import RANK_NAMES
from crib_stats.discard.crib_tables import CribTable
from crib_stats.presentation.report.base import wrap


def render_grid(table: CribTable, decimals: int = 2) -> str:
    """Two 13 x 13 grids (the dealer's own crib; the pone's throw into the dealer's crib)."""
    width = decimals + 3
    lines = []
    for title, arr in (("the dealer's own crib", table.dealer), ("the pone into the dealer's crib", table.pone)):
        lines.append(wrap(f"{table.name}: {title} (rows and columns: the ranks thrown)"))
        lines.append("    " + "".join(f"{n:>{width}}" for n in RANK_NAMES))
        for a in range(13):
            lines.append(f"{RANK_NAMES[a]:>3} " + "".join(f"{arr[a, b]:>{width}.{decimals}f}" for b in range(13)))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
