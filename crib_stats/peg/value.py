"""E[peg] of a keep: the play's value under a policy against a modelled opponent, exactly.

The opponent's four cards uniform over the cards you have not seen.

>>> dealt = [16, 17, 24, 40, 45, 51]           # 5♣ 5♦ 7♣ J♣ Q♦ K♠
>>> dealer, pone = (peg_ev(dealt, [16, 17, 40, 45], role, "greedy") for role in ("dealer", "pone"))
>>> 163185 % dealer.denominator, dealer > 0 > pone  # C(46, 4) opponent hands; the dealer's edge
(0, True)

E[peg] of a keep against an opponent who keeps four of six cards by the solved discard game
(``opponent="equilibrium"``; what that assumes:
:data:`crib_stats.peg.opponent.OPPONENT_ASSUMES`):

>>> strategic = peg_ev(dealt, [16, 17, 40, 45], "dealer", "greedy", opponent="equilibrium")
>>> 9366819 % strategic.denominator, strategic != dealer  # C(46, 6) opponent six-card hands
(0, True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import numpy as np

from crib_stats.peg.opponent import STRATEGY_PATH, check_opponent, kernel_input
from crib_stats.peg.tables import HAND, ROLES, PlayValueError, check_policy, multiset_row, multisets, value_matrix
from crib_stats.core.cards import RANK_NAMES


def peg_evs(dealt_codes: Sequence[int], keeps: Sequence[Sequence[int]], role: str,
            policy: str, opponent: str = "random") -> list[Fraction]:
    """E[your play points - the opponent's] for each keep of four of your dealt cards, as exact
    Fractions, when both play ``policy`` in the six-card play. The starter plays no part in the
    play.

    ``opponent="random"`` (the default): the opponent's four kept cards are uniform over the
    52 - len(dealt) cards you have not seen (a random keep: their throw is not modelled). The
    sum runs over the opponent's 4-card rank multisets k, each weighted by the ways to hold it,
    prod_r C(unseen cards of rank r, k_r), over C(unseen, 4) in all.

    ``opponent="equilibrium"``: the opponent is dealt six of the cards you have not seen and
    keeps four by the solved rank-level discard game's strategy for their role (you deal: the
    pone's strategy; you are pone: the dealer's), purified: each six-card rank multiset Y
    throws its most probable pair (:func:`crib_stats.peg.opponent.equilibrium_keeps`). The sum runs over Y, weighted
    by prod_r C(unseen of rank r, Y_r), over C(unseen, 6) in all, so the result is exact under
    that model. What it assumes: the solved game is at rank level (flushes are not scored, so
    suits never change the opponent's throw); the strategy is purified (the committed
    probabilities are fictitious-play averages, nearly pure); the opponent sees only their own
    six cards (not yours); the game counts the show only, so their throw ignores the play; the
    starter plays no part in the play.
    Purifying matters little: on 200 random deals in both roles it moved E[peg] by at most
    0.0018 against the average probabilities (scripts/peg_opponent_study.py).

    >>> dealt = [0, 1, 2, 3, 48, 49]       # A♣ A♦ A♥ A♠ K♣ K♦
    >>> peg_evs(dealt, [[0, 1, 2, 3]], "pone", "minimax")[0] < 0
    True
    >>> peg_evs(dealt, [[0, 1, 2, 3]], "pone", "minimax", opponent="equilibrium")[0] < 0
    True
    """
    from crib_stats.kernels import pegvalue  # lazy: numba only when used

    if role not in ROLES:
        raise PlayValueError(f"unknown role {role!r}: choose dealer or pone")
    check_policy(policy)
    check_opponent(opponent)
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
    ranks, counts, kept = kernel_input(opponent, role)
    weights, total = pegvalue.keep_weights(unseen, ranks, counts, kept, len(multisets()))
    sums, bad = pegvalue.weighted_peg_sums(rows, weights, value_matrix(policy), role == "dealer")
    if bad:  # cannot happen: the opponent's cards are among those you have not seen
        raise PlayValueError(f"{bad} opponent keeps do not fit beside yours: is {STRATEGY_PATH.name} damaged?")
    return [Fraction(int(s), int(total)) for s in sums]


def peg_ev(dealt_codes: Sequence[int], keep: Sequence[int], role: str, policy: str,
           opponent: str = "random") -> Fraction:
    """:func:`peg_evs` for one keep."""
    return peg_evs(dealt_codes, [keep], role, policy, opponent)[0]


def hand_peg_table(policy: str):
    """E[peg] of every 4-card rank multiset as dealer and as pone when only those four cards are
    known (the opponent's four uniform over the other 48): a DataFrame, one row per
    :func:`multisets` row, with the ranks, exact Fractions ``dealer_ev``/``pone_ev`` and their
    decimals ``dealer``/``pone``.

    >>> t = hand_peg_table("greedy")
    >>> len(t), list(t.columns)
    (1820, ['ranks', 'dealer_ev', 'pone_ev', 'dealer', 'pone'])
    """
    import pandas as pd  # lazy: pandas only when used


    rows = []
    for counts in multisets():
        ranks = [r for r in range(13) for _ in range(int(counts[r]))]
        codes = [r * 4 + ranks[:i].count(r) for i, r in enumerate(ranks)]  # any suits: ranks decide
        dealer = peg_ev(codes, codes, "dealer", policy)
        pone = peg_ev(codes, codes, "pone", policy)
        rows.append((" ".join(RANK_NAMES[r] for r in ranks), dealer, pone, float(dealer), float(pone)))
    return pd.DataFrame(rows, columns=["ranks", "dealer_ev", "pone_ev", "dealer", "pone"])


__all__ = ["hand_peg_table", "peg_ev", "peg_evs"]
