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

from crib_stats.core.cards import Card, RANK_NAMES
from crib_stats.core.errors import CribStatsError
from crib_stats.core.tables import rank_table
from crib_stats.kernels.constants import JACK
from crib_stats.model.variants import HEELS
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


MEMORY_LIMIT = 2 * 1024**3  # bytes: the ceiling on the working memory of dealer_total_max's search
_PAIR_BYTES = 192  # working memory per candidate pair of a chunk (indices, keys, sorts, totals)
_GROUP_BYTES = 32  # working memory per pone multiset of a group in a chunk (ways, a factor, pegs, mask)
_KEPT_BYTES = 32  # what stays per group between chunks (its key and best peg, with union1d's copies)
_CHUNKS: tuple[int, int] | None = None  # tests only: (pairs, groups) per chunk instead of the budget's
_KEY = 5**13  # a group key: dealer rank counts * 5**13 + remaining rank counts (base-5 digits)


class MaximaMemoryError(CribStatsError):
    """The search cannot keep to its memory ceiling at this target (one-line message)."""


def _budget(memory_limit: int, n_cards: int, n_multisets: int) -> tuple[int, int, int]:
    """(bytes for the chunks' working memory, pairs per chunk, groups per chunk) under the
    ceiling, after what every target needs: one starter's 4-card sets (cards, mask, two scores,
    rank key, two visit orders and a sort's copy: 12 int64 each) and the peg table (at most every dealer multiset
    against every pone multiset, int64)."""
    fixed = comb(n_cards - 1, 4) * 12 * 8 + n_multisets * n_multisets * 8
    rest = int(memory_limit) - fixed
    if rest < 1 << 20:
        raise MaximaMemoryError(f"the maxima search needs at least {(fixed + (1 << 20)) / 2**20:.0f} MB "
                                f"for this deck, above its memory ceiling of {memory_limit / 2**20:.0f} MB")
    per_group = n_multisets * _GROUP_BYTES
    if _CHUNKS is not None:
        return rest, _CHUNKS[0], _CHUNKS[1]
    return rest, max(1, rest // 2 // _PAIR_BYTES), max(1, rest // 2 // per_group)


def _search(codes, starters, heels: bool, target: int, peg_bound: int, memory_limit: int = MEMORY_LIMIT):
    """Every deal whose total can reach ``target``: ((best, deals at best, example, patterns) or
    None when no deal reaches the target, pairs examined, the best total seen).

    The candidate (hand, crib) pairs are visited in chunks (:func:`km.show_pairs_from`) twice:
    first to collect the distinct groups (dealer ranks, ranks left for the pone) and the dealer
    multisets, then, once each group's best pegging is known (computed in chunks of groups), to
    find the best total and the pairs reaching it. What stays between chunks is two int64 per
    group and the peg table; the working memory stays under ``memory_limit`` bytes, or the search
    refuses (:class:`MaximaMemoryError`) before it allocates more."""
    from crib_stats.kernels import combinatorics  # lazy: numba only when used
    from crib_stats.kernels import maxima as km  # lazy: numba only when used

    deck_arr = np.array(codes, np.int64)
    deck_counts = np.bincount(deck_arr >> 2, minlength=13)
    multisets = combinatorics.rank_multisets(4, np.flatnonzero(deck_counts).astype(np.int64))
    rest, chunk_pairs, chunk_groups = _budget(memory_limit, len(codes), len(multisets))
    t5 = rank_table(5)
    powers = 5 ** np.arange(13, dtype=np.int64)
    deck_key = int(deck_counts @ powers)

    def visits():
        """Per starter with candidates, its 4-card sets and then each chunk of candidate pairs."""
        for s, w in _starters(codes, starters):
            cards, bits, hand, crib = km.four_card_scores(deck_arr, s, t5)
            if len(hand) == 0:
                continue
            extra = HEELS if heels and s >> 2 == JACK else 0
            threshold = target - peg_bound - extra
            set_key = powers[cards[:, 0] >> 2]  # rank counts as base-5 digits, a column at a time
            for col in range(1, 4):
                set_key += powers[cards[:, col] >> 2]
            left = deck_key - int(powers[s >> 2])  # rank counts of the deck without the starter
            oh, oc = np.argsort(-hand, kind="stable"), np.argsort(-crib, kind="stable")  # show_pairs' order
            at = {"s": s, "w": w, "extra": extra, "cards": cards, "hand": hand, "crib": crib}
            ia, ib = 0, 0
            while ia < len(oh):
                hi, ci, ia, ib = km.show_pairs_from(bits, hand, crib, threshold, oh, oc, ia, ib, chunk_pairs)
                if len(hi) == 0:
                    break
                dk = set_key[hi]
                yield at, hi, ci, dk, dk * _KEY + (left - dk - set_key[ci])
            at.clear()  # one starter's sets in memory at a time (the caller reads them through ``at``)
            del cards, bits, hand, crib, set_key, oh, oc

    # pass 1: the distinct groups and dealer multisets
    groups = np.zeros(0, np.int64)
    dealers = np.zeros(0, np.int64)
    examined = 0
    for _, hi, _, dk, gk in visits():
        examined += len(hi)
        groups = np.union1d(groups, gk)
        dealers = np.union1d(dealers, dk)
        del hi, dk, gk
        if len(groups) * _KEPT_BYTES > rest // 2:
            raise MaximaMemoryError(f"the maxima search at target {target} keeps over {len(groups):,} groups of "
                                    f"(dealer, remaining cards): above its memory ceiling of "
                                    f"{memory_limit / 2**20:.0f} MB; ask for a higher target")
    if examined == 0:
        return None, 0, -1
    peg = km.peg_max_table((dealers[:, None] // powers) % 5, multisets)  # (D, M)

    def group_pegs(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(ways (G, M) to pick each pone multiset from what the group leaves, its peg or -1)."""
        avail = (keys[:, None] % _KEY // powers) % 5
        ways = np.ones((len(keys), len(multisets)), np.int64)
        for r in range(13):
            ways *= _C[avail[:, r][:, None], multisets[None, :, r]]
        pegs = peg[np.searchsorted(dealers, keys // _KEY)]
        return ways, np.where(ways > 0, pegs, -1)

    # each group's best pegging, in chunks of groups
    gmax = np.empty(len(groups), np.int64)
    for lo in range(0, len(groups), chunk_groups):
        gmax[lo:lo + chunk_groups] = group_pegs(groups[lo:lo + chunk_groups])[1].max(axis=1)

    # pass 2: the best total and the pairs reaching it, in the order of the pairs
    best = -1
    hits: list[tuple] = []
    for at, hi, ci, _, gk in visits():
        hc = at["hand"][hi] + at["crib"][ci] + at["extra"]
        totals = hc + gmax[np.searchsorted(groups, gk)]
        top = int(totals.max())
        if top < max(best, target):
            best = max(best, top)
            continue
        if top > best:
            best, hits = top, []
        for p in np.flatnonzero(totals == best):
            a, b = int(hi[p]), int(ci[p])
            hits.append((at["s"], at["w"], at["extra"], tuple(at["cards"][a]), tuple(at["cards"][b]),
                         int(at["hand"][a]), int(at["crib"][b]), int(hc[p]), int(gk[p])))
        if len(hits) * len(multisets) * _GROUP_BYTES > rest // 2:
            raise MaximaMemoryError(f"the maxima search at target {target} finds over {len(hits):,} pairs at its "
                                    f"best total {best}: above its memory ceiling of {memory_limit / 2**20:.0f} MB")
    if best < target:
        return None, examined, best
    deals = 0
    example = None
    patterns = set()
    for s, w, extra, h, c, hp, cp, hc, gk in hits:
        ways, pegs = group_pegs(np.array([gk], np.int64))
        hit = pegs[0] == best - hc
        deals += w * int(ways[0][hit].sum())
        for q in np.flatnonzero(hit):
            pone = [r * 4 for r in range(13) for _ in range(int(multisets[q, r]))]
            patterns.add(f"{_ranks(h)} | {_ranks(pone)} | {_ranks(c)} | {_ranks([s])}")
        if example is None:
            example = ((h, c, s, hp, cp, extra), multisets[np.flatnonzero(hit)[0]], int(best - hc))
    return (best, deals, example, tuple(sorted(patterns))), examined, best


def dealer_total_max(heels: bool = False, deck=None, starters=None, target: int | None = None,
                     peg_bound: int = PEG_BOUND, step: int = 6, memory_limit: int = MEMORY_LIMIT) -> TotalMaximum:
    """Largest dealer hand + crib + dealer pegging (+ heels) over every deal from ``deck``.

    The search keeps the (hand, crib) pairs that could reach ``target`` (their show + heels +
    ``peg_bound`` >= target); if no deal reaches it, the target drops by ``step`` (or to the best
    total found, if that is higher: a deal found is a lower bound) and it runs again. Exact
    whenever the answer is at least the target it was found with. The default first target is the
    upper bound: the best show + ``peg_bound``.

    The candidates grow about 25-fold for each 6 points the target drops; they are visited in
    chunks so the search's working memory stays under ``memory_limit`` bytes (default 2 GiB):
    a target it cannot search under that ceiling raises :class:`MaximaMemoryError` (one line)
    instead.
    """
    codes = _deck(deck)
    if target is None:
        target = dealer_show_max(heels, codes, starters).points + peg_bound
    while True:
        found, examined, reached = _search(codes, starters, heels, target, peg_bound, memory_limit)
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


__all__ = ["dealer_show_max", "dealer_total_max", "hands_scoring", "MaximaMemoryError", "MEMORY_LIMIT", "RankPattern",
           "ShowMaximum", "TotalMaximum", "PEG_BOUND"]
