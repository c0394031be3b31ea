"""Score one hand or crib with the starter, itemised.

>>> b = score("5h 5c 5s jd", "5d")
>>> (b.fifteens, b.pairs, b.runs, b.flush, b.nobs, b.total)
(16, 12, 0, 0, 1, 29)
>>> score("ah 3h 7h 10h", "js", crib=True).total   # no 4-card flush in the crib
0
>>> score("ah 3h 7h 10h", "js").flush                # but a hand flush counts
4
>>> print(score("3c 3d 4h 5s", "kh").say())
fifteen two (3♣ 3♦ 4♥ 5♠), fifteen four (5♠ K♥), and a pair is 6 (3♣ 3♦), and a run of three is 9 (3♣ 4♥ 5♠), and a run of three is 12 (3♦ 4♥ 5♠)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

import numpy as np

from crib_stats.core.cards import Card, CardError, check_disjoint, format_cards, parse, parse_n
from crib_stats.kernels.constants import JACK, KIND_FIFTEEN, KIND_PAIR, KIND_RUN, RANKS
from crib_stats.model.variants import CRIB_SIZE, Variant, variant as get_variant
from crib_stats.runtime.disk import disk_cached

_NUMBERS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty"
).split()


def _spoken(n: int) -> str:
    if n <= 20:
        return _NUMBERS[n]
    tens = {2: "twenty", 3: "thirty"}[n // 10]
    return tens if n % 10 == 0 else f"{tens}-{_NUMBERS[n % 10]}"


@dataclass(frozen=True)
class Breakdown:
    """The show of one hand or crib with its starter: points by category and the cards behind them."""

    cards: tuple[Card, ...]
    starter: Card
    crib: bool
    fifteens: int
    pairs: int
    runs: int
    flush: int
    nobs: int
    fifteen_sets: tuple[tuple[Card, ...], ...] = field(repr=False)
    pair_sets: tuple[tuple[Card, ...], ...] = field(repr=False)
    run_sets: tuple[tuple[Card, ...], ...] = field(repr=False)

    @property
    def total(self) -> int:
        return self.fifteens + self.pairs + self.runs + self.flush + self.nobs

    def say(self) -> str:
        """The count as players say it, each combination with its cards.

        >>> print(score("2c 3c 4d 5s", "jh").say())
        fifteen two (2♣ 3♣ J♥), fifteen four (5♠ J♥), and a run of four is 8 (2♣ 3♣ 4♦ 5♠)
        """
        phrases: list[str] = []
        running = 0
        for s in self.fifteen_sets:
            running += 2
            phrases.append(f"fifteen {_spoken(running)} ({format_cards(s)})")
        for s in self.pair_sets:
            running += 2
            phrases.append(f"and a pair is {running} ({format_cards(s)})")
        for s in self.run_sets:
            running += len(s)
            phrases.append(f"and a run of {_spoken(len(s))} is {running} ({format_cards(s)})")
        if self.flush:
            running += self.flush
            suited = self.cards + ((self.starter,) if self.flush == len(self.cards) + 1 else ())
            phrases.append(f"and a flush of {_spoken(self.flush)} is {running} ({format_cards(suited)})")
        if self.nobs:
            running += self.nobs
            jack = next(c for c in self.cards if c.rank == 10 and c.suit == self.starter.suit)
            phrases.append(f"and nobs is {running} ({jack})")
        if not phrases:
            return "nineteen (nothing scores)"
        return ", ".join(phrases).removeprefix("and ")


def score(
    hand: str | Iterable[str | Card],
    starter: str | Card,
    *,
    crib: bool = False,
    variant: str | Variant = "six-card",
) -> Breakdown:
    """Score a hand (or, with ``crib=True``, a crib) with the starter.

    The hand has as many cards as the variant keeps (4, or 3 in the five-card game); a crib
    always has 4. Raises CardError for bad cards, a wrong count, or a starter that is in the hand.
    """
    v = get_variant(variant)
    size = CRIB_SIZE if crib else v.kept
    other = {4: "a four-card hand is the default (--variant six-card)", 3: "for a three-card hand use --variant five-card"}
    hints = {} if crib else {n: hint for n, hint in other.items() if n != size}
    cards = parse_n(hand, size, "a crib" if crib else f"a {v.name} hand", hints)
    start = parse_n([starter] if isinstance(starter, Card) else starter, 1, "the starter")[0]
    check_disjoint(cards, [start], "crib" if crib else "hand", "starter")
    codes = [c.code for c in cards] + [start.code]
    parts, tagged = show_of(codes, bool(crib))
    everything = cards + (start,)
    groups: dict[int, list[tuple[Card, ...]]] = {KIND_FIFTEEN: [], KIND_PAIR: [], KIND_RUN: []}
    for kind, mask in tagged:
        groups[kind].append(tuple(c for i, c in enumerate(everything) if (mask >> i) & 1))
    f, p, r, fl, nb = (int(x) for x in parts)
    return Breakdown(
        cards=cards,
        starter=start,
        crib=bool(crib),
        fifteens=f,
        pairs=p,
        runs=r,
        flush=fl,
        nobs=nb,
        fifteen_sets=tuple(groups[KIND_FIFTEEN]),
        pair_sets=tuple(groups[KIND_PAIR]),
        run_sets=tuple(groups[KIND_RUN]),
    )


@lru_cache(maxsize=None)
def show_memo(n: int) -> tuple[np.ndarray, ...]:
    """The kernel's show of every card pattern of ``n`` cards (:func:`crib_stats.kernels.show.
    show_memo`), computed once per machine and kept on disk beside the compiled kernels, so a
    process that scores a few hands reads tables and never imports numba."""
    def compute():
        from crib_stats.kernels import combinatorics, show  # lazy: numba only the first time

        multisets = combinatorics.rank_multisets(n, np.arange(RANKS, dtype=np.int64))
        return show.show_memo(multisets, n)

    return disk_cached(f"show_memo_{n}", compute)


def show_of(codes: list[int], crib: bool) -> tuple[tuple[int, int, int, int, int], list[tuple[int, int]]]:
    """The show of card codes (the starter last) read from :func:`show_memo`: (fifteens, pairs,
    runs, flush, nobs) and the scoring subsets as (kind, bitmask over ``codes``), in the order
    the kernel's :func:`crib_stats.kernels.show.show` lists them (by bitmask within a kind).

    >>> show_of([16, 17, 18, 43, 19], False)[0]     # 5♣ 5♦ 5♥ J♠ + 5♠
    (16, 12, 0, 0, 1)
    """
    n = len(codes)
    keys, parts, masks, suit_terms = show_memo(n)
    order = sorted(range(n), key=lambda i: codes[i] >> 2)  # sorted position j holds card order[j]
    key = 0
    for i in order:
        key = key * RANKS + (codes[i] >> 2)
    row = int(np.searchsorted(keys, key))
    suits = sum((codes[i] & 3) * 4**i for i in range(n))
    jacks = sum(1 << i for i in range(n - 1) if codes[i] >> 2 == JACK)
    flush, nobs = (int(x) for x in suit_terms[int(crib), suits * (1 << (n - 1)) + jacks])
    subsets = []
    for t in masks[row].tolist():
        if t < 0:
            break
        sorted_mask = t & 0xFF
        subsets.append((t >> 8, sum(1 << order[j] for j in range(n) if (sorted_mask >> j) & 1)))
    f, p, r = (int(x) for x in parts[row])
    return (f, p, r, flush, nobs), sorted(subsets)


__all__ = ["Breakdown", "score", "show_of", "CardError", "parse"]
