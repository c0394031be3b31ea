"""The ladder (issue 51 item 3): every built-in player against every other, in the committed
duplicate matches of the six-card game to 121 (:data:`~crib_stats.match.committed.MATCHES`),
and a rating for each fitted to them.

**The model** (a claim, and its fit is measured): player i has a strength g_i, and in any game
P(i beats j) = g_i / (g_i + g_j), whatever the seat and the cards (Bradley and Terry's model;
each deck is played with the seats swapped, so a seat's edge cancels within a match). A rating
is Elo's scale, ``R_i = 400 log10(g_i / g_greedy)``: greedy, the game model's player, at 0, and
a gap of 400 is odds of 10 to 1 in one game. The strengths are the maximum-likelihood fit to
every game's winner (Hunter's MM iterations, to a relative change below 1e-12; at the maximum
each player's expected wins equal its wins, :func:`fit` checks it).

**Errors**: the games of a deck pair share their cards, so they are not independent draws. Each
rating's error is the standard deviation of the ratings fitted to ``boots`` bootstrap resamples
(each match's deck pairs drawn with replacement, a pair's two games kept together; ``seed``).

**The fit**: each pair's observed win rate against the model's, in units of its paired standard
error (``z``); a player whose strength depends on its opponent (one who exploits a model of
greedy, say) shows there as |z| beyond 2.

**Cost**: each player's mean seconds a decision over its ladder matches (the referee times each
answer; the first decision of each shard, which loads tables, left out). The matches ran on two
cores with other work about, so these are a guide, not a benchmark (``scripts/bench.py`` is).

>>> import numpy as np
>>> wins = np.array([[0, 3], [1, 0]])  # A won 3 of 4 games against B
>>> r = fit(wins)
>>> round(float(400 * np.log10(r[0] / r[1])), 1)  # 400 log10(3 / 1)
190.8
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .committed import MATCHES, committed as read_committed
from .rows import D_COUNT, D_SECONDS, G_A_WON, MatchError

LADDER = ("random", "greedy", "points", "search:300", "search", "engine")
ANCHOR = "greedy"
ELO = 400 / math.log(10)  # Elo points per unit of log-strength
MODEL = "Bradley-Terry strengths fitted by maximum likelihood to every game's winner, on Elo's scale"
ASSUMES = (("strength", "each player has one strength g, and P(i beats j) = g_i / (g_i + g_j) in any game, "
                        "whatever the cards and the seat"),
           ("rating", f"400 log10(g / g_{ANCHOR}): {ANCHOR} at 0, a gap of 400 is odds of 10 to 1"),
           ("errors", "a bootstrap of each match's deck pairs, a pair's two games kept together"))
BOOTS = 1000
TOLERANCE = 1e-12
MAX_ITERATIONS = 100_000


def ladder_keys(players=LADDER) -> dict[tuple[str, str], str]:
    """The match of each pair of ``players`` in :data:`MATCHES` (six-card to 121, no muggins, two
    players): {(A, B): name}, A and B as the match names them."""
    out = {}
    for key, p in MATCHES.items():
        if p.variant == "six-card" and p.target is None and not p.muggins and p.c is None \
                and p.a in players and p.b in players and p.a != p.b:
            pair = frozenset((p.a, p.b))
            if pair in {frozenset(k) for k in out}:
                raise MatchError(f"two committed matches for {p.a} against {p.b}")
            out[(p.a, p.b)] = key
    return out


def fit(wins: np.ndarray) -> np.ndarray:
    """The Bradley–Terry strengths (their geometric mean 1) that make ``wins`` (``wins[i, j]``:
    games i won against j) most likely. Refuses (one line) wins that no finite strengths fit
    best: a player who never won, or never lost, against the rest."""
    w = np.asarray(wins, float)
    k = w.shape[0]
    games = w + w.T
    won = w.sum(axis=1)
    lost = w.sum(axis=0)
    if np.any(won == 0) or np.any(lost == 0):
        raise MatchError("the ladder cannot be fitted: a player never won or never lost")
    g = np.ones(k)
    for _ in range(MAX_ITERATIONS):
        new = won / (games / (g[:, None] + g[None, :])).sum(axis=1)
        new /= math.exp(np.log(new).mean())
        change = np.max(np.abs(new - g) / g)
        g = new
        if change < TOLERANCE:
            break
    else:
        raise MatchError("the ladder's fit did not converge")
    expected = (games * g[:, None] / (g[:, None] + g[None, :])).sum(axis=1)
    if not np.allclose(expected, won, rtol=1e-8, atol=1e-8):  # the likelihood's score equations
        raise MatchError("the ladder's fit did not converge")
    return g


def ratings(g: np.ndarray, anchor: int) -> np.ndarray:
    """Elo ratings of strengths ``g``, player ``anchor`` at 0."""
    x = np.log(g)
    return ELO * (x - x[anchor])


@dataclass(frozen=True)
class Pair:
    a: str
    b: str
    key: str  # the committed match
    games: int
    a_wins: int
    rate: float  # A's paired win rate
    se: float
    model: float  # the fitted P(A beats B)
    z: float  # (rate - model) / se
    margin: float  # A's game points a game minus B's
    margin_se: float


@dataclass(frozen=True)
class Ladder:
    players: tuple[str, ...]
    rating: np.ndarray  # Elo, ANCHOR at 0 (NaN: no committed match yet)
    rating_se: np.ndarray  # bootstrap standard deviation (the anchor's: 0)
    seconds: np.ndarray  # mean seconds a decision
    pairs: tuple[Pair, ...]
    missing: tuple[tuple[str, str], ...]  # pairs with no committed match yet
    boots: int
    seed: int

    def order(self) -> list[int]:
        """The players, strongest first (those with no committed match yet last)."""
        return sorted(range(len(self.players)), key=lambda i: (np.isnan(self.rating[i]), -np.nan_to_num(self.rating[i])))

    def as_json(self) -> dict:
        """What ``crib-stats ladder --json`` prints (a player with no committed match: nulls)."""
        return {"players": [{"player": self.players[i], "rating": _num(self.rating[i]),
                             "rating_se": _num(self.rating_se[i]), "seconds_a_decision": _num(self.seconds[i])}
                            for i in self.order()],
                "anchor": ANCHOR, "boots": self.boots, "seed": self.seed,
                "model": {"name": "ladder/bradley-terry", "description": MODEL, "assumes": dict(ASSUMES)},
                "pairs": [{"a": p.a, "b": p.b, "match": p.key, "games": p.games, "a_wins": p.a_wins,
                           "win_rate": p.rate, "win_rate_se": p.se, "model_win_rate": p.model, "z": _num(p.z),
                           "game_points_margin": p.margin, "game_points_margin_se": p.margin_se} for p in self.pairs],
                "missing": [list(m) for m in self.missing]}


def _num(x) -> float | None:
    x = float(x)
    return None if math.isnan(x) else x


def _pair_wins(rows: np.ndarray) -> np.ndarray:
    """A's wins in each deck pair (0, 1 or 2)."""
    return rows[:, G_A_WON].astype(np.int64).reshape(-1, 2).sum(axis=1)


def ladder(players=LADDER, boots: int = BOOTS, seed: int = 0, data_dir=None) -> Ladder:
    """The ladder of ``players`` from the committed matches (module docstring)."""
    if ANCHOR not in players:
        raise MatchError(f"the ladder is anchored at {ANCHOR}: include it")
    stored = read_committed(data_dir=data_dir)
    keys = ladder_keys(players)
    index = {p: i for i, p in enumerate(players)}
    k = len(players)
    played = [(a, b, key) for (a, b), key in keys.items() if key in stored]
    have = {frozenset((a, b)) for a, b, _ in played}
    missing = tuple((players[i], players[j]) for i in range(k) for j in range(i + 1, k)
                    if frozenset((players[i], players[j])) not in have)
    per_pair = [_pair_wins(stored[key].rows) for _, _, key in played]

    rated = [p for p in players if any(p in (a, b) for a, b, _ in played)]  # a player with no match yet: NaN
    at = [index[p] for p in rated]
    if ANCHOR not in rated:
        raise MatchError(f"the ladder is anchored at {ANCHOR}, who has no committed match")

    def wins_of(counts):
        w = np.zeros((len(rated), len(rated)))
        for (a, b, _), c in zip(played, counts):
            i, j = rated.index(a), rated.index(b)
            w[i, j] += c.sum()
            w[j, i] += 2 * len(c) - c.sum()
        return w

    anchor = rated.index(ANCHOR)
    g = np.full(k, np.nan)
    g[at] = fit(wins_of(per_pair))
    rating = np.full(k, np.nan)
    rating[at] = ratings(g[at], anchor)
    rng = np.random.default_rng(seed)
    draws = np.empty((boots, len(rated)))
    for b in range(boots):
        draws[b] = ratings(fit(wins_of([c[rng.integers(0, len(c), len(c))] for c in per_pair])), anchor)
    rating_se = np.full(k, np.nan)
    if boots > 1:
        rating_se[at] = draws.std(axis=0, ddof=1)
    pairs = []
    for (a, b, key), c in zip(played, per_pair):
        s = stored[key].summary()
        i, j = index[a], index[b]
        model = float(g[i] / (g[i] + g[j]))
        se = s["win_rate_se"]
        gp = s["game_points"]
        pairs.append(Pair(a, b, key, s["games"], s["a_wins"], s["win_rate"], se, model,
                          (s["win_rate"] - model) / se if se else float("nan"), gp["margin"], gp["margin_se"]))
    seconds = np.zeros(k)
    for i, p in enumerate(players):
        count = total = 0.0
        for a, b, key in played:
            if p in (a, b):
                d = stored[key].decisions[(a, b).index(p)]
                count, total = count + d[D_COUNT], total + d[D_SECONDS]
        seconds[i] = total / count if count else float("nan")
    return Ladder(tuple(players), rating, rating_se, seconds, tuple(pairs), missing, boots, seed)


__all__ = ["LADDER", "ANCHOR", "Ladder", "Pair", "fit", "ladder", "ladder_keys", "ratings"]
