"""The discard game of two-player six-card cribbage at rank level: a fictitious-play solution
with its exploitability, checkpointed after every iteration. Hessel's iteration on the same game
is :mod:`crib_stats.strategy.hessel`; the card-removal measurement :mod:`crib_stats.strategy.card_removal`; the
tables and files of the committed solution :mod:`crib_stats.strategy.solution`.

The game (what it assumes): each player is dealt six cards; only the show counts (no pegging,
no his heels); the dealer scores hand + crib, the pone scores hand; the payoff is the dealer's
show minus the pone's. A hand is a six-card rank multiset (weighted by its suit assignments);
the opponent's hand is drawn from the cards outside yours (weight ``prod C(4 - x_r, y_r)``);
the starter is uniform over the cards outside your hand for your hand's value and outside
both hands for the crib. Suits by Hessel's rule: flushes are not scored, nobs is a quarter
point per jack in a kept hand or a crib. A strategy gives each rank multiset a probability
over its distinct thrown rank pairs. Values are floats: the kernels sum exact integer weights
times probabilities, and the probabilities of fictitious play are iterates.

On a deck of four ranks (aces, fours, fives, jacks) the dealer's edge is positive and the
solver's exploitability falls below its target:

>>> g = game((0, 3, 4, 10))
>>> sol = solve(g, target=5e-3, max_iter=500)
>>> sol.exploitability[-1] < 5e-3, sol.value > 0
(True, True)
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

import numpy as np
from crib_stats.core import tables
from crib_stats.runtime.disk import cache_root as default_cache_root
from crib_stats.core.engine import Executor, bounds, checked
from crib_stats.core.io import atomic_write
from crib_stats.core.tables import rank_table
from crib_stats.runtime.cache import content_digest, prune_stale, source_digest, touch

CRIB_ROWS_PER_CALL = 64  # hands per crib_values call (a multiple of its BLOCK; rows are independent)
ROWS_PROGRESS = None  # callable(done, total) after each call of an in-process crib pass (the CLI's bar)


@dataclass(frozen=True)
class Game:
    """Every six-card rank multiset of the deck with its weight, throws and hand values."""

    deck_ranks: tuple[int, ...]
    counts: np.ndarray  # (H, 13)
    weights: np.ndarray  # (H,) suit assignments
    hr: np.ndarray
    hc: np.ndarray
    hn: np.ndarray
    tkeys: np.ndarray  # (H, 15) thrown pair a*13+b, -1 past nt
    kkeys: np.ndarray
    nt: np.ndarray
    avail: np.ndarray  # (13,) cards of each rank in the deck
    hand_ev: np.ndarray  # (H, 15) expected kept-hand points (-inf past nt)

    @property
    def valid(self) -> np.ndarray:
        return self.tkeys >= 0

    def crib(self, *sigmas: np.ndarray, executor=None, shards: int = 1) -> np.ndarray:
        """Expected crib of every throw of every hand against each opponent strategy, (S, H, 15).

        The hands are cut into ``shards`` row ranges run by ``executor`` (an
        :class:`crib_stats.core.engine.Executor`; None: here, in one piece); every row is computed
        the same way whatever the cut, so the values do not depend on the shards or the engine.
        """
        stack = np.ascontiguousarray(np.stack(sigmas), dtype=np.float64)
        if executor is None and shards == 1:
            return _crib_rows(self, stack, 0, len(self.weights))

        spans = bounds(len(self.weights), shards)
        parts: dict[int, np.ndarray] = {}
        tasks = [(self.deck_ranks, stack, lo, hi) for lo, hi in spans]
        (executor or Executor()).run(crib_rows, tasks, lambda k, res: parts.__setitem__(k, checked(res)),
                                     name="crib")
        return np.concatenate([parts[k] for k in range(len(spans))], axis=1)

    def mean(self, per_hand: np.ndarray) -> float:
        """Weighted mean over hands of a per-hand figure."""
        return float(np.dot(self.weights, per_hand) / self.weights.sum())


def _crib_rows(g: "Game", stack: np.ndarray, lo: int, hi: int) -> np.ndarray:
    from crib_stats.kernels import equilibrium as ke  # lazy: numba only when used


    total = comb(int(g.avail.sum()) - 6, 6)
    parts = []
    for a in range(lo, hi, CRIB_ROWS_PER_CALL) or [lo]:  # calls of about a second: Ctrl-C stops between them
        values, _ = ke.crib_values(g.counts, g.hr, g.hc, g.hn, g.tkeys, g.nt, stack, g.avail, rank_table(5),
                                   total, a, min(hi, a + CRIB_ROWS_PER_CALL))
        parts.append(values)
        if ROWS_PROGRESS is not None:
            ROWS_PROGRESS(min(hi, a + CRIB_ROWS_PER_CALL) - lo, hi - lo)
    return parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1)


def crib_rows(deck_ranks: tuple[int, ...], stack: np.ndarray, lo: int, hi: int) -> tuple[str, np.ndarray]:
    """One shard of :meth:`Game.crib` (hands ``lo..hi-1``), with the digest of the kernel
    sources that computed it; runs here or on a Dask worker, which builds the game once."""
    return source_digest(), _crib_rows(game(tuple(deck_ranks)), stack, lo, hi)


@lru_cache(maxsize=4)
def game(deck_ranks: tuple[int, ...] = tuple(range(13))) -> Game:
    """The rank-level game on a deck of all four suits of ``deck_ranks`` (rank indices 0..12).

    >>> g = game()
    >>> len(g.weights), int(g.weights.sum())   # rank multisets; C(52, 6) hands
    (18395, 20358520)
    """
    from crib_stats.kernels import equilibrium as ke  # lazy: numba only when used

    deck = np.array(sorted(deck_ranks), np.int64)
    counts, weights, hr, hc, hn, tkeys, kkeys, nt = ke.game_hands(deck)
    avail = np.zeros(13, np.int64)
    avail[deck] = 4
    num = ke.hand_values(counts, kkeys, nt, avail, rank_table(5))
    hand_ev = np.where(tkeys >= 0, num / (4.0 * (4 * len(deck) - 6)), -np.inf)
    return Game(tuple(int(r) for r in deck), counts, weights, hr, hc, hn, tkeys, kkeys, nt, avail, hand_ev)


def best_response(g: Game, objective: np.ndarray) -> np.ndarray:
    """The pure strategy throwing each hand's best throw (first one on ties), as (H, 15) 0/1."""
    obj = np.where(g.valid, objective, -np.inf)
    sigma = np.zeros(obj.shape)
    sigma[np.arange(len(obj)), np.argmax(obj, axis=1)] = 1.0
    return sigma


def purify(g: Game, sigma: np.ndarray) -> np.ndarray:
    """Each hand's most likely throw with probability one."""
    return best_response(g, sigma)


@dataclass(frozen=True)
class Exploitability:
    """Per deal: the dealer's gain and the pone's gain by best-responding, and the value (the
    dealer's hand + crib - the pone's hand)."""

    dealer_gain: float
    pone_gain: float
    value: float

    @property
    def total(self) -> float:
        return self.dealer_gain + self.pone_gain


def exploitability_from(g: Game, sigma_d, sigma_p, crib_vs_p, crib_vs_d) -> Exploitability:
    """Exploitability of (sigma_d, sigma_p) given the crib values against each of them."""
    dealer_obj = np.where(g.valid, g.hand_ev + crib_vs_p, -np.inf)
    pone_obj = np.where(g.valid, g.hand_ev - crib_vs_d, -np.inf)
    dealer_now = g.mean(np.sum(sigma_d * np.where(g.valid, dealer_obj, 0.0), axis=1))
    pone_now = g.mean(np.sum(sigma_p * np.where(g.valid, pone_obj, 0.0), axis=1))
    pone_hand = g.mean(np.sum(sigma_p * np.where(g.valid, g.hand_ev, 0.0), axis=1))
    dealer_best = g.mean(dealer_obj.max(axis=1))
    pone_best = g.mean(pone_obj.max(axis=1))
    return Exploitability(dealer_best - dealer_now, pone_best - pone_now, dealer_now - pone_hand)


def exploitability(g: Game, sigma_d: np.ndarray, sigma_p: np.ndarray) -> Exploitability:
    """How much each side gains per deal by best-responding to the other's strategy."""
    vs_p, vs_d = g.crib(sigma_p, sigma_d)
    return exploitability_from(g, sigma_d, sigma_p, vs_p, vs_d)


@dataclass
class Solution:
    """Fictitious play's average strategies, with the crib values against them."""

    game: Game
    sigma_dealer: np.ndarray
    sigma_pone: np.ndarray
    crib_vs_pone: np.ndarray  # (H, 15) dealer's crib of each throw against the pone's average
    crib_vs_dealer: np.ndarray
    exploitability: list = field(default_factory=list)  # total per iteration
    gains: list = field(default_factory=list)  # (dealer gain, pone gain) per iteration
    seconds: list = field(default_factory=list)
    resumed_from: int = 0  # iterations taken from a checkpoint

    @property
    def iterations(self) -> int:
        return len(self.exploitability)

    @property
    def value(self) -> float:
        return exploitability_from(self.game, self.sigma_dealer, self.sigma_pone, self.crib_vs_pone,
                                   self.crib_vs_dealer).value


def random_crib_start(g: Game) -> np.ndarray:
    """The random model's strategy: each hand throws every distinct throw with the probability
    of its card-level throws (all 15 two-card throws equally likely)."""
    sigma = np.zeros(g.tkeys.shape)
    for h in range(len(g.weights)):
        for j in range(g.nt[h]):
            a, b = divmod(int(g.tkeys[h, j]), 13)
            ways = comb(int(g.counts[h, a]), 2) if a == b else int(g.counts[h, a]) * int(g.counts[h, b])
            sigma[h, j] = ways / 15
    return sigma


def random_cribs(g: Game, rows: int = 256) -> np.ndarray:
    """The crib values against :func:`random_crib_start` (H, 15), in closed form: the same figures
    as ``g.crib(random_crib_start(g))[0]`` (up to float rounding) without visiting the opponent's
    hands. Against the random strategy the opponent's two thrown cards are a uniform pair of
    the ``U = sum(avail) - 6`` cards outside yours and their four others a uniform four of the
    rest, so the kernel's sums over opponent hands have a closed form per thrown pair
    ``{a, b}`` (``P`` ways to take it from the ``left`` cards outside your hand):
    ``mass = P C(U - 2, 4) / 15`` and, per rank ``r``, the sum of the opponent's cards of ``r``,
    ``P (c_r C(U - 2, 4) + (left_r - c_r) C(U - 3, 3)) / 15`` (``c_r`` the pair's cards of r).
    The kernel's crib sum then runs over the 91 pairs in numpy."""
    from crib_stats.kernels.constants import JACK

    u = int(g.avail.sum()) - 6
    u2 = u - 6
    four, three = comb(u - 2, 4), comb(u - 3, 3)
    a, b = np.triu_indices(13)  # the 91 thrown pairs a <= b, keyed a * 13 + b
    keys = a * 13 + b
    ck = np.zeros((len(keys), 13))
    np.add.at(ck, (np.arange(len(keys)), a), 1)
    np.add.at(ck, (np.arange(len(keys)), b), 1)
    key_jacks = (a == JACK).astype(float) + (b == JACK)
    table = np.asarray(rank_table(5), dtype=np.float64).reshape(169, 169, 13)[:, keys, :]  # (throw, pair, starter)
    total_w = comb(u, 6)
    out = np.zeros(g.tkeys.shape)
    for lo in range(0, len(g.weights), rows):
        left = (g.avail[None, :] - g.counts[lo:lo + rows]).astype(np.float64)  # (B, 13)
        la, lb = left[:, a], left[:, b]
        ways = np.where(a == b, la * (la - 1) / 2, la * lb)  # (B, 91)
        mass = ways * four / 15
        by_rank = ways[:, :, None] * (ck[None] * four + (left[:, None, :] - ck[None]) * three) / 15
        weight = left[:, None, :] * mass[:, :, None] - by_rank  # (B, 91, 13): starters outside both hands
        tk = np.maximum(g.tkeys[lo:lo + rows], 0)  # (B, 15)
        pts = np.einsum("bkr,bjkr->bj", weight, table[tk])
        t_jacks = (tk // 13 == JACK).astype(float) + (tk % 13 == JACK)
        nobs = 0.25 * u2 * (t_jacks * mass.sum(axis=1)[:, None] + (mass * key_jacks).sum(axis=1)[:, None])
        out[lo:lo + rows] = np.where(g.valid[lo:lo + rows], (pts + nobs) / (u2 * total_w), 0.0)
    return out


def solve(g: Game | None = None, target: float = 0.005, max_iter: int = 2000, progress=None, *,
          executor=None, shards: int = 1, checkpoint: "Checkpoint | None" = None) -> Solution:
    """Fictitious play from the random strategy (iteration 0), averaging the best responses with
    weights 1, 2, 3, ... (the average after t steps is sum k BR_k / sum k, BR_0 the start).

    The crib values are linear in the opponent's strategy, so the values against the average
    are averaged with the same weights: one kernel call per iteration (both sides at once, the
    opponent weights shared), and the values against a new best response are those against the
    previous one plus those against the difference (few hands change their response). Each
    iteration records the exploitability of the current averages, exact for them up to float
    rounding; it stops when the total falls below ``target`` points per deal.

    Scale: the crib values run as ``shards`` row ranges on ``executor`` (this process by
    default, Dask with :class:`crib_stats.core.engine.Executor`); with a :class:`Checkpoint` the
    state after every iteration is saved, and a run that was killed resumes where it stopped.
    Neither changes a single bit of the answer (tested); ``target`` and ``max_iter`` only say
    where to stop, so a saved run also continues towards a smaller target.
    """
    g = g or game()
    crib = lambda *sig: g.crib(*sig, executor=executor, shards=shards)  # noqa: E731
    state = checkpoint.load() if checkpoint is not None else None
    if state is None:
        sd = sp = random_crib_start(g)
        (vs_p,) = crib(sd)  # both start random: one crib against it serves both, bit for bit
        vs_d = vs_p.copy()
        state = {"t": 0, "weight_sum": 1.0, "sigma_dealer": sd, "sigma_pone": sp, "crib_vs_pone": vs_p,
                 "crib_vs_dealer": vs_d, "last": None, "exploitability": [], "gains": [], "seconds": []}
    sol = Solution(g, state["sigma_dealer"], state["sigma_pone"], state["crib_vs_pone"], state["crib_vs_dealer"],
                   list(state["exploitability"]), [tuple(x) for x in state["gains"]], list(state["seconds"]))
    sol.resumed_from = state["t"]
    weight_sum = state["weight_sum"]
    last = state["last"]  # (br_d, br_p, crib vs br_p, crib vs br_d) of the previous iteration
    for t in range(state["t"] + 1, max_iter + 1):
        t0 = time.perf_counter()
        e = exploitability_from(g, sol.sigma_dealer, sol.sigma_pone, sol.crib_vs_pone, sol.crib_vs_dealer)
        sol.exploitability.append(e.total)
        sol.gains.append((e.dealer_gain, e.pone_gain))
        if progress:
            progress(t - 1, e)
        if e.total < target:
            break
        br_d = best_response(g, g.hand_ev + sol.crib_vs_pone)
        br_p = best_response(g, g.hand_ev - sol.crib_vs_dealer)
        if last is None:
            c_p, c_d = crib(br_p, br_d)
        else:  # the values are linear in the strategy: only the hands whose response changed count
            dp, dd = crib(br_p - last[1], br_d - last[0])
            c_p, c_d = last[2] + dp, last[3] + dd
        last = (br_d, br_p, c_p, c_d)
        weight_sum += t + 1
        a = (t + 1) / weight_sum
        sol.sigma_dealer = (1 - a) * sol.sigma_dealer + a * br_d
        sol.sigma_pone = (1 - a) * sol.sigma_pone + a * br_p
        sol.crib_vs_pone = (1 - a) * sol.crib_vs_pone + a * c_p
        sol.crib_vs_dealer = (1 - a) * sol.crib_vs_dealer + a * c_d
        sol.seconds.append(time.perf_counter() - t0)
        if checkpoint is not None:
            checkpoint.save({"t": t, "weight_sum": weight_sum, "sigma_dealer": sol.sigma_dealer,
                             "sigma_pone": sol.sigma_pone, "crib_vs_pone": sol.crib_vs_pone,
                             "crib_vs_dealer": sol.crib_vs_dealer, "last": last,
                             "exploitability": sol.exploitability, "gains": sol.gains, "seconds": sol.seconds})
    return sol


class Checkpoint:
    """The fictitious-play state after the last finished iteration, in one ``state.npz``
    (written to a temp file and renamed, so a kill never leaves half a state) under a
    directory keyed by the deck and the digest of the kernel sources and of the code that
    shapes the state (:func:`crib_stats.runtime.cache.content_digest`): a changed solver never
    resumes an old run.

    ``root=None``: the user's cache directory (``~/.cache/crib-stats/equilibrium``).
    """

    ARRAYS = ("sigma_dealer", "sigma_pone", "crib_vs_pone", "crib_vs_dealer")

    def __init__(self, deck_ranks: tuple[int, ...] = tuple(range(13)), root=None, fresh: bool = False):
        import hashlib
        import json
        from pathlib import Path


        # the code that shapes the state: the kernels, this module (the game, the solver) and
        # the rank tables it reads
        key = {"deck_ranks": list(deck_ranks), "kernels": source_digest(),
               "code": content_digest([sys.modules[__name__], tables])}
        digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]
        root = Path(root if root is not None else default_cache_root("equilibrium"))
        self.dir = root / f"solve-{digest}"
        self.path = self.dir / "state.npz"
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            from crib_stats.core.engine import SweepError

            raise SweepError(f"cannot create the solver's cache directory {self.dir}: {exc.strerror}") from None
        touch(self.dir)  # in use; other solver states are removed once unused for 30 days
        prune_stale(root, "solve-" + "?" * 16, keep=[self.dir], only=lambda p: p.is_dir())
        if fresh and self.path.exists():
            self.path.unlink()

    def save(self, state: dict) -> None:
        arrays = {k: state[k] for k in self.ARRAYS}
        arrays["t"] = np.array(state["t"])
        arrays["weight_sum"] = np.array(state["weight_sum"])
        arrays["exploitability"] = np.array(state["exploitability"], np.float64)
        arrays["gains"] = np.array(state["gains"], np.float64).reshape(-1, 2)
        arrays["seconds"] = np.array(state["seconds"], np.float64)
        if state["last"] is not None:
            for name, arr in zip(("br_d", "br_p", "last_c_p", "last_c_d"), state["last"]):
                arrays[name] = arr
        atomic_write(self.path, lambda fh: np.savez(fh, **arrays), binary=True)

    def load(self) -> dict | None:
        """The saved state, or None when there is none (or it cannot be read)."""
        if not self.path.exists():
            return None
        try:
            with np.load(self.path) as z:
                state = {k: z[k] for k in self.ARRAYS}
                state["t"] = int(z["t"])
                state["weight_sum"] = float(z["weight_sum"])
                state["exploitability"] = z["exploitability"].tolist()
                state["gains"] = [tuple(x) for x in z["gains"].tolist()]
                state["seconds"] = z["seconds"].tolist()
                state["last"] = (tuple(z[k] for k in ("br_d", "br_p", "last_c_p", "last_c_d"))
                                 if "br_d" in z.files else None)
        except (OSError, KeyError, ValueError):
            return None  # unreadable: the solver starts again and overwrites it
        return state


def pair_means(g: Game, sigma: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Weighted mean of ``values`` over the (hand, throw) cells each thrown pair key takes under
    ``sigma``: (means (169,), NaN where never thrown; deal weights (169,))."""
    w = g.weights[:, None] * np.where(g.valid, sigma, 0.0)
    keys = np.where(g.valid, g.tkeys, 0)
    mass = np.bincount(keys.ravel(), weights=w.ravel(), minlength=169)
    total = np.bincount(keys.ravel(), weights=(w * np.where(g.valid, values, 0.0)).ravel(), minlength=169)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(mass > 0, total / mass, np.nan), mass
