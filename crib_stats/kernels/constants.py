"""Constants every kernel shares, the pip value's rule, and the kernels' output column indices.

Plain Python (no numba), so the layers above can import them without loading numba; the
compiled pip is :func:`crib_stats.kernels.pips.pip`."""

from __future__ import annotations


JACK = 10  # rank index of the jack (ace 0 .. king 12)
RANKS = 13
NCHUNKS = 64  # fixed work split: per-chunk histograms make results independent of thread count
MAX_SHOW = 30  # show scores 0..29
CRIB_FLUSH = 5  # a crib flush needs all four crib cards and the starter in one suit
NET_OFFSET = 29  # net histograms run from -29 (pone: hand 0 - crib 29) ...
NET_BINS = 29 + 58 + 1  # ... to +58 (dealer: hand 29 + crib 29)

# scoring-subset kinds in the masks written by the scorer
KIND_FIFTEEN = 0
KIND_PAIR = 1
KIND_RUN = 2

# columns of the show breakdown (score_one / score_batch)
SHOW_FIFTEENS, SHOW_PAIRS, SHOW_RUNS, SHOW_FLUSH, SHOW_NOBS = range(5)

# columns of the play search (playsearch.peg_search / playsearch.peg_extremes_rows)
PEG_MOST_DEALER = 0
PEG_MOST_PONE = 1
PEG_MOST_BOTH = 2
PEG_LEAST_DEALER = 3
PEG_MOST_ONE_CARD = 4
PEG_LEAST_PONE = 5
PEG_COLUMNS = 6


INVALID = -128  # int8 sentinel of the play tables: a pair of hands that does not fit in one pack
HAND_BINS = 60  # the sweep's E[hand] in half points: bin = floor(2 * E[hand]), E[hand] <= 29


def pip_value(rank):
    """Counting value of a rank index: ace 1, 2-10 face value, court cards 10 (the one rule;
    :mod:`crib_stats.kernels.pips` compiles it for the kernels).

    >>> [pip_value(r) for r in (0, 4, 9, 12)]
    [1, 5, 10, 10]
    """
    return rank + 1 if rank < 9 else 10
