"""Crib models read from a table of crib values by thrown rank pair: hessel, equilibrium, table:FILE.

A table gives, for each of the 91 unordered rank pairs, the mean crib value when the dealer
throws the pair into his own crib and when the pone throws it into the dealer's crib, in the
format of Hessel's published table (``r1,r2,dealer_own_crib,pone_into_dealer_crib``; ranks
A 2 .. 10 J Q K). What a table model assumes: the crib's expected value depends only on the
thrown ranks and the role; nothing else about your six cards (no card removal beyond the
two thrown ranks, no suits, no flush or nobs of your own throw), and the starter does not
change it. It gives a mean, not a distribution of the crib.

>>> t = load_table(data_file("hessel_tables.csv"))
>>> t.value(4, 4, dealer=True), t.value(12, 10, dealer=False)   # 5-5 own crib; K-J into his
(8.95, 4.89)
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from crib_stats.core.cards import RANK_NAMES
from crib_stats.core.data import data_file
from crib_stats.discard.crib_base import CribModelError, Outcomes, RandomCrib

COLUMNS = ("r1", "r2", "dealer_own_crib", "pone_into_dealer_crib")
SCALE = 10_000  # table values are exact in units of 1/SCALE (Hessel's and the CSVs: 1/100)
_ALIASES = {"1": 0, "T": 9, "JACK": 10, "QUEEN": 11, "KING": 12, "ACE": 0}


class CribTableError(CribModelError):
    """A crib table file that cannot be read."""


def parse_rank(text: str) -> int | None:
    key = text.strip().upper()
    if key in RANK_NAMES:
        return RANK_NAMES.index(key)
    return _ALIASES.get(key)


@dataclass(frozen=True)
class CribTable:
    """Two 13 x 13 symmetric arrays of crib values: own crib (dealer) and into the dealer's (pone)."""

    name: str
    dealer: np.ndarray
    pone: np.ndarray

    def value(self, r1: int, r2: int, dealer: bool) -> float:
        return float((self.dealer if dealer else self.pone)[r1, r2])

    def rows(self) -> list[tuple[str, str, float, float]]:
        """The 91 rows of the table, pairs in Hessel's order (A-A, A-2, ..., K-K)."""
        return [(RANK_NAMES[a], RANK_NAMES[b], float(self.dealer[a, b]), float(self.pone[a, b]))
                for a in range(13) for b in range(a, 13)]


def load_table(path: str | Path, name: str | None = None) -> CribTable:
    """Read and validate a crib table CSV; every problem is a one-line :class:`CribTableError`
    naming the file, the line and what is wrong."""
    path = Path(path)
    label = name or path.name
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise CribTableError(f"crib table {label}: cannot read the file ({exc.strerror or exc})") from None
    rows = list(csv.reader(text.splitlines()))
    if not rows or [c.strip().lower() for c in rows[0]] != list(COLUMNS):
        raise CribTableError(f"crib table {label}, line 1: the header must be {','.join(COLUMNS)}")
    dealer = np.full((13, 13), np.nan)
    pone = np.full((13, 13), np.nan)
    seen: dict[tuple[int, int], int] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not row or all(not c.strip() for c in row):
            continue
        where = f"crib table {label}, line {line}"
        if len(row) != 4:
            raise CribTableError(f"{where}: expected 4 fields (r1,r2,dealer_own_crib,pone_into_dealer_crib), got {len(row)}")
        a, b = parse_rank(row[0]), parse_rank(row[1])
        for raw, r in ((row[0], a), (row[1], b)):
            if r is None:
                raise CribTableError(f"{where}: {raw.strip()!r} is not a rank (A 2 .. 10 J Q K)")
        values = []
        for col, raw in zip(COLUMNS[2:], row[2:]):
            try:
                v = float(raw)
            except ValueError:
                raise CribTableError(f"{where}: {col} {raw.strip()!r} is not a number") from None
            if not 0 <= v <= 29:
                raise CribTableError(f"{where}: {col} {raw.strip()} is outside 0..29 (crib points)")
            values.append(v)
        key = (min(a, b), max(a, b))
        if key in seen:
            raise CribTableError(f"{where}: the pair {RANK_NAMES[key[0]]},{RANK_NAMES[key[1]]} is already on line {seen[key]}")
        seen[key] = line
        for arr, v in zip((dealer, pone), values):
            arr[a, b] = arr[b, a] = v
    missing = [f"{RANK_NAMES[a]},{RANK_NAMES[b]}" for a in range(13) for b in range(a, 13) if (a, b) not in seen]
    if missing:
        more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
        raise CribTableError(f"crib table {label}: missing the pair(s) {' '.join(missing[:3])}{more} (all 91 rank pairs are needed)")
    return CribTable(label, dealer, pone)


class TableCrib:
    """A crib model answering every throw with the table's value for the thrown ranks and the
    role (``sign`` +1 dealer, -1 pone). The hand tallies are exact (every unseen starter); the
    crib sum for each live starter is the table value in units of 1/SCALE, ``per_starter`` =
    SCALE, so ``crib_ev`` is the table value exactly. There is no crib distribution:
    ``crib_hist`` and ``net_hist`` are all zero and ``mean_only`` is True."""

    def __init__(self, table: CribTable, name: str, description: str):
        self.table = table
        self.name = name
        self.description = description

    def outcomes(self, keeps, throws, unseen, variant, starter, sign):
        if variant.players != 2 or throws.shape[1] != 2:
            raise CribModelError(f"the {self.name} crib table is for the two-player six-card game, not {variant.name}")
        base = RandomCrib().outcomes(keeps, throws, unseen, variant, starter, sign)
        arr = self.table.dealer if sign > 0 else self.table.pone
        vals = np.rint(arr[throws[:, 0] >> 2, throws[:, 1] >> 2] * SCALE).astype(np.int64)
        live = base.hand_by_starter >= 0
        crib_sum = np.where(live, vals[:, None], 0)
        return TableOutcomes(base.hand_by_starter, crib_sum, SCALE, np.zeros_like(base.crib_hist),
                             np.zeros_like(base.net_hist), base.net_offset)


@dataclass(frozen=True)
class TableOutcomes(Outcomes):
    """Outcomes of a mean-only model: the crib's mean is exact, its distribution unknown."""

    mean_only: bool = True


def hessel_model() -> TableCrib:
    return TableCrib(load_table(data_file("hessel_tables.csv"), "hessel"), "hessel",
                     "Hessel's published crib table: value by thrown rank pair and role")


def equilibrium_model() -> TableCrib:
    return TableCrib(load_table(data_file("equilibrium_crib_table.csv"), "equilibrium"), "equilibrium",
                     "crib table of the solved rank-level discard game: value by thrown rank pair and role")


def file_model(path: str) -> TableCrib:
    return TableCrib(load_table(path), f"table:{path}", f"crib table read from {path}")


def render_csv(table: CribTable, decimals: int = 4) -> str:
    """The table as CSV in Hessel's format (loadable again with :func:`load_table`)."""
    out = [",".join(COLUMNS)]
    for r1, r2, d, p in table.rows():
        out.append(f"{r1},{r2},{d:.{decimals}f},{p:.{decimals}f}")
    return "\n".join(out) + "\n"
