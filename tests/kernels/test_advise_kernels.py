"""The advisor's per-machine keep table read with the show, kernel by kernel, against their twins.

:mod:`crib_stats.kernels.suits` (a rank multiset's hands, suit by suit, and those of them in
a pool) against :func:`reference.suit_hands` / :func:`reference.pool_hands`, every multiset of
two reduced packs and a seeded sample of the full pack's; and
:func:`crib_stats.kernels.keepshow.keep_show_posterior` (the posterior's weight per kept
multiset, hand points and crib points) against :func:`reference.keep_show_twin`, which values
every opponent hand's throws by enumerating every starter and crib and counts each show by the
rule book: on reduced packs, every starter and every throw of yours for a dealt hand, and
seeded pools with the opponent's played cards, allowed rows and thread counts.
"""

import random
from itertools import combinations

import numpy as np
import pytest

import reference
from crib_stats.game.advise import SCALE
from crib_stats.game.advise_tables import hand_keeps, kernel_tables, policy
from crib_stats.kernels import keepbits, keeps, keepshow, suits
from crib_stats.kernels.combinatorics import rank_multisets
from crib_stats.kernels.posterior import Query
from crib_stats.model.variants import variant as get_variant

DECKS = [(2, 3, 4, 10), (3, 4, 9, 10)]  # 3 4 5 J; 4 5 10 J (jacks for nobs, fives and tens for fifteens)


def _kernel_hands(counts, masks, pool=None, must=None):
    """(place, hand) of the multiset's hands by :mod:`.suits`: all of them, or with ``pool``
    and ``must`` (card codes) only those in the pool holding the must cards."""
    dealt = int(counts.sum())
    ranks, opts, n_opts, pick = suits.suit_scratch(dealt)
    d, ways = suits.suit_options(counts, masks, ranks, opts, n_opts)
    cards = np.zeros(dealt, np.int64)
    out = []
    if pool is None:
        while True:
            suits.assign(ranks, opts, pick, d, cards)
            out.append((suits.table_index(pick, n_opts, d), cards.tolist()))
            assert keepbits.card_bits(ranks, opts, pick, d) == sum(1 << c for c in cards.tolist())
            if not suits.next_pick(pick, n_opts, d):
                break
        assert len(out) == ways
        return out
    allowed = np.zeros((dealt, 6), np.int64)
    n_allowed = np.zeros(dealt, np.int64)
    n = suits.pool_options(ranks, opts, n_opts, d, keeps.masks_of(pool), keeps.masks_of(must), allowed, n_allowed)
    if n == 0:
        return out
    sel = np.zeros(dealt, np.int64)
    while True:
        for i in range(d):
            pick[i] = allowed[i, sel[i]]
        suits.assign(ranks, opts, pick, d, cards)
        out.append((suits.table_index(pick, n_opts, d), cards.tolist()))
        if not suits.next_pick(sel, n_allowed, d):
            break
    assert len(out) == n
    return out


def _multisets(dealt, deck):
    return rank_multisets(dealt, np.array(deck, np.int64))


@pytest.mark.parametrize("deck", [(2, 3, 4, 10), (0, 4, 10, 12, 7)])
@pytest.mark.parametrize("dealt", [5, 6])
@pytest.mark.slow  # over 2 s on 2 cores
def test_suit_walks_list_every_multisets_hands_in_the_tables_order(deck, dealt):
    """Every multiset of a reduced pack: its hands in order (and ``hand_offsets`` their count),
    and for seeded pools and must cards the hands in the pool with their places."""
    masks = np.zeros(13, np.int64)
    masks[list(deck)] = 15
    ms = _multisets(dealt, deck)
    offsets = keeps.hand_offsets(ms, masks, dealt)
    rng = random.Random(dealt)
    pack = [r * 4 + s for r in deck for s in range(4)]
    for h, counts in enumerate(ms):
        want = reference.suit_hands(counts.tolist(), deck)
        assert _kernel_hands(counts, masks) == list(enumerate(want))
        assert offsets[h + 1] - offsets[h] == len(want)
        for _ in range(3):
            pool = rng.sample(pack, rng.randrange(dealt, len(pack) + 1))
            must = rng.sample(pool, rng.randrange(0, 3))
            assert _kernel_hands(counts, masks, pool, must) == reference.pool_hands(counts.tolist(), deck, pool, must)


@pytest.mark.slow  # over 2 s on 2 cores
def test_suit_walks_on_a_sample_of_the_full_packs_multisets():
    masks = np.full(13, 15, np.int64)
    ms = _multisets(6, tuple(range(13)))
    rng = random.Random(5)
    for h in rng.sample(range(len(ms)), 60):
        counts = ms[h]
        want = reference.suit_hands(counts.tolist(), range(13))
        assert _kernel_hands(counts, masks) == list(enumerate(want))
        pool = rng.sample(range(52), 40)
        must = rng.sample(pool, 2)
        assert _kernel_hands(counts, masks, pool, must) == reference.pool_hands(counts.tolist(), range(13), pool, must)


def _posterior(variant, deck, mine, starter, my_throw, must, opp_role, ok=None, slabs=2):
    """``keep_show_posterior`` and its twin for one query: (kernel's {(row, hp, cp): weight},
    hands), (twin's)."""
    v = get_variant(variant)
    k = kernel_tables(v.name, "objective", deck)
    kt = hand_keeps(v.name, "objective", opp_role, deck)
    pol = policy(v.name, "objective", opp_role, deck)
    pack = [r * 4 + s for r in deck for s in range(4)]
    pool = [c for c in pack if c not in mine and c != starter]
    n_rows = k["keep_sets"].shape[0]
    ok = np.ones(n_rows, np.bool_) if ok is None else ok
    qry = Query(ok, SCALE, True, starter, np.array(sorted(my_throw), np.int64), k["hand_table"], k["crib_table"])
    weight, rows, hands = keepshow.keep_show_posterior(keeps.Pool(keeps.masks_of(pool), keeps.masks_of(must)), kt,
                                                       pol, qry, slabs)
    assert list(rows) == list(np.flatnonzero(ok))
    got = {(int(rows[i]), hp, cp): int(weight[i, hp, cp]) for i, hp, cp in zip(*np.nonzero(weight))}
    want = reference.keep_show_twin(pack, pool, must, v.dealt, opp_role == 1, k["keep_sets"].tolist(), ok.tolist(),
                                    starter, my_throw, SCALE, v.throw, v.others_to_crib)
    return (got, int(hands)), want


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.slow  # over 2 s on 2 cores
def test_keep_show_posterior_every_starter_and_throw_of_one_hand(variant, deck):
    """One dealt hand of yours on a reduced pack: every starter, every throw of yours, the
    opponent dealing or not, nothing played (every hand of the pool): the kernel's weights
    equal the twin's, entry for entry."""
    n = get_variant(variant).dealt
    rng = random.Random(sum(deck) + n)
    pack = [r * 4 + s for r in deck for s in range(4)]
    mine = sorted(rng.sample(pack, n))
    for starter in (c for c in pack if c not in mine):
        for my_throw in combinations(mine, 2):
            got, want = _posterior(variant, deck, mine, starter, list(my_throw), [], 1 + (starter + sum(my_throw)) % 2)
            assert got == want, (starter, my_throw)


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.slow  # over 2 s on 2 cores
def test_keep_show_posterior_with_played_cards_and_allowed_rows(variant, deck):
    """Seeded queries: the opponent's played cards (from a hand they could hold), a random half
    of the kept multisets allowed or all, your throw often of the starter's suit (the crib can
    flush), 1 to 3 partial tallies: the kernel's weights equal the twin's."""
    v = get_variant(variant)
    rng = random.Random(31 + sum(deck) + v.dealt)
    pack = [r * 4 + s for r in deck for s in range(4)]
    n_rows = kernel_tables(v.name, "objective", deck)["keep_sets"].shape[0]
    for case in range(16):
        cards = rng.sample(pack, 2 * v.dealt + 1)
        mine, theirs, starter = sorted(cards[:v.dealt]), cards[v.dealt:2 * v.dealt], cards[-1]
        suited = [c for c in mine if c % 4 == starter % 4]
        my_throw = suited[:2] if len(suited) >= 2 and case % 2 else rng.sample(mine, 2)
        must = rng.sample(theirs, rng.randrange(0, 4))
        ok = np.ones(n_rows, np.bool_) if case % 3 == 0 else np.array([rng.random() < 0.5 for _ in range(n_rows)])
        got, want = _posterior(v.name, deck, mine, starter, my_throw, must, 1 + case % 2, ok, slabs=1 + case % 3)
        assert got == want, (case, mine, starter, my_throw, must)
