"""Who the opponent of the play is, for E[peg] of a keep (:func:`crib_stats.peg.value.peg_evs`):

- ``random``: the opponent's four kept cards are uniform over the cards you have not seen;
- ``equilibrium``: the opponent is dealt six of the cards you have not seen and keeps four by
  the solved discard game's strategy for their role, purified (``data/equilibrium_strategy.parquet``,
  written by ``crib-stats crib-table --solve``).

Either way an opponent is a list of hands they may hold (rank multisets) with the 4-card
multiset each keeps, which one kernel weighs exactly (:mod:`crib_stats.kernels.pegvalue`).
What each model assumes is :data:`OPPONENT_ASSUMES`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Sequence

import numpy as np

from crib_stats.core.data import data_file
from crib_stats.peg.tables import HAND, ROLES, PlayValueError, multiset_row, multisets, row_of_key
from crib_stats.core.cards import RANK_NAMES
from crib_stats.runtime.disk import disk_cached

STRATEGY_PATH = data_file("equilibrium_strategy.parquet")
OPPONENTS = ("random", "equilibrium")
# what each opponent model assumes, in one line without commas (it is also a CSV field)
OPPONENT_ASSUMES = {
    "random": "the opponent's four kept cards are uniform over the cards you have not seen (their throw "
              "is not modelled); the starter plays no part in the play",
    "equilibrium": "the opponent is dealt six of the cards you have not seen and throws the most probable "
                   "throw of the solved rank-level discard game for their role (data/equilibrium_strategy"
                   ".parquet purified); that game ignores flushes so suits never change the throw; the "
                   "opponent sees only their own six cards; the game counts the show only so the throw "
                   "ignores the play; the starter plays no part in the play",
}


def check_opponent(opponent: str) -> str:
    """The opponent model's name, or a PlayValueError naming the choices.

    >>> check_opponent("equilibrium")
    'equilibrium'
    """
    if opponent not in OPPONENTS:
        raise PlayValueError(f"unknown opponent model {opponent!r}: choose {' or '.join(OPPONENTS)}")
    return opponent


def _ranks_of(text: str) -> list[int]:
    """Rank indices of a strategy file's "A A 10 K" text."""
    try:
        return [RANK_NAMES.index(name) for name in text.split()]
    except ValueError:
        raise PlayValueError(f"the strategy file has a rank that is not A 2 .. 10 J Q K in {text!r}") from None


def strategy_rows(path: str | Path | None = None) -> tuple[np.ndarray, ...]:
    """The solved discard game's strategies as arrays, one row per (hand, throw) of the file
    (``data/equilibrium_strategy.parquet``, written by crib-stats crib-table --solve):
    ``hands`` (H, 13) rank counts of every six-card rank multiset (in file order), and per row
    ``hand`` (its row of ``hands``), ``kept`` (the 4-card multiset kept, a row of
    :func:`multisets`), ``dealer`` and ``pone`` (the probabilities of that throw, floats)."""
    import pandas as pd  # lazy: pandas only when used

    frame = pd.read_parquet(Path(path) if path is not None else STRATEGY_PATH, columns=["hand", "throw", "dealer", "pone"])
    codes, names = pd.factorize(frame["hand"])
    hands = np.zeros((len(names), 13), np.int64)
    for h, text in enumerate(names):
        ranks = _ranks_of(text)
        if len(ranks) != 6:
            raise PlayValueError(f"the strategy file's hand {text!r} is not six ranks")
        np.add.at(hands[h], ranks, 1)
    kept = hands[codes].copy()
    for i, text in enumerate(frame["throw"]):
        ranks = _ranks_of(text)
        if len(ranks) != 2:
            raise PlayValueError(f"the strategy file's throw {text!r} is not two ranks")
        np.subtract.at(kept[i], ranks, 1)
    if (kept < 0).any():
        raise PlayValueError("the strategy file throws a rank its hand does not hold")
    ends = np.cumsum(kept, axis=1)
    key = np.zeros(len(kept), np.int64)
    for p in range(HAND):  # the p-th smallest kept rank: how many ranks have fewer than p + 1 kept below
        key = key * 13 + (ends <= p).sum(axis=1)
    rows = row_of_key()[key].astype(np.int64)
    return (hands, codes.astype(np.int64), rows, frame["dealer"].to_numpy(np.float64),
            frame["pone"].to_numpy(np.float64))


def purified_keeps(hand: np.ndarray, kept: np.ndarray, prob: np.ndarray, n_hands: int) -> np.ndarray:
    """Per hand the kept row of its most probable throw (the first in file order on a tie):
    :func:`crib_stats.strategy.equilibrium.purify` on the file's rows."""
    order = np.lexsort((np.arange(len(hand)), -prob, hand))  # by hand, most probable first, file order
    first = order[np.r_[True, hand[order][1:] != hand[order][:-1]]]
    out = np.full(n_hands, -1, np.int64)
    out[hand[first]] = kept[first]
    if (out < 0).any():
        raise PlayValueError("the strategy file has a hand without a throw")
    return out


@lru_cache(maxsize=None)
def _equilibrium_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if not STRATEGY_PATH.exists():
        raise PlayValueError(f"the solved discard game's strategy {STRATEGY_PATH} is missing "
                             "(crib-stats crib-table --solve writes it)")

    def compute():
        hands, hand, kept, dealer, pone = strategy_rows()
        return hands, purified_keeps(hand, kept, dealer, len(hands)), purified_keeps(hand, kept, pone, len(hands))

    # reading the Parquet file needs pandas and pyarrow (slow to import): keep the arrays beside
    # the compiled kernels, keyed by the file's bytes (a re-solved file is read again) and the
    # code that reads and purifies it (this module; the multiset index of playvalue)
    import sys

    from crib_stats.peg import tables as playvalue

    arrays = disk_cached("equilibrium_keeps", compute, modules=[sys.modules[__name__], playvalue],
                         inputs=[STRATEGY_PATH])
    for a in arrays:
        a.flags.writeable = False
    return arrays


def equilibrium_keeps(role: str) -> tuple[np.ndarray, np.ndarray]:
    """Every six-card rank multiset (an (18395, 13) array of rank counts) and, for each, the
    row of :func:`multisets` it keeps when ``role`` throws by the purified equilibrium strategy
    (computed once per process; once per machine from the Parquet file).

    >>> hands, kept = equilibrium_keeps("dealer")
    >>> hands.shape, bool((multisets()[kept] <= hands).all())      # four of the six ranks
    ((18395, 13), True)
    >>> five_fives = multiset_six_row(hands, [4, 4, 4, 4, 11, 12])  # 5 5 5 5 Q K keeps the fives
    >>> int(kept[five_fives]) == multiset_row([4, 4, 4, 4])
    True
    """
    if role not in ROLES:
        raise PlayValueError(f"unknown role {role!r}: choose dealer or pone")
    hands, dealer, pone = _equilibrium_tables()
    return hands, dealer if role == "dealer" else pone


@lru_cache(maxsize=None)
def _random_kernel_input() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 4-card multisets in the kernel's form, each keeping itself (a uniform opponent keep)."""
    return _as_kernel_input(multisets(), np.arange(len(multisets()), dtype=np.int64))


@lru_cache(maxsize=None)
def _equilibrium_kernel_input(role: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hands of :func:`equilibrium_keeps` in the kernel's form, with the kept rows of ``role``."""
    return _as_kernel_input(*equilibrium_keeps(role))


def kernel_input(opponent: str, role: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What :func:`crib_stats.kernels.pegvalue.keep_weights` takes for the opponent of ``role``
    under ``opponent``: the hands they may hold and the 4-card multiset row each keeps."""
    if check_opponent(opponent) == "random":  # every 4-card multiset keeps itself
        return _random_kernel_input()
    return _equilibrium_kernel_input("pone" if role == "dealer" else "dealer")


def _as_kernel_input(hands: np.ndarray, kept: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rank-count rows as each one's distinct ranks and their counts (rows of six, count 0 past
    the last), with ``kept``."""
    ranks = np.argsort(hands == 0, axis=1, kind="stable")[:, :6]  # the ranks held, ascending, first
    counts = np.take_along_axis(hands, ranks, axis=1)
    ranks = np.where(counts > 0, ranks, 0)
    return np.ascontiguousarray(ranks, np.int64), np.ascontiguousarray(counts, np.int64), kept


def multiset_six_row(hands: np.ndarray, ranks: Sequence[int]) -> int:
    """The row of ``hands`` holding exactly ``ranks`` (ranks 0..12)."""
    want = np.bincount(np.asarray(ranks, np.int64), minlength=13)
    found = np.nonzero((hands == want).all(axis=1))[0]
    if len(found) != 1:
        raise PlayValueError(f"no single hand with ranks {list(ranks)}")
    return int(found[0])
