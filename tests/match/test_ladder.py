"""The ladder (crib_stats.match.ladder): the Bradley–Terry fit checked against what maximum
likelihood must satisfy and against strengths it did not see, and the committed ladder read
from the committed matches."""

from __future__ import annotations

import math

import numpy as np
import pytest

from crib_stats.match.committed import MATCHES, committed
from crib_stats.match.ladder import ANCHOR, ELO, LADDER, fit, ladder, ladder_keys, ratings
from crib_stats.match.rows import MatchError


def test_two_players_fit_the_odds_of_their_games():
    """With two players the likelihood's maximum is the observed odds: g_A / g_B = wins / losses."""
    for won, lost in ((1, 1), (3, 1), (984, 16), (7, 993)):
        g = fit(np.array([[0, won], [lost, 0]]))
        assert ratings(g, 1)[0] == pytest.approx(400 * math.log10(won / lost), abs=1e-9)


def test_the_fit_solves_the_likelihoods_equations():
    """At the maximum each player's expected wins (over the games it played) are its wins, and
    the strengths are unchanged by relabelling the players."""
    rng = np.random.default_rng(5)
    for _ in range(20):
        k = int(rng.integers(3, 7))
        w = rng.integers(1, 40, (k, k)).astype(float)
        np.fill_diagonal(w, 0)
        g = fit(w)
        games = w + w.T
        expected = (games * g[:, None] / (g[:, None] + g[None, :])).sum(axis=1)
        assert expected == pytest.approx(w.sum(axis=1), rel=1e-9)
        perm = rng.permutation(k)
        assert fit(w[np.ix_(perm, perm)]) == pytest.approx(g[perm], rel=1e-8)


def test_the_fit_refuses_a_player_who_never_won():
    w = np.array([[0, 5, 4], [3, 0, 2], [0, 0, 0]])
    with pytest.raises(MatchError, match="never won or never lost"):
        fit(w)


def test_the_fit_finds_strengths_it_did_not_see_and_its_error_shrinks_with_the_games():
    """Games drawn from known ratings (a ladder's spread, 0 to 700 Elo): the fitted ratings are
    within four standard errors (the Fisher information's) of the truth, and the mean error at
    25 times the games is smaller, about a fifth."""
    truth = np.array([-700.0, 0.0, 60.0, 110.0, 150.0, 200.0])
    k = len(truth)
    p = 1 / (1 + 10 ** (-(truth[:, None] - truth[None, :]) / 400))
    errors = []
    for n in (400, 10_000):
        rng = np.random.default_rng(11)
        w = np.zeros((k, k))
        for i in range(k):
            for j in range(i + 1, k):
                w[i, j] = rng.binomial(n, p[i, j])
                w[j, i] = n - w[i, j]
        got = ratings(fit(w), 1)
        # the information matrix of the log-strengths, greedy's fixed: its inverse's diagonal
        info = np.zeros((k, k))
        for i in range(k):
            for j in range(k):
                if i != j:
                    v = n * p[i, j] * p[j, i]
                    info[i, i] += v
                    info[i, j] -= v
        keep = [i for i in range(k) if i != 1]
        se = ELO * np.sqrt(np.diag(np.linalg.inv(info[np.ix_(keep, keep)])))
        assert np.all(np.abs(got[keep] - truth[keep]) <= 4 * se)
        errors.append(np.abs(got[keep] - truth[keep]).mean())
    assert errors[1] < errors[0]


def test_every_pair_of_the_ladder_has_one_planned_match():
    keys = ladder_keys()
    pairs = {frozenset(k) for k in keys}
    assert len(keys) == len(pairs) == len(LADDER) * (len(LADDER) - 1) // 2
    for (a, b), key in keys.items():
        p = MATCHES[key]
        assert (p.a, p.b, p.variant, p.target, p.muggins) == (a, b, "six-card", None, False)


@pytest.fixture(scope="module")
def committed_ladder():
    return ladder(boots=60, seed=0)


def test_the_committed_ladder_is_its_matches(committed_ladder):
    """Every committed pair's figures are its match's, the model's rate is the ratings' odds, the
    anchor is at 0 with no error, and the pairs not yet committed are listed as missing."""
    lad = committed_ladder
    stored = committed()
    keys = ladder_keys()
    assert {frozenset(m) for m in lad.missing} == {frozenset(k) for k, key in keys.items() if key not in stored}
    assert lad.rating[LADDER.index(ANCHOR)] == 0 and lad.rating_se[LADDER.index(ANCHOR)] == 0
    for pair in lad.pairs:
        s = stored[pair.key].summary()
        assert (pair.rate, pair.se, pair.games, pair.a_wins) == (s["win_rate"], s["win_rate_se"], s["games"],
                                                                 s["a_wins"])
        gap = lad.rating[LADDER.index(pair.a)] - lad.rating[LADDER.index(pair.b)]
        assert pair.model == pytest.approx(1 / (1 + 10 ** (-gap / 400)))
        assert 0 <= pair.rate <= 1 and 0 <= pair.model <= 1
    rated = {p for pair in lad.pairs for p in (pair.a, pair.b)}
    for i, p in enumerate(LADDER):
        if p not in rated:  # no committed match yet
            assert np.isnan(lad.rating[i]) and np.isnan(lad.seconds[i])
        elif p != ANCHOR:
            assert lad.rating_se[i] > 0 and lad.seconds[i] > 0


def test_the_bootstrap_is_its_seeds():
    a, b = ladder(boots=5, seed=3), ladder(boots=5, seed=3)
    assert np.array_equal(a.rating_se, b.rating_se, equal_nan=True) and np.array_equal(a.rating, b.rating, equal_nan=True)
