"""The value of the play under a policy: tables over every pair of hands, and E[peg] of a keep.

Both policies (``greedy``, ``minimax``: see :mod:`crib_stats.kernels.policies`) depend on ranks
only, so the six-card play of two kept hands is a function of their two rank multisets. The
tables hold every pair of 4-card rank multisets that fits in one pack (1820 multisets,
3,274,375 pairs), indexed by the rows of ``combinatorics.rank_multisets(4, arange(13))``
(:func:`multisets`); pairs that do not fit hold ``INVALID``.

>>> row = multiset_row([3, 3, 6, 6])          # ranks 0..12: 4 4 7 7
>>> table = play_table("greedy")
>>> [int(x) for x in table[row, row]]          # pone, dealer points: both play greedy
[6, 20]
>>> int(value_matrix("greedy")[row, row])      # dealer - pone
14

E[peg] of a keep: the opponent's four cards uniform over the cards you have not seen.

>>> dealt = [16, 17, 24, 40, 45, 51]           # 5♣ 5♦ 7♣ J♣ Q♦ K♠
>>> dealer, pone = (peg_ev(dealt, [16, 17, 40, 45], role, "greedy") for role in ("dealer", "pone"))
>>> 163185 % dealer.denominator, dealer > 0 > pone  # C(46, 4) opponent hands; the dealer's edge
(0, True)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from .errors import CribStatsError

POLICIES = ("greedy", "minimax")
ROLES = ("dealer", "pone")
INVALID = -128  # kernels.policies.INVALID, repeated here so importing this module compiles nothing
HAND = 4
DATA_DIR = Path(__file__).resolve().parent.parent / "data"


class PlayValueError(CribStatsError):
    """Bad input to a play-value function (one-line message)."""


def check_policy(policy: str) -> str:
    """The policy name, or a PlayValueError naming the choices.

    >>> check_policy("minimax")
    'minimax'
    """
    if policy not in POLICIES:
        raise PlayValueError(f"unknown play policy {policy!r}: choose {' or '.join(POLICIES)}")
    return policy


def table_path(policy: str) -> Path:
    """Where the committed table of ``policy`` lives."""
    return DATA_DIR / f"play_table_{check_policy(policy)}.parquet"


@lru_cache(maxsize=None)
def multisets() -> np.ndarray:
    """Every 4-card rank multiset as a (1820, 13) row of rank counts: the tables' index."""
    from .kernels import combinatorics

    out = combinatorics.rank_multisets(HAND, np.arange(13, dtype=np.int64))
    out.flags.writeable = False
    return out


@lru_cache(maxsize=None)
def _row_of_key() -> np.ndarray:
    """Base-13 key of the sorted ranks -> row of :func:`multisets` (13**4 entries, -1 unused)."""
    from .kernels import policies

    return policies.multiset_index(multisets())


def multiset_row(ranks: Sequence[int]) -> int:
    """Row of the multiset of four ranks (0 = ace .. 12 = king) in :func:`multisets`.

    >>> multiset_row([0, 0, 0, 0]), multiset_row([12, 12, 12, 12])
    (0, 1819)
    """
    key = 0
    for r in sorted(int(x) for x in ranks):
        key = key * 13 + r
    return int(_row_of_key()[key])


def compute_rows(policy: str, lo: int, hi: int) -> np.ndarray:
    """The table's rows lo..hi-1 (pone multisets), computed by the parallel kernel: greedy
    (hi - lo, 1820, 2) pone and dealer points; minimax (hi - lo, 1820) dealer - pone; int8."""
    from .kernels import policies

    code = policies.GREEDY if check_policy(policy) == "greedy" else policies.MINIMAX
    out = policies.play_table_rows(multisets(), int(lo), int(hi), code)
    return out if policy == "greedy" else out[:, :, 0]


def compute_table(policy: str, blocks: int = 40,
                  progress: Callable[[int, int], None] | None = None) -> np.ndarray:
    """The whole table of ``policy`` (see :func:`compute_rows`), in blocks of pone rows so the
    threads share the uneven work; ``progress(done, total)`` after each block."""
    m = len(multisets())
    edges = np.linspace(0, m, blocks + 1).astype(int)
    parts = []
    for b in range(blocks):
        parts.append(compute_rows(policy, int(edges[b]), int(edges[b + 1])))
        if progress is not None:
            progress(int(edges[b + 1]), m)
    return np.concatenate(parts)


def table_frame(table: np.ndarray, policy: str):
    """A table as a long DataFrame of the pairs that fit: pone_index, dealer_index and
    pone_points, dealer_points (greedy) or value = dealer - pone (minimax)."""
    import pandas as pd

    values = table[:, :, 0] if policy == "greedy" else table
    pone, dealer = np.nonzero(values != INVALID)
    frame = {"pone_index": pone.astype(np.int16), "dealer_index": dealer.astype(np.int16)}
    if check_policy(policy) == "greedy":
        frame["pone_points"] = table[pone, dealer, 0]
        frame["dealer_points"] = table[pone, dealer, 1]
    else:
        frame["value"] = table[pone, dealer]
    return pd.DataFrame(frame)


def frame_table(frame, policy: str) -> np.ndarray:
    """The inverse of :func:`table_frame`."""
    m = len(multisets())
    shape = (m, m, 2) if check_policy(policy) == "greedy" else (m, m)
    out = np.full(shape, INVALID, np.int8)
    i = frame["pone_index"].to_numpy(np.int64)
    j = frame["dealer_index"].to_numpy(np.int64)
    if policy == "greedy":
        out[i, j, 0] = frame["pone_points"].to_numpy(np.int8)
        out[i, j, 1] = frame["dealer_points"].to_numpy(np.int8)
    else:
        out[i, j] = frame["value"].to_numpy(np.int8)
    return out


def write_table(policy: str, path: str | Path | None = None, table: np.ndarray | None = None) -> Path:
    """Compute (unless given) and write the table of ``policy`` as Parquet (atomically)."""
    from .io import atomic_write

    if table is None:
        table = compute_table(policy)
    frame = table_frame(table, policy)
    target = Path(path) if path is not None else table_path(policy)
    return atomic_write(target, lambda fh: frame.to_parquet(fh, index=False, compression="zstd"), binary=True)


def read_table(policy: str, path: str | Path | None = None) -> np.ndarray:
    """The table of ``policy`` from its Parquet file."""
    import pandas as pd

    return frame_table(pd.read_parquet(Path(path) if path is not None else table_path(policy)), policy)


@lru_cache(maxsize=None)
def play_table(policy: str) -> np.ndarray:
    """The table of ``policy`` (read-only): greedy computed on first use (a few seconds);
    minimax read from data/play_table_minimax.parquet, computed (a minute or two) if absent."""
    if check_policy(policy) == "minimax" and table_path(policy).exists():
        table = read_table(policy)
    else:
        table = compute_table(policy)
    table.flags.writeable = False
    return table


@lru_cache(maxsize=None)
def value_matrix(policy: str) -> np.ndarray:
    """(1820, 1820) int8 dealer - pone for pone row i, dealer row j; INVALID where they do not fit."""
    table = play_table(policy)
    if policy == "greedy":
        diff = table[:, :, 1].astype(np.int16) - table[:, :, 0]
        table = np.where(table[:, :, 0] == INVALID, INVALID, diff).astype(np.int8)
    out = np.ascontiguousarray(table)
    out.flags.writeable = False
    return out


def peg_evs(dealt_codes: Sequence[int], keeps: Sequence[Sequence[int]], role: str,
            policy: str) -> list[Fraction]:
    """E[your play points - the opponent's] for each keep of four of your dealt cards, as exact
    Fractions, when both play ``policy`` in the six-card play.

    Model: the opponent's four kept cards are uniform over the 52 - len(dealt) cards you have
    not seen (a random keep: their throw is not modelled), and the starter plays no part in the
    play. The sum runs over the opponent's rank multisets k, each weighted by the ways to hold
    it, prod_r C(unseen cards of rank r, k_r), over C(unseen, 4) in all.

    >>> dealt = [0, 1, 2, 3, 48, 49]       # A♣ A♦ A♥ A♠ K♣ K♦
    >>> peg_evs(dealt, [[0, 1, 2, 3]], "pone", "minimax")[0] < 0
    True
    """
    from .kernels import policies

    if role not in ROLES:
        raise PlayValueError(f"unknown role {role!r}: choose dealer or pone")
    check_policy(policy)
    dealt = [int(c) for c in dealt_codes]
    if any(not 0 <= c < 52 for c in dealt) or len(set(dealt)) != len(dealt):
        raise PlayValueError(f"the dealt cards must be distinct card codes 0..51, got {dealt}")
    rows = np.empty(len(keeps), np.int64)
    for q, keep in enumerate(keeps):
        k = [int(c) for c in keep]
        if len(k) != HAND or len(set(k)) != HAND or not set(k) <= set(dealt):
            raise PlayValueError(f"a keep is four distinct cards of the dealt cards, got {k}")
        rows[q] = multiset_row([c // 4 for c in k])
    unseen = np.full(13, 4, np.int64)
    for c in dealt:
        unseen[c // 4] -= 1
    sums, total = policies.peg_sums(rows, unseen, multisets(), value_matrix(policy), role == "dealer")
    return [Fraction(int(s), int(total)) for s in sums]


def peg_ev(dealt_codes: Sequence[int], keep: Sequence[int], role: str, policy: str) -> Fraction:
    """:func:`peg_evs` for one keep."""
    return peg_evs(dealt_codes, [keep], role, policy)[0]


def hand_peg_table(policy: str):
    """E[peg] of every 4-card rank multiset as dealer and as pone when only those four cards are
    known (the opponent's four uniform over the other 48): a DataFrame, one row per
    :func:`multisets` row, with the ranks, exact Fractions ``dealer_ev``/``pone_ev`` and their
    decimals ``dealer``/``pone``.

    >>> t = hand_peg_table("greedy")
    >>> len(t), list(t.columns)
    (1820, ['ranks', 'dealer_ev', 'pone_ev', 'dealer', 'pone'])
    """
    import pandas as pd

    from .cards import RANK_NAMES

    rows = []
    for counts in multisets():
        ranks = [r for r in range(13) for _ in range(int(counts[r]))]
        codes = [r * 4 + ranks[:i].count(r) for i, r in enumerate(ranks)]  # any suits: ranks decide
        dealer = peg_ev(codes, codes, "dealer", policy)
        pone = peg_ev(codes, codes, "pone", policy)
        rows.append((" ".join(RANK_NAMES[r] for r in ranks), dealer, pone, float(dealer), float(pone)))
    return pd.DataFrame(rows, columns=["ranks", "dealer_ev", "pone_ev", "dealer", "pone"])


__all__ = ["hand_peg_table", "POLICIES", "PlayValueError", "compute_rows", "compute_table", "multiset_row", "multisets",
           "peg_ev", "peg_evs", "play_table", "read_table", "table_frame", "value_matrix", "write_table"]
