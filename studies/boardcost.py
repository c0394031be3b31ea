"""What the board player of :mod:`crib_stats.game.boardplay` gives up against ``discard --score``
itself (committed as ``data/board_cost.json`` and ``data/board_cost_decisions.npz``, read by
:mod:`crib_stats.game.boardcost`, whose row layout :data:`INTS` and :data:`FLOATS` are).

The measured board player is a cheaper stand-in for ``discard --score``: it consults the board
only from a score of ``BOARD_FROM`` (either player's), on ``N_HANDS`` random opponent hands, and
leaves the points throw only when the gain is over ``Z`` paired standard errors. Here its own
decisions are taken from its own games (games 0..GAMES-1 of the measurement's seed, replayed
deal by deal with :func:`crib_stats.game.boardplay.decisions`, every one of A's throws), each
kept with the probability of its band of the higher score (:data:`RATES`, drawn from
``SAMPLE_SEED``, the game and the deal: the rare endgame bands whole, the common ones thinned),
and each kept decision is given to :func:`crib_stats.game.throws.score_throws` at its default
accuracy and seed: the throw it ranks first is the full player's. Where the two throws differ
the deal is scored again on an independent seed (``EVAL_SEED`` + 64 x game + deal), so that the
full throw's value is not the maximum of the same noisy figures that chose it, and the P(win)
given up is

    P(win | the full player's throw) - P(win | the stand-in's throw)

on that second run (0 exactly where the throws are the same). Its error is the paired one of
``score_throws`` (``vs_points_se``) where one of the two throws is the points throw; where
neither is, ``score_throws`` does not publish the two throws' covariance and the error is the
bound sd(a - b) <= sd(a) + sd(b) (``se_exact`` 0). The figures of a band are means over its
decisions, their errors from the spread between games (decisions of one game are grouped).

Per game: each kept decision weighted by 1/rate (the Horvitz-Thompson sum over the game's
decisions), averaged over the games, with the error from the spread between games: the P(win)
a game's decisions give up, which bounds what the whole-game win rate of
:mod:`crib_stats.game.boardplay` understates the full ``discard --score`` player (see
:func:`summarise` for the model).
"""

from __future__ import annotations

import math

import numpy as np

from crib_stats.core.engine import bounds
from crib_stats.core.measurement import Measurement, Run, joined
from crib_stats.game import boardplay as bp
from crib_stats.game.boardcost import DATA_JSON, DATA_ROWS, F, FLOATS, I, INTS
from crib_stats.game.model import GameError

GAMES = 240
SHARDS = 8  # of 30 games: a killed run loses at most one shard's minute or two
SEED = bp.SEED  # the games' seed: the committed measurement's own games
SAMPLE_SEED = 0  # which decisions are kept
EVAL_SEED = 1  # the second run's seeds: EVAL_SEED + 64 * game + deal (the selection runs on score_throws' default)
EDGES = (0,) + bp.BANDS  # the bands of the higher score: below BOARD_FROM, then boardplay's bands
RATES = (0.06, 0.3, 0.4, 1.0, 1.0, 1.0)  # the chance a decision of each band is kept
ARRAYS = ("ints", "floats", "seen")


def band_of(top: int) -> int:
    return next(b for b in range(len(EDGES) - 1) if EDGES[b] <= top < EDGES[b + 1])


def kept(game: int, deal: int, band: int, sample_seed: int = SAMPLE_SEED) -> bool:
    """Whether the decision at ``deal`` of ``game`` (in ``band``) is in the sample."""
    return bool(np.random.default_rng([int(sample_seed), int(game), int(deal)]).random() < RATES[band])


def gap(analysis, a: int, b: int, index: dict) -> tuple[float, float, bool]:
    """P(win | throw a) - P(win | throw b) of one ``score_throws`` result (``index``: throw
    index by its codes), its paired error, and whether that error is exact (else a bound)."""
    by = {index[frozenset(c.code for c in t.throw)]: t for t in analysis.throws}
    ta, tb = by[a], by[b]
    d = ta.vs_points - tb.vs_points
    if a == b:
        return 0.0, 0.0, True
    if tb.points_throw:
        return d, ta.vs_points_se, True
    if ta.points_throw:
        return d, tb.vs_points_se, True
    return d, min(ta.vs_points_se + tb.vs_points_se, ta.p_win_se + tb.p_win_se), False


def _mean_se(x: np.ndarray, groups: np.ndarray) -> tuple[float | None, float | None]:
    """The mean of ``x`` and its error with the values grouped by ``groups`` (a game's
    decisions are not independent): sqrt(G / (G - 1) * sum over groups (sum of x - mean)^2) / n."""
    n = len(x)
    if n == 0:
        return None, None
    m = float(x.mean())
    ids = np.unique(groups)
    if len(ids) < 2:
        return m, None
    sums = np.array([(x[groups == i] - m).sum() for i in ids])
    return m, float(math.sqrt(len(ids) / (len(ids) - 1) * (sums ** 2).sum()) / n)


def summarise(ints: np.ndarray, floats: np.ndarray, seen: np.ndarray, seed: int = SEED,
              sample_seed: int = SAMPLE_SEED, seconds: float = 0.0) -> dict:
    """Per band: the decisions seen and kept, how often the full player throws otherwise than
    the stand-in (and otherwise than by points), the P(win) given up a decision (the second
    run's, and the selecting run's beside it) with its error; per game: the P(win) its
    decisions give up (Horvitz-Thompson, error from the spread between games).

    The model that turns the last into a bound on what the whole-game win rate understates:
    changing the stand-in's throws to the full player's one decision at a time, the win rate
    changes by the sum over the decisions of the P(win) each change adds, valued at that point
    (the performance difference of two policies, summed along the games). Two approximations:
    the values are ``score_throws``', whose later deals follow the board of two points players
    (the stand-in's own later throws are worth a little more, so each change is valued against
    a slightly weaker future), and the decisions are the stand-in's games', not the full
    player's (the two differ only after the first changed throw)."""
    games = seen.shape[0]
    g = ints[:, I["game"]]
    x = floats[:, F["given_up"]]
    rates = np.array(RATES)[ints[:, I["band"]]]
    bands = []
    for b in range(len(EDGES) - 1):
        m = ints[:, I["band"]] == b
        n = int(m.sum())
        gu, gu_se = _mean_se(x[m], g[m])
        sel, sel_se = _mean_se(floats[m, F["given_up_select"]], g[m])
        other = ints[m, I["full"]] != ints[m, I["stand"]]
        # another throw of the same value on every opponent hand (a certain win either way) is no other choice
        alike = (floats[m, F["given_up_select"]] == 0) & (floats[m, F["given_up_select_se"]] == 0)
        differs = int((other & ~alike).sum())
        switches = (ints[m, I["full"]] != ints[m, I["points"]]) & ~(
            (floats[m, F["full_vs_points"]] == 0) & (floats[m, F["full_vs_points_se"]] == 0))
        per_game = np.bincount(g[m], weights=x[m] / RATES[b], minlength=games)[:games]
        bands.append({"band": f"{EDGES[b]}-{EDGES[b + 1] - 1}", "low": EDGES[b], "high": EDGES[b + 1] - 1,
                      "rate": RATES[b], "decisions_seen": int(seen[:, b].sum()), "decisions": n, "differs": differs,
                      "differs_share": differs / n if n else None, "differs_alike": int((other & alike).sum()),
                      "full_not_points": int(switches.sum()),
                      "stand_not_points": int((ints[m, I["stand"]] != ints[m, I["points"]]).sum()),
                      "given_up": gu, "given_up_se": gu_se, "given_up_select": sel, "given_up_select_se": sel_se,
                      "se_bounds": int((ints[m, I["se_exact"]] == 0).sum()),
                      "per_game": float(per_game.mean()), "per_game_se": float(per_game.std(ddof=1) / math.sqrt(games))})
    total = np.bincount(g, weights=x / rates, minlength=games)[:games]
    mean, se = float(total.mean()), float(total.std(ddof=1) / math.sqrt(games))
    measured = bp.committed()["win_rate"]  # the stand-in's whole-game win rate (board_play.json)
    return {"games": games, "seed": seed, "sample_seed": sample_seed, "eval_seed": EVAL_SEED,
            "rates": list(RATES), "edges": list(EDGES), "accuracy": _accuracy(), "decisions": int(len(x)),
            "stand_in": bp.params(), "bands": bands, "per_game": mean, "per_game_se": se,
            "per_game_upper": mean + 2 * se, "win_rate_stand_in": measured, "win_rate_full": measured + mean,
            "win_rate_full_upper": measured + mean + 2 * se, "seconds": round(seconds, 1),
            "what": ("P(win) the board player of board_play.json (the stand-in) gives up against discard --score "
                     "(default accuracy and seed) at its own decisions, valued by score_throws on an independent "
                     "seed; per game: summed over a game's decisions (each weighted by 1/rate); ± one standard "
                     "error; per_game_upper: + 2 errors; win_rate_full: the stand-in's win rate plus what a game's "
                     "decisions give up (the model of boardcost.summarise)")}


def _accuracy() -> float:
    from crib_stats.game.throws import DEFAULT_ACCURACY

    return DEFAULT_ACCURACY


class BoardCost(Measurement):
    """Games 0..games-1 of ``seed`` in ``shards`` parts (each part replays its games, keeps the
    sample's decisions and scores them); the result is (the summary, the rows {"ints" (n,
    INTS), "floats" (n, FLOATS), "seen" (games, bands)}), which do not depend on the shards.
    The committed size makes about 515 calls of ``score_throws`` (434 decisions, 81 scored
    again), 648 s in the committed run on two cores that other jobs loaded (340 s of CPU)."""

    name, cache, arrays, files = "board-cost", "boardcost", ARRAYS, (DATA_JSON, DATA_ROWS)

    def __init__(self, games: int = GAMES, seed: int = SEED, sample_seed: int = SAMPLE_SEED, shards: int = SHARDS):
        self.games, self.seed, self.sample_seed, self.shards = int(games), int(seed), int(sample_seed), int(shards)
        if not 1 <= self.shards <= self.games:
            raise GameError(f"board cost: shards must be 1 to {self.games}, got {shards}")

    def parts(self) -> list[tuple]:
        return [(self.seed, lo, hi, self.sample_seed) for lo, hi in bounds(self.games, self.shards)]

    @staticmethod
    def part(seed: int, lo: int, hi: int, sample_seed: int = SAMPLE_SEED) -> dict:
        """Games lo..hi-1 of ``seed``: the kept decisions' ints (n, INTS), floats (n, FLOATS),
        and every decision counted per game and band (hi - lo, bands)."""
        from crib_stats.core.cards import Card
        from crib_stats.game.throws import score_throws
        from crib_stats.model.variants import variant

        v = variant(bp.VARIANT)
        n_throws = math.comb(v.dealt, v.throw)
        ints, floats = [], []
        seen = np.zeros((hi - lo, len(EDGES) - 1), np.int64)
        for g in range(lo, hi):
            for d in bp.decisions(g, seed):
                band = band_of(max(d.mine, d.theirs))
                seen[g - lo, band] += 1
                if not kept(g, d.deal, band, sample_seed):
                    continue
                index = {frozenset(bp.thrown(d.cards, q)): q for q in range(n_throws)}
                cards = [Card.from_code(c) for c in d.cards]
                role = "dealer" if d.role == 1 else "pone"
                first = score_throws(cards, role, d.mine, d.theirs)
                full = index[frozenset(c.code for c in first.best.throw)]
                sel, sel_se, _ = gap(first, full, d.throw, index)
                over, over_se, _ = gap(first, full, d.points_throw, index)
                out, out_se, exact, hands = 0.0, 0.0, True, 0
                if full != d.throw:
                    again = score_throws(cards, role, d.mine, d.theirs, seed=EVAL_SEED + 64 * g + d.deal)
                    out, out_se, exact = gap(again, full, d.throw, index)
                    hands = again.hands
                ints.append([g, d.deal, band, d.role, d.mine, d.theirs, *d.cards, d.throw, d.points_throw, full,
                             int(d.consulted), int(exact), first.hands, hands])
                floats.append([out, out_se, sel, sel_se, over, over_se])
        return {"ints": np.array(ints, np.int64).reshape(-1, len(INTS)),
                "floats": np.array(floats, np.float64).reshape(-1, len(FLOATS)), "seen": seen}

    def key(self) -> dict:
        import sys

        from crib_stats.core import tables
        from crib_stats.discard import analysis, crib_base, crib_models, shards as memo_shards
        from crib_stats.game import board, model, throws
        from crib_stats.model import variants as rules
        from crib_stats.runtime.cache import content_digest, source_digest

        return {"kind": "board-cost", "games": self.games, "seed": self.seed, "sample_seed": self.sample_seed,
                "shards": self.shards, "rates": list(RATES), "eval_seed": EVAL_SEED, "accuracy": _accuracy(),
                **bp.params(), "kernels": source_digest(),
                "code": content_digest([sys.modules[__name__], bp, throws, board, model, tables, rules, memo_shards,
                                        analysis, crib_base, crib_models], [model.committed_path(bp.VARIANT)])}

    def result(self, parts: list[dict], run: Run) -> tuple[dict, dict]:
        out = joined(parts, ARRAYS)
        return summarise(out["ints"], out["floats"], out["seen"], self.seed, self.sample_seed, run.seconds), out

    def write(self, out, result) -> None:
        summary, rows = result
        bp.write_measurement(
            out, f"scripts/regenerate_data.py: studies.boardcost.BoardCost(games={self.games}, seed={self.seed})"
            ".write_committed(DIR)", DATA_JSON, summary, "what the board player of board_play.json gives up against "
            "discard --score: its own decisions, sampled per band, each scored by discard --score",
            DATA_ROWS, {"ints": rows["ints"], "floats": rows["floats"], "seen": rows["seen"].astype(np.int16)},
            "every decision of board_cost.json: its position, cards, throws and P(win) given up")
