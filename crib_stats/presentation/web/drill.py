"""The page's counting drill: a random hand or crib and its starter, the player's count checked
against the scorer's, and what a wrong count missed.

A drill is dealt from a seeded :class:`random.Random` (its seed drawn at random and kept with the
drill): the hand (as many cards as the variant keeps) or the crib (4 cards) and the starter, drawn
without replacement from one pack. A *hard* drill is drawn by rejection: deals are drawn from the
same generator until one is hard (:func:`is_hard`), which about 8.5 % ± 0.2 % of four-card hands
and cribs are, and 1.6 % ± 0.1 % of the five-card game's 3-card hands (sampled: 20,000 deals of
each, seed 1; ± one standard error).

The true count and its itemisation are the scorer's (:func:`crib_stats.show.scoring.score`, its
items as :func:`crib_stats.referee.events.breakdown_dict` lists them for a game's show): nothing
here counts a hand. The answer is one number, so what a short count missed is inferred from the
breakdown (:func:`missed`).

>>> b = deal("hand", "six-card", hard=True, seed=7)
>>> is_hard(b), len(b.cards)
(True, 4)
>>> deal("crib", "five-card", hard=False, seed=7).crib, len(deal("hand", "five-card", False, 7).cards)
(True, 3)
"""

from __future__ import annotations

import itertools
import random

from crib_stats.core.cards import DECK
from crib_stats.core.errors import CribStatsError
from crib_stats.model.variants import CRIB_SIZE, variant as get_variant
from crib_stats.show.scoring import Breakdown, score

WHAT = ("hand", "crib")
KINDS = ("fifteens", "pairs", "runs", "flush", "nobs")  # the order the rules count them
HARD_TOTAL = 12  # a hard deal: at least this many points, ...
HARD_FIFTEENS = 4  # ... or at least this many fifteens, ...
HARD_RUNS = 2  # ... or at least this many runs (a double run or more)
TRIES = 10_000  # deals drawn for a hard one at most (the rarest, a 3-card hand, is 1 in 61)


def is_hard(b: Breakdown) -> bool:
    """A deal with many combinations: it scores at least 12, or has at least four fifteens, or
    at least two runs (a double run, a triple run, a double double run).

    >>> is_hard(score("3c 3d 4h 5s", "kh")), is_hard(score("5h 5c 5s jd", "5d")), is_hard(score("2c 4d 6h 8s", "qh"))
    (True, True, False)
    """
    return b.total >= HARD_TOTAL or len(b.fifteen_sets) >= HARD_FIFTEENS or len(b.run_sets) >= HARD_RUNS


def deal(what: str, variant: str, hard: bool, seed: int) -> Breakdown:
    """The drill of ``seed``: a hand (``what="hand"``, the variant's kept cards) or a crib (4
    cards) and the starter, scored; a hard one when ``hard``. The variant is any name
    :func:`crib_stats.model.variants.variant` reads (a :class:`CribStatsError` otherwise)."""
    if what not in WHAT:
        raise CribStatsError(f"drill: what is hand or crib, not {what!r}")
    v = get_variant(variant)
    crib = what == "crib"
    size = CRIB_SIZE if crib else v.kept
    rng = random.Random(seed)
    for _ in range(TRIES):
        cards = rng.sample(DECK, size + 1)
        b = score(cards[:size], cards[size], crib=crib, variant=v)
        if not hard or is_hard(b):
            return b
    raise CribStatsError(f"drill: no hard {what} in {TRIES} deals (seed {seed})")  # 1 in 10^70 for the rarest


def missed(b: Breakdown, answer: int) -> dict[str, int]:
    """What a count of ``answer`` for the deal ``b`` missed: {kind: points} over :data:`KINDS`
    and ``"other"``, all 0 for a right count or an overcount.

    The shortfall (the true count less the answer) is taken as the fewest scoring combinations
    of the deal whose points make it up exactly (a player misses a combination, not part of
    one); among as few, those of the kinds counted last (nobs, then the flush, the runs, the
    pairs, the fifteens: a count stopped short loses its end). A shortfall no combinations make
    up (1 point short with no nobs) is ``"other"``.

    >>> b = score("3c 3d 4h 5s", "kh")   # fifteens 4, a pair 2, two runs of three 6: 12
    >>> missed(b, 9)
    {'fifteens': 0, 'pairs': 0, 'runs': 3, 'flush': 0, 'nobs': 0, 'other': 0}
    >>> missed(b, 8)["pairs"], missed(b, 6)["runs"], missed(b, 11)["other"], missed(b, 13)["other"]
    (2, 6, 1, 0)
    """
    out = dict.fromkeys(KINDS + ("other",), 0)
    short = b.total - answer
    if short <= 0:
        return out
    # (how many of the kind there are, the points of each): runs in one show are all one length
    groups = [(len(b.fifteen_sets), 2), (len(b.pair_sets), 2), (len(b.run_sets), len(b.run_sets[0]) if b.run_sets else 0),
              (int(b.flush > 0), b.flush), (int(b.nobs > 0), b.nobs)]
    best = None
    for taken in itertools.product(*(range(n + 1) for n, _ in groups)):
        if sum(k * p for k, (_, p) in zip(taken, groups)) == short:
            key = (sum(taken), taken)  # fewest, then fewest fifteens, pairs, runs, flush (the last kinds first)
            if best is None or key < best:
                best = key
    if best is None:
        out["other"] = short
    else:
        for kind, k, (_, p) in zip(KINDS, best[1], groups):
            out[kind] = k * p
    return out
