"""The enumeration's rows of scripts/bench.py (its sections 1 to 4), each against a baseline timed
in the same run:

1. the brute-force hand and crib tables, warm, against the naive reference (a 20,000-show
   sample, extrapolated) and against the generic subset scorer kernel;
2. the rank method's three tables against brute force's;
3. the first call on an empty numba cache (the compile, in a fresh process) against the same
   call warm;
4. the deal-level odds (the suit classes of every six-card deal, and the best keep over all of
   them, computed afresh) against the naive reference on a 16-card deck, extrapolated.

``quick`` skips 3 and 4. Run by ``scripts/bench.py`` (its ``--quick`` and default runs).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from math import comb

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))

import reference  # noqa: E402  (the naive twins)
from bench_timing import best_of  # noqa: E402

from crib_stats import kernels  # noqa: E402
from crib_stats.kernels import show  # noqa: E402
from crib_stats.show.enumeration import histograms  # noqa: E402
from crib_stats.core import tables  # noqa: E402
from crib_stats.core.tables import hands  # noqa: E402


def naive_per_show(sample=20000, crib=False):
    rng = random.Random(1)
    rows = []
    for _ in range(sample):
        cards = rng.sample(range(52), 5)
        rows.append((cards[:4], cards[4]))
    reference.rank_points.cache_clear()
    t = time.perf_counter()
    for hand, s in rows:
        reference.show_total(hand, s, crib)
    return (time.perf_counter() - t) / sample


def enumerate_rows(quick: bool = False) -> list[tuple[str, float, str, float]]:
    """Sections 1 to 4 (3 and 4 unless ``quick``): (what, seconds, baseline, its seconds) rows."""
    rows = []

    kernels.warmup()
    histograms(4, "brute")
    total4 = comb(52, 4) * 48

    # 1. brute force, both 4-card tables, warm
    t_brute = best_of(lambda: histograms(4, "brute"), 10)
    per_show = naive_per_show()
    rows.append(("enumerate brute: hand+crib tables (2 x 12,994,800), warm", t_brute,
                 "naive reference, 20k sample extrapolated", per_show * 2 * total4))
    hands4 = hands(4)
    cards = np.concatenate([np.repeat(hands4[:20000], 1, axis=0), np.full((20000, 1), 51)], axis=1)
    cards = cards[(cards[:, :4] != 51).all(axis=1)]
    show.score_batch(cards, False)
    t_generic = best_of(lambda: show.score_batch(cards, False), 3) / len(cards) * total4 * 2
    rows.append(("", t_brute, "generic subset scorer kernel, extrapolated", t_generic))

    # 2. rank method, all tables
    t_ranks = best_of(lambda: (histograms(4, "ranks"), histograms(3, "ranks")), 20)
    t_brute_all = best_of(lambda: (histograms(4, "brute"), histograms(3, "brute")), 5)
    rows.append(("enumerate ranks: all three tables, warm", t_ranks, "brute force, all three tables", t_brute_all))

    # 3. first call with an empty cache (compile), in a fresh process
    if not quick:
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, NUMBA_CACHE_DIR=cache)
            code = ("import time; from crib_stats.show.enumeration import histograms; t=time.perf_counter(); "
                    "histograms(4, 'brute'); print(time.perf_counter()-t)")
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
            t_cold = float(out.stdout.strip())
        rows.append(("enumerate brute, first call, empty numba cache", t_cold, "the same call warm", t_brute))

    # 4. the deal-level odds (computed afresh: the kernels, not the on-disk table cache)
    if not quick:
        from crib_stats.kernels import deals as kdeals

        maskmap, revkey = kdeals.suit_permutation_tables()
        all_ranks = np.arange(13, dtype=np.int64)
        t_classes = best_of(lambda: kdeals.suit_classes(all_ranks, 6, maskmap, revkey), 2)
        classes, weights = kdeals.suit_classes(all_ranks, 6, maskmap, revkey)
        t5 = tables.rank_table(5)
        index, krows, with_card = kdeals.best_keep_rank_rows(t5, 6, 4)
        t_deal = best_of(lambda: kdeals.best_keep_hist(t5, all_ranks, classes, weights, 4, index, krows, with_card), 2)
        rows.append(("suit classes: 962,988 classes of the 20,358,520 six-card deals", t_classes,
                     "the deal odds over those classes", t_deal))
        t_deal += t_classes
        t_ref = best_of(lambda: reference.best_keep_hist((3, 4, 5, 10), 6, 4), 1)
        per = t_ref / (comb(16, 6) * 10)
        rows.append(("deal odds: best keep over 936,491,920 six-card deals", t_deal,
                     "naive reference on a 16-card deck, extrapolated", per * comb(52, 6) * 46))
    return rows
