"""Kernel building blocks against itertools: combinations, rank multisets, suit classes, and
the digest-keyed numba cache."""

from collections import Counter
from itertools import combinations as it_combinations, combinations_with_replacement, permutations
from math import comb

import numpy as np
import pytest

from crib_stats import kernels
from crib_stats.kernels import combinatorics
from crib_stats.core.tables import suit_classes


@pytest.mark.parametrize("n, k", [(5, 0), (5, 1), (6, 3), (10, 4), (4, 4)])
def test_combinations_equal_itertools(n, k):
    assert combinatorics.combinations(n, k).tolist() == [list(c) for c in it_combinations(range(n), k)]


@pytest.mark.parametrize("size, ranks", [(2, (0, 1, 2)), (4, (0, 4, 9, 12)), (5, (3, 4))])
def test_rank_multisets_equal_itertools(size, ranks):
    got = combinatorics.rank_multisets(size, np.array(ranks, np.int64)).tolist()
    want = []
    for combo in combinations_with_replacement(ranks, size):
        counts = Counter(combo)
        if max(counts.values()) <= 4:
            want.append([counts.get(r, 0) for r in range(13)])
    assert got == want


def test_rank_multisets_of_four_cards_count():
    # multisets of 4 ranks from 13 with at most four of a rank: C(16, 4) = 1820 (no rank can
    # exceed four in a 4-card hand)
    assert len(combinatorics.rank_multisets(4, np.arange(13))) == comb(16, 4) == 1820


def _burnside(n_ranks: int, dealt: int) -> int:
    """Classes of `dealt`-card deals from n_ranks x 4 suits under the 24 suit permutations:
    the average number of deals a permutation fixes; a deal is fixed when it is a union of the
    permutation's cycles on the cards (each rank's suits cycle like the permutation's cycles)."""
    total = 0
    for perm in permutations(range(4)):
        seen, cycles = set(), []
        for s in range(4):
            if s not in seen:
                length, t = 0, s
                while t not in seen:
                    seen.add(t)
                    t = perm[t]
                    length += 1
                cycles.append(length)
        poly = [1] + [0] * dealt  # generating function of unions of cycles, over all ranks
        for _ in range(n_ranks):
            for length in cycles:
                poly = [poly[i] + (poly[i - length] if i >= length else 0) for i in range(dealt + 1)]
        total += poly[dealt]
    return total // 24


@pytest.mark.parametrize("dealt", [2, 5, 6])
def test_suit_classes_count_and_weights(dealt):
    deals, weights = suit_classes(dealt)
    assert len(deals) == _burnside(13, dealt)
    assert int(weights.sum()) == comb(52, dealt)


def test_six_card_classes_are_962988():
    # the figure the sweep issue quotes, by Burnside's lemma
    assert _burnside(13, 6) == 962_988


def test_suit_classes_are_the_orbits_on_a_reduced_deck():
    # every 4-card deal from the 12 cards of A, 5, J: its orbit under the 24 renamings, with
    # the smallest sorted member as representative
    ranks = (0, 4, 10)
    deck = [r * 4 + s for r in ranks for s in range(4)]
    orbits = set()
    for deal in it_combinations(deck, 4):
        images = {tuple(sorted((c // 4) * 4 + p[c % 4] for c in deal)) for p in permutations(range(4))}
        orbits.add((min(images), len(images)))
    deals, weights = suit_classes(4, ranks)
    got = [(tuple(int(c) for c in d), int(w)) for d, w in zip(deals, weights)]
    assert len(got) == len(set(got)) and set(got) == orbits
    assert sum(size for _, size in orbits) == comb(12, 4)


def test_cache_directory_is_keyed_by_the_kernel_sources(tmp_path):
    digest = kernels.source_digest()
    assert kernels.cache_dir().name == f"kernels-{digest}" and digest == kernels.digest_of(kernels._HERE)
    # a change in any kernel file changes the digest, so another directory is used
    fake = tmp_path / "kernels"
    fake.mkdir()
    for path in kernels._HERE.glob("*.py"):
        (fake / path.name).write_bytes(path.read_bytes())
    assert kernels.digest_of(fake) == digest
    (fake / "show.py").write_text((fake / "show.py").read_text() + "\n# edited\n")
    assert kernels.digest_of(fake) != digest


def test_python_pip_equals_the_kernel_pip():
    from crib_stats.core.cards import Card
    from crib_stats.kernels.pips import pip

    # A = 1, 2..10 face value, J Q K = 10: the rule book, typed out
    assert [Card(r, 0).pip for r in range(13)] == [pip(r) for r in range(13)] == list(range(1, 11)) + [10, 10, 10]
