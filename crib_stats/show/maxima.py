"""The dealer's two open maxima, settled by exhaustive search (suits exact, the play on ranks).

- :func:`dealer_show_max`: the most a dealer's show can make, hand (4 cards) + crib (4 cards)
  sharing the starter, 9 distinct cards; with ``heels=True`` a jack starter's 2 is added.
- :func:`dealer_total_max`: the most the dealer can make from one deal: hand + crib + what the
  dealer pegs (every legal play of the two hands, both players cooperating, as
  :func:`crib_stats.peg.pegging.extremes`), over every deal of dealer hand, pone hand, crib and
  starter (13 distinct cards); with ``heels=True`` plus 2 for a jack starter.

For the whole pack the starter is taken in one suit and the counts multiplied by 4 (renaming
the suits changes no score). The second search keeps only (hand, crib) pairs whose show plus
:data:`PEG_BOUND` reaches the target, and for those tries every pone hand the remaining cards
allow (rank multisets, each weighted by the number of ways to pick its suits).

>>> m = dealer_show_max(deck="4 5 6 J")   # a pack of the 4s, 5s, 6s and jacks only
>>> m.points, m.hand_points, m.crib_points
(53, 29, 24)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from math import comb

import numpy as np

from crib_stats.core.cards import RANK_NAMES, Card
from crib_stats.kernels.constants import JACK
from crib_stats.core.rules import HEELS
from crib_stats.core.tables import rank_table
from crib_stats.peg.pegging import best_play

PEG_BOUND = 30  # the most the dealer can peg in the six-card play (data/pegging_extremes_six_card.json)
FULL_DECK = tuple(range(52))


def _deck(deck) -> tuple[int, ...]:
    """None: the whole pack; a string of ranks ("4 5 6 J"): every suit of those ranks; or codes."""
    if deck is None:
        return FULL_DECK
    if isinstance(deck, str):
        ranks = [RANK_NAMES.index(t.upper().replace("T", "10")) for t in deck.split()]
        return tuple(sorted(r * 4 + s for r in ranks for s in range(4)))
    return tuple(sorted(int(c) for c in deck))


def _starters(codes: tuple[int, ...], starters) -> list[tuple[int, int]]:
    """(starter code, weight): one suit times 4 for the whole pack, else every card once."""
    if starters is not None:
        return [(int(s), 1) for s in starters]
    if codes == FULL_DECK:
        return [(r * 4, 4) for r in range(13)]
    return [(c, 1) for c in codes]


def _cards(codes) -> tuple[str, ...]:
    return tuple(str(Card.from_code(int(c))) for c in codes)


@dataclass(frozen=True)
class ShowMaximum:
    """The most a dealer's hand + crib can show, how many (hand, crib, starter) reach it, one example."""

    heels: bool
    points: int
    combinations: int
    hand: tuple[str, ...]
    crib: tuple[str, ...]
    starter: str
    hand_points: int
    crib_points: int
    heels_points: int
    patterns: tuple[str, ...]  # every "hand ranks | crib ranks | starter rank" reaching it

    def as_dict(self) -> dict:
        return asdict(self)


def _ranks(codes) -> str:
    return " ".join(RANK_NAMES[int(c) >> 2] for c in sorted(codes))


def dealer_show_max(heels: bool = False, deck=None, starters=None) -> ShowMaximum:
    """Largest hand + crib (+ 2 for a jack starter with ``heels``) over every (hand, crib,
    starter) of distinct cards from ``deck``; the count is of (hand, crib, starter) triples."""
    from crib_stats.kernels import maxima as km  # lazy: numba only when used

    codes = _deck(deck)
    deck_arr = np.array(codes, np.int64)
    t5 = rank_table(5)
    best, count, example, reached = -1, 0, None, []
    for s, w in _starters(codes, starters):
        cards, bits, hand, crib = km.four_card_scores(deck_arr, s, t5)
        if len(hand) == 0:
            continue
        pts, n, i, j = (int(x) for x in km.best_show_pair(bits, hand, crib))
        if i < 0:
            continue
        extra = HEELS if heels and s >> 2 == JACK else 0
        if pts + extra > best:
            best, count, reached = pts + extra, 0, []
            example = (cards[i], cards[j], s, int(hand[i]), int(crib[j]), extra)
        if pts + extra == best:
            count += n * w
            hi, ci = km.show_pairs(bits, hand, crib, pts)
            reached += [f"{_ranks(cards[a])} | {_ranks(cards[b])} | {_ranks([s])}" for a, b in zip(hi, ci)]
    h, c, s, hp, cp, extra = example
    return ShowMaximum(bool(heels), best, count, _cards(h), _cards(c), str(Card.from_code(s)), hp, cp, extra,
                       tuple(sorted(set(reached))))


@dataclass(frozen=True)
class TotalMaximum:
    """The most the dealer can make from one deal (hand + crib + pegging, + heels if asked), the
    number of deals (dealer hand, pone hand, crib, starter) where some legal play reaches it,
    and one deal with its play."""

    heels: bool
    points: int
    deals: int
    dealer: tuple[str, ...]
    pone: tuple[str, ...]
    crib: tuple[str, ...]
    starter: str
    hand_points: int
    crib_points: int
    peg_points: int
    heels_points: int
    play: tuple[str, ...]
    patterns: tuple[str, ...]  # every "dealer | pone | crib | starter" (ranks) reaching it
    target: int
    pairs_examined: int

    def as_dict(self) -> dict:
        return asdict(self)


_C = np.array([[comb(a, k) for k in range(5)] for a in range(5)], np.int64)  # C(a, k), 0 when k > a


def _rank_counts(rows: np.ndarray) -> np.ndarray:
    """(N, 4) card codes -> (N, 13) rank counts."""
    out = np.zeros((rows.shape[0], 13), np.int64)
    for col in range(rows.shape[1]):
        np.add.at(out, (np.arange(rows.shape[0]), rows[:, col] >> 2), 1)
    return out


def _search(codes, starters, heels: bool, target: int, peg_bound: int):
    """Every deal whose total can reach ``target``: ((best, deals at best, example, patterns) or
    None when no deal reaches the target, pairs examined, the best total seen)."""
    from crib_stats.kernels import combinatorics  # lazy: numba only when used
    from crib_stats.kernels import maxima as km  # lazy: numba only when used

    deck_arr = np.array(codes, np.int64)
    deck_counts = np.bincount(deck_arr >> 2, minlength=13)
    t5 = rank_table(5)
    hc_all, w_all, d_all, avail_all, where = [], [], [], [], []
    kept = []  # per starter: (starter, extra, cards, hand, crib)
    for s, w in _starters(codes, starters):
        cards, bits, hand, crib = km.four_card_scores(deck_arr, s, t5)
        if len(hand) == 0:
            continue
        extra = HEELS if heels and s >> 2 == JACK else 0
        hi, ci = km.show_pairs(bits, hand, crib, target - peg_bound - extra)
        if len(hi) == 0:
            continue
        dealer = _rank_counts(cards[hi])
        avail = deck_counts[None, :] - dealer - _rank_counts(cards[ci])
        avail[:, s >> 2] -= 1
        hc_all.append(hand[hi] + crib[ci] + extra)
        w_all.append(np.full(len(hi), w, np.int64))
        d_all.append(dealer)
        avail_all.append(avail)
        where.append(np.stack([np.full(len(hi), len(kept)), hi, ci], axis=1))
        kept.append((s, extra, cards, hand, crib))
    if not hc_all:
        return None, 0, -1
    hc, w = np.concatenate(hc_all), np.concatenate(w_all)
    dealer, avail, where = np.concatenate(d_all), np.concatenate(avail_all), np.concatenate(where)
    multisets = combinatorics.rank_multisets(4, np.flatnonzero(deck_counts).astype(np.int64))
    # group by integer keys (rank counts as base-5 digits): np.unique on rows is slow
    powers = 5 ** np.arange(13, dtype=np.int64)
    d_key, a_key = dealer @ powers, avail @ powers
    _, d_first, d_index = np.unique(d_key, return_index=True, return_inverse=True)
    peg = km.peg_max_table(dealer[d_first], multisets)  # (D, M)
    _, g_first, g_index = np.unique(d_key * 5**13 + a_key, return_index=True, return_inverse=True)
    # per group: weight of each pone multiset (ways to pick its suits from what is left) and its peg
    g_avail = avail[g_first]
    ways = np.prod(_C[g_avail[:, None, :], multisets[None, :, :]], axis=2)  # (G, M)
    g_peg = np.where(ways > 0, peg[d_index.reshape(-1)[g_first]], -1)  # (G, M)
    g_index = g_index.reshape(-1)
    totals = hc + g_peg.max(axis=1)[g_index]
    best = int(totals.max())
    if best < target:
        return None, len(hc), best
    deals = 0
    example = None
    patterns = set()
    for p in np.flatnonzero(totals == best):
        g = g_index[p]
        hit = g_peg[g] == best - hc[p]
        deals += int(w[p]) * int(ways[g][hit].sum())
        k, a, b = where[p]
        s, extra, cards, hand, crib = kept[k]
        h, c = tuple(cards[a]), tuple(cards[b])
        for q in np.flatnonzero(hit):
            pone = [r * 4 for r in range(13) for _ in range(int(multisets[q, r]))]
            patterns.add(f"{_ranks(h)} | {_ranks(pone)} | {_ranks(c)} | {_ranks([s])}")
        if example is None:
            example = ((h, c, s, int(hand[a]), int(crib[b]), extra), multisets[np.flatnonzero(hit)[0]],
                       int(best - hc[p]))
    return (best, deals, example, tuple(sorted(patterns))), len(hc), best


def dealer_total_max(heels: bool = False, deck=None, starters=None, target: int | None = None,
                     peg_bound: int = PEG_BOUND, step: int = 6) -> TotalMaximum:
    """Largest dealer hand + crib + dealer pegging (+ heels) over every deal from ``deck``.

    The search keeps the (hand, crib) pairs that could reach ``target`` (their show + heels +
    ``peg_bound`` >= target); if no deal reaches it, the target drops by ``step`` (or to the best
    total found, if that is higher: a deal found is a lower bound) and it runs again. Exact
    whenever the answer is at least the target it was found with. The default first target is the
    upper bound: the best show + ``peg_bound``.
    """
    codes = _deck(deck)
    if target is None:
        target = dealer_show_max(heels, codes, starters).points + peg_bound
    while True:
        found, examined, reached = _search(codes, starters, heels, target, peg_bound)
        if found is not None:
            break
        target = max(reached, target - step)  # a deal found short of the target is a lower bound
    best, deals, ((h, c, s, hp, cp, extra), pone_ms, pp), patterns = found
    left = [x for x in codes if x not in h and x not in c and x != s]
    pone = []
    for r in range(13):
        pone += [x for x in left if x >> 2 == r][: int(pone_ms[r])]
    rank_text = lambda cs: " ".join(RANK_NAMES[x >> 2] for x in cs)  # noqa: E731
    play = best_play(rank_text(pone), rank_text(h), "dealer")
    if play.points["dealer"] != pp:  # the search and the replayed play must agree
        raise RuntimeError(f"best play pegs {play.points['dealer']}, the search said {pp}")
    return TotalMaximum(bool(heels), best, deals, _cards(h), _cards(pone), _cards(c), str(Card.from_code(s)),
                        hp, cp, pp, extra, tuple(play.sequence), patterns, target, examined)


# ---------------------------------------------------------------------------------------------
# Which hands score exactly N (the seed's list of 24s)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RankPattern:
    """A multiset of five ranks (hand + starter) and how its (hand, starter) card combinations
    reach a score: how many do, how many of those without a flush or nobs, and what the rest need."""

    ranks: tuple[str, ...]  # sorted
    rank_points: int  # fifteens + pairs + runs, the same for every suit assignment
    combinations: int  # (hand, starter) combinations with these ranks scoring the target
    plain: int  # of them, with no flush and no nobs
    needs: str  # "" when some combination scores it plainly, else "nobs", "flush", "flush and nobs", ...

    @property
    def short(self) -> str:
        """The seed's notation: 'A7777', with T for a ten."""
        return "".join("T" if r == "10" else r for r in self.ranks)

    def as_dict(self) -> dict:
        return asdict(self) | {"short": self.short}


def hands_scoring(points: int = 24, crib: bool = False) -> tuple[RankPattern, ...]:
    """Every rank multiset of hand + starter that scores exactly ``points`` with some suits.

    Flush and nobs add at most 5 + 1 to the rank points, so only multisets whose rank points
    are within 6 below ``points`` are tried; every card combination of those is scored.

    >>> [(p.short, p.combinations, p.needs) for p in hands_scoring(29)]   # 29 needs nobs
    [('5555J', 4, 'nobs')]
    >>> [(p.short, p.combinations) for p in hands_scoring(28)]
    [('5555T', 20), ('5555J', 16), ('5555Q', 20), ('5555K', 20)]
    """
    from itertools import combinations, product

    from crib_stats.kernels import combinatorics, show  # lazy: numba only when used

    t5 = rank_table(5)
    found = []
    for row in combinatorics.rank_multisets(5, np.arange(13, dtype=np.int64)):
        ranks = [r for r in range(13) for _ in range(int(row[r]))]
        key = 0
        for r in ranks:
            key = key * 13 + r
        if not points - 6 <= int(t5[key]) <= points:
            continue
        groups = [list(combinations([r * 4 + s for s in range(4)], int(row[r]))) for r in range(13) if row[r]]
        shows = []
        for pick in product(*groups):
            cards = [c for g in pick for c in g]
            for i in range(5):  # each card in turn is the starter
                shows.append([c for j, c in enumerate(cards) if j != i] + [cards[i]])
        shows = np.array(shows, np.int64)
        parts = show.score_batch(shows, crib).astype(np.int64)
        hit = parts.sum(axis=1) == points
        if not hit.any():
            continue
        flush, nobs = parts[hit, 3] > 0, parts[hit, 4] > 0
        plain = int((~flush & ~nobs).sum())
        kinds = sorted({("flush and nobs" if f and n else "flush" if f else "nobs" if n else "")
                        for f, n in zip(flush, nobs)})
        needs = "" if plain else " or ".join(kinds)
        found.append(RankPattern(tuple(RANK_NAMES[r] for r in ranks), int(t5[key]), int(hit.sum()), plain, needs))
    return tuple(found)


__all__ = ["dealer_show_max", "dealer_total_max", "hands_scoring", "RankPattern", "ShowMaximum", "TotalMaximum",
           "PEG_BOUND"]
